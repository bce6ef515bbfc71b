import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { PeriodicJob } from '../../lib/periodic';
import type { RealtimeHub } from '../realtime/hub';
import { closeDueMonths } from './close';

/**
 * The month-close job (decision 007): every node runs one beside the games sweeper; each tick calls
 * `closeDueMonths`, which is safe across nodes (SKIP LOCKED on the month's row, ledger keys per
 * position). `now` is injectable so tests can close a month without waiting for it to end. A
 * node that was down at midnight closes the month as soon as it starts.
 */
export class PotCloser extends PeriodicJob<Awaited<ReturnType<typeof closeDueMonths>>> {
  constructor(
    private readonly db: Db,
    private readonly hub: RealtimeHub | null,
    /** Milliseconds between ticks; 0 disables the timer (tick() still works). */
    intervalMs: number,
    log: FastifyBaseLogger,
    private readonly now: () => Date = () => new Date(),
  ) {
    super('pot month close', intervalMs, log);
  }

  /** Closes every due month now; resolves to the months closed (see closeDueMonths). */
  async tick() {
    const report = await closeDueMonths(this.db, { now: this.now(), hub: this.hub });
    for (const c of report.closed)
      this.log.info({ month: c.month, status: c.status, payouts: c.payouts }, 'pot month closed');
    return report;
  }
}
