import type { ServerModule } from '../realtime/server-module';
import { reconciliationRoutes } from './routes';

/** The reconciliation module's entry into the server (docs/decisions/054-one-entry-point-per-module.md). */
export const reconciliationModule: ServerModule = {
  name: 'reconciliation',
  routes: [reconciliationRoutes],
};
