import type { ServerModule } from '../realtime/server-module';
import { pushRoutes } from './routes';
import { registerPushSocket } from './socket';

/** The push module's entry into the server (docs/decisions/054-one-entry-point-per-module.md). */
export const pushModule: ServerModule = {
  name: 'push',
  setup: (app) => {
    const { push } = app.deps;
    // Push notifications report to the app's logger and finish their queue on close (decision 025).
    push.useLogger(app.log);
    app.addHook('onClose', async () => push.close());
    // The VAPID pair is read (or made, once) at start, so a server where push cannot work says so
    // in its one log line at start rather than on a request (decision 048).
    app.addHook('onReady', async () => {
      await push.vapid();
    });
  },
  routes: [pushRoutes],
  sockets: () => ({ onAuthenticated: (socket, session) => registerPushSocket(socket, session) }),
};
