import type { FastifyBaseLogger } from 'fastify';

/**
 * A job every node runs on a timer beside the games sweeper (the month close of the pot, the
 * table keeper): `tick` runs, then the next tick is scheduled `nextDelayMs(result)` later
 * (`intervalMs` unless the job says otherwise), so ticks never overlap on a node. Ticks must be
 * safe across nodes by themselves (SKIP LOCKED, idempotency keys). An interval of 0 disables the
 * timer (tests call `tick` directly). A failed tick is logged under `name` and the timer goes on.
 *
 * Jobs whose work a request creates (a quick-play search, an analysis) may sleep longer while
 * their last pass found nothing pending (`nextDelayMs`), and the request that creates work calls
 * `runSoon()`: the pass then runs at once on that node, and the longer sleep is only the fallback for
 * work a node created and could not take itself (docs/decisions/078-jobs-sleep-while-idle.md).
 */
export abstract class PeriodicJob<T> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;
  /** A runSoon() arrived during a tick: the next tick runs as soon as this one ends. */
  private woken = false;

  protected constructor(
    private readonly name: string,
    /** Milliseconds between ticks; 0 disables the timer. */
    protected readonly intervalMs: number,
    protected readonly log: FastifyBaseLogger,
  ) {}

  /** One pass of the job. */
  abstract tick(): Promise<T>;

  /**
   * Milliseconds from the end of a tick to the next: `intervalMs` by default. `result` is the
   * tick's answer, or undefined when it failed. A job that sleeps longer while idle overrides it.
   */
  protected nextDelayMs(result: T | undefined): number {
    void result;
    return this.intervalMs;
  }

  /** Starts the timer; the first tick runs at once (a node that was down catches up). */
  start(): void {
    if (this.intervalMs <= 0) return;
    this.stopped = false;
    this.schedule(0);
  }

  /**
   * Runs a tick now (after the one in progress, if any) instead of at the scheduled time: work
   * was just created on this node. Does nothing while the timer is off (not started, stopped, or
   * an interval of 0).
   */
  runSoon(): void {
    if (this.stopped) return;
    if (this.running) {
      this.woken = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.schedule(0);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.woken = false;
      let result: T | undefined;
      this.running = this.tick()
        .then(
          (r) => {
            result = r;
          },
          (err: unknown) => this.log.error({ err }, `${this.name} failed`),
        )
        .finally(() => {
          this.running = null;
          this.schedule(this.woken ? 0 : this.nextDelayMs(result));
        });
    }, delayMs);
    this.timer.unref();
  }

  /** Stops scheduling and waits for the tick in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}

/**
 * The one job of a kind per app, found by the app's dependencies (`app.deps`, the same object in
 * every Fastify scope): a module registers the job it builds for the server's workers, and its
 * routes find it to call `runSoon()` after creating work. Apps whose workers were never built
 * (test apps) have none.
 */
export class JobRegistry<J extends PeriodicJob<unknown>> {
  private readonly jobs = new WeakMap<object, J>();

  /** Registers `job` as the app's and returns it. */
  register(deps: object, job: J): J {
    this.jobs.set(deps, job);
    return job;
  }

  /** The app's job, if one was registered. */
  of(deps: object): J | undefined {
    return this.jobs.get(deps);
  }
}
