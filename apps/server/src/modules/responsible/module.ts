import type { ServerModule } from '../realtime/server-module';
import { responsibleRoutes } from './routes';

/** The responsible module's entry into the server (docs/decisions/054-one-entry-point-per-module.md). */
export const responsibleModule: ServerModule = {
  name: 'responsible',
  routes: [responsibleRoutes],
};
