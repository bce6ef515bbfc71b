import { eq, sql } from 'drizzle-orm';
import type { Difficulty } from '@domino/contracts';
import type { MatchState, Move, Seat } from '@domino/domino';
import { applyMove, playerView } from '@domino/domino';
import type { Db } from '../../db/client';
import { games } from '../../db/schema';
import { gameCacheFor } from './cache';
import type { Actor, GamesContext } from './context';
import { afterCommit, broadcast } from './context';
import { moveCommitterFor } from './commit-batch';
import { commitFromCopy, persistMove } from './moves';
import { announceTurn } from './turn-notice';
import type { GameRow, PlayerRow } from './repo';
import { claimDueGame, dueGames, gamePlayersOf } from './repo';

/**
 * Due moves: what the server plays when a game's due time passes (a CPU seat's move, a forced
 * move, or the medium bot for a player whose turn time ran out), and the deadlines a starting
 * node gives back after downtime. The sweeper (sweeper.ts) polls for due games and calls
 * `playDueGame`; each due action fires once across nodes (decision 008).
 */
/** The move the server plays for the seat to move: CPU, forced, or the medium bot for an absent player. */
function dueMove(
  ctx: GamesContext,
  game: GameRow,
  players: PlayerRow[],
  state: MatchState,
  seat: Seat,
): { move: Move; actor: Actor } {
  const occupant = players.find((p) => p.seat === seat);
  const isBot = !occupant || occupant.userId === null;
  const level: Difficulty = isBot
    ? ((occupant?.botLevel as Difficulty | null) ?? 'medio')
    : 'medio';
  const view = playerView(state, seat);
  // A player's only legal move is played for them without counting as absence.
  const forced = !isBot && view.legalMoves.length === 1;
  const move = forced
    ? (view.legalMoves[0] as Move)
    : ctx.bots(view, level, `${game.id}:${game.version}`);
  return { move, actor: isBot ? 'bot' : forced ? 'forced' : 'autoplay' };
}

/**
 * Plays the due action of one game found by the sweeper's poll at `version`: computed from this
 * node's copy and written with one round trip that skips a locked row and re-checks, under the
 * lock, that the game is still due at that version (so it fires once across nodes). A final
 * move, or a game in an unexpected state, goes through the locked transaction. Returns true when
 * a move was played.
 */
export async function playDueGame(
  ctx: GamesContext,
  gameId: string,
  version: number,
): Promise<boolean> {
  const cache = gameCacheFor(ctx.db);
  // The poll saw a version this node's copy does not have yet because this node is writing the
  // game right now (its commit landed, its answer has not): look again at the next poll rather
  // than read the game back from the database (decision 035).
  const held = cache.get(gameId);
  if (held && held.row.version < version && moveCommitterFor(ctx.db).writing(gameId)) return false;
  for (let attempt = 0; attempt < 2; attempt++) {
    const entry = await cache.load(ctx.db, gameId, {
      atLeastVersion: version,
      refresh: attempt > 0,
    });
    if (!entry || entry.row.version !== version) return false;
    const state = entry.row.state as MatchState;
    const seat = state.hand.turn;
    if (entry.row.status !== 'playing' || state.status !== 'playing' || seat === null) {
      return runDueGameLocked(ctx, gameId);
    }
    const { move, actor } = dueMove(ctx, entry.row, entry.players, state, seat);
    const result = applyMove(state, seat, move);
    if (!result.ok) {
      throw new Error(`bot chose an illegal move in game ${gameId}: ${result.code}`);
    }
    if (result.state.status !== 'playing') return runDueGameLocked(ctx, gameId);
    const committed = await commitFromCopy(
      ctx,
      entry,
      seat,
      move,
      result.state,
      result.events,
      actor,
      true,
    );
    if (committed === 'busy') return false;
    if (committed === 'stale') continue; // presence changed or another node moved: look again
    broadcast(ctx, committed);
    announceTurn(ctx, committed);
    return true;
  }
  return false;
}

/**
 * One sweeper step: plays the due action of the most overdue game this node can take (CPU move,
 * forced move, or the medium bot for a player whose turn time ran out). Returns false when
 * nothing was played.
 */
export async function runDueGame(ctx: GamesContext): Promise<boolean> {
  for (const due of await dueGames(ctx.db, 8)) {
    if (await playDueGame(ctx, due.id, due.version)) return true;
  }
  return false;
}

/**
 * The due action of one game (or of the most overdue one) in one transaction: claims it with
 * SKIP LOCKED, plays, and settles when the move ends the match. Returns false when nothing was
 * due.
 */
async function runDueGameLocked(ctx: GamesContext, gameId?: string): Promise<boolean> {
  const committed = await ctx.db.transaction(async (tx) => {
    const game = await claimDueGame(tx, gameId);
    if (!game) return null;
    const players = await gamePlayersOf(tx, game.id);
    const state = game.state as MatchState;
    const seat = state.hand.turn;
    if (state.status !== 'playing' || seat === null) {
      await tx.update(games).set({ dueAt: null }).where(eq(games.id, game.id));
      return null;
    }
    const { move, actor } = dueMove(ctx, game, players, state, seat);
    const result = applyMove(state, seat, move);
    if (!result.ok) throw new Error(`bot chose an illegal move in game ${game.id}: ${result.code}`);
    const persisted = await persistMove(
      tx,
      game,
      players,
      seat,
      move,
      result.state,
      result.events,
      actor,
      ctx.timing,
    );
    return { game: persisted.row, players, balances: persisted.balances };
  });
  if (!committed) return false;
  afterCommit(ctx, committed);
  announceTurn(ctx, committed);
  return true;
}

/**
 * How long past due a player's turn deadline must be, still unplayed, before a starting node
 * may conclude that no sweeper was running and give the turn again (decision 010). A running
 * sweeper polls every 200 ms (SWEEPER_INTERVAL_MS) and plays a lapsed turn within a poll or
 * two, well under a second even at the 500-match bench load; 10 s is fifty polls of margin,
 * so a deadline that old means the whole cluster was down, while a rolling restart (other
 * nodes sweeping) never hands a live game a fresh turn.
 */
export const RESTART_EXTENSION_MIN_LAPSE_MS = 10_000;

/**
 * After a server (re)start: gives every player whose turn deadline lapsed at least `minLapseMs`
 * ago (and is still unplayed, so no sweeper was running) a fresh full turn, so nobody loses a
 * turn to downtime (decision 010: games resume after a server restart with their deadlines
 * extended). Deadlines that lapsed more recently, or are still ahead, are left alone: another
 * node's sweeper may be playing them right now (decision 010). CPU turns have no deadline and
 * are due at once. The game's version is unchanged. Returns how many games were extended.
 */
export async function extendDeadlinesAfterRestart(
  db: Db,
  minLapseMs = RESTART_EXTENSION_MIN_LAPSE_MS,
): Promise<number> {
  const res = await db.execute(sql`
    update games set
      turn_deadline = now() + make_interval(secs => (state->'config'->>'turnSeconds')::numeric),
      due_at = now() + make_interval(secs => (state->'config'->>'turnSeconds')::numeric)
    where status = 'playing' and turn_deadline is not null
      and turn_deadline < now() - make_interval(secs => ${minLapseMs / 1000}::numeric)
    returning id`);
  return (res as unknown as { rows: unknown[] }).rows.length;
}
