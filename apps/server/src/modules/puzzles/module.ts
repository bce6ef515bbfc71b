import type { ServerModule } from '../realtime/server-module';
import { PuzzleMiner } from './miner';
import { puzzleRoutes } from './routes';

/** The puzzles module's entry into the server (docs/decisions/054-one-entry-point-per-module.md). */
export const puzzlesModule: ServerModule = {
  name: 'puzzles',
  routes: [puzzleRoutes],
  // "Problema del día" (decision 060): finished analyses mined for puzzles, every 5 s per node
  // that computes jobs (COMPUTE_JOBS, decision 072).
  workers: (app) => {
    const { config, database } = app.deps;
    if (!config.COMPUTE_JOBS) return [];
    return [new PuzzleMiner(database.db, config.SWEEPER_INTERVAL_MS > 0 ? 5_000 : 0, app.log)];
  },
};
