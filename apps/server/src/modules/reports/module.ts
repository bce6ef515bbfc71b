import type { ServerModule } from '../realtime/server-module';
import { reportRoutes } from './routes';

/** The reports module's entry into the server (docs/decisions/054-one-entry-point-per-module.md). */
export const reportsModule: ServerModule = {
  name: 'reports',
  routes: [reportRoutes],
};
