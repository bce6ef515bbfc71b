import type { Executor } from '../../db/client';
import { preparedRows } from '../../db/client';
import type { PlayerRow } from './repo';

/**
 * Group commit of moves (docs/decisions/035-cheaper-moves.md, docs/architecture.md#how-a-move-flows).
 *
 * A node writes the moves it computed from its copies of the games (decision 008) through one
 * `MoveCommitter` per database handle. A move waits up to `lingerMs` for others to join it (sent
 * at once when `fill` moves are queued; docs/decisions/081-commit-linger.md), then goes when
 * fewer than `concurrency` batches are in flight; otherwise it waits for the next batch, which
 * takes every move queued meanwhile (at most `maxBatch`). So the moves of many games go with one
 * call of `game_commit_moves` (migration 0030): one statement, one transaction, one WAL flush.
 * Each move is still checked against its game's version and its seats' presence under its row
 * lock; the outcome of one never depends on the others in its batch. A caller's promise
 * resolves only after its batch committed, so an acknowledged move is as durable as with one
 * commit per move (synchronous commit).
 *
 * When a batch call fails (a lost connection, a statement error), nothing of it committed unless
 * the failure came after the commit itself; each of its moves is then tried alone, so one bad
 * move cannot fail the others, and one that did commit answers 'stale' (its version moved on).
 */

/** One move as `game_commit_moves` takes it (store.ts `PgGameStore.commit` fills it). */
export interface MoveCommit {
  gameId: string;
  expectedVersion: number;
  /** One '0'/'1' per seat in seat order, '1' = away (bot-played turns or disconnected). */
  presence: string;
  /** The sweeper: the game must be due now. */
  dueOnly: boolean;
  state: unknown;
  /**
   * The state the move was computed from (the version `expectedVersion` holds), when the caller
   * has it: then only the top-level keys the engine replaced are sent (`stateDelta`).
   */
  previous?: unknown;
  seat: number;
  move: unknown;
  actor: 'player' | 'bot' | 'autoplay' | 'forced';
  dueAt: Date | null;
  turnDeadline: Date | null;
  /** The mover's new count of bot-played turns, or null to leave it. */
  autoplayed: number | null;
  /**
   * The sum of the seats' revisions in the caller's copy (`game_players.rev`, decision 037), or
   * null when unknown: when it matches the database's, the seats are not sent back.
   */
  seatsRev: number | null;
}

/**
 * What the database answered for one move: 'stale', 'busy' and 'not_found' change nothing. On
 * 'ok', `players` are the seats as committed, or null when the caller's copy was exact
 * (`seatsRev` matched): then the only change to the seats is the mover's new count of bot-played
 * turns when one was given, whose row's revision went up by one. `rev` is the new sum of the
 * seats' revisions.
 */
export type CommitOutcome =
  | { outcome: 'ok'; version: number; players: PlayerRow[] | null; rev: number }
  | { outcome: 'stale' | 'busy' | 'not_found' };

interface Waiting {
  item: MoveCommit;
  /** When it was queued (performance.now(), ms). */
  at: number;
  resolve: (out: CommitOutcome) => void;
  reject: (err: unknown) => void;
}

type RawOutcome = {
  outcome: 'ok' | 'stale' | 'busy' | 'not_found';
  version?: number;
  rev?: number;
  players?: (Omit<PlayerRow, 'disconnectedAt'> & { disconnectedAt: string | null })[];
};

/** Batches in flight at once per node: one commits while the next fills. */
export const DEFAULT_COMMIT_CONCURRENCY = 2;
/** Moves per call at most (a call's argument is ~3.5 KB per move). */
export const DEFAULT_MAX_BATCH = 64;
/** Queued moves that make a batch go before its linger ends. */
export const DEFAULT_COMMIT_FILL = 16;
/** Tries of one move of a failed batch that keeps answering 'busy' (see sendAlone). */
const RETRY_BUSY_TRIES = 6;

export class MoveCommitter {
  private readonly queue: Waiting[] = [];
  private inFlight = 0;
  /** Moves queued or being written, by game id. */
  private readonly pending = new Map<string, number>();
  /** Calls made and moves sent since start (tests read them), failed calls included. */
  readonly stats = { calls: 0, moves: 0, largest: 0 };
  /** The pump's wake-up when the oldest queued move's linger ends. */
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly concurrency: number;
  private readonly maxBatch: number;
  private lingerMs: number;
  private readonly fill: number;
  /** `flush` callers waiting for nothing to be queued or written. */
  private idle: (() => void)[] = [];

