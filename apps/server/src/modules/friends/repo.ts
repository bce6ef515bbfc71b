import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { publicName } from '@domino/contracts';
import type { FriendPerson, FriendRequest } from '@domino/contracts';
import type { Executor, Tx } from '../../db/client';
import { friendships, gameTables, tableSeats, userBlocks, users } from '../../db/schema';

/**
 * Queries of the friends module (docs/decisions/024-friends-presence-invitations.md).
 * A pair of players is keyed by `(low, high)`, the smaller id first, in `friendships`.
 */

/** The canonical key of an unordered pair: the smaller id first. */
export function pairKey(a: number, b: number): { low: number; high: number } {
  return a < b ? { low: a, high: b } : { low: b, high: a };
}

/**
 * Serialises every change between two players (request, accept, decline, cancel, remove, block,
 * unblock, invite) for the rest of the transaction: a transaction-scoped advisory lock on a hash
 * of the pair. The friendship row may not exist yet, so a row lock cannot do it; a hash collision
 * only makes two unrelated pairs wait for each other. Taken before any row lock of the pair.
 */
export async function lockPair(
  tx: Tx,
  a: number,
  b: number,
): Promise<{ low: number; high: number }> {
  const pair = pairKey(a, b);
  const key = `friends:${pair.low}:${pair.high}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}::text, 0))`);
  return pair;
}

/** The pair's friendship row, if any. */
export async function friendshipOf(db: Executor, a: number, b: number) {
  const { low, high } = pairKey(a, b);
  const [row] = await db
    .select()
    .from(friendships)
    .where(and(eq(friendships.userLow, low), eq(friendships.userHigh, high)));
  return row;
}

/** Whether either player blocked the other. */
export async function blockedEitherWay(db: Executor, a: number, b: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)),
        and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Whether `blocker` blocked `blocked` (one direction). */
export async function blocks(db: Executor, blocker: number, blocked: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, blocker), eq(userBlocks.blockedId, blocked)))
    .limit(1);
  return row !== undefined;
}

/** A player account by username (already lower-cased; names are unique ignoring case, decision 040). */
export async function playerByUsername(db: Executor, username: string) {
  const [row] = await db
    .select({ id: users.id, rol: users.rol, status: users.status })
    .from(users)
    .where(sql`lower(${users.username}) = ${username}`);
  return row;
}

/** A user by id, with what the checks need. */
export async function userById(db: Executor, id: number) {
  const [row] = await db
    .select({ id: users.id, rol: users.rol, status: users.status, username: users.username })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

/** One row of the caller's friendships: the other player and the pair's state. */
export interface FriendshipRow extends FriendPerson {
  status: 'pending' | 'accepted';
  requestedBy: number;
  createdAt: Date;
  acceptedAt: Date | null;
}

/** Every friendship row of `me` (pending either way and accepted), by the other's name. */
export async function friendshipsOf(db: Executor, me: number): Promise<FriendshipRow[]> {
  const other = sql<number>`case when ${friendships.userLow} = ${me} then ${friendships.userHigh} else ${friendships.userLow} end`;
  const rows = await db
    .select({
      userId: users.id,
      name: users.name,
      username: users.username,
      status: friendships.status,
      requestedBy: friendships.requestedBy,
      createdAt: friendships.createdAt,
      acceptedAt: friendships.acceptedAt,
    })
    .from(friendships)
    .innerJoin(users, eq(users.id, other))
    .where(or(eq(friendships.userLow, me), eq(friendships.userHigh, me)))
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((r) => ({
    user_id: r.userId,
    name: publicName(r.name),
    username: r.username,
    status: r.status,
    requestedBy: r.requestedBy,
    createdAt: r.createdAt,
    acceptedAt: r.acceptedAt,
  }));
}

/** The ids of `me`'s accepted friends. */
export async function friendIdsOf(db: Executor, me: number): Promise<number[]> {
  const other = sql<number>`case when ${friendships.userLow} = ${me} then ${friendships.userHigh} else ${friendships.userLow} end`;
  const rows = await db
    .select({ id: other })
    .from(friendships)
    .where(
      and(
        eq(friendships.status, 'accepted'),
        or(eq(friendships.userLow, me), eq(friendships.userHigh, me)),
      ),
    );
  return rows.map((r) => Number(r.id));
}

/**
 * The ids of the accepted friends of each of `userIds`, in one query (the presence hints of many
 * sockets at once, friends/socket.ts); a user without friends maps to an empty list.
 */
export async function friendIdsOfMany(
  db: Executor,
  userIds: readonly number[],
): Promise<Map<number, number[]>> {
  const ids = [...new Set(userIds)];
  const out = new Map<number, number[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = await db
    .select({ low: friendships.userLow, high: friendships.userHigh })
    .from(friendships)
    .where(
      and(
        eq(friendships.status, 'accepted'),
        or(inArray(friendships.userLow, ids), inArray(friendships.userHigh, ids)),
      ),
    );
  for (const r of rows) {
    out.get(r.low)?.push(r.high);
    out.get(r.high)?.push(r.low);
  }
  return out;
}

/** The players `me` blocked. */
export async function blockedBy(db: Executor, me: number): Promise<FriendPerson[]> {
  const rows = await db
    .select({ userId: users.id, name: users.name, username: users.username })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, me))
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((r) => ({ user_id: r.userId, name: publicName(r.name), username: r.username }));
}

/** A pending request as the page lists it. */
export function toRequest(row: FriendshipRow): FriendRequest {
  return {
    user_id: row.user_id,
    name: row.name,
    username: row.username,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Where each of `userIds` sits, if anywhere: `playing` when the table's match is running,
 * `waiting` when seated without one (a player sits at one table at most, table_seats_user_key).
 */
export async function seatedPresence(
  db: Executor,
  userIds: readonly number[],
): Promise<Map<number, 'playing' | 'waiting'>> {
  const out = new Map<number, 'playing' | 'waiting'>();
  if (userIds.length === 0) return out;
  const rows = await db
    .select({
      userId: tableSeats.userId,
      // Qualified by hand: drizzle leaves a one-table select's columns unqualified.
      live: sql<boolean>`exists (select 1 from games g where g.table_id = "table_seats"."table_id" and g.kind = 'table' and g.status = 'playing')`,
    })
    .from(tableSeats)
    .where(inArray(tableSeats.userId, [...userIds]));
  for (const r of rows) out.set(r.userId, r.live ? 'playing' : 'waiting');
  return out;
}

/**
 * The open, unexpired private table `me` sits at or hosts (the newest), where the friends page's
 * "Invitar" sends friends; undefined when there is none.
 */
export async function privateTableOf(
  db: Executor,
  me: number,
): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db
    .select({ id: gameTables.id, name: gameTables.name })
    .from(gameTables)
    .where(
      and(
        eq(gameTables.visibility, 'private'),
        eq(gameTables.status, 'open'),
        sql`(${gameTables.expiresAt} is null or ${gameTables.expiresAt} > now())`,
        or(
          eq(gameTables.hostUserId, me),
          sql`exists (select 1 from table_seats s where s.table_id = "game_tables"."id" and s.user_id = ${me})`,
        ),
      ),
    )
    .orderBy(desc(gameTables.id))
    .limit(1);
  return row;
}
