import type { ServerModule } from '../realtime/server-module';
import { landingRoutes } from './routes';

/** The landing module's entry into the server (docs/decisions/054-one-entry-point-per-module.md). */
export const landingModule: ServerModule = {
  name: 'landing',
  routes: [landingRoutes],
};
