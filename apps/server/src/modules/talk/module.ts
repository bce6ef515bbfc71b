import type { ServerModule } from '../realtime/server-module';
import { talkDeps, talkRoutes } from './routes';
import { registerTalkSocket } from './socket';
import { talkStaffRoutes } from './staff-routes';

/** The talk module's entry into the server (docs/decisions/054-one-entry-point-per-module.md). */
export const talkModule: ServerModule = {
  name: 'talk',
  routes: [talkRoutes, talkStaffRoutes],
  sockets: (app) => {
    const talk = talkDeps(app);
    return {
      onAuthenticated: (socket, session, onError) =>
        registerTalkSocket(socket, session, talk, onError),
    };
  },
};
