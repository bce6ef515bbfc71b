import { eq, sql } from 'drizzle-orm';
import type { GameView, MoveRequest } from '@domino/contracts';
import { gameMessage } from '@domino/contracts';
import type { GameEvent, MatchState, Move, Seat } from '@domino/domino';
import { applyMove } from '@domino/domino';
import type { Tx } from '../../db/client';
import { games } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { gameCacheFor } from './cache';
import type { CachedGame } from './cache';
import { botPlayedTurnsAfter, isAway, schedule } from './clock';
import type { Actor, Committed, GamesContext, Timing } from './context';
import { afterCommit, broadcast, seatOf } from './context';
import { announceTurn } from './turn-notice';
import { finishTableMatch } from './finish';
import { markPresent, reclaimSeat } from './presence';
import type { GameRow, PlayerRow } from './repo';
import {
  appendMove,
  commitMoveRow,
  gamePlayersOf,
  lockGame,
  presenceOf,
  seatsRevOf,
  updateSeat,
} from './repo';
import { spectatorCount } from './spectators';
import { gameViewJson } from './view';

/**
 * Moves (docs/architecture.md#how-a-move-flows): the engine is authoritative, state lives in PostgreSQL, a move is one
 * transaction with a version check. A move computed from this node's copy of the game (cache.ts)
 * is written with one round trip (`game_commit_move`, decision 008); a stale copy is refused
 * there and the move falls back to the locked transaction below, as does every final move (its
 * settlement, finish.ts). Errors: AppError 404 game/not_found, 403 game/not_a_player, 409
 * game/stale_version, 422 with the engine's code (Spanish message from contracts).
 */

function toEngineMove(req: MoveRequest): Move {
  if ('tile' in req) {
    const [a, b] = req.tile;
    return { kind: 'play', tile: a <= b ? [a, b] : [b, a], end: req.end };
  }
  if ('draw' in req) return { kind: 'draw' };
  return { kind: 'pass' };
}

/**
 * Applies an accepted engine result inside the caller's transaction: appends the move, stores
 * the new state with version + 1, schedules the next due time and counts the seat's bot-played
 * turns; a final move of a table match is settled here too (finish.ts). Updates `players` in
 * place; returns the new row and, after a settlement, the winners' wallet balances (céntimos).
 */
export async function persistMove(
  tx: Tx,
  game: GameRow,
  players: PlayerRow[],
  seat: Seat,
  move: Move,
  next: MatchState,
  events: GameEvent[],
  actor: Actor,
  timing: Timing,
): Promise<{ row: GameRow; balances?: Map<number, number> }> {
  const version = game.version + 1;
  await appendMove(tx, { gameId: game.id, seq: version, seat, move, actor });
  const handEnded = events.some((e) => e.type === 'hand_end');
  const when = schedule(next, players, timing, handEnded);
  const finished = next.status === 'finished';
  const [row] = await tx
    .update(games)
    .set({
      state: next,
      version,
      status: finished ? 'finished' : 'playing',
      dueAt: when.dueAt,
      turnDeadline: when.turnDeadline,
      updatedAt: sql`now()`,
      finishedAt: finished ? sql`now()` : null,
    })
    .where(eq(games.id, game.id))
    .returning();
  if (!row) throw new Error('game update returned no row');
  const occupant = players.find((p) => p.seat === seat);
  const autoplayed = botPlayedTurnsAfter(occupant, actor);
  if (occupant && autoplayed !== null) {
    await updateSeat(tx, game.id, occupant, { autoplayedTurns: autoplayed });
  }
  if (finished && row.kind === 'table') return finishTableMatch(tx, row, players, next);
  return { row };
}

/**
 * Writes a move computed from this node's copy of the game with one round trip
 * (`game_commit_move`): schedules the next turn, counts bot-played turns, and on success updates
 * the copy. Returns what to broadcast, or 'stale'/'busy' when the database refused (nothing
 * changed; a stale copy is dropped). Never used for a final move (settlement needs its
 * transaction).
 */
