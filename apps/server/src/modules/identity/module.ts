import type { ServerModule } from '../realtime/server-module';
import { identityRoutes } from './routes';
import { identityStaffRoutes } from './staff-routes';

/** The identity module's entry into the server (docs/decisions/054-one-entry-point-per-module.md). */
export const identityModule: ServerModule = {
  name: 'identity',
  routes: [identityRoutes, identityStaffRoutes],
};
