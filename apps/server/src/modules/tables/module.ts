import type { ServerModule } from '../realtime/server-module';
import { TableKeeper } from './keeper';
import { privateTableRoutes } from './private-routes';
import { tableRoutes } from './routes';
import { registerTableSocket } from './socket';
import { tableStaffRoutes } from './staff-routes';

/** The tables module's entry into the server (docs/decisions/054-one-entry-point-per-module.md). */
export const tablesModule: ServerModule = {
  name: 'tables',
  routes: [tableRoutes, privateTableRoutes, tableStaffRoutes],
  sockets: (app) => ({
    onConnection: (socket) => registerTableSocket(socket, app.deps.database.db),
  }),
  // Private tables that expire and rematch windows that run out: once a second on every node.
  workers: (app) => {
    const { config, database, hub } = app.deps;
    return [new TableKeeper(database.db, hub, config.SWEEPER_INTERVAL_MS > 0 ? 1_000 : 0, app.log)];
  },
};
