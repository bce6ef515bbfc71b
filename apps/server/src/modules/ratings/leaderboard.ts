import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { LeaderboardResponse, LeaderboardTab, LeaderboardRow } from '@domino/contracts';
import { RATING_PROVISIONAL_GAMES, publicName } from '@domino/contracts';
import type { Executor } from '../../db/client';
import { playerRatings, users } from '../../db/schema';
import { potMonth } from '../pot/month';
import { monthRanking } from '../pot/ranking';
import { ratingsOf } from './service';

/** Rows per leaderboard page. */
export const LEADERBOARD_PAGE_SIZE = 50;

/**
 * One page of the public leaderboard (/clasificacion; decision 026). Public: rows carry the
 * position, the public name (publicName of names.ts) and the figures, never a user id, e-mail or
 * full name; `me` marks the caller's own row when `callerId` is given.
 *
 * - `parejas` / `individual`: the rating ladder of that mode — players with at least
 *   RATING_PROVISIONAL_GAMES rated matches whose account is `activo`, by rating (higher first),
 *   then rated matches (more first), then user id. Provisional ratings are left out; the caller
 *   gets their own rating in `mine` even while provisional.
 * - `points`: this Caracas month's pot points (pot/ranking.ts monthRanking, the same order as the
 *   Pote del Mes).
 */
export async function leaderboardPage(
  db: Executor,
  tab: LeaderboardTab,
  page: number,
  callerId: number | null,
  now = new Date(),
): Promise<LeaderboardResponse> {
  const perPage = LEADERBOARD_PAGE_SIZE;
  const month = potMonth(now);
  if (tab === 'points') {
    const ranking = await monthRanking(db, month);
    const rows: LeaderboardRow[] = ranking.slice((page - 1) * perPage, page * perPage).map((r) => ({
      position: r.position,
      name: publicName(r.name),
      points: r.points,
      won: r.matchesWon,
      me: r.userId === callerId,
    }));
    return { tab, month, rows, total: ranking.length, page, per_page: perPage, mine: null };
  }
  const found = await db
    .select({
      userId: playerRatings.userId,
      name: users.name,
      rating: playerRatings.rating,
      games: playerRatings.games,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(playerRatings)
    .innerJoin(users, eq(users.id, playerRatings.userId))
    .where(
      and(
        eq(playerRatings.mode, tab),
        gte(playerRatings.games, RATING_PROVISIONAL_GAMES),
        eq(users.status, 'activo'),
      ),
    )
    .orderBy(desc(playerRatings.rating), desc(playerRatings.games), asc(playerRatings.userId))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const rows: LeaderboardRow[] = found.map((r, i) => ({
    position: (page - 1) * perPage + i + 1,
    name: publicName(r.name),
    rating: Math.round(r.rating),
    games: r.games,
    me: Number(r.userId) === callerId,
  }));
  let total = Number(found[0]?.total ?? 0);
  if (found.length === 0 && page > 1) {
    const [c] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(playerRatings)
      .innerJoin(users, eq(users.id, playerRatings.userId))
      .where(
        and(
          eq(playerRatings.mode, tab),
          gte(playerRatings.games, RATING_PROVISIONAL_GAMES),
          eq(users.status, 'activo'),
        ),
      );
    total = Number(c?.n ?? 0);
  }
  const mine =
    callerId === null ? null : ((await ratingsOf(db, [callerId], tab)).get(callerId) ?? null);
  return { tab, month, rows, total, page, per_page: perPage, mine };
}
