import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accounts, gamePlayers, gameTables, games, users } from '../../db/schema';

/** A finished real-money match with its winners, as read for the landing (céntimos, full names). */
export interface RecentWin {
  gameId: string;
  finishedAt: Date;
  tableName: string;
  prizeCents: number;
  winnerNames: string[];
}

/**
 * The latest finished real-money matches that paid winners (games.kind 'table', status
 * 'finished', game_players.result 'win'), newest first. Winner names are in seat order; the prize
 * is what each winning seat was paid (payout_cents, equal for partners). Table name: the snapshot
 * taken when the match started (meta.tableName), else the table's current name.
 */
export async function recentWins(db: Executor, limit: number): Promise<RecentWin[]> {
  const finishedAt = sql<Date>`coalesce(${games.finishedAt}, ${games.updatedAt})`;
  const rows = await db
    .select({
      gameId: games.id,
      finishedAt,
      snapshotName: sql<string | null>`${games.meta} ->> 'tableName'`,
      currentName: gameTables.name,
    })
    .from(games)
    .leftJoin(gameTables, eq(gameTables.id, games.tableId))
    .where(
      and(
        eq(games.kind, 'table'),
        eq(games.status, 'finished'),
        sql`exists (select 1 from ${gamePlayers} where ${gamePlayers.gameId} = ${games.id} and ${gamePlayers.result} = 'win')`,
      ),
    )
    .orderBy(desc(finishedAt))
    .limit(limit);
  if (rows.length === 0) return [];
  const seats = await db
    .select({
      gameId: gamePlayers.gameId,
      seat: gamePlayers.seat,
      payoutCents: gamePlayers.payoutCents,
      name: users.name,
    })
    .from(gamePlayers)
    .innerJoin(users, eq(users.id, gamePlayers.userId))
    .where(
      and(
        inArray(
          gamePlayers.gameId,
          rows.map((r) => r.gameId),
        ),
        eq(gamePlayers.result, 'win'),
      ),
    )
    .orderBy(gamePlayers.gameId, gamePlayers.seat);
  return rows.map((r) => {
    const winners = seats.filter((s) => s.gameId === r.gameId);
    return {
      gameId: r.gameId,
      // Raw SQL expressions come back as text on one driver and as Date on the other.
      finishedAt: new Date(r.finishedAt),
      tableName: r.snapshotName ?? r.currentName ?? 'Mesa',
      prizeCents: Math.max(0, ...winners.map((s) => Number(s.payoutCents ?? 0))),
      winnerNames: winners.map((s) => s.name),
    };
  });
}

/** The balance of a month's pot account (`monthly_pot` ref 'YYYY-MM'), céntimos; 0 if none yet. */
export async function potBalanceCents(db: Executor, month: string): Promise<number> {
  const [row] = await db
    .select({ balance: accounts.balanceCents })
    .from(accounts)
    .where(
      and(eq(accounts.kind, 'monthly_pot'), isNull(accounts.ownerUserId), eq(accounts.ref, month)),
    );
  return Number(row?.balance ?? 0);
}
