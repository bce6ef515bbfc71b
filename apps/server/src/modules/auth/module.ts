import type { ServerModule } from '../realtime/server-module';
import { authRoutes } from './routes';

/** The auth module's entry into the server (docs/decisions/054-one-entry-point-per-module.md). */
export const authModule: ServerModule = {
  name: 'auth',
  routes: [authRoutes],
};
