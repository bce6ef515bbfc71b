import { and, eq, sql } from 'drizzle-orm';
import type { GameEvent, MatchState, Move, Seat } from '@domino/domino';
import type { Db, Tx } from '../../db/client';
import { games } from '../../db/schema';
import type { CachedGame, GameCache } from './cache';
import { gameCacheFor } from './cache';
import type { Due } from './clock';
import { botPlayedTurnsAfter, isAway, schedule, turnWait } from './clock';
import type { MoveCommitter } from './commit-batch';
import { moveCommitterFor } from './commit-batch';
import type { Actor, Committed, Timing } from './context';
import { finishTableMatch } from './finish';
import type { GameRow, PlayerRow } from './repo';
import {
  appendMove,
  claimDueGame,
  dueGames,
  sweepPoll,
  gamePlayersOf,
  lockGame,
  presenceOf,
  seatsRevOf,
  toGameRow,
  updateSeat,
} from './repo';

/**
 * The game store (docs/decisions/053-one-move-player.md, docs/architecture.md#how-a-move-flows):
 * where the move player (moves.ts) reads a game and writes a move, and nothing else. Behind one
 * `commit` are the two ways a move is written: from this node's copy by the group commit
 * (decisions 008, 035, 037: one call of `game_commit_moves`, which checks the version and the
 * seats' presence under the row lock) and, when that cannot serve (no copy, a stale or busy
 * answer, a move the copy refused, the final move with its settlement), one locked transaction
 * that decides the move again on the locked row. Either way the node's copy is kept exact
 * afterwards (or dropped), so callers never touch the copy themselves.
 */

/** A move decided by the move player: who moves, what, and what the engine made of it. */
export interface Decision {
  seat: Seat;
  move: Move;
  actor: Actor;
  /** The engine's state after the move. */
  next: MatchState;
  events: GameEvent[];
}

/**
 * Decides a move on a game and its seats, without I/O (so it can run on the copy and again on
 * the locked row): the decision, or null when there is nothing to play. Throws the move's
 * refusal (an AppError with a Spanish message, or an Error for a broken bot).
 */
export type Decide = (game: GameRow | undefined, players: PlayerRow[]) => Decision | null;

/** A committed move: the game as written, its seats, the mover's seat, and settlement balances. */
export type Played = Committed & { seat: Seat };

export interface CommitRequest {
  gameId: string;
  /** The node's copy the caller read, and the move decided on it when it could (fast path). */
  copy?: CachedGame | undefined;
  decision?: Decision | null | undefined;
  /** Decides the move again on the locked row (locked path). */
  decide: Decide;
  /**
   * The sweeper's due action: the group commit re-checks that the game is still due, and its
   * 'stale' or 'busy' goes back to the caller; the locked path claims the row only while it is
   * due and skips it when another transaction holds it (SKIP LOCKED). A player's move (false)
   * waits for the row lock instead, and any refusal of the group commit takes the locked path.
   */
  due: boolean;
}

/**
 * The port the move player writes through. `load` and `copy` give this node's copy of a game
 * (cache.ts: never the authority); `commit` writes one move, by the group commit or the locked
 * path (see CommitRequest), and answers the move as committed, 'stale' or 'busy' (a due action
 * the group commit refused: nothing changed), or null (nothing was due or to play).
 */
export interface GameStore {
  copy(gameId: string): CachedGame | undefined;
  load(
    gameId: string,
    opts?: { refresh?: boolean; atLeastVersion?: number },
  ): Promise<CachedGame | undefined>;
  /** Whether this node is writing a move of the game right now (its copy is about to change). */
  writing(gameId: string): boolean;
  /** Games whose due time has passed, most overdue first (the sweeper's poll, no lock). */
  due(limit: number): Promise<{ id: string; version: number }[]>;
  /**
   * The sweeper's poll: the games whose due time has passed, most overdue first, and the ms until
   * the earliest due time still ahead (repo.ts `sweepPoll`).
   */
  poll(limit: number): Promise<{ due: { id: string; version: number }[]; nextInMs: number | null }>;
  commit(req: CommitRequest): Promise<Played | 'stale' | 'busy' | null>;
}

/**
 * The store on the app's database: this node's copy (one `GameCache` per database handle) and
 * its group commit (one `MoveCommitter` per handle), with the context's turn timing for the due
 * times a move schedules (clock.ts).
 */
