import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import {
  MSG_QUICK,
  PLACE_ELSEWHERE,
  QUICK_GIVE_UP_MS,
  QUICK_MODES,
  QUICK_SEATS,
  centsToBolivares,
  parseBolivaresJson,
  quickRules,
  ratingWindow,
  type Place,
  type QuickMode,
  type QuickPlayOptions,
  type QuickPlayStatus,
} from '@domino/contracts';
import type { Db, Executor, Tx } from '../../db/client';
import { pgConstraint, pgErrorCode } from '../../db/client';
import { gameTables, games, quickPlayQueue, tableSeats, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { audit } from '../audit/audit';
import type { Timing } from '../games/context';
import { walletBalanceCents } from '../ledger/accounts';
import { linkedAmong, type LinkGraph } from '../risk/linked';
import { privateSettings } from '../tables/private';
import { listOpenTables } from '../tables/repo';
import { joinTable } from '../tables/service';
import { assertMayStake } from '../responsible/guard';
import { ratingsOf } from '../ratings/service';
import { claimingPlace, elsewhereError, placeOf } from '../places/places';

/**
 * Quick play, "Jugar ahora" (docs/decisions/027-quick-play.md). A player picks a mode and an
 * entry price and waits in `quick_play_queue` (one `waiting` entry per user). The matcher
 * (`matchQueue`, run by a PeriodicJob on every node and right after each enqueue) claims waiting
 * entries with `FOR UPDATE SKIP LOCKED`, groups them by (mode, entry), picks players whose ratings
 * lie inside each other's window (contracts `ratingWindow`: ±100, +50 every 10 s, any after 60 s)
 * and never two linked accounts (risk/linked.ts), creates a `quick` table with the mode's default
 * rules and seats everyone through `joinTable` (access `quick`): the entries move into the
 * round's escrow and the match is created with the usual countdown, all in one transaction with
 * the queue entries turning `seated`. A player the formation cannot seat (balance short, seated
 * elsewhere, account inactive) is `dropped` with a Spanish message and charged nothing; the
 * others stay queued.
 */

/**
 * The ratings port (the Glicko-2 ratings of decision 026): each user's rating in `mode`, 1500 for users
 * it does not know. Quick play only reads it, when a player enqueues (the snapshot it matches by).
 */
export type RatingSource = (
  db: Executor,
  userIds: number[],
  mode: 'parejas' | 'individual',
) => Promise<Map<number, number>>;

/** The rating of a player nobody rated yet (Glicko-2 default). */
export const DEFAULT_RATING = 1500;

/**
 * The RatingSource the app uses: each player's current Glicko-2 rating in the mode, DEFAULT_RATING
 * for a player without rated matches (modules/ratings, docs/decisions/026-ratings-and-leaderboards.md).
 */
export const glickoRatings: RatingSource = async (db, userIds, mode) =>
  new Map([...(await ratingsOf(db, userIds, mode))].map(([id, r]) => [id, r.rating]));

/** How many waiting entries of one (mode, entry) group one matcher transaction claims at most. */
export const CLAIM_LIMIT = 400;

/**
 * How many tables one matcher transaction forms at most before it commits (and its players are
 * told): a long queue is seated in short transactions, not one that holds every claim for seconds.
 */
export const TABLES_PER_TX = 16;

/**
 * The entry prices quick play offers, in céntimos, ascending: the prices staff allow for private
 * tables (`private_table_settings.entry_prices_cents`, edited on /admin/mesas) above 0 — a quick
 * table is rated and gives Pote del Mes points, so it is never free. Fees come from the same row.
 */
export async function quickTerms(db: Executor) {
  const s = await privateSettings(db);
  return {
    pricesCents: [...new Set(s.entryPricesCents.filter((p) => p > 0))].sort((a, b) => a - b),
    houseFeeBps: s.houseFeeBps,
    potShareBps: s.potShareBps,
  };
}

/** GET /api/quick-play/options: the modes, prices (bolívares) and fees a player may pick. */
export async function quickOptions(db: Executor): Promise<QuickPlayOptions> {
  const t = await quickTerms(db);
  return {
    modes: [...QUICK_MODES],
    entry_prices: t.pricesCents.map(centsToBolivares),
    house_fee_bps: t.houseFeeBps,
    pot_share_bps: t.potShareBps,
  };
}

/** The device id and address of the enqueue request (linked-accounts signals). */
export interface EnqueueSignals {
  deviceId?: string | undefined;
  ip?: string | undefined;
}

type QueueRow = typeof quickPlayQueue.$inferSelect;

/** Where `userId` stands in quick play (GET /api/quick-play), as of `now`. */
export async function quickStatus(
  db: Executor,
  userId: number,
  now: Date = new Date(),
): Promise<QuickPlayStatus> {
  const [row] = await db
    .select()
    .from(quickPlayQueue)
    .where(eq(quickPlayQueue.userId, userId))
    .orderBy(desc(quickPlayQueue.queuedAt), desc(quickPlayQueue.id))
    .limit(1);
  if (!row) return { status: 'idle', seated: await seatedAt(db, userId) };
  if (row.status === 'waiting') {
    const waited = Math.max(0, now.getTime() - row.queuedAt.getTime());
    return {
      status: 'waiting',
      mode: row.mode,
      entry_price: centsToBolivares(row.entryCents),
      queued_at: row.queuedAt.toISOString(),
      waited_ms: waited,
      window: ratingWindow(waited),
      ...(await searchContext(db, row.mode, row.entryCents)),
      gives_up_at: new Date(row.queuedAt.getTime() + QUICK_GIVE_UP_MS).toISOString(),
    };
  }
  if (row.status === 'seated' && row.tableId !== null) {
    // Shown while the table's match is still to be played or running (a reload lands there).
    const [live] = await db
      .select({ id: games.id })
      .from(games)
      .where(and(eq(games.tableId, row.tableId), eq(games.status, 'playing')));
    if (live)
      return {
        status: 'matched',
        mode: row.mode,
        entry_price: centsToBolivares(row.entryCents),
        table_id: row.tableId,
        game_id: row.gameId,
      };
  }
  if (row.status === 'dropped' && row.message) {
    // Shown until the player reads it once (the status read clears it).
    await db
      .update(quickPlayQueue)
      .set({ message: null })
      .where(and(eq(quickPlayQueue.id, row.id), eq(quickPlayQueue.status, 'dropped')));
    return { status: 'dropped', message: row.message };
  }
  return { status: 'idle', seated: await seatedAt(db, userId) };
}

/** The table `userId` sits at (any kind), for "Ir a la mesa" / "Dejar esa mesa"; null if none. */
async function seatedAt(db: Executor, userId: number) {
  const [seat] = await db
    .select({ id: gameTables.id, name: gameTables.name, visibility: gameTables.visibility })
    .from(tableSeats)
    .innerJoin(gameTables, eq(gameTables.id, tableSeats.tableId))
    .where(eq(tableSeats.userId, userId));
  return seat ? { table_id: seat.id, name: seat.name, quick: seat.visibility === 'quick' } : null;
}

/**
 * What the waiting screen explains (docs/decisions/039): how many wait at this mode and price
 * (the caller included), the table's seats, the other prices of the mode with players waiting
 * (busiest first), and the public tables of this mode and price with a free seat and no match
 * running.
 */
async function searchContext(db: Executor, mode: QuickMode, entryCents: number) {
  const counts = await db
    .select({ entryCents: quickPlayQueue.entryCents, n: sql<number>`count(*)::int` })
    .from(quickPlayQueue)
    .where(and(eq(quickPlayQueue.status, 'waiting'), eq(quickPlayQueue.mode, mode)))
    .groupBy(quickPlayQueue.entryCents);
  const tables = await listOpenTables(db);
  const price = centsToBolivares(entryCents);
  return {
    searching: counts.find((c) => c.entryCents === entryCents)?.n ?? 1,
    needed: QUICK_SEATS[mode],
    other_prices: counts
      .filter((c) => c.entryCents !== entryCents)
      .sort((a, b) => b.n - a.n || a.entryCents - b.entryCents)
      .map((c) => ({ entry_price: centsToBolivares(c.entryCents), searching: c.n })),
    open_tables: tables
      .filter(
        (t) =>
          t.rules.mode === mode &&
          t.entry_price === price &&
          t.game_id === null &&
          t.current_players < t.max_players,
      )
      .slice(0, 5)
      .map((t) => ({
        id: t.id,
        name: t.name,
        current_players: t.current_players,
        max_players: t.max_players,
      })),
  };
}

/**
 * Puts `userId` in the queue for (`mode`, `entryPrice` in bolívares) with their rating snapshot
 * (`ratings`) and the request's signals. Queueing is the player's confirmation; nothing is
 * charged until the matcher seats them. The waiting entry is the player's place (decision 047):
 * the user row is share-locked like a table join does, and the entry's insert claims the place in
 * the database, so a table join or a tournament start at the same moment leaves the player in one
 * place only. Errors: 403 `quick/account_inactive`; 422 `quick/bad_price` (not a price staff
 * offer); 409 `place/elsewhere` (seated at a table or in a running tournament, with the place);
 * 422 `wallet/insufficient_funds` (balance below the entry); 409 `quick/already_queued` (an
 * entry is waiting; the unique partial index settles concurrent enqueues).
 */
export async function enqueue(
  db: Db,
  ratings: RatingSource,
  userId: number,
  input: { mode: QuickMode; entryPrice: number },
  signals: EnqueueSignals,
): Promise<QueueRow> {
  const terms = await quickTerms(db);
  const cents = parseBolivaresJson(input.entryPrice);
  if (cents === null || !terms.pricesCents.includes(cents))
    throw new AppError('quick/bad_price', 422, MSG_QUICK.badPrice);
  const alreadyQueued = () => new AppError('quick/already_queued', 409, MSG_QUICK.alreadyQueued);
  const refusalAt = (place: Place) =>
    place.kind === 'quick' ? alreadyQueued() : elsewhereError(place);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .select({ status: users.status })
        .from(users)
        .where(eq(users.id, userId))
        .for('share');
      if (user?.status !== 'activo')
        throw new AppError('quick/account_inactive', 403, MSG_QUICK.accountInactive);
      await assertMayStake(tx, userId, cents);
      const place = await placeOf(tx, userId);
      if (place) throw refusalAt(place);
      if ((await walletBalanceCents(tx, userId)) < cents)
        throw new AppError('wallet/insufficient_funds', 422, MSG_QUICK.insufficientBalance);
      const rating = (await ratings(tx, [userId], input.mode)).get(userId) ?? DEFAULT_RATING;
      const [row] = await claimingPlace(
        tx,
        userId,
        (sp) =>
          sp
            .insert(quickPlayQueue)
            .values({
              userId,
              mode: input.mode,
              entryCents: cents,
              rating: Math.round(rating),
              deviceId: signals.deviceId,
              ip: signals.ip,
            })
            .returning(),
        refusalAt,
      );
      if (!row) throw new Error('quick_play_queue insert returned no row');
      return row;
    });
  } catch (err) {
    if (pgErrorCode(err) === '23505' && pgConstraint(err) === 'quick_play_queue_open_key')
      throw alreadyQueued();
    throw err;
  }
}

