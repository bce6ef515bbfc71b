import type { ServerModule } from '../realtime/server-module';
import { friendRoutes } from './routes';
import { registerFriendsSocket } from './socket';

/** The friends module's entry into the server (docs/decisions/054-one-entry-point-per-module.md). */
export const friendsModule: ServerModule = {
  name: 'friends',
  routes: [friendRoutes],
  sockets: (app) => ({
    onAuthenticated: (socket, session, onError) =>
      registerFriendsSocket(socket, session, app.deps.database.db, app.deps.hub, onError),
  }),
};
