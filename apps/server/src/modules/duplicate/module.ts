import type { ServerModule } from '../realtime/server-module';
import { duplicateRoutes } from './routes';

/**
 * The duplicate module's entry into the server (docs/decisions/054-one-entry-point-per-module.md):
 * staff-opened duplicate sets and their comparison (docs/decisions/062-duplicate-domino.md).
 */
export const duplicateModule: ServerModule = {
  name: 'duplicate',
  routes: [duplicateRoutes],
};
