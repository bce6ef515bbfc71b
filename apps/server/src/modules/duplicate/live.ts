import { sql } from 'drizzle-orm';
import { SERVER_EVENTS, type DuplicateComparedEvent } from '@domino/contracts';
import type { Executor } from '../../db/client';
import type { RealtimeHub } from '../realtime/hub';

/**
 * A board compared, live (docs/decisions/062-duplicate-domino.md, addendum "A board compared,
 * live"): after the commit of a move that ended a hand of a duplicate table, the set's players
 * learn at once when that board is now finished at BOTH tables, so their set page refetches its
 * comparison instead of waiting for a poll.
 */

/** The rows of a raw query, on either driver (PostgreSQL, PGlite). */
const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

/** What {@link boardCompared} found: who to tell, and the tournament of the set if any. */
export interface ComparedBoard {
  event: DuplicateComparedEvent;
  /** Every player of the set's two tables (user ids). */
  userIds: number[];
  /** The tournament the set belongs to (its games' meta), or null for a staff-opened set. */
  tournamentId: number | null;
}

/**
 * Whether hand `board` (1-based), which game `gameId` just finished, is now compared: the game
 * is one of a set's two tables and the other table has finished that board too (its history
 * holds at least `board` hands). Read after the commit, so when both tables finish the board at
 * once at least one of the two calls sees the other's commit (both may: the event is a "refetch"
 * and says the same thing twice). Returns null when the board is not compared yet, or the game
 * belongs to no set. One query (both games' history lengths, the set) and one for the players.
 */
export async function boardCompared(
  db: Executor,
  gameId: string,
  board: number,
): Promise<ComparedBoard | null> {
  const found = await db.execute(sql`
    select s.id, s.boards, s.game1_id, s.game2_id,
           jsonb_array_length(coalesce(g1.history, g1.state -> 'history')) as h1,
           jsonb_array_length(coalesce(g2.history, g2.state -> 'history')) as h2,
           g1.meta -> 'tournament' ->> 'id' as tournament_id
      from duplicate_sets s
      join games g1 on g1.id = s.game1_id
      join games g2 on g2.id = s.game2_id
     where s.game1_id = ${gameId} or s.game2_id = ${gameId}`);
  const set = rowsOf<{
    id: number | string;
    boards: number;
    game1_id: string;
    game2_id: string;
    h1: number | string;
    h2: number | string;
    tournament_id: string | null;
  }>(found)[0];
  if (!set) return null;
  const h1 = Number(set.h1);
  const h2 = Number(set.h2);
  const other = set.game1_id === gameId ? h2 : h1;
  if (board < 1 || other < board) return null;
  const players = await db.execute(
    sql`select user_id from game_players
         where game_id in (${set.game1_id}, ${set.game2_id}) and user_id is not null`,
  );
  return {
    event: {
      set_id: Number(set.id),
      boards_compared: Math.min(h1, h2, set.boards),
    },
    userIds: [...new Set(rowsOf<{ user_id: unknown }>(players).map((r) => Number(r.user_id)))],
    tournamentId: set.tournament_id === null ? null : Number(set.tournament_id),
  };
}

/**
 * After the commit of a move that ended hand `board` of duplicate game `gameId`: when the board
 * is now compared ({@link boardCompared}), sends `duplicate:compared` to the user room of each
 * player of the set — nobody else: strangers and spectators never see a set's comparison, and
 * a player of the other table receives it only once their own table finished the board, since
 * it is sent only then — and, for a tournament's set, calls `tournamentBoardCompared` (its
 * standings count compared boards). Failures go to `onError`; nothing here affects the move.
 */
export async function announceCompared(
  db: Executor,
  hub: RealtimeHub,
  gameId: string,
  board: number,
  tournamentBoardCompared: (tournamentId: number) => void,
): Promise<void> {
  const compared = await boardCompared(db, gameId, board);
  if (!compared) return;
  for (const userId of compared.userIds)
    hub.toUser(userId, SERVER_EVENTS.duplicateCompared, compared.event);
  if (compared.tournamentId !== null) tournamentBoardCompared(compared.tournamentId);
}
