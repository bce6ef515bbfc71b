import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PlayerRating, RatingChange, RatingMode } from '@domino/contracts';
import { RATING_DEFAULTS, RATING_PROVISIONAL_GAMES } from '@domino/contracts';
import type { Executor, Tx } from '../../db/client';
import { readTogether } from '../../db/client';
import { playerRatings, ratingChanges } from '../../db/schema';
import type { Glicko, RatedSeat } from './glicko';
import { rateSeats } from './glicko';

/**
 * Ratings (docs/decisions/026-ratings-and-leaderboards.md): Glicko-2 per player and mode,
 * updated in the transaction of a rated match's final move, read by the profile, the seats, Mis
 * Partidas and the leaderboard. This module imports no other module (games calls it).
 */

/** What decides whether a match counts for ratings: the game's kind and its table's visibility. */
export interface RatedTableFacts {
  kind: string;
  /** `game_tables.visibility` of the match's table; null when it has none (practice). */
  visibility: string | null;
  /** The match ended by forfeit (a tournament no-show), not by play: never rated. */
  forfeit?: boolean;
}

/**
 * THE rule of which matches are rated (decision 026): a table match (`kind === 'table'`) at a table
 * that is not private — public tables and any other shared table (quick play, tournaments). Private
 * tables are unrated so friends cannot farm each other; practice against the CPU is never rated.
 * A match ended by forfeit (a tournament no-show) is unrated: nobody played it out. Voided or
 * cancelled matches never finish, so they never reach rateMatch. Pure.
 */
export function isRatedTable(facts: RatedTableFacts): boolean {
  return (
    facts.kind === 'table' &&
    facts.visibility !== null &&
    facts.visibility !== 'private' &&
    facts.forfeit !== true
  );
}

/** A finished match as rateMatch needs it. `won` per seat comes from the match result. */
export interface FinishedMatchFacts extends RatedTableFacts {
  gameId: string;
  mode: RatingMode;
  seats: { seat: number; userId: number | null; won: boolean }[];
}

/** The display form of stored Glicko values (rounded; provisional below the match count). Pure. */
export function toPlayerRating(row: { rating: number; rd: number; games: number }): PlayerRating {
  return {
    rating: Math.round(row.rating),
    rd: Math.round(row.rd),
    games: row.games,
    provisional: row.games < RATING_PROVISIONAL_GAMES,
  };
}

const DEFAULT_ROW = {
  rating: RATING_DEFAULTS.rating,
  rd: RATING_DEFAULTS.rd,
  volatility: RATING_DEFAULTS.volatility,
  games: 0,
};

/**
 * Rates one finished match inside the caller's transaction (the final move's, so a finished match
 * is never left unrated; games/finish.ts). Does nothing and returns null for an unrated match
 * (isRatedTable false, a seat without a human, nobody or everybody winning). Otherwise it locks the
 * players' `player_ratings` rows (created with the defaults if missing) in user-id order, computes
 * every new value from the values before the match (rateSeats), writes them (games + 1) and one
 * `rating_changes` row per player, and returns the changes by user id.
 *
 * Calling it twice for the same game fails on the `rating_changes` primary key (the transaction
 * rolls back): a match is rated once.
 */
