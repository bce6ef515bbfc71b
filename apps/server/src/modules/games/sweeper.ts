import type { FastifyBaseLogger } from 'fastify';
import { isRetryableTxError } from '../../db/client';
import type { GamesContext } from './context';
import { movePlayerFor } from './moves';

/** Due games read per poll. */
const BATCH = 64;

/**
 * The due times this node's games are given (`Timing.onDue`, announced by clock.ts `schedule`),
 * passed to the node's sweepers: one per database handle, like the game cache (cache.ts), so the
 * routes' contexts and the sweeper's share it.
 */
export class DueAlarm {
  private readonly listeners = new Set<(dueAt: Date) => void>();

  /** A due time was just handed out on this node (before its commit). */
  readonly announce = (dueAt: Date): void => {
    for (const l of this.listeners) l(dueAt);
  };

  /** Calls `listener` for every announced due time until the returned function is called. */
  listen(listener: (dueAt: Date) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

const alarms = new WeakMap<object, DueAlarm>();

/** The due alarm of the app whose database handle is `db`. */
export function dueAlarmFor(db: object): DueAlarm {
  let alarm = alarms.get(db);
  if (!alarm) {
    alarm = new DueAlarm();
    alarms.set(db, alarm);
  }
  return alarm;
}

/**
 * How long the sweeper sleeps after a tick, in ms (docs/decisions/078-jobs-sleep-while-idle.md):
 * `intervalMs` when due games remain (`busy`) or a due time was announced on this node less than
 * `idleMs` ago (games move here); otherwise until the earliest due time the poll read
 * (`nextInMs`), no sooner than `intervalMs` and no later than `idleMs`.
 */
export function sweepDelayMs(
  last: { busy: boolean; nextInMs: number | null; sinceAnnouncedMs: number },
  intervalMs: number,
  idleMs: number,
): number {
  if (last.busy || last.sinceAnnouncedMs < idleMs) return intervalMs;
  if (last.nextInMs === null) return idleMs;
  return Math.min(Math.max(last.nextInMs, intervalMs), idleMs);
}

/**
 * The background sweeper (docs/architecture.md#how-a-move-flows): every node runs one; each tick polls the due games and
 * plays their CPU turn, forced move or timeout with `concurrency` workers through the move player
 * (moves.ts `MovePlayer.dueMove`), until none is due.
 * Every due action fires exactly once across nodes: the move is written by `game_commit_moves`,
 * which skips a row locked by another node (SKIP LOCKED) and re-checks, under the row lock, that
 * the game is still due at the version the move was computed from (decision 008).
 *
 * When it polls (docs/decisions/078-jobs-sleep-while-idle.md): every `intervalMs` while games
 * move on this node (a due time was announced to its `DueAlarm` less than `idleMs` ago), as it
 * always did; otherwise at the earliest due time the poll read (no sooner than `intervalMs`),
 * and at least every `idleMs`, for the due times other nodes wrote (a node that died with games
 * due). An announced due time wakes a sleeping sweeper within `intervalMs`.
 */
export class Sweeper {
  private timer: NodeJS.Timeout | null = null;
  /** When the pending timer fires (performance.now() ms). */
  private fireAt = Infinity;
  private running: Promise<void> | null = null;
  private stopped = false;
  private started = false;
  /** When a due time was last announced on this node (performance.now() ms). */
  private lastAnnounced = -Infinity;
  private unlisten: (() => void) | null = null;
  private readonly idleMs: number;

  constructor(
    private readonly ctx: GamesContext,
    private readonly intervalMs: number,
    private readonly log: FastifyBaseLogger,
    /** Parallel claimers per tick (PGlite serialises them anyway; PostgreSQL runs them at once). */
    private readonly concurrency = 1,
    /** The longest sleep between polls, ms (config SWEEPER_IDLE_MS); never under intervalMs. */
    idleMs = intervalMs,
  ) {
    this.idleMs = Math.max(idleMs, intervalMs);
  }

  /** When the next poll is due, in performance.now() ms; Infinity while none is scheduled. */
  get nextPollAt(): number {
    return this.fireAt;
  }

  start(): void {
    if (this.intervalMs <= 0) return;
    this.stopped = false;
    this.started = true;
    this.unlisten = dueAlarmFor(this.ctx.db).listen((dueAt) => this.announced(dueAt));
    this.schedule(this.intervalMs);
  }

  /** A due time was handed out on this node: poll within intervalMs, sooner if it is due sooner. */
  private announced(dueAt: Date): void {
    this.lastAnnounced = performance.now();
    if (!this.started || this.stopped || this.running) return; // the tick in progress schedules the next
    const delay = Math.min(Math.max(0, dueAt.getTime() - Date.now()), this.intervalMs);
    if (performance.now() + delay < this.fireAt) this.schedule(delay);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.fireAt = performance.now() + delayMs;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.fireAt = Infinity;
      let next = this.intervalMs;
      this.running = this.sweep()
        .then(
          (delay) => {
            next = delay;
          },
          () => undefined,
        )
        .finally(() => {
          this.running = null;
          this.schedule(next);
        });
    }, delayMs);
    this.timer.unref();
  }

  /** One tick, then how long to sleep before the next (ms). */
  private async sweep(): Promise<number> {
    const { busy, nextInMs } = await this.pass();
    return sweepDelayMs(
      { busy, nextInMs, sinceAnnouncedMs: performance.now() - this.lastAnnounced },
      this.intervalMs,
      this.idleMs,
    );
  }

  /**
   * Processes every due game now with `concurrency` workers in parallel (safe: a game taken by
   * another worker or node is refused by the database, not played twice); returns how many
   * actions were taken.
   */
  async tick(limit = 500): Promise<number> {
    return (await this.pass(limit)).done;
  }

  /**
   * A tick's work: `done` actions taken; `busy` when due games remain (the limit was reached, or
   * they were taken elsewhere or are waiting for a lock); `nextInMs` until the earliest due time
   * still ahead that the last poll read (null if none).
   */
  private async pass(
    limit = 500,
  ): Promise<{ done: number; busy: boolean; nextInMs: number | null }> {
    const player = movePlayerFor(this.ctx);
    let done = 0;
    let nextInMs: number | null = null;
    while (!this.stopped) {
      if (done >= limit) return { done, busy: true, nextInMs };
      const poll = await player.sweepPoll(Math.min(BATCH, limit - done));
      nextInMs = poll.nextInMs;
      const due = poll.due;
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
      if (played === 0) return { done, busy: true, nextInMs };
    }
    return { done, busy: false, nextInMs };
  }

  /** Stops scheduling and waits for the tick in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unlisten?.();
    this.unlisten = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.fireAt = Infinity;
    await this.running;
  }
}
