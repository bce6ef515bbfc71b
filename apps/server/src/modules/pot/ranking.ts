import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { potPoints, users } from '../../db/schema';

/** One row of a month's ranking (Pote del Mes). */
export interface RankingRow {
  /** 1-based position; every row has its own position (ties are broken, never shared). */
  position: number;
  userId: number;
  /** The player's name as stored (display fallbacks are the client's business). */
  name: string;
  /** Sum of the points the player's side scored in the month's finished real-money matches. */
  points: number;
  /** Matches of the month the player's side won. */
  matchesWon: number;
  /** When the player reached their total: the settlement instant of their last scoring match. */
  reachedAt: Date;
}

/**
 * The ranking of one Caracas month 'YYYY-MM' (issue 6, "Monthly pot and points"): the sum of each
 * player's `pot_points` of that month, ordered by points (more first), then matches won (more
 * first), then who reached their total first (earlier last settlement first), then user id. Only
 * players with at least one settled real-money match that month appear. `limit` caps the rows
 * (positions stay 1..n of the full order). Pure read; usable on the database or inside a
 * transaction (the month close ranks inside its own).
 */
export async function monthRanking(
  db: Executor,
  month: string,
  opts: { limit?: number } = {},
): Promise<RankingRow[]> {
  const points = sql<number>`sum(${potPoints.points})::int`;
  const matchesWon = sql<number>`(count(*) filter (where ${potPoints.won}))::int`;
  // Epoch milliseconds, so both drivers return a number (raw timestamps come back as text).
  const reachedAt = sql<number>`(extract(epoch from max(${potPoints.createdAt})) * 1000)::float8`;
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
    .where(eq(potPoints.month, month))
    .groupBy(potPoints.userId, users.name)
    .orderBy(
      desc(points),
      desc(matchesWon),
      asc(sql`max(${potPoints.createdAt})`),
      asc(potPoints.userId),
    );
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
