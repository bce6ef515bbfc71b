import type { FastifyInstance } from 'fastify';
import type { ServerModule } from '../realtime/server-module';
import { withOptions } from '../realtime/server-module';
import { riskRoutes } from './routes';
import { HAND_SHARING_POLL_MS, HandSharingRunner, RiskScanner } from './scanner';

/** What the risk module needs from a higher floor, bound in modules/index.ts (decision 019). */
export interface RiskPorts {
  /** The staff console's "Suspender" with its after-commit effects (admin's suspendAndDisconnect). */
  suspend: (
    app: FastifyInstance,
    staffId: number,
    userId: number,
    reason: string,
  ) => Promise<unknown>;
}

/** The risk module's entry into the server (docs/decisions/054-one-entry-point-per-module.md). */
export function riskModule(ports: RiskPorts): ServerModule {
  return {
    name: 'risk',
    setup: (app) => {
      // Scans of settled matches' players report here and finish before close (decision 049).
      const { riskFollowUp } = app.deps;
      riskFollowUp.useLogger(app.log);
      app.addHook('onClose', async () => riskFollowUp.close());
    },
    routes: [
      withOptions(riskRoutes, (app) => ({
        suspend: (staffId, userId, reason) => ports.suspend(app, staffId, userId, reason),
      })),
    ],
    // Risk signals (decisions 032, 049): a full scan per RISK_SCAN_INTERVAL_MS across the nodes,
    // one node at a time (the scan claim); settled matches scan their players (riskFollowUp).
    workers: (app) => {
      const { config, database } = app.deps;
      const scanner = new RiskScanner(
        database.db,
        config.SWEEPER_INTERVAL_MS > 0 ? config.RISK_SCAN_INTERVAL_MS : 0,
        app.log,
      );
      // Hand-sharing scores (decision 059) on the nodes that compute jobs (COMPUTE_JOBS, 072).
      if (!config.COMPUTE_JOBS) return [scanner];
      const poll = config.SWEEPER_INTERVAL_MS > 0 ? HAND_SHARING_POLL_MS : 0;
      return [scanner, new HandSharingRunner(database.db, poll, app.log)];
    },
  };
}
