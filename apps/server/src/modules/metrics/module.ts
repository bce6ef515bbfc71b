import type { ServerModule } from '../realtime/server-module';
import { metricsRoutes } from './routes';

/**
 * The metrics module's entry into the server (docs/decisions/054-one-entry-point-per-module.md,
 * docs/decisions/061-prometheus-metrics.md): `GET /metrics` when METRICS_TOKEN is set. The app's
 * `ServerMetrics` itself is built with the dependencies (`createDeps`, `AppDeps.metrics`), because
 * the games module's port is bound to it before any route exists.
 */
export const metricsModule: ServerModule = {
  name: 'metrics',
  routes: [metricsRoutes],
};