/**
 * Takes `userId` out of the queue (DELETE /api/quick-play). Waits for a matcher pass holding the
 * entry: if that pass seated the player, the leave is refused. Errors: 409 `quick/already_matched`
 * (seated by the matcher, its match not over), 409 `quick/not_queued`.
 */
export async function leaveQueue(db: Db, userId: number): Promise<void> {
  const left = await db
    .update(quickPlayQueue)
    .set({ status: 'left', closedAt: new Date() })
    .where(and(eq(quickPlayQueue.userId, userId), eq(quickPlayQueue.status, 'waiting')))
    .returning({ id: quickPlayQueue.id });
  if (left.length > 0) return;
  const status = await quickStatus(db, userId);
  if (status.status === 'matched')
    throw new AppError('quick/already_matched', 409, MSG_QUICK.alreadyMatched);
  throw new AppError('quick/not_queued', 409, MSG_QUICK.notQueued);
}

/** A waiting entry as the picker sees it. */
export interface Candidate {
  id: number;
  userId: number;
  rating: number;
  queuedAt: Date;
}

/** Whether two waiting players accept each other at `now`: each inside the other's window. */
export function compatible(x: Candidate, y: Candidate, now: Date): boolean {
  const diff = Math.abs(x.rating - y.rating);
  for (const c of [x, y]) {
    const w = ratingWindow(now.getTime() - c.queuedAt.getTime());
    if (w !== null && diff > w) return false;
  }
  return true;
}

