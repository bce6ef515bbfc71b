import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { GamesContext } from './context';
import { movePlayerFor } from './moves';

/**
 * Due moves: what the server plays when a game's due time passes (a CPU seat's move, a forced
 * move, or the medium bot for a player whose turn time ran out), and the deadlines a starting
 * node gives back after downtime. The sweeper (sweeper.ts) polls for due games; the move
 * player (moves.ts `MovePlayer.dueMove`) decides, writes and publishes each due action, which
 * fires once across nodes (decision 008).
 */

/**
 * Plays the due action of one game found by the sweeper's poll at `version`
 * (`MovePlayer.dueMove`). Returns true when a move was played.
 */
export function playDueGame(ctx: GamesContext, gameId: string, version: number): Promise<boolean> {
  return movePlayerFor(ctx).dueMove(gameId, version);
}

/**
 * One sweeper step: plays the due action of the most overdue game this node can take
 * (`MovePlayer.nextDue`). Returns false when nothing was played.
 */
export function runDueGame(ctx: GamesContext): Promise<boolean> {
  return movePlayerFor(ctx).nextDue();
}

/**
 * How long past due a player's turn deadline must be, still unplayed, before a starting node
 * may conclude that no sweeper was running and give the turn again (decision 010). A running
 * sweeper polls every 200 ms (SWEEPER_INTERVAL_MS) while games move on its node, and at least
 * every second (SWEEPER_IDLE_MS) for due times other nodes wrote (decision 078), so it plays a
 * lapsed turn within a second even at the 500-match bench load; 10 s is ten idle polls of
 * margin, so a deadline that old means the whole cluster was down, while a rolling restart
 * (other nodes sweeping) never hands a live game a fresh turn.
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
