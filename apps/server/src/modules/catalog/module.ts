import type { ServerModule } from '../realtime/server-module';
import { catalogStaffRoutes } from './staff-routes';

/** The catalog module's entry into the server (docs/decisions/054-one-entry-point-per-module.md). */
export const catalogModule: ServerModule = {
  name: 'catalog',
  routes: [catalogStaffRoutes],
};
