import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Table, TableDetail } from '@domino/contracts';
import { centsToBolivares, publicName } from '@domino/contracts';
import type { Executor } from '../../db/client';
import { gameTables, games, tableSeats, users } from '../../db/schema';

/**
 * The table catalogue as players see it (docs/product.md §3 Table/game). A table whose match is running
 * reports status 'playing' (badge Jugando) and cannot be joined. entry_price is in bolívares.
 */

/**
 * Every column of a table but its round's server seed: the catalogue never loads the secret, so
 * no response or push can carry it (decision 015). The commitment is public.
 */
const { roundServerSeed: _secret, ...publicColumns } = getTableColumns(gameTables);
type TableRow = Omit<typeof gameTables.$inferSelect, 'roundServerSeed'>;

/**
 * Who sits at the tables, by seat. `audience` 'public' (players, visitors, the `tables` socket
 * room) sees each name as `publicName` gives it ('María G.', the privacy policy's public part of an
 * identity); 'staff' sees full names.
 */
async function seatsOf(db: Executor, tableIds: number[], audience: TableAudience) {
  if (tableIds.length === 0) return [];
  const rows = await db
    .select({ tableId: tableSeats.tableId, seat: tableSeats.seat, id: users.id, name: users.name })
    .from(tableSeats)
    .innerJoin(users, eq(users.id, tableSeats.userId))
    .where(inArray(tableSeats.tableId, tableIds))
    .orderBy(asc(tableSeats.seat));
  return audience === 'staff' ? rows : rows.map((r) => ({ ...r, name: publicName(r.name) }));
}

/** Who a table listing is for: anyone ('public', short names) or staff (full names). */
export type TableAudience = 'public' | 'staff';

async function liveGames(db: Executor, tableIds: number[]) {
  if (tableIds.length === 0) return [];
  return db
    .select({ id: games.id, tableId: games.tableId, startsAt: games.startsAt })
    .from(games)
    .where(
      and(eq(games.kind, 'table'), eq(games.status, 'playing'), inArray(games.tableId, tableIds)),
    );
}

function toTable(
  t: TableRow,
  seated: { id: number; name: string }[],
  liveGameId: string | null,
): Table {
  return {
    id: t.id,
    name: t.name,
    image: t.image,
    status: liveGameId !== null ? 'playing' : (t.status as Table['status']),
    current_players: seated.length,
    max_players: t.rules.players,
    entry_price: centsToBolivares(t.entryPriceCents),
    users: seated,
    rules: t.rules,
    game_id: liveGameId,
  };
}

/** Tables open to players (or running a match), cheapest first, with who sits at each. */
export async function listOpenTables(db: Executor): Promise<Table[]> {
  const rows = await db
    .select(publicColumns)
    .from(gameTables)
    .where(eq(gameTables.status, 'open'))
    .orderBy(asc(gameTables.entryPriceCents), asc(gameTables.id));
  const ids = rows.map((t) => t.id);
  const [seats, live] = await Promise.all([seatsOf(db, ids, 'public'), liveGames(db, ids)]);
  return rows.map((t) =>
    toTable(
      t,
      seats.filter((s) => s.tableId === t.id).map((s) => ({ id: s.id, name: s.name })),
      live.find((g) => g.tableId === t.id)?.id ?? null,
    ),
  );
}

/**
 * Every table (staff view) or one table, with seats, rules, the live match and the commitment
 * to the round's server seed (null until the round's first seat is taken). Seated names are short
 * unless `audience` is 'staff' (see `seatsOf`).
 */
export async function tableDetails(
  db: Executor,
  tableId?: number,
  audience: TableAudience = 'public',
): Promise<TableDetail[]> {
  const rows = await db
    .select(publicColumns)
    .from(gameTables)
    .where(tableId === undefined ? sql`true` : eq(gameTables.id, tableId))
    .orderBy(asc(gameTables.entryPriceCents), asc(gameTables.id));
  const ids = rows.map((t) => t.id);
  const [seats, live] = await Promise.all([seatsOf(db, ids, audience), liveGames(db, ids)]);
  return rows.map((t) => {
    const mine = seats.filter((s) => s.tableId === t.id);
    const game = live.find((g) => g.tableId === t.id);
    return {
      ...toTable(
        t,
        mine.map((s) => ({ id: s.id, name: s.name })),
        game?.id ?? null,
      ),
      mode: t.rules.mode,
      target_points: t.rules.target_points,
      turn_seconds: t.rules.turn_seconds,
      house_fee_bps: t.houseFeeBps,
      pot_share_bps: t.potShareBps,
      seats: Array.from({ length: t.rules.players }, (_, seat) => {
        const s = mine.find((x) => x.seat === seat);
        return { seat, user: s ? { id: s.id, name: s.name } : null };
      }),
      game_id: game?.id ?? null,
      starts_at:
        game?.startsAt && game.startsAt.getTime() > Date.now() - 60_000
          ? game.startsAt.toISOString()
          : null,
      commitment: t.roundCommitment,
    };
  });
}

/** The table a user is seated at, if any. */
export async function seatOfUser(db: Executor, userId: number) {
  const [row] = await db.select().from(tableSeats).where(eq(tableSeats.userId, userId));
  return row;
}