/**
 * Picks tables of `seats` players from one (mode, entry) group, oldest entry first: each table
 * starts from the oldest unpicked player and adds the closest-rated players compatible with
 * everyone already picked and linked to none of them. Players left out wait for a later pass.
 * Pure; `candidates` in queue order.
 */
export function pickTables(
  candidates: Candidate[],
  seats: number,
  links: Pick<LinkGraph, 'linked'>,
  now: Date,
): Candidate[][] {
  const used = new Set<number>();
  const tables: Candidate[][] = [];
  for (const anchor of candidates) {
    if (used.has(anchor.id)) continue;
    const group = [anchor];
    const others = candidates
      .filter((c) => c.id !== anchor.id && !used.has(c.id) && c.userId !== anchor.userId)
      .sort((a, b) => Math.abs(a.rating - anchor.rating) - Math.abs(b.rating - anchor.rating));
    for (const c of others) {
      if (group.length === seats) break;
      if (group.some((g) => g.userId === c.userId || links.linked(g.userId, c.userId))) continue;
      if (group.every((g) => compatible(g, c, now))) group.push(c);
    }
    if (group.length === seats) {
      for (const g of group) used.add(g.id);
      tables.push(group);
    }
  }
  return tables;
}

/**
 * The order players take seats 0..n-1. Individual: as picked. Parejas: the sides are balanced by
 * rating (seats 0 and 2 are one pair, 1 and 3 the other): ranked r1 ≥ r2 ≥ r3 ≥ r4, the pairs
 * are r1 + r4 and r2 + r3.
 */