export class PgGameStore implements GameStore {
  private readonly copies: GameCache;
  private readonly committer: MoveCommitter;

  constructor(
    private readonly db: Db,
    private readonly timing: Timing,
  ) {
    this.copies = gameCacheFor(db);
    this.committer = moveCommitterFor(db, timing.commitLingerMs ?? 0);
  }

  copy(gameId: string): CachedGame | undefined {
    return this.copies.get(gameId);
  }

  load(
    gameId: string,
    opts: { refresh?: boolean; atLeastVersion?: number } = {},
  ): Promise<CachedGame | undefined> {
    return this.copies.load(this.db, gameId, opts);
  }

  writing(gameId: string): boolean {
    return this.committer.writing(gameId);
  }

  due(limit: number): Promise<{ id: string; version: number }[]> {
    return dueGames(this.db, limit);
  }

  poll(
    limit: number,
  ): Promise<{ due: { id: string; version: number }[]; nextInMs: number | null }> {
    return sweepPoll(this.db, limit);
  }

  async commit(req: CommitRequest): Promise<Played | 'stale' | 'busy' | null> {
    const { copy, decision } = req;
    if (copy && decision && decision.next.status === 'playing') {
      const out = await this.commitFromCopy(copy, decision, req.due);
      if (out !== 'stale' && out !== 'busy') return out;
      if (req.due) return out;
    }
    return this.commitLocked(req);
  }

  /**
   * Writes a move decided on this node's copy with the node's group commit (commit-batch.ts,
   * `game_commit_moves`, migration 0030; decisions 008, 035): under the game's row lock, taken
   * with SKIP LOCKED, the database checks the copy's version and the seats' presence (one
   * '0'/'1' per seat, '1' = away), appends the move, stores the state with version + 1 and the
   * due times, and sets the mover's count of bot-played turns. A row locked by another
   * transaction answers 'busy'; with `dueOnly` (the sweeper) a game no longer due is 'stale'.
   * 'stale' and 'busy' change nothing ('stale' drops the copy); on success the copy is updated.
   * Resolves after the commit. Never a final move (its settlement needs the locked path).
   */
  private async commitFromCopy(
    entry: CachedGame,
    d: Decision,
    dueOnly: boolean,
  ): Promise<Played | 'stale' | 'busy'> {
    const { row, players } = entry;
    const autoplayed = botPlayedTurnsAfter(
      players.find((p) => p.seat === d.seat),
      d.actor,
    );
    const when = schedule(d.next, players, this.timing, handEnded(d));
    const out = await this.committer.commit({
      gameId: row.id,
      expectedVersion: row.version,
      presence: presenceOf(players),
      dueOnly,
      state: d.next,
      previous: row.state,
      seat: d.seat,
      move: d.move,
      actor: d.actor,
      dueAt: when.dueAt,
      turnDeadline: when.turnDeadline,
      autoplayed,
      seatsRev: seatsRevOf(players),
    });
    if (out.outcome === 'busy') return 'busy';
    if (out.outcome !== 'ok') {
      this.copies.delete(row.id);
      return 'stale';
    }
    // The copy's seats were exact: only the mover's count of bot-played turns changed (decision
    // 037). Otherwise the database sent the seats, without ratings (they do not change during a
    // match).
    const seated =
      out.players === null
        ? players.map((p) =>
            p.seat === d.seat && autoplayed !== null
              ? { ...p, autoplayedTurns: autoplayed, rev: p.rev + 1 }
              : p,
          )
        : out.players.map((p) => ({
            ...p,
            rating: players.find((x) => x.seat === p.seat)?.rating ?? null,
          }));
    const due =
      out.players === null
        ? when
        : await this.rescheduled(row.id, out.version, d, players, seated, when);
    const game: GameRow = {
      ...row,
      state: d.next,
      version: out.version,
      dueAt: due.dueAt,
      turnDeadline: due.turnDeadline,
      updatedAt: new Date(),
    };
    if (seatsRevOf(seated) === out.rev) this.copies.set({ row: game, players: seated });
    else this.copies.delete(row.id);
    return { game, players: seated, seat: d.seat, handEnded: handEnded(d) };
  }

