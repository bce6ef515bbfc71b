import { timingSafeEqual } from 'node:crypto';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { SpectatorView } from '@domino/contracts';
import {
  MSG_SPECTATE,
  SPECTATOR_DELAY_MOVES,
  centsToBolivares,
  configToRules,
  publicName,
  handSummaryJson,
} from '@domino/contracts';
import type { MatchState, SeatedMove } from '@domino/domino';
import { replay, usesStock } from '@domino/domino';
import type { Executor } from '../../db/client';
import { gameMoves, gameTables } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { blockedFor, consume, rateLimited } from '../../lib/rate-limit';
import type { GamesContext } from './context';
import type { GameRow, PlayerRow } from './repo';
import { findGame, gamePlayersOf } from './repo';

/**
 * Watching a table's match as a spectator (docs/decisions/022-spectators.md): who may
 * watch which match, and the spectator view — built field by field from the engine state, so no
 * hand can reach it by accident (the same rule as the engine's `playerView`). At a paid table the
 * view is rebuilt from the move log up to two moves before the match (any node can do it: the
 * log is in the database); at a free one it is live.
 */

/** The one refusal of every "you may not watch this" (it never says whether the match exists). */
export function notWatchable(): AppError {
  return new AppError('game/not_found', 404, MSG_SPECTATE.notFound);
}

/** A match the caller may watch, with what the spectator view needs of its table. */
export interface WatchTarget {
  game: GameRow;
  players: PlayerRow[];
  table: { id: number; name: string; visibility: 'public' | 'private' | 'tournament' | 'quick' };
}

function sameCode(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected.toUpperCase());
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The match `gameId` as `userId` may watch it. Rules, in order: a match that does not exist, is
 * not a table's (practice), has no table or is a duplicate set's table: 404; a seated player of the match: 409
 * `game/spectator_is_player` (MSG_SPECTATE.isPlayer: they use their own player view); a private
 * table's match only with `allow_spectators` and the table's invitation `code` (compared upper-
 * cased, in constant time); every refusal but the player's is the same 404 `game/not_found`
 * (MSG_SPECTATE.notFound), so a stranger cannot tell a private match from no match.
 */
export async function watchTarget(
  db: Executor,
  gameId: string,
  userId: number,
  code: string | undefined,
): Promise<WatchTarget> {
  const game = await findGame(db, gameId);
  if (!game || game.kind !== 'table' || game.tableId === null) throw notWatchable();
  const [table] = await db
    .select({
      id: gameTables.id,
      name: gameTables.name,
      visibility: gameTables.visibility,
      allowSpectators: gameTables.allowSpectators,
      inviteCode: gameTables.inviteCode,
    })
    .from(gameTables)
    .where(eq(gameTables.id, game.tableId));
  if (!table) throw notWatchable();
  // A duplicate set's table is never watched: a spectator could pass on the cards of a deal the
  // other table is still playing (docs/decisions/062-duplicate-domino.md).
  if ((game.meta as { duplicate?: unknown } | null)?.duplicate) throw notWatchable();
  const players = await gamePlayersOf(db, gameId);
  if (players.some((p) => p.userId === userId))
    throw new AppError('game/spectator_is_player', 409, MSG_SPECTATE.isPlayer);
  // Public and tournament matches are open to spectators (decision 028); a private one needs its code.
  if (table.visibility === 'private') {
    if (!table.allowSpectators || !table.inviteCode || !code || !sameCode(code, table.inviteCode))
      throw notWatchable();
  }
  const name = (game.meta as { tableName?: string } | null)?.tableName ?? table.name;
  return { game, players, table: { id: table.id, name, visibility: table.visibility } };
}

/**
 * {@link watchTarget} with its invitation codes counted (docs/decisions/048): a request that
 * brings a `code` is refused with a 429 (MSG_SPECTATE.tooManyCodes, Retry-After) while the
 * account or the (match, browser) pair has no wrong guesses left, even when the code is right;
 * a refused one (the same 404 for a wrong code and for a match that does not exist, so the
 * counting tells nothing either) spends one guess of each. `client` names the browser: its
 * device id, else its address (protection/request.ts `clientKey`). Without `ctx.codeGuesses`
 * (test contexts) nothing is counted.
 */
export async function watchTargetCounted(
  ctx: { db: Executor; codeGuesses?: GamesContext['codeGuesses'] },
  gameId: string,
  userId: number,
  code: string | undefined,
  client: string,
): Promise<WatchTarget> {
  const limits = ctx.codeGuesses;
  if (code === undefined || !limits) return watchTarget(ctx.db, gameId, userId, code);
  const accountKey = String(userId);
  const pairKey = `${gameId}:${client}`;
  const wait =
    (await blockedFor(limits.perAccount, accountKey)) ??
    (await blockedFor(limits.perMatchClient, pairKey));
  if (wait !== null) throw rateLimited(wait, MSG_SPECTATE.tooManyCodes);
  try {
    return await watchTarget(ctx.db, gameId, userId, code);
  } catch (err) {
    if (err instanceof AppError && err.status === 404) {
      const a = await consume(limits.perAccount, accountKey);
      const b = await consume(limits.perMatchClient, pairKey);
      const after = a ?? b;
      if (after !== null) throw rateLimited(after, MSG_SPECTATE.tooManyCodes);
    }
    throw err;
  }
}

