import type { ServerModule } from '../realtime/server-module';
import { adminConsoleRoutes } from './staff-routes';

/** The admin module's entry into the server (docs/decisions/054-one-entry-point-per-module.md). */
export const adminModule: ServerModule = {
  name: 'admin',
  routes: [adminConsoleRoutes],
};