  /**
   * The next turn's times once the database sent the seats back (another node changed a seat
   * since this node read them): `when` was scheduled from this node's reading before the commit.
   * The presence check of the commit guarantees the seats' '0'/'1' agreed, not when an absence
   * began: a player who came back and lost the connection again in between is absent since
   * then, and their turn gets the full time again (decision 042), where the old reading would
   * have let the CPU play it at once. When the exact seats give the next turn another wait
   * (`turnWait`), the times are scheduled again and written for this version, unless another
   * move came first. Returns the times of this version.
   */
  private async rescheduled(
    gameId: string,
    version: number,
    d: Decision,
    read: PlayerRow[],
    exact: PlayerRow[],
    when: Due,
  ): Promise<Due> {
    const now = Date.now();
    if (turnWait(d.next, read, now) === turnWait(d.next, exact, now)) return when;
    const due = schedule(d.next, exact, this.timing, handEnded(d));
    await this.db
      .update(games)
      .set({ dueAt: due.dueAt, turnDeadline: due.turnDeadline })
      .where(and(eq(games.id, gameId), eq(games.version, version)));
    return due;
  }

  /**
   * One transaction: locks the row (a due action claims it only while due, skipping a locked
   * row), decides the move again on it, brings a returning player's seat back, appends the move,
   * stores the state with version + 1 and the next due time, counts bot-played turns and settles
   * a final move of a table match (finish.ts). A due game with nothing to play loses its due
   * time. Keeps the copy after the commit.
   */
  private async commitLocked(req: CommitRequest): Promise<Played | null> {
    const played = await this.db.transaction(async (tx): Promise<Played | null> => {
      const game = req.due ? await claimDueGame(tx, req.gameId) : await lockGame(tx, req.gameId);
      if (!game && req.due) return null;
      const players = game ? await gamePlayersOf(tx, req.gameId) : [];
      const d = req.decide(game, players);
      if (!d || !game) {
        if (game) await tx.update(games).set({ dueAt: null }).where(eq(games.id, game.id));
        return null;
      }
      // A player's own move brings their seat back when this node's copy did not know it was
      // away (another node marked it): the next turn is scheduled for a present player.
      const me = players.find((p) => p.seat === d.seat);
      if (d.actor === 'player' && me && isAway(me)) {
        await updateSeat(tx, game.id, me, { autoplayedTurns: 0, disconnectedAt: null });
      }
      const persisted = await persistMove(tx, game, players, d, this.timing);
      return {
        game: persisted.row,
        players,
        seat: d.seat,
        balances: persisted.balances,
        handEnded: handEnded(d),
      };
    });
    if (played) this.copies.set({ row: played.game, players: played.players });
    return played;
  }
}

function handEnded(d: Decision): boolean {
  return d.events.some((e) => e.type === 'hand_end');
}

/**
 * Applies a decided move inside the caller's transaction: appends it, stores the new state with
 * version + 1, schedules the next due time and counts the seat's bot-played turns; a final move
 * of a table match is settled here too (finish.ts). Updates `players` in place; returns the new
 * row and, after a settlement, the winners' wallet balances (céntimos).
 */
async function persistMove(
  tx: Tx,
  game: GameRow,
  players: PlayerRow[],
  d: Decision,
  timing: Timing,
): Promise<{ row: GameRow; balances?: Map<number, number> }> {
  const version = game.version + 1;
  await appendMove(tx, {
    gameId: game.id,
    seq: version,
    seat: d.seat,
    move: d.move,
    actor: d.actor,
  });
  const when = schedule(d.next, players, timing, handEnded(d));
  const finished = d.next.status === 'finished';
  const [stored] = await tx
    .update(games)
    .set({
      storedState: d.next,
      version,
      status: finished ? 'finished' : 'playing',
      dueAt: when.dueAt,
      turnDeadline: when.turnDeadline,
      updatedAt: sql`now()`,
      finishedAt: finished ? sql`now()` : null,
    })
    .where(eq(games.id, game.id))
    .returning();
  if (!stored) throw new Error('game update returned no row');
  const row = toGameRow(stored);
  const occupant = players.find((p) => p.seat === d.seat);
  const autoplayed = botPlayedTurnsAfter(occupant, d.actor);
  if (occupant && autoplayed !== null) {
    await updateSeat(tx, game.id, occupant, { autoplayedTurns: autoplayed });
  }
  if (finished && row.kind === 'table') return finishTableMatch(tx, row, players, d.next);
  return { row };
}
