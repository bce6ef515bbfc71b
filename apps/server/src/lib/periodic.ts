import type { FastifyBaseLogger } from 'fastify';

/**
 * A job every node runs on a timer beside the games sweeper (the month close of the pot, the
 * table keeper): `tick` runs, then the next tick is scheduled `intervalMs` later, so ticks never
 * overlap on a node. Ticks must be safe across nodes by themselves (SKIP LOCKED, idempotency
 * keys). An interval of 0 disables the timer (tests call `tick` directly). A failed tick is logged
 * under `name` and the timer goes on.
 */
export abstract class PeriodicJob<T> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  protected constructor(
    private readonly name: string,
    /** Milliseconds between ticks; 0 disables the timer. */
    private readonly intervalMs: number,
    protected readonly log: FastifyBaseLogger,
  ) {}

  /** One pass of the job. */
  abstract tick(): Promise<T>;

  /** Starts the timer; the first tick runs at once (a node that was down catches up). */
  start(): void {
    if (this.intervalMs <= 0) return;
    this.stopped = false;
    this.schedule(0);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick()
        .then(
          () => undefined,
          (err: unknown) => this.log.error({ err }, `${this.name} failed`),
        )
        .finally(() => {
          this.running = null;
          this.schedule(this.intervalMs);
        });
    }, delayMs);
    this.timer.unref();
  }

  /** Stops scheduling and waits for the tick in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
