import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { RealtimeHub } from '../realtime/hub';
import { closeDueMonths } from './close';

/**
 * The month-close job (decision 007): every node runs one beside the games sweeper; each tick calls
 * `closeDueMonths`, which is safe across nodes (SKIP LOCKED on the month's row, ledger keys per
 * position). `now` is injectable so tests can close a month without waiting for it to end.
 */
export class PotCloser {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly hub: RealtimeHub | null,
    /** Milliseconds between ticks; 0 disables the timer (tick() still works). */
    private readonly intervalMs: number,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  start(): void {
    if (this.intervalMs <= 0) return;
    this.stopped = false;
    // A node that was down at midnight closes the month as soon as it starts.
    this.schedule(0);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick()
        .then(
          () => undefined,
          (err: unknown) => this.log.error({ err }, 'pot month close failed'),
        )
        .finally(() => {
          this.running = null;
          this.schedule(this.intervalMs);
        });
    }, delayMs);
    this.timer.unref();
  }

  /** Closes every due month now; resolves to the months closed (see closeDueMonths). */
  async tick() {
    const report = await closeDueMonths(this.db, { now: this.now(), hub: this.hub });
    for (const c of report.closed)
      this.log.info({ month: c.month, status: c.status, payouts: c.payouts }, 'pot month closed');
    return report;
  }

  /** Stops scheduling and waits for the tick in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
