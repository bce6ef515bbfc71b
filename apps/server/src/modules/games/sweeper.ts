import type { FastifyBaseLogger } from 'fastify';
import { isRetryableTxError } from '../../db/client';
import type { GamesContext } from './service';
import { runDueGame } from './service';

/**
 * The background sweeper (DESIGN §5): every node runs one; each tick claims due games one at a
 * time with SKIP LOCKED and plays their CPU turn or timeout, until none is due. Every due action
 * fires exactly once across nodes because the claim and the move share one transaction.
 */
export class Sweeper {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly ctx: GamesContext,
    private readonly intervalMs: number,
    private readonly log: FastifyBaseLogger,
    /** Parallel claimers per tick (PGlite serialises them anyway; PostgreSQL runs them at once). */
    private readonly concurrency = 1,
  ) {}

  start(): void {
    if (this.intervalMs <= 0) return;
    this.stopped = false;
    this.schedule();
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick()
        .then(
          () => undefined,
          () => undefined,
        )
        .finally(() => {
          this.running = null;
          this.schedule();
        });
    }, this.intervalMs);
    this.timer.unref();
  }

  /**
   * Processes every due game now with `concurrency` claimers working in parallel (safe: each claim
   * is SKIP LOCKED, so two claimers never take the same game); returns how many actions were taken.
   */
  async tick(limit = 500): Promise<number> {
    let done = 0;
    const claimer = async () => {
      while (!this.stopped && done < limit) {
        try {
          if (!(await runDueGame(this.ctx))) return;
          done += 1;
        } catch (err) {
          if (isRetryableTxError(err)) continue;
          this.log.error({ err }, 'sweeper step failed');
          return;
        }
      }
    };
    await Promise.all(Array.from({ length: this.concurrency }, claimer));
    return done;
  }

  /** Stops scheduling and waits for the tick in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
