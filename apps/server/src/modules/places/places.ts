import { and, eq } from 'drizzle-orm';
import { MSG_PLACE, PLACE_ELSEWHERE, QUICK_PLACE_NAME, type Place } from '@domino/contracts';
import type { Executor, Tx } from '../../db/client';
import { pgConstraint, pgErrorCode } from '../../db/client';
import { gameTables, games, playerPlaces, tournaments } from '../../db/schema';
import { AppError } from '../../lib/errors';

/**
 * One player, one place at a time (docs/decisions/047-one-place-at-a-time.md). The rule lives in
 * the database: `player_places` has one row per user, claimed and released by triggers on
 * `table_seats`, `quick_play_queue` (waiting entries) and `tournament_entrants` (migration 0035),
 * so no path can put a player in two places. This module reads the place for the refusal's
 * message and link, and turns the database's refusal of a concurrent claim into the same 409.
 *
 * A path that places a player checks {@link assertFree} early (before any money moves), under its
 * own lock of the user row, and runs the insert that claims the place through
 * {@link claimingPlace}: when a concurrent transaction won the user's place in between, the
 * insert fails, and the refusal names the place that transaction took. The caller's transaction
 * then rolls back whole, so nothing it charged stays charged.
 */

/** The constraint the claim trigger names when the user is elsewhere (migration 0035). */
export const PLACE_CONSTRAINT = 'player_places_pkey';

/**
 * Where `userId` is now, or null: the kind, the table or tournament (id and name) and, for a
 * table, whether its match has started. Reads the latest committed rows (or the caller's own).
 */
export async function placeOf(db: Executor, userId: number): Promise<Place | null> {
  const [row] = await db
    .select({
      kind: playerPlaces.kind,
      tableId: playerPlaces.tableId,
      tournamentId: playerPlaces.tournamentId,
      tableName: gameTables.name,
      tournamentName: tournaments.name,
    })
    .from(playerPlaces)
    .leftJoin(gameTables, eq(gameTables.id, playerPlaces.tableId))
    .leftJoin(tournaments, eq(tournaments.id, playerPlaces.tournamentId))
    .where(eq(playerPlaces.userId, userId));
  if (!row) return null;
  let playing = false;
  if (row.kind === 'table' && row.tableId !== null) {
    const [live] = await db
      .select({ id: games.id })
      .from(games)
      .where(
        and(eq(games.tableId, row.tableId), eq(games.kind, 'table'), eq(games.status, 'playing')),
      )
      .limit(1);
    playing = live !== undefined;
  }
  return {
    kind: row.kind,
    table_id: row.tableId,
    tournament_id: row.tournamentId,
    name:
      row.kind === 'quick'
        ? QUICK_PLACE_NAME
        : ((row.kind === 'table' ? row.tableName : row.tournamentName) ?? ''),
    playing,
  };
}

/** The Spanish refusal for a player who is at `place`. */
export function elsewhereMessage(place: Place): string {
  if (place.kind === 'quick') return MSG_PLACE.inQuick;
  if (place.kind === 'tournament') return MSG_PLACE.inTournament(place.name);
  return place.playing ? MSG_PLACE.playingAtTable(place.name) : MSG_PLACE.atTable(place.name);
}

/** 409 `place/elsewhere` with the place in the body (`place`, contracts placeSchema). */
export function elsewhereError(place: Place): AppError {
  return new AppError(PLACE_ELSEWHERE, 409, elsewhereMessage(place), undefined, { place });
}

/**
 * Refuses with 409 `place/elsewhere` when `userId` is somewhere. Errors: that 409.
 */
export async function assertFree(db: Executor, userId: number): Promise<void> {
  const place = await placeOf(db, userId);
  if (place) throw elsewhereError(place);
}

/**
 * Whether `err` is the database refusing a second place for a user: the claim trigger, or the
 * unique seat per user of `table_seats` (`table_seats_user_key`), which a concurrent seat at
 * another table meets first.
 */
export function isPlaceClaimConflict(err: unknown): boolean {
  if (pgErrorCode(err) !== '23505') return false;
  const constraint = pgConstraint(err);
  return constraint === PLACE_CONSTRAINT || constraint === 'table_seats_user_key';
}

/**
 * Runs `write` (the insert or update whose trigger claims `userId`'s place) in a savepoint of
 * `tx`. When the claim is refused because a concurrent transaction placed the user first, the
 * savepoint is undone and `onTaken(place)` decides the error to throw (default: 409
 * `place/elsewhere` naming that place); the caller lets that error roll its transaction back, so
 * nothing it wrote before (an entry charged) stays. When the holder left that place again before
 * it could be read, `write` is tried again. Other errors of `write` pass through unchanged.
 */
export async function claimingPlace<T>(
  tx: Tx,
  userId: number,
  write: (sp: Tx) => Promise<T>,
  onTaken: (place: Place) => AppError = elsewhereError,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await tx.transaction(write);
    } catch (err) {
      if (!isPlaceClaimConflict(err) || attempt >= 3) throw err;
      const place = await placeOf(tx, userId);
      if (place) throw onTaken(place);
    }
  }
}
