import type { ServerModule } from '../realtime/server-module';
import { announceCompared } from './live';
import { duplicateRoutes } from './routes';

/**
 * The duplicate module's entry into the server (docs/decisions/054-one-entry-point-per-module.md):
 * staff-opened duplicate sets and their comparison (docs/decisions/062-duplicate-domino.md).
 * Its setup binds the games module's port `AppDeps.duplicate.handEnded`: a board finished at
 * both tables is announced to the set's players (`duplicate:compared`, live.ts).
 */
export const duplicateModule: ServerModule = {
  name: 'duplicate',
  setup: (app) => {
    const { deps } = app;
    deps.duplicate.handEnded = (gameId, board) => {
      void announceCompared(deps.database.db, deps.hub, gameId, board, (tournamentId) =>
        deps.duplicate.tournamentBoardCompared(tournamentId),
      ).catch((err: unknown) =>
        app.log.error({ err, gameId, board }, 'duplicate: compared push failed'),
      );
    };
  },
  routes: [duplicateRoutes],
};
