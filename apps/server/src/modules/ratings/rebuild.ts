import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { RatingMode } from '@domino/contracts';
import { RATING_DEFAULTS } from '@domino/contracts';
import type { Db } from '../../db/client';
import { gamePlayers, gameTables, games, playerRatings, ratingChanges } from '../../db/schema';
import type { Glicko, RatedSeat } from './glicko';
import { rateSeats } from './glicko';
import { isRatedTable } from './service';

/**
 * Recomputes every rating from the match log (decision 026, "Rebuild"): in one transaction it
 * locks `player_ratings` and `rating_changes` against the live path, deletes both, and replays
 * every finished, rated match (isRatedTable, every seat a human with a win/loss result) in the
 * order they finished (`games.finished_at`, then id) with the same arithmetic as rateMatch. A
 * player sits at one table at a time, so each player's matches finish in the order they were rated
 * live, and the rebuild gives the same rows (float8 round-trips exactly; the live rows' times are
 * the final move's transaction time, which is the match's `finished_at`). Returns the counts.
 * Run with `npm run ratings:rebuild -w @domino/server`.
 */
export async function rebuildRatings(db: Db): Promise<{ matches: number; players: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table player_ratings, rating_changes in exclusive mode`);
    await tx.delete(ratingChanges);
    await tx.delete(playerRatings);
    const finished = await tx
      .select({
        id: games.id,
        kind: games.kind,
        mode: sql<RatingMode>`${games.rules}->>'mode'`,
        visibility: gameTables.visibility,
        forfeit: sql<boolean>`coalesce((${games.storedState}->'result'->>'forfeit')::boolean, false)`,
        finishedAt: games.finishedAt,
      })
      .from(games)
      .innerJoin(gameTables, eq(gameTables.id, games.tableId))
      .where(
        and(
          eq(games.kind, 'table'),
          eq(games.status, 'finished'),
          ne(gameTables.visibility, 'private'),
        ),
      )
      .orderBy(asc(games.finishedAt), asc(games.id));
    const rated = finished.filter((g) => isRatedTable(g));
    const seatsByGame = new Map<
      string,
      { seat: number; userId: number | null; result: string | null }[]
    >();
    for (let i = 0; i < rated.length; i += 500) {
      const ids = rated.slice(i, i + 500).map((g) => g.id);
      const rows = await tx
        .select({
          gameId: gamePlayers.gameId,
          seat: gamePlayers.seat,
          userId: gamePlayers.userId,
          result: gamePlayers.result,
        })
        .from(gamePlayers)
        .where(inArray(gamePlayers.gameId, ids));
      for (const r of rows) {
        const list = seatsByGame.get(r.gameId) ?? [];
        list.push({
          seat: r.seat,
          userId: r.userId === null ? null : Number(r.userId),
          result: r.result,
        });
        seatsByGame.set(r.gameId, list);
      }
    }
    const current = new Map<string, Glicko & { games: number; at: Date | null }>();
    const key = (mode: RatingMode, userId: number) => `${mode}:${userId}`;
    const changes: (typeof ratingChanges.$inferInsert)[] = [];
    let matches = 0;
    for (const g of rated) {
      const seats = seatsByGame.get(g.id) ?? [];
      if (seats.some((s) => s.userId === null || (s.result !== 'win' && s.result !== 'loss')))
        continue;
      const ratedSeats: RatedSeat[] = seats.map((s) => ({
        seat: s.seat,
        userId: s.userId as number,
        won: s.result === 'win',
      }));
      if (new Set(ratedSeats.map((s) => s.userId)).size !== ratedSeats.length) continue;
      const before = new Map<number, Glicko>();
      for (const s of ratedSeats) {
        const c = current.get(key(g.mode, s.userId));
        before.set(s.userId, c ?? { ...RATING_DEFAULTS });
      }
      const after = rateSeats(g.mode, ratedSeats, before);
      if (!after) continue;
      matches += 1;
      for (const s of ratedSeats) {
        const b = before.get(s.userId) as Glicko;
        const a = after.get(s.userId) as Glicko;
        const games = (current.get(key(g.mode, s.userId))?.games ?? 0) + 1;
        current.set(key(g.mode, s.userId), { ...a, games, at: g.finishedAt });
        changes.push({
          gameId: g.id,
          userId: s.userId,
          mode: g.mode,
          ratingBefore: b.rating,
          ratingAfter: a.rating,
          rdBefore: b.rd,
          rdAfter: a.rd,
          volatilityBefore: b.volatility,
          volatilityAfter: a.volatility,
          ...(g.finishedAt ? { createdAt: g.finishedAt } : {}),
        });
      }
    }
    for (let i = 0; i < changes.length; i += 1000)
      await tx.insert(ratingChanges).values(changes.slice(i, i + 1000));
    const rows = [...current.entries()].map(([k, v]) => {
      const [mode, userId] = k.split(':') as [RatingMode, string];
      return {
        userId: Number(userId),
        mode,
        rating: v.rating,
        rd: v.rd,
        volatility: v.volatility,
        games: v.games,
        ...(v.at ? { updatedAt: v.at } : {}),
      };
    });
    for (let i = 0; i < rows.length; i += 1000)
      await tx.insert(playerRatings).values(rows.slice(i, i + 1000));
    return { matches, players: rows.length };
  });
}
