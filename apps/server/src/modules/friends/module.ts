import type { ServerModule } from '../realtime/server-module';
import { friendRoutes } from './routes';
import { friendIdsReader, registerFriendsSocket } from './socket';

/** The friends module's entry into the server (docs/decisions/054-one-entry-point-per-module.md). */
export const friendsModule: ServerModule = {
  name: 'friends',
  routes: [friendRoutes],
  sockets: (app) => {
    const friendIds = friendIdsReader(app.deps.database.db);
    return {
      onAuthenticated: (socket, session, onError) =>
        registerFriendsSocket(socket, session, friendIds, app.deps.hub, onError),
    };
  },
};
