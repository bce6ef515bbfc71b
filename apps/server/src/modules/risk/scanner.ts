import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { PeriodicJob } from '../../lib/periodic';
import { scanRisk } from './queue';

/** How often every node scans for risk signals: once an hour, in milliseconds. */
export const RISK_SCAN_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The risk scanner (docs/decisions/032-risk-signals.md): every node runs one; each tick computes
 * the signals and upserts them by kind + accounts, so ticks on several nodes (or a staff
 * "Recalcular" at the same time) never duplicate an item.
 */
export class RiskScanner extends PeriodicJob<Awaited<ReturnType<typeof scanRisk>>> {
  constructor(
    private readonly db: Db,
    intervalMs: number,
    log: FastifyBaseLogger,
  ) {
    super('risk scanner', intervalMs, log);
  }

  async tick() {
    return scanRisk(this.db);
  }
}