export async function rateMatch(
  tx: Tx,
  match: FinishedMatchFacts,
): Promise<Map<number, { before: Glicko; after: Glicko }> | null> {
  if (!isRatedTable(match)) return null;
  if (match.seats.some((s) => s.userId === null)) return null;
  const seats = match.seats as RatedSeat[];
  const userIds = [...new Set(seats.map((s) => s.userId))].sort((a, b) => a - b);
  if (userIds.length !== seats.length) return null;
  await tx
    .insert(playerRatings)
    .values(userIds.map((userId) => ({ userId, mode: match.mode, ...DEFAULT_ROW })))
    .onConflictDoNothing();
  const rows = await tx
    .select()
    .from(playerRatings)
    .where(and(eq(playerRatings.mode, match.mode), inArray(playerRatings.userId, userIds)))
    .orderBy(playerRatings.userId)
    .for('update');
  const before = new Map<number, Glicko>(
    rows.map((r) => [Number(r.userId), { rating: r.rating, rd: r.rd, volatility: r.volatility }]),
  );
  const after = rateSeats(match.mode, seats, before);
  if (!after) return null;
  const changes = new Map<number, { before: Glicko; after: Glicko }>();
  for (const userId of userIds) {
    const b = before.get(userId);
    const a = after.get(userId);
    if (!b || !a) throw new Error(`rating of user ${userId} missing`);
    changes.set(userId, { before: b, after: a });
    await tx
      .update(playerRatings)
      .set({
        rating: a.rating,
        rd: a.rd,
        volatility: a.volatility,
        games: sql`${playerRatings.games} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(playerRatings.userId, userId), eq(playerRatings.mode, match.mode)));
  }
  await tx.insert(ratingChanges).values(
    userIds.map((userId) => {
      const c = changes.get(userId) as { before: Glicko; after: Glicko };
      return {
        gameId: match.gameId,
        userId,
        mode: match.mode,
        ratingBefore: c.before.rating,
        ratingAfter: c.after.rating,
        rdBefore: c.before.rd,
        rdAfter: c.after.rd,
        volatilityBefore: c.before.volatility,
        volatilityAfter: c.after.volatility,
      };
    }),
  );
  return changes;
}

/**
 * The ratings of `userIds` in `mode` (public information), with the defaults (1500, RD 350, 0
 * games, provisional) for players without a row. Used by seats, profile and quick play.
 */
export async function ratingsOf(
  executor: Executor,
  userIds: number[],
  mode: RatingMode,
): Promise<Map<number, PlayerRating>> {
  const out = new Map<number, PlayerRating>();
  if (userIds.length === 0) return out;
  const rows = await executor
    .select({
      userId: playerRatings.userId,
      rating: playerRatings.rating,
      rd: playerRatings.rd,
      games: playerRatings.games,
    })
    .from(playerRatings)
    .where(and(eq(playerRatings.mode, mode), inArray(playerRatings.userId, userIds)));
  for (const r of rows) out.set(Number(r.userId), toPlayerRating(r));
  for (const id of userIds) if (!out.has(id)) out.set(id, toPlayerRating(DEFAULT_ROW));
  return out;
}

/** Both of a player's ratings (the profile card). */
export async function ratingsOfUser(
  executor: Executor,
  userId: number,
): Promise<Record<RatingMode, PlayerRating>> {
  const [parejas, individual] = await readTogether(executor, [
    () => ratingsOf(executor, [userId], 'parejas'),
    () => ratingsOf(executor, [userId], 'individual'),
  ]);
  return {
    parejas: parejas.get(userId) as PlayerRating,
    individual: individual.get(userId) as PlayerRating,
  };
}

/**
 * One player's rating change in each of `gameIds` (Mis Partidas shows only the caller's own):
 * integers rounded from the stored values, delta = round(after) − round(before).
 */
export async function ratingChangesOf(
  executor: Executor,
  userId: number,
  gameIds: string[],
): Promise<Map<string, RatingChange>> {
  const out = new Map<string, RatingChange>();
  if (gameIds.length === 0) return out;
  const rows = await executor
    .select({
      gameId: ratingChanges.gameId,
      before: ratingChanges.ratingBefore,
      after: ratingChanges.ratingAfter,
    })
    .from(ratingChanges)
    .where(and(eq(ratingChanges.userId, userId), inArray(ratingChanges.gameId, gameIds)));
  for (const r of rows) {
    const before = Math.round(r.before);
    const after = Math.round(r.after);
    out.set(r.gameId, { before, after, delta: after - before });
  }
  return out;
}
