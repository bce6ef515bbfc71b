import type { FastifyBaseLogger } from 'fastify';
import { isRetryableTxError } from '../../db/client';
import type { GamesContext } from './context';
import { movePlayerFor } from './moves';

/** Due games read per poll. */
const BATCH = 64;

/**
 * The background sweeper (docs/architecture.md#how-a-move-flows): every node runs one; each tick polls the due games and
 * plays their CPU turn, forced move or timeout with `concurrency` workers through the move player
 * (moves.ts `MovePlayer.dueMove`), until none is due.
 * Every due action fires exactly once across nodes: the move is written by `game_commit_moves`,
 * which skips a row locked by another node (SKIP LOCKED) and re-checks, under the row lock, that
 * the game is still due at the version the move was computed from (decision 008).
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
   * Processes every due game now with `concurrency` workers in parallel (safe: a game taken by
   * another worker or node is refused by the database, not played twice); returns how many
   * actions were taken.
   */
  async tick(limit = 500): Promise<number> {
    const player = movePlayerFor(this.ctx);
    let done = 0;
    while (!this.stopped && done < limit) {
      const due = await player.dueGames(Math.min(BATCH, limit - done));
      if (due.length === 0) break;
      // Nodes polling together start at different places in the list, so they collide less.
      const start = Math.floor(Math.random() * due.length);
      const queue = [...due.slice(start), ...due.slice(0, start)];
      let played = 0;
      const worker = async () => {
        for (let next = queue.shift(); next && !this.stopped; next = queue.shift()) {
          try {
            if (await player.dueMove(next.id, next.version)) played += 1;
          } catch (err) {
            if (!isRetryableTxError(err)) this.log.error({ err }, 'sweeper step failed');
          }
        }
      };
      await Promise.all(Array.from({ length: this.concurrency }, worker));
      done += played;
      // Everything due was taken elsewhere or is waiting for a lock: try again next tick.
      if (played === 0) break;
    }
    return done;
  }

  /** Stops scheduling and waits for the tick in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
