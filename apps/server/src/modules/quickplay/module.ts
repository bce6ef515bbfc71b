import { serverGamesContext } from '../games/module';
import type { ServerModule } from '../realtime/server-module';
import { QuickPlayMatcher, periodicMatchers } from './matcher';
import { quickPlayRoutes } from './routes';

/** The quickplay module's entry into the server (docs/decisions/054-one-entry-point-per-module.md). */
export const quickplayModule: ServerModule = {
  name: 'quickplay',
  routes: [quickPlayRoutes],
  // Quick play: forms tables from the queue once a second on every node while players wait
  // (decision 027), less often while nobody does (decision 078).
  workers: (app) => {
    const { config, database, hub, push } = app.deps;
    return [
      periodicMatchers.register(
        app.deps,
        new QuickPlayMatcher(
          { db: database.db, hub, push, timing: serverGamesContext(app).timing },
          config.SWEEPER_INTERVAL_MS > 0 ? 1_000 : 0,
          app.log,
        ),
      ),
    ];
  },
};
