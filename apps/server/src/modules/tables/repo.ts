import { asc, eq, inArray } from 'drizzle-orm';
import type { Table } from '@domino/contracts';
import { centsToBolivares } from '@domino/contracts';
import type { Executor } from '../../db/client';
import { gameTables, tableSeats, users } from '../../db/schema';

/**
 * The table catalogue as players see it (spec §3 Table/game): open tables with the users seated
 * at each. entry_price is sent in bolívares.
 */
export async function listOpenTables(db: Executor): Promise<Table[]> {
  const tables = await db
    .select()
    .from(gameTables)
    .where(eq(gameTables.status, 'open'))
    .orderBy(asc(gameTables.entryPriceCents), asc(gameTables.id));
  if (tables.length === 0) return [];
  const seats = await db
    .select({ tableId: tableSeats.tableId, seat: tableSeats.seat, id: users.id, name: users.name })
    .from(tableSeats)
    .innerJoin(users, eq(users.id, tableSeats.userId))
    .where(
      inArray(
        tableSeats.tableId,
        tables.map((t) => t.id),
      ),
    )
    .orderBy(asc(tableSeats.seat));
  return tables.map((t) => {
    const seated = seats.filter((s) => s.tableId === t.id).map((s) => ({ id: s.id, name: s.name }));
    return {
      id: t.id,
      name: t.name,
      image: t.image,
      status: 'open' as const,
      current_players: seated.length,
      max_players: t.maxPlayers,
      entry_price: centsToBolivares(t.entryPriceCents),
      users: seated,
    };
  });
}
