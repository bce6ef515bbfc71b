import type { ServerModule } from '../realtime/server-module';
import { analysisRoutes } from './routes';
import { AnalysisRunner, analysisRunners } from './runner';

/** The analysis module's entry into the server (docs/decisions/054-one-entry-point-per-module.md). */
export const analysisModule: ServerModule = {
  name: 'analysis',
  routes: [analysisRoutes],
  // Post-game analyses (decision 029): queued jobs, claimed SKIP LOCKED, once a second per node
  // that computes jobs (COMPUTE_JOBS, decision 072) while there are some, less often while there
  // are none (decision 078).
  workers: (app) => {
    const { config, database } = app.deps;
    if (!config.COMPUTE_JOBS) return [];
    return [
      analysisRunners.register(
        app.deps,
        new AnalysisRunner(database.db, config.SWEEPER_INTERVAL_MS > 0 ? 1_000 : 0, app.log),
      ),
    ];
  },
};