  /**
   * `opts.concurrency`: batches in flight at once (DEFAULT_COMMIT_CONCURRENCY); `maxBatch`:
   * moves per call at most (DEFAULT_MAX_BATCH); `lingerMs`: how long a move may wait for
   * others before its batch goes, in milliseconds (0: at once; the server passes
   * GAME_COMMIT_LINGER_MS); `fill`: a batch of that many queued moves goes without waiting
   * (DEFAULT_COMMIT_FILL).
   */
  constructor(
    private readonly db: Executor,
    opts: { concurrency?: number; maxBatch?: number; lingerMs?: number; fill?: number } = {},
  ) {
    this.concurrency = opts.concurrency ?? DEFAULT_COMMIT_CONCURRENCY;
    this.maxBatch = opts.maxBatch ?? DEFAULT_MAX_BATCH;
    this.lingerMs = opts.lingerMs ?? 0;
    this.fill = Math.min(opts.fill ?? DEFAULT_COMMIT_FILL, this.maxBatch);
  }

  /**
   * Sends what is queued now and every later move at once (no linger from here on: the node is
   * closing); resolves once nothing is queued or being written.
   */
  flush(): Promise<void> {
    this.lingerMs = 0;
    this.pump();
    if (this.queue.length === 0 && this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  /** Queues one move; resolves with its outcome once its batch committed. */
  commit(item: MoveCommit): Promise<CommitOutcome> {
    const id = item.gameId;
    this.pending.set(id, (this.pending.get(id) ?? 0) + 1);
    return new Promise<CommitOutcome>((resolve, reject) => {
      this.queue.push({ item, resolve, reject, at: performance.now() });
      this.pump();
    }).finally(() => {
      const left = (this.pending.get(id) ?? 1) - 1;
      if (left > 0) this.pending.set(id, left);
      else this.pending.delete(id);
    });
  }

  /**
   * Whether a move of `gameId` is queued or being written by this node: its outcome (and this
   * node's copy of the game) is about to change, so the sweeper leaves the game for its next
   * poll instead of reading it again from the database.
   */
  writing(gameId: string): boolean {
    return this.pending.has(gameId);
  }

  private pump(): void {
    while (this.inFlight < this.concurrency && this.queue.length > 0) {
      if (this.lingerMs > 0 && this.queue.length < this.fill) {
        const wait = this.queue[0]!.at + this.lingerMs - performance.now();
        if (wait > 0) {
          this.timer ??= setTimeout(() => {
            this.timer = null;
            this.pump();
          }, wait);
          return;
        }
      }
      if (this.timer) {
        clearTimeout(this.timer);
        this.timer = null;
      }
      const batch = this.queue.splice(0, this.maxBatch);
      this.inFlight += 1;
      void this.send(batch).finally(() => {
        this.inFlight -= 1;
        this.pump();
      });
    }
    if (this.queue.length === 0 && this.inFlight === 0 && this.idle.length > 0) {
      const waiting = this.idle;
      this.idle = [];
      for (const resolve of waiting) resolve();
    }
  }

  private async send(batch: Waiting[]): Promise<void> {
    let outs: CommitOutcome[];
    try {
      outs = await this.call(batch.map((w) => w.item));
    } catch (err) {
      if (batch.length === 1) {
        batch[0]!.reject(err);
        return;
      }
      // Alone and one after the other (two moves of one game must not meet as 'busy'), each
      // move gets its own answer or its own error.
      for (const w of batch) await this.sendAlone(w);
      return;
    }
    batch.forEach((w, i) => {
      const out = outs[i];
      if (out) w.resolve(out);
      else w.reject(new Error('game_commit_moves answered fewer moves than it was given'));
    });
  }

  /**
   * One move of a failed batch, alone. PostgreSQL reports a statement's error to the client
   * before it aborts the transaction and releases its row locks, so for a moment the failed
   * batch's own backend may still hold the locks of this move's game: an answer of 'busy' is
   * tried again, at most RETRY_BUSY_TRIES times with growing pauses (10, 20, 40… ms), before
   * it is given to the caller (who then takes the locked path, as for any 'busy').
   */
  private async sendAlone(w: Waiting): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      let out: CommitOutcome | undefined;
      try {
        [out] = await this.call([w.item]);
      } catch (err) {
        w.reject(err);
        return;
      }
      if (!out) {
        w.reject(new Error('game_commit_moves answered fewer moves than it was given'));
        return;
      }
      if (out.outcome !== 'busy' || attempt >= RETRY_BUSY_TRIES) {
        w.resolve(out);
        return;
      }
      await new Promise((r) => setTimeout(r, 10 * 2 ** (attempt - 1)));
    }
  }