export function seatOrder(group: Candidate[], mode: QuickMode): Candidate[] {
  if (mode !== 'parejas' || group.length !== 4) return group;
  const [r1, r2, r3, r4] = [...group].sort((a, b) => b.rating - a.rating) as [
    Candidate,
    Candidate,
    Candidate,
    Candidate,
  ];
  return [r1, r2, r4, r3];
}

/** A table the matcher formed, for the after-commit pushes. */
export interface FormedTable {
  tableId: number;
  gameId: string;
  tableName: string;
  /** Seated users with their wallet balance after the entry (céntimos). */
  seats: { userId: number; balanceCents: number }[];
}

/** What one matcher pass did. */
export interface MatchPass {
  formed: FormedTable[];
  dropped: { userId: number; message: string }[];
  /**
   * How many (mode, entry) groups had players waiting when the pass began (`matchQueue` only; 0
   * lets the periodic matcher sleep longer).
   */
  waitingGroups?: number;
}

/** A player the formation could not seat: the formation is undone and the entry dropped. */
class SeatRefused extends Error {
  constructor(
    readonly entryId: number,
    readonly userId: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

function dropMessage(err: AppError): string {
  if (err.code === 'wallet/insufficient_funds') return MSG_QUICK.droppedBalance;
  if (err.code === 'tables/already_seated' || err.code === PLACE_ELSEWHERE)
    return MSG_QUICK.droppedSeated;
  if (err.code === 'tables/account_inactive') return MSG_QUICK.droppedInactive;
  return err.message;
}

/**
 * Creates a quick table for `group` and seats everyone (entries into escrow, the match created by
 * the last join), inside `tx` (a savepoint of the pass). Throws SeatRefused naming the player a
 * join refused with a client error.
 */
async function formTable(
  tx: Tx,
  mode: QuickMode,
  entryCents: number,
  group: Candidate[],
  terms: { houseFeeBps: number; potShareBps: number },
  timing: Timing,
): Promise<FormedTable> {
  // The players' user rows, share-locked in id order before anything else (each join locks its
  // own again): a tournament start locks the same rows in the same order, so the two never wait
  // on each other in a circle (decision 047).
  await tx
    .select({ id: users.id })
    .from(users)
    .where(
      inArray(
        users.id,
        group.map((g) => g.userId),
      ),
    )
    .orderBy(asc(users.id))
    .for('share');
  const tableName = MSG_QUICK.tableName(mode);
  const [table] = await tx
    .insert(gameTables)
    .values({
      name: tableName,
      entryPriceCents: entryCents,
      rules: quickRules(mode),
      houseFeeBps: terms.houseFeeBps,
      potShareBps: terms.potShareBps,
      visibility: 'quick',
    })
    .returning({ id: gameTables.id });
  if (!table) throw new Error('quick table insert returned no row');
  // The entries stop waiting before the joins: each player's place moves from the queue to the
  // table's seat (one place at a time, decision 047); a refused join undoes this savepoint.
  const entryIds = sql`${quickPlayQueue.id} in (${sql.join(
    group.map((g) => sql`${g.id}`),
    sql`, `,
  )})`;
  await tx
    .update(quickPlayQueue)
    .set({ status: 'seated', tableId: table.id, closedAt: new Date() })
    .where(entryIds);
  const seats: FormedTable['seats'] = [];
  let gameId: string | null = null;
  for (const c of seatOrder(group, mode)) {
    try {
      const out = await joinTable(
        tx,
        c.userId,
        table.id,
        centsToBolivares(entryCents),
        timing,
        undefined,
        'quick',
      );
      seats.push({ userId: c.userId, balanceCents: out.balanceCents });
      gameId = out.gameId ?? gameId;
    } catch (err) {
      if (err instanceof AppError && err.status < 500)
        throw new SeatRefused(c.id, c.userId, dropMessage(err));
      throw err;
    }
  }
  if (!gameId) throw new Error('quick table filled without a match');
  await tx.update(quickPlayQueue).set({ gameId }).where(entryIds);
  await audit(tx, {
    actorUserId: null,
    action: 'quickplay.formed',
    targetType: 'table',
    targetId: table.id,
    before: null,
    after: {
      mode,
      entry: centsToBolivares(entryCents),
      seats: seatOrder(group, mode).map((g, seat) => ({
        seat,
        user_id: g.userId,
        rating: g.rating,
      })),
      game_id: gameId,
    },
  });
  return { tableId: table.id, gameId, tableName, seats };
}

/**
 * One matcher transaction over one (mode, entry) group: claims up to
 * CLAIM_LIMIT waiting entries (`FOR UPDATE SKIP LOCKED`, so passes on other nodes take other
 * entries), picks tables (pickTables), and forms each in a savepoint. A player a join refuses is
 * dropped (status `dropped`, Spanish message, nothing charged: the savepoint undid the table and
 * every entry taken for it) and the rest of the group is picked again. Stops after TABLES_PER_TX
 * tables (`more`: the caller runs another transaction).
 */
async function matchGroup(
  db: Db,
  mode: QuickMode,
  entryCents: number,
  timing: Timing,
  now: Date,
): Promise<MatchPass & { more: boolean }> {
  const seats = QUICK_SEATS[mode];
  const terms = await quickTerms(db);
  const formed: FormedTable[] = [];
  const dropped: MatchPass['dropped'] = [];
  let more = false;
  await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(quickPlayQueue)
      .where(
        and(
          eq(quickPlayQueue.status, 'waiting'),
          eq(quickPlayQueue.mode, mode),
          eq(quickPlayQueue.entryCents, entryCents),
        ),
      )
      .orderBy(quickPlayQueue.queuedAt, quickPlayQueue.id)
      .limit(CLAIM_LIMIT)
      .for('update', { skipLocked: true });
    if (rows.length < seats) return;
    const links = await linkedAmong(
      tx,
      rows.map((r) => r.userId),
      { recent: rows.map((r) => ({ userId: r.userId, deviceId: r.deviceId })), now },
    );
    let pool: Candidate[] = rows.map((r) => ({
      id: r.id,
      userId: r.userId,
      rating: r.rating,
      queuedAt: r.queuedAt,
    }));
    for (;;) {
      const tables = pickTables(pool, seats, links, now);
      if (tables.length === 0) return;
      let refused: SeatRefused | null = null;
      for (const group of tables) {
        try {
          formed.push(
            await tx.transaction((sp) => formTable(sp, mode, entryCents, group, terms, timing)),
          );
          const ids = new Set(group.map((g) => g.id));
          pool = pool.filter((c) => !ids.has(c.id));
          if (formed.length >= TABLES_PER_TX) {
            more = true;
            return;
          }
        } catch (err) {
          if (!(err instanceof SeatRefused)) throw err;
          refused = err;
          break;
        }
      }
      if (!refused) return;
      await tx
        .update(quickPlayQueue)
        .set({ status: 'dropped', message: refused.reason, closedAt: new Date() })
        .where(eq(quickPlayQueue.id, refused.entryId));
      dropped.push({ userId: refused.userId, message: refused.reason });
      const gone = refused.entryId;
      pool = pool.filter((c) => c.id !== gone);
    }
  });
  return { formed, dropped, more };
}