export async function commitFromCopy(
  ctx: GamesContext,
  entry: CachedGame,
  seat: Seat,
  move: Move,
  next: MatchState,
  events: GameEvent[],
  actor: Actor,
  dueOnly: boolean,
): Promise<Committed | 'stale' | 'busy'> {
  const { row, players } = entry;
  const autoplayed = botPlayedTurnsAfter(
    players.find((p) => p.seat === seat),
    actor,
  );
  const when = schedule(
    next,
    players,
    ctx.timing,
    events.some((e) => e.type === 'hand_end'),
  );
  const out = await commitMoveRow(ctx.db, {
    gameId: row.id,
    expectedVersion: row.version,
    presence: presenceOf(players),
    dueOnly,
    state: next,
    previous: row.state,
    seat,
    move,
    actor,
    dueAt: when.dueAt,
    turnDeadline: when.turnDeadline,
    autoplayed,
    seatsRev: seatsRevOf(players),
  });
  const cache = gameCacheFor(ctx.db);
  if (out.outcome === 'busy') return 'busy';
  if (out.outcome !== 'ok') {
    cache.delete(row.id);
    return 'stale';
  }
  const game: GameRow = {
    ...row,
    state: next,
    version: out.version,
    dueAt: when.dueAt,
    turnDeadline: when.turnDeadline,
    updatedAt: new Date(),
  };
  // The copy's seats were exact: only the mover's count of bot-played turns changed (decision
  // 037). Otherwise the database sent the seats, without ratings (they do not change during a
  // match).
  const seated =
    out.players === null
      ? players.map((p) =>
          p.seat === seat && autoplayed !== null
            ? { ...p, autoplayedTurns: autoplayed, rev: p.rev + 1 }
            : p,
        )
      : out.players.map((p) => ({
          ...p,
          rating: players.find((x) => x.seat === p.seat)?.rating ?? null,
        }));
  if (seatsRevOf(seated) === out.rev) cache.set({ row: game, players: seated });
  else cache.delete(row.id);
  return { game, players: seated };
}

/**
 * Plays the caller's move and broadcasts every seat's view; returns the caller's new view. The
 * usual path: the engine runs on this node's copy of the game at the caller's version and one
 * round trip writes it (the database checks the version under the row lock). When the copy is
 * stale, the engine refuses the move, or the move ends the match, the move runs in one locked
 * transaction instead, which gives the authoritative answer (409 stale version, 422 engine code).
 *
 * A player's own move (HTTP or socket) takes their seat back first if it was away, exactly as
 * `game:join` does, and in its own transaction: a move that arrives just after the bot played
 * the turn (409) still brings the player back, so the next turn is theirs at full time.
 */
export async function submitMove(
  ctx: GamesContext,
  gameId: string,
  userId: number,
  req: MoveRequest,
): Promise<GameView> {
  const cache = gameCacheFor(ctx.db);
  let entry = await cache.load(ctx.db, gameId, { atLeastVersion: req.version });
  let mine = entry?.players.find((p) => p.userId === userId);
  if (entry && mine && isAway(mine) && entry.row.status === 'playing') {
    await reclaimSeat(ctx, gameId, userId);
    entry = await cache.load(ctx.db, gameId, { atLeastVersion: req.version });
    mine = entry?.players.find((p) => p.userId === userId);
  }
  if (
    entry &&
    mine &&
    !isAway(mine) &&
    entry.row.version === req.version &&
    entry.row.status === 'playing'
  ) {
    const seat = mine.seat as Seat;
    const move = toEngineMove(req);
    const result = applyMove(entry.row.state as MatchState, seat, move);
    if (result.ok && result.state.status === 'playing') {
      const committed = await commitFromCopy(
        ctx,
        entry,
        seat,
        move,
        result.state,
        result.events,
        'player',
        false,
      );
      if (committed !== 'stale' && committed !== 'busy') {
        const views = broadcast(ctx, committed);
        announceTurn(ctx, committed);
        return (
          views.get(seat) ??
          gameViewJson(committed.game, committed.players, seat, spectatorCount(ctx.hub, gameId))
        );
      }
    }
  }
  return submitMoveLocked(ctx, gameId, userId, req);
}

/**
 * The caller's move in one transaction that locks the game, checks the expected version,
 * applies the engine, appends the move and (final move) settles; then broadcasts.
 */
async function submitMoveLocked(
  ctx: GamesContext,
  gameId: string,
  userId: number,
  req: MoveRequest,
): Promise<GameView> {
  const committed = await ctx.db.transaction(async (tx) => {
    const game = await lockGame(tx, gameId);
    const players = game ? await gamePlayersOf(tx, gameId) : [];
    const seat = seatOf(game, players, userId);
    const current = game as GameRow;
    if (current.version !== req.version) {
      throw new AppError('game/stale_version', 409, gameMessage('game/stale_version'));
    }
    const move = toEngineMove(req);
    const result = applyMove(current.state as MatchState, seat, move);
    if (!result.ok) throw new AppError(result.code, 422, gameMessage(result.code));
    // This node's copy did not know the seat was away (another node marked it): the move
    // brings the player back, and the next turn is scheduled for a present player.
    const me = players.find((p) => p.seat === seat);
    if (me && isAway(me)) await markPresent(tx, gameId, me);
    const persisted = await persistMove(
      tx,
      current,
      players,
      seat,
      move,
      result.state,
      result.events,
      'player',
      ctx.timing,
    );
    return { game: persisted.row, players, seat, balances: persisted.balances };
  });
  afterCommit(ctx, committed);
  announceTurn(ctx, committed);
  return gameViewJson(
    committed.game,
    committed.players,
    committed.seat,
    spectatorCount(ctx.hub, gameId),
  );
}