  private async call(items: MoveCommit[]): Promise<CommitOutcome[]> {
    const payload = JSON.stringify(
      items.map((i) => ({
        g: i.gameId,
        v: i.expectedVersion,
        p: i.presence,
        d: i.dueOnly,
        ...stateField(i.state, i.previous),
        s: i.seat,
        m: i.move,
        a: i.actor,
        due: i.dueAt?.toISOString() ?? null,
        dl: i.turnDeadline?.toISOString() ?? null,
        ap: i.autoplayed,
        ...(i.seatsRev === null ? {} : { r: i.seatsRev }),
      })),
    );
    this.stats.calls += 1;
    this.stats.moves += items.length;
    this.stats.largest = Math.max(this.stats.largest, items.length);
    // A named prepared statement on PostgreSQL: parsed and planned once per connection, and no
    // query built per call (decision 070).
    const rows = await preparedRows<{ r: unknown }>(
      this.db,
      'game_commit_moves',
      'select game_commit_moves($1::jsonb) as r',
      [payload],
    );
    const raw = rows[0]?.r;
    const outs = (typeof raw === 'string' ? JSON.parse(raw) : raw) as RawOutcome[];
    return outs.map((o): CommitOutcome => {
      if (o.outcome !== 'ok') return { outcome: o.outcome };
      return {
        outcome: 'ok',
        version: o.version!,
        rev: Number(o.rev ?? 0),
        players:
          o.players === undefined
            ? null
            : o.players.map((p) => ({
                ...p,
                disconnectedAt: p.disconnectedAt === null ? null : new Date(p.disconnectedAt),
              })),
      };
    });
  }
}

/**
 * What a move sends of its new state: `{sd}`, the top-level keys whose values the engine replaced
 * (stateDelta), or `{st}`, the whole state when there is no previous state or the delta could not
 * express the change.
 */
function stateField(state: unknown, previous: unknown): { st: unknown } | { sd: unknown } {
  const delta = previous === undefined ? null : stateDelta(previous, state);
  return delta === null ? { st: state } : { sd: delta };
}

/**
 * The top-level keys of `next` whose values are not the very objects of `previous`, or null
 * when a merge (`previous || delta` in PostgreSQL) would not give `next`: a key removed or set
 * to undefined (JSON drops it, the merge would keep the old value), or not two plain objects.
 * Relies on the engine never changing a state in place (packages/domino: pure functions that
 * return new objects for what changed and keep the others; commit-batch.test.ts and
 * commit-batch.postgres.test.ts check the merge over whole matches).
 */
export function stateDelta(previous: unknown, next: unknown): Record<string, unknown> | null {
  if (!isPlainObject(previous) || !isPlainObject(next)) return null;
  const delta: Record<string, unknown> = {};
  for (const k of Object.keys(previous)) {
    if (!(k in next) || next[k] === undefined) return null;
  }
  for (const [k, v] of Object.entries(next)) {
    if (v === undefined) return null;
    if (previous[k] !== v) delta[k] = v;
  }
  return delta;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** One committer per database handle, i.e. per server node (tests build several in one process). */
const committers = new WeakMap<object, MoveCommitter>();

/**
 * The committer of a database handle, made on first use with `lingerMs` (milliseconds; later
 * calls' value is ignored: one handle, one node, one setting).
 */
export function moveCommitterFor(db: Executor, lingerMs = 0): MoveCommitter {
  let c = committers.get(db);
  if (!c) {
    c = new MoveCommitter(db, { lingerMs });
    committers.set(db, c);
  }
  return c;
}

/**
 * Before a node closes its database: the moves its committer holds are written now, without
 * their linger, and this resolves once none is queued or being written (nothing when the handle
 * has no committer).
 */
export function flushMoveCommits(db: Executor): Promise<void> {
  return committers.get(db)?.flush() ?? Promise.resolve();
}
