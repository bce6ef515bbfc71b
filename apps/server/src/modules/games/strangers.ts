import { eq } from 'drizzle-orm';
import { gameMessage } from '@domino/contracts';
import type { Executor } from '../../db/client';
import { gameTables } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { findGame } from './repo';

/**
 * What a stranger learns about a match by its id (docs/decisions/048-strangers-and-acknowledgements.md).
 *
 * A match is *open* when anyone logged in may watch it without a code: a match of a table that is
 * not private (public, tournament and quick tables, decisions 022, 027, 028). A non-player asking
 * for something only its players get (their view, a move, the fairness record, the replay, the
 * analysis) is told why for an open match, whose existence is no secret; for any other match (a
 * private table's, a practice match) the refusal is exactly the 404 of a match that does not
 * exist, so a stranger cannot find private or practice matches by trying ids.
 */

/** Whether `gameId` is an open match (see above); false for a missing one. */
export async function isOpenMatch(db: Executor, gameId: string): Promise<boolean> {
  const game = await findGame(db, gameId);
  if (!game || game.kind !== 'table' || game.tableId === null) return false;
  const [table] = await db
    .select({ visibility: gameTables.visibility })
    .from(gameTables)
    .where(eq(gameTables.id, game.tableId));
  return table !== undefined && table.visibility !== 'private';
}

/** The refusal of a match that does not exist (404 `game/not_found`, Spanish). */
export function matchNotFound(): AppError {
  return new AppError('game/not_found', 404, gameMessage('game/not_found'));
}

/**
 * Runs `work` (something only the match's players or staff may do). When it refuses with a 403
 * (the caller does not play the match: `game/not_a_player`, `analysis/not_yours`) and the match
 * is not open, the refusal becomes {@link matchNotFound}. Other results pass unchanged. The
 * extra read happens only on that refusal, never on the path of a player's move.
 */
export async function hiddenFromStrangers<T>(
  db: Executor,
  gameId: string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError && err.status === 403 && !(await isOpenMatch(db, gameId)))
      throw matchNotFound();
    throw err;
  }
}
