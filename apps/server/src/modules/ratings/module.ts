import type { ServerModule } from '../realtime/server-module';
import { ratingRoutes } from './routes';

/** The ratings module's entry into the server (docs/decisions/054-one-entry-point-per-module.md). */
export const ratingsModule: ServerModule = {
  name: 'ratings',
  routes: [ratingRoutes],
};