/**
 * One matcher pass over every (mode, entry) group with waiting players (docs/decisions/027):
 * per group, transactions of at most TABLES_PER_TX tables until no table can form. Safe to run on
 * every node at once. `now` decides the rating windows (tests move it). `onCommit` gets each
 * committed transaction's tables and drops (the after-commit pushes). Returns them all.
 */
export async function matchQueue(
  db: Db,
  timing: Timing,
  now: Date = new Date(),
  onCommit?: (batch: MatchPass) => Promise<void>,
): Promise<MatchPass> {
  // Searches older than QUICK_GIVE_UP_MS end, with a message and nothing charged (decision 039).
  const expired = await db
    .update(quickPlayQueue)
    .set({ status: 'dropped', message: MSG_QUICK.gaveUp, closedAt: now })
    .where(
      and(
        eq(quickPlayQueue.status, 'waiting'),
        lt(quickPlayQueue.queuedAt, new Date(now.getTime() - QUICK_GIVE_UP_MS)),
      ),
    )
    .returning({ userId: quickPlayQueue.userId });
  const gaveUp = expired.map((e) => ({ userId: e.userId, message: MSG_QUICK.gaveUp }));
  if (onCommit && gaveUp.length > 0) await onCommit({ formed: [], dropped: gaveUp });
  const groups = await db
    .selectDistinct({ mode: quickPlayQueue.mode, entryCents: quickPlayQueue.entryCents })
    .from(quickPlayQueue)
    .where(eq(quickPlayQueue.status, 'waiting'));
  const out: MatchPass = { formed: [], dropped: [...gaveUp], waitingGroups: groups.length };
  for (const g of groups)
    for (let more = true; more;) {
      const batch = await matchGroup(db, g.mode, g.entryCents, timing, now);
      more = batch.more;
      out.formed.push(...batch.formed);
      out.dropped.push(...batch.dropped);
      if (onCommit && (batch.formed.length > 0 || batch.dropped.length > 0))
        await onCommit({ formed: batch.formed, dropped: batch.dropped });
    }
  return out;
}