/** Whether spectators of this match see it delayed: a paid or tournament match still running. */
export function isDelayed(game: GameRow): boolean {
  // A tournament match plays for the tournament's prizes (its table entry is 0): delayed too
  // (docs/decisions/028-tournaments.md).
  const tournament = Boolean((game.meta as { tournament?: unknown } | null)?.tournament);
  return game.status === 'playing' && ((game.entryCents ?? 0) > 0 || tournament);
}

/**
 * The state spectators see and its version: the live state of a free or finished match; for a
 * running paid match the state after move `version - 2`, replayed from the config, the seeds and
 * the move log (`game_moves`, seq 1..version-2; the start of the match before two moves).
 */
export async function spectatedState(
  db: Executor,
  game: GameRow,
): Promise<{ state: MatchState; version: number; delayed: number }> {
  const live = game.state as MatchState;
  if (!isDelayed(game)) return { state: live, version: game.version, delayed: 0 };
  const version = Math.max(0, game.version - SPECTATOR_DELAY_MOVES);
  const log = await db
    .select({ seat: gameMoves.seat, move: gameMoves.move })
    .from(gameMoves)
    .where(and(eq(gameMoves.gameId, game.id), lte(gameMoves.seq, version)))
    .orderBy(asc(gameMoves.seq));
  const state = replay(
    live.config,
    { serverSeed: live.fairness.serverSeed, clientSeeds: live.fairness.clientSeeds },
    log.map((m) => ({ seat: m.seat, move: m.move }) as SeatedMove),
  );
  return { state, version, delayed: game.version - version };
}

/**
 * The spectator view of `state` (docs/decisions/022-spectators.md): the line, ends, each seat's
 * public name and tile COUNT, scores, whose turn and until when (live views only), the hand
 * number, the stock COUNT, the passes, the previous hand's public summary and the result. Built
 * field by field: no hand, no stock tile, no legal move, no seed. `spectators` is the number of
 * watchers; `replay_available` is true for a finished public match (record-access.ts).
 */
export function spectatorViewJson(
  target: WatchTarget,
  shown: { state: MatchState; version: number; delayed: number },
  spectators: number,
): SpectatorView {
  const { game, players, table } = target;
  const { state } = shown;
  const hand = state.hand;
  const finished = state.status === 'finished';
  const turn = finished ? null : hand.turn;
  return {
    game_id: game.id,
    version: shown.version,
    delayed_moves: shown.delayed,
    status: state.status,
    mode: state.config.mode,
    target_points: state.config.targetPoints,
    turn_seconds: state.config.turnSeconds,
    rules: configToRules(state.config),
    line: hand.line.map((p) => ({
      tile: [p.tile[0], p.tile[1]],
      seat: p.seat,
      left: p.left,
      right: p.right,
    })),
    ends: hand.ends ? { left: hand.ends.left, right: hand.ends.right } : null,
    turn_seat: turn,
    turn_deadline:
      turn !== null && shown.delayed === 0 && game.turnDeadline
        ? game.turnDeadline.toISOString()
        : null,
    leader: hand.leader,
    stock_count: hand.stock.length,
    drawing: usesStock(state.config),
    passes: hand.passes.map((p) => ({ seat: p.seat, left: p.left, right: p.right })),
    scores: [...state.scores],
    hand_number: hand.number,
    hands_played: state.history.length,
    last_hand: state.history.length
      ? handSummaryJson(state.history[state.history.length - 1]!)
      : null,
    seats: players
      .slice()
      .sort((a, b) => a.seat - b.seat)
      .map((p) => ({
        seat: p.seat,
        name: p.userId !== null && p.name ? publicName(p.name) : `CPU ${p.seat + 1}`,
        tile_count: hand.hands[p.seat]?.length ?? 0,
        connected: p.userId === null || p.disconnectedAt === null,
      })),
    result: state.result
      ? {
          winner_side: state.result.winnerSide,
          winner_seats: [...state.result.winnerSeats],
          scores: [...state.result.scores],
          hands: state.result.hands,
        }
      : null,
    table: { id: table.id, name: table.name, entry_price: centsToBolivares(game.entryCents ?? 0) },
    spectators,
    replay_available: finished && table.visibility === 'public',
  };
}

/**
 * The watch target of a committed game for the push to its spectators (no caller to check: the
 * sockets in the spectators' room were checked by `watchTarget` when they joined). Null for a
 * match that is not a table's.
 */
export async function pushTarget(
  db: Executor,
  game: GameRow,
  players: PlayerRow[],
): Promise<WatchTarget | null> {
  if (game.kind !== 'table' || game.tableId === null) return null;
  const [table] = await db
    .select({ id: gameTables.id, name: gameTables.name, visibility: gameTables.visibility })
    .from(gameTables)
    .where(eq(gameTables.id, game.tableId));
  if (!table) return null;
  const name = (game.meta as { tableName?: string } | null)?.tableName ?? table.name;
  return { game, players, table: { id: table.id, name, visibility: table.visibility } };
}
