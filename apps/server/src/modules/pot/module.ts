import type { ServerModule } from '../realtime/server-module';
import { PotCloser } from './job';
import { potRoutes } from './routes';

/** The pot module's entry into the server (docs/decisions/054-one-entry-point-per-module.md). */
export const potModule: ServerModule = {
  name: 'pot',
  routes: [potRoutes],
  // Month close of the Pote del Mes: once a minute on every node (safe across nodes).
  workers: (app) => {
    const { config, database, hub } = app.deps;
    return [new PotCloser(database.db, hub, config.SWEEPER_INTERVAL_MS > 0 ? 60_000 : 0, app.log)];
  },
};
