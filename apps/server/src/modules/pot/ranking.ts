import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { potPoints, users } from '../../db/schema';

/** One row of a month's ranking (Pote del Mes). */
export interface RankingRow {
  /** 1-based position; every row has its own position (ties are broken, never shared). */
  position: number;
  userId: number;
  /**
   * The player's full name as stored. Only staff see it; players and visitors get `publicName`
   * of it (the service decides).
   */
  name: string;
  /** Sum of the points the player's side scored in the month's finished real-money matches. */
  points: number;
  /** Matches of the month the player's side won. */
  matchesWon: number;
  /** When the player reached their total: the settlement instant of their last match with points. */
  reachedAt: Date;
}

/**
 * The ranking of one Caracas month 'YYYY-MM' (decision 007): the sum of each
 * player's `pot_points` of that month, ordered by points (more first), then matches won (more
 * first), then who reached their total first (earlier last scoring settlement first), then user
 * id. `limit` caps the rows (positions stay 1..n of the full order). Pure read; usable on the
 * database or inside a transaction (the month close ranks inside its own).
 *
 * Who is ranked (decision 007, 2026-11-22): players whose month total is above 0 and whose account
 * is `activo` when the query runs. Settlement writes a row for every human player of a finished
 * match, including a side that scored nothing; a shut-out player is not ranked, so cannot take a
 * paid position with 0 points. A suspended account (e.g. for fraud) is left out while it is
 * suspended: the month close ranks when it runs, so a player suspended at that moment is skipped
 * and the next eligible player takes the place. Matches with 0 points do not move the instant the
 * total was reached.
 */
export async function monthRanking(
  db: Executor,
  month: string,
  opts: { limit?: number } = {},
): Promise<RankingRow[]> {
  const points = sql<number>`sum(${potPoints.points})::int`;
  const matchesWon = sql<number>`(count(*) filter (where ${potPoints.won}))::int`;
  const lastScoredAt = sql`max(${potPoints.createdAt}) filter (where ${potPoints.points} > 0)`;
  // Epoch milliseconds, so both drivers return a number (raw timestamps come back as text).
  const reachedAt = sql<number>`(extract(epoch from ${lastScoredAt}) * 1000)::float8`;
  const query = db
    .select({
      userId: potPoints.userId,
      name: users.name,
      points,
      matchesWon,
      reachedAt,
    })
    .from(potPoints)
    .innerJoin(users, eq(users.id, potPoints.userId))
    .where(and(eq(potPoints.month, month), eq(users.status, 'activo')))
    .groupBy(potPoints.userId, users.name)
    .having(sql`sum(${potPoints.points}) > 0`)
    .orderBy(desc(points), desc(matchesWon), asc(lastScoredAt), asc(potPoints.userId));
  const rows = opts.limit !== undefined ? await query.limit(opts.limit) : await query;
  return rows.map((r, i) => ({
    position: i + 1,
    userId: Number(r.userId),
    name: r.name,
    points: Number(r.points),
    matchesWon: Number(r.matchesWon),
    reachedAt: new Date(Number(r.reachedAt)),
  }));
}
