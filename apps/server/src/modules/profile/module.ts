import type { ServerModule } from '../realtime/server-module';
import { withOptions } from '../realtime/server-module';
import { userRoutes } from './routes';
import type { ProfilePorts } from './service';

/**
 * The profile module's entry into the server (docs/decisions/054-one-entry-point-per-module.md),
 * with its port to a higher floor (`nameChanged`, bound in modules/index.ts).
 */
export function profileModule(ports: ProfilePorts): ServerModule {
  return { name: 'profile', routes: [withOptions(userRoutes, ports)] };
}
