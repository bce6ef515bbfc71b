import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { PrivateFacts, Table, TableDetail } from '@domino/contracts';
import { centsToBolivares, invitationPath, publicName } from '@domino/contracts';
import type { Executor } from '../../db/client';
import { readTogether } from '../../db/client';
import { gameTables, games, tableSeats, users } from '../../db/schema';
import { ratingsOf } from '../ratings/service';

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

/**
 * Public tables open to players (or running a match), cheapest first, with who sits at each.
 * Private tables are never listed (docs/decisions/021-private-tables.md).
 */
export async function listOpenTables(db: Executor): Promise<Table[]> {
  const rows = await db
    .select(publicColumns)
    .from(gameTables)
    .where(and(eq(gameTables.status, 'open'), eq(gameTables.visibility, 'public')))
    .orderBy(asc(gameTables.entryPriceCents), asc(gameTables.id));
  const ids = rows.map((t) => t.id);
  const [seats, live] = await readTogether(db, [
    () => seatsOf(db, ids, 'public'),
    () => liveGames(db, ids),
  ]);
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
  const hostIds = [...new Set(rows.flatMap((t) => (t.hostUserId === null ? [] : [t.hostUserId])))];
  const [seats, live, hosts] = await readTogether(db, [
    () => seatsOf(db, ids, audience),
    () => liveGames(db, ids),
    () =>
      hostIds.length === 0
        ? Promise.resolve([])
        : db
            .select({ id: users.id, name: users.name })
            .from(users)
            .where(inArray(users.id, hostIds)),
  ]);
  // Each seated player's rating in the table's mode (public, decision 026).
  const seatedIn = (mode: 'parejas' | 'individual') =>
    seats.flatMap((s) => (rows.find((t) => t.id === s.tableId)?.rules.mode === mode ? [s.id] : []));
  const [parejasRatings, individualRatings] = await readTogether(db, [
    () => ratingsOf(db, seatedIn('parejas'), 'parejas'),
    () => ratingsOf(db, seatedIn('individual'), 'individual'),
  ]);
  return rows.map((t) => {
    const mine = seats.filter((s) => s.tableId === t.id);
    const ratings = t.rules.mode === 'individual' ? individualRatings : parejasRatings;
    const game = live.find((g) => g.tableId === t.id);
    return {
      ...toTable(
        t,
        mine.map((s) => ({ id: s.id, name: s.name })),
        game?.id ?? null,
      ),
      ...(t.visibility === 'quick' ? { quick: true } : {}),
      mode: t.rules.mode,
      target_points: t.rules.target_points,
      turn_seconds: t.rules.turn_seconds,
      house_fee_bps: t.houseFeeBps,
      pot_share_bps: t.potShareBps,
      seats: Array.from({ length: t.rules.players }, (_, seat) => {
        const s = mine.find((x) => x.seat === seat);
        return {
          seat,
          user: s ? { id: s.id, name: s.name } : null,
          rating: s ? (ratings.get(s.id) ?? null) : null,
        };
      }),
      game_id: game?.id ?? null,
      starts_at:
        game?.startsAt && game.startsAt.getTime() > Date.now() - 60_000
          ? game.startsAt.toISOString()
          : null,
      commitment: t.roundCommitment,
      private: privateFacts(t, hosts, audience, game !== undefined),
      rematch:
        t.rematchUntil && t.rematchSeats
          ? {
              until: t.rematchUntil.toISOString(),
              seats: t.rematchSeats.map((r) => ({
                ...r,
                accepted: mine.some((s) => s.id === r.user_id),
              })),
            }
          : null,
    };
  });
}

/** The invitation facts of a private table (null for a public one). */
function privateFacts(
  t: TableRow,
  hosts: { id: number; name: string }[],
  audience: TableAudience,
  playing: boolean,
): PrivateFacts | null {
  if (t.visibility !== 'private' || t.inviteCode === null || t.hostUserId === null) return null;
  const host = hosts.find((h) => h.id === t.hostUserId);
  const name = host ? (audience === 'staff' ? host.name : publicName(host.name)) : '';
  return {
    invite_code: t.inviteCode,
    invite_path: invitationPath(t.inviteCode),
    host: { id: t.hostUserId, name },
    expires_at: playing || !t.expiresAt ? null : t.expiresAt.toISOString(),
    allow_spectators: t.allowSpectators,
  };
}

/** The table a user is seated at, if any. */
export async function seatOfUser(db: Executor, userId: number) {
  const [row] = await db.select().from(tableSeats).where(eq(tableSeats.userId, userId));
  return row;
}
