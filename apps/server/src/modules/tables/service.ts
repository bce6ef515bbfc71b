import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  MSG,
  MSG_FAIRNESS,
  MSG_TABLES,
  REMATCH_WINDOW_MS,
  centsToBolivares,
  parseBolivaresJson,
  type Place,
} from '@domino/contracts';
import { rulesToConfig } from '@domino/contracts';
import type { TableConfig } from '@domino/domino';
import type { Db, Executor, Tx } from '../../db/client';
import { gameTables, games, tableSeats, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { audit } from '../audit/audit';
import { accountBalanceCents } from '../ledger/accounts';
import { systemAccount, transfer, walletAccountId } from '../ledger/ledger';
import type { Timing } from '../games/context';
import { createTableMatch } from '../games/create';
import { assertMayStake } from '../responsible/guard';
import { linkedToAny } from '../risk/linked';
import { claimingPlace, elsewhereError, placeOf } from '../places/places';

/**
 * Joining and leaving tables (decision 010; docs/product.md §5, §7). Every step locks the table row, so joins
 * for the last seat are serialised: exactly one wins, the others get a clear message and keep
 * their money. The entry fee moves wallet -> the round's escrow in the same transaction as the
 * seat, and the seat records what it paid (`entry_cents`), which is what a refund gives back;
 * when the last seat fills, the match is created in that transaction too.
 *
 * Lock order, kept by every writer of seats and table terms (join, leave, suspension, staff
 * edit and close): the user row (join, suspension), then the table row, then ledger accounts
 * (ascending id inside each transfer).
 */

/** Seconds of countdown between the last seat filling and the first turn. */
export const START_COUNTDOWN_MS = 5_000;

const conflict = (code: string, message: string) => new AppError(code, 409, message);

export type TableRow = typeof gameTables.$inferSelect;
export type SeatRow = typeof tableSeats.$inferSelect;

/**
 * The refusal for a player found at `place` while joining `tableId`: 409 `tables/already_seated`
 * at this very table, else 409 `place/elsewhere` naming the place (decision 047).
 */
function refusalAt(place: Place, tableId: number): AppError {
  if (place.kind === 'table' && place.table_id === tableId)
    return conflict('tables/already_seated', MSG_TABLES.alreadySeated);
  return elsewhereError(place);
}

/** Locks a table row for the rest of the transaction (`SELECT ... FOR UPDATE`); 404 if none. */
export async function lockTable(tx: Tx, tableId: number): Promise<TableRow> {
  const [t] = await tx.select().from(gameTables).where(eq(gameTables.id, tableId)).for('update');
  if (!t) throw new AppError('tables/not_found', 404, MSG_TABLES.notFound);
  return t;
}

/** The running match of a table, if any (read under the caller's table lock). */
export async function liveMatch(tx: Tx, tableId: number): Promise<{ id: string } | undefined> {
  const [g] = await tx
    .select({ id: games.id })
    .from(games)
    .where(and(eq(games.tableId, tableId), eq(games.kind, 'table'), eq(games.status, 'playing')));
  return g;
}

function escrowRef(tableId: number, round: number) {
  return `table:${tableId}:${round}`;
}

/** The engine config a table's match plays by: its stored rules (docs/rules.md). */
function tableConfig(t: typeof gameTables.$inferSelect): TableConfig {
  return rulesToConfig(t.rules);
}

/**
 * How a join reaches the table: `public` (POST /api/tables/{id}/join: public tables only),
 * `invitation` (a private table's code), `rematch` (a player of the match just played, at their
 * own seat, while the rematch window is open), `quick` (the quick-play matcher seating the
 * players it picked at the table it formed, docs/decisions/027-quick-play.md).
 */
export type JoinAccess = 'public' | 'invitation' | 'rematch' | 'quick';

export interface JoinResult {
  seat: number;
  balanceCents: number;
  /** The match this join filled the table for, or null while seats are still free. */
  gameId: string | null;
  /** When `gameId` is set: the users seated in that match and the table's name (notices). */
  started?: { userIds: number[]; tableName: string } | undefined;
}

/** A client seed for a seat whose player did not choose one: 16 random hex characters. */
export function randomClientSeed(): string {
  return randomBytes(8).toString('hex');
}

/**
 * Seats a player and takes the entry fee (docs/product.md §7 POST /api/tables/{id}/join). `clientSeed` is
 * the seat's seed when the caller gives one (validated by clientSeedSchema); otherwise a random
 * one, which the player may replace in the waiting room until the match starts (decision 015). The user row is
 * share-locked first and must be `activo`: a suspension commits either before (the join is
 * refused) or after (it sees the seat and refunds it), never in between. Errors: 404; 403
 * `tables/account_inactive`; 409 closed, playing, full, already seated (at this table), price
 * changed (the price the player saw must equal the current one); 409 `place/elsewhere` when the
 * player is at another table, waiting in quick play or in a running tournament (decision 047,
 * nothing charged); 422 `wallet/insufficient_funds` with the catalogue's message.
 */
export async function joinTable(
  tx: Tx,
  userId: number,
  tableId: number,
  seenEntryPrice: number,
  timing: Timing,
  clientSeed?: string,
  access: JoinAccess = 'public',
): Promise<JoinResult> {
  const [user] = await tx
    .select({ status: users.status })
    .from(users)
    .where(eq(users.id, userId))
    .for('share');
  if (user?.status !== 'activo')
    throw new AppError('tables/account_inactive', 403, MSG_TABLES.accountInactive);
  // One place at a time (decision 047): refused before anything is charged; the seat's insert
  // below is the database's final word when another path places the player meanwhile.
  const place = await placeOf(tx, userId);
  if (place) throw refusalAt(place, tableId);
  let t = await lockTable(tx, tableId);
  // A private table is reached only through its invitation code (or a rematch): by id it does
  // not exist, so a guessed id learns nothing (docs/decisions/021-private-tables.md).
  if (t.visibility === 'private' && access === 'public')
    throw new AppError('tables/not_found', 404, MSG_TABLES.notFound);
  // Only the matcher seats players at a quick-play table (decision 027).
  if ((t.visibility === 'quick') !== (access === 'quick'))
    throw new AppError('tables/not_found', 404, MSG_TABLES.notFound);
  // A rematch window that ran out is closed first (refunds, private table closed), as the keeper
  // would have done; then the join is judged against what is left.
  if (t.rematchUntil && t.rematchUntil.getTime() <= Date.now()) {
    await closeRematchWindow(tx, t);
    t = await lockTable(tx, tableId);
  }
  if (t.status !== 'open') throw conflict('tables/closed', MSG_TABLES.closed);
  if (await liveMatch(tx, tableId)) throw conflict('tables/playing', MSG_TABLES.playing);
  const rematchSeat = t.rematchUntil
    ? t.rematchSeats?.find((r) => r.user_id === userId)?.seat
    : undefined;
  if (access === 'rematch' && rematchSeat === undefined)
    throw conflict('tables/no_rematch', MSG_TABLES.noRematch);
  if (t.rematchUntil && rematchSeat === undefined)
    throw conflict('tables/rematch_pending', MSG_TABLES.rematchPending);
  const seen = parseBolivaresJson(seenEntryPrice);
  if (seen === null || seen !== t.entryPriceCents)
    throw conflict('tables/price_changed', MSG_TABLES.priceChanged);
  const seated = await tx
    .select()
    .from(tableSeats)
    .where(eq(tableSeats.tableId, tableId))
    .orderBy(asc(tableSeats.seat));
  if (seated.length >= t.rules.players) throw conflict('tables/full', MSG_TABLES.full);
  // Linked accounts never share a money table, by the one rule quick play uses (risk/linked.ts,
  // docs/decisions/039): the matcher already judged a quick table; an address alone never counts.
  if (
    t.entryPriceCents > 0 &&
    access !== 'quick' &&
    (await linkedToAny(
      tx,
      userId,
      seated.map((s) => s.userId),
    ))
  )
    throw conflict('tables/linked_account', MSG_TABLES.linkedAccount);
  // In a rematch every player takes back their own seat, so the pairs stay the same.
  const seat =
    rematchSeat ??
    Array.from({ length: t.rules.players }, (_, i) => i).find(
      (i) => !seated.some((s) => s.seat === i),
    );
  if (seat === undefined) throw conflict('tables/full', MSG_TABLES.full);

  // Provably fair (decision 015): the first seat of a round creates its server seed, whose
  // commitment the waiting room publishes from now on; later joins and leaves never change it
  // (the database refuses to, migration 0014) and the match deals with exactly this seed.
  let serverSeed = t.roundServerSeed;
  if (!serverSeed) {
    serverSeed = randomBytes(32).toString('hex');
    await tx
      .update(gameTables)
      .set({ roundServerSeed: serverSeed })
      .where(eq(gameTables.id, tableId));
  }

  await assertMayStake(tx, userId, t.entryPriceCents);
  const wallet = await walletAccountId(tx, userId);
  let balanceCents: number;
  if (t.entryPriceCents === 0) {
    // A free private table ("amistosa"): no money moves, nothing to escrow.
    balanceCents = await accountBalanceCents(tx, wallet);
  } else
    try {
      const escrow = await systemAccount(tx, 'table_escrow', escrowRef(tableId, t.round));
      const moved = await transfer(tx, {
        kind: 'entry_fee',
        idempotencyKey: `entry:${tableId}:${t.round}:${userId}:${randomUUID()}`,
        postings: [
          { accountId: wallet, amountCents: -t.entryPriceCents },
          { accountId: escrow, amountCents: t.entryPriceCents },
        ],
        description: `Entrada a ${t.name}`,
        reference: { type: 'table', id: tableId },
        actorUserId: userId,
      });
      balanceCents = moved.balances.get(wallet) ?? 0;
    } catch (err) {
      if (err instanceof AppError && err.code === 'wallet/insufficient_funds') {
        throw new AppError('wallet/insufficient_funds', 422, MSG.insufficientBalance);
      }
      throw err;
    }
  // The seat claims the player's place (migration 0035): a place taken by a concurrent path is
  // refused here, and the entry charged above rolls back with this transaction.
  await claimingPlace(
    tx,
    userId,
    (sp) =>
      sp.insert(tableSeats).values({
        tableId,
        seat,
        userId,
        clientSeed: clientSeed ?? randomClientSeed(),
        entryCents: t.entryPriceCents,
      }),
    (taken) => refusalAt(taken, tableId),
  );

  // The first player to accept a rematch starts the others' 30 s (never extending the window).
  if (rematchSeat !== undefined && seated.length === 0 && t.rematchUntil)
    await tx
      .update(gameTables)
      .set({
        rematchUntil: sql`least(${gameTables.rematchUntil}, now() + make_interval(secs => ${REMATCH_WINDOW_MS / 1000}))`,
      })
      .where(eq(gameTables.id, tableId));

  let gameId: string | null = null;
  let started: JoinResult['started'];
  if (seated.length + 1 === t.rules.players) {
    // Every seat taken: the rematch (if any) happened, and a private table no longer expires.
    if (t.rematchUntil || t.expiresAt)
      await tx
        .update(gameTables)
        .set({ rematchUntil: null, rematchSeats: null, expiresAt: null })
        .where(eq(gameTables.id, tableId));
    const all = await tx.select().from(tableSeats).where(eq(tableSeats.tableId, tableId));
    gameId = await createTableMatch(tx, {
      tableId,
      tableName: t.name,
      round: t.round,
      config: tableConfig(t),
      serverSeed,
      seats: all.map((s) => ({ seat: s.seat, userId: s.userId, clientSeed: s.clientSeed })),
      entryCents: t.entryPriceCents,
      houseFeeBps: t.houseFeeBps,
      potShareBps: t.potShareBps,
      startsAt: new Date(Date.now() + START_COUNTDOWN_MS),
      timing,
    });
    started = { userIds: all.map((s) => s.userId), tableName: t.name };
  }
  return { seat, balanceCents, gameId, started };
}

/**
 * Gives one waiting seat its paid entry back (`entry_cents`, escrow of the table's current round
 * -> wallet, one ledger transfer) and frees the seat, inside the caller's transaction, which
 * must hold the table lock and have checked that no match is running. Returns the wallet's new
 * balance in céntimos.
 */
export async function refundSeat(
  tx: Tx,
  t: TableRow,
  seat: SeatRow,
  description: string,
  actorUserId: number,
): Promise<{ balanceCents: number }> {
  const wallet = await walletAccountId(tx, seat.userId);
  let balanceCents: number;
  if (seat.entryCents === 0) {
    balanceCents = await accountBalanceCents(tx, wallet);
  } else {
    const escrow = await systemAccount(tx, 'table_escrow', escrowRef(t.id, t.round));
    const moved = await transfer(tx, {
      kind: 'entry_refund',
      idempotencyKey: `refund:${t.id}:${t.round}:${seat.userId}:${randomUUID()}`,
      postings: [
        { accountId: escrow, amountCents: -seat.entryCents },
        { accountId: wallet, amountCents: seat.entryCents },
      ],
      description,
      reference: { type: 'table', id: t.id },
      actorUserId,
    });
    balanceCents = moved.balances.get(wallet) ?? 0;
  }
  await tx
    .delete(tableSeats)
    .where(and(eq(tableSeats.tableId, t.id), eq(tableSeats.userId, seat.userId)));
  return { balanceCents };
}

/** A seat refunded when a table closed or a rematch window ran out, for the after-commit pushes. */
export interface SeatRefund {
  userId: number;
  seat: number;
  /** The entry the seat had paid, now back in the wallet (céntimos). */
  refundCents: number;
  /** The wallet's balance after the refund (céntimos). */
  balanceCents: number;
}

/**
 * Refunds every waiting seat of a table (each exactly its `entry_cents`) inside the caller's
 * transaction, which holds the table lock and has checked that no match runs. Returns the refunds.
 */
export async function refundAllSeats(
  tx: Tx,
  t: TableRow,
  description: string,
  actorUserId: number | null,
): Promise<SeatRefund[]> {
  const seats = await tx
    .select()
    .from(tableSeats)
    .where(eq(tableSeats.tableId, t.id))
    .orderBy(asc(tableSeats.seat));
  const refunds: SeatRefund[] = [];
  for (const seat of seats) {
    const out = await refundSeat(tx, t, seat, description, actorUserId ?? seat.userId);
    refunds.push({
      userId: seat.userId,
      seat: seat.seat,
      refundCents: seat.entryCents,
      balanceCents: out.balanceCents,
    });
  }
  return refunds;
}

/**
 * Ends a table's rematch window (docs/decisions/021-private-tables.md "Revancha") inside the
 * caller's transaction, which holds the table lock: the players who accepted get their entry back
 * (not everyone accepted in time), the window is cleared, and a private table closes (reason
 * `finished`: its match was played). Audited. Returns the refunds for the after-commit pushes;
 * nothing when the table has no window.
 */
export async function closeRematchWindow(tx: Tx, t: TableRow): Promise<SeatRefund[]> {
  if (!t.rematchUntil) return [];
  const refunds = await refundAllSeats(
    tx,
    t,
    `Devolución de entrada de ${t.name} (sin revancha)`,
    null,
  );
  const closes = t.visibility === 'private';
  await tx
    .update(gameTables)
    .set({
      rematchUntil: null,
      rematchSeats: null,
      ...(closes ? { status: 'closed', closedReason: 'finished' as const } : {}),
      updatedAt: new Date(),
    })
    .where(eq(gameTables.id, t.id));
  await audit(tx, {
    actorUserId: null,
    action: 'table.rematch_lapsed',
    targetType: 'table',
    targetId: t.id,
    before: { rematch_seats: t.rematchSeats, status: t.status },
    after: {
      status: closes ? 'closed' : t.status,
      refunded: refunds.map((r) => ({
        user_id: r.userId,
        seat: r.seat,
        refund: centsToBolivares(r.refundCents),
      })),
    },
  });
  return refunds;
}

/**
 * Leaves a table before its match starts and refunds exactly the entry the seat paid (escrow ->
 * wallet). Errors: 404; 409 not seated, or the match already started (no refunds after the
 * start, decision 005).
 */
export async function leaveTable(
  tx: Tx,
  userId: number,
  tableId: number,
): Promise<{ balanceCents: number }> {
  const t = await lockTable(tx, tableId);
  const [seat] = await tx
    .select()
    .from(tableSeats)
    .where(and(eq(tableSeats.tableId, tableId), eq(tableSeats.userId, userId)));
  if (!seat) throw conflict('tables/not_seated', MSG_TABLES.notSeated);
  if (await liveMatch(tx, tableId)) throw conflict('tables/started', MSG_TABLES.cannotLeave);
  return refundSeat(tx, t, seat, `Devolución de entrada de ${t.name}`, userId);
}

/**
 * POST /api/tables/{tableId}/leave: leaveTable in its own transaction, for a player leaving on
 * their own request. Same result and errors as leaveTable.
 */
export async function leaveTableOnRequest(
  db: Db,
  userId: number,
  tableId: number,
): Promise<{ balanceCents: number }> {
  return db.transaction((tx) => leaveTable(tx, userId, tableId));
}

/** The caller's seat at a table and the client seed it will deal with. */
export interface SeatSeed {
  seat: number;
  clientSeed: string;
}

/**
 * The caller's own seat at `tableId` and its client seed (a read). Errors: 409
 * `tables/not_seated` when the caller does not sit there.
 */
export async function seatSeedOf(db: Executor, userId: number, tableId: number): Promise<SeatSeed> {
  const [seat] = await db
    .select({ seat: tableSeats.seat, clientSeed: tableSeats.clientSeed })
    .from(tableSeats)
    .where(and(eq(tableSeats.tableId, tableId), eq(tableSeats.userId, userId)));
  if (!seat) throw conflict('tables/not_seated', MSG_TABLES.notSeated);
  return seat;
}

/**
 * Sets the client seed of the caller's own seat while the table waits (decision 015). Takes the
 * table lock first, like a join, so it is serialised with the join that fills the last seat: it
 * either commits before that join (and the match deals with it) or after the match was created
 * (and is refused). The seat is found by the caller's user id: there is no way to name another
 * seat. `clientSeed` was validated by clientSeedSchema. Errors: 404; 409 `tables/not_seated`;
 * 409 `tables/seed_locked` once the match exists (countdown or play).
 */
export async function setClientSeed(
  db: Db,
  userId: number,
  tableId: number,
  clientSeed: string,
): Promise<SeatSeed> {
  return db.transaction(async (tx) => {
    await lockTable(tx, tableId);
    const [seat] = await tx
      .select({ seat: tableSeats.seat })
      .from(tableSeats)
      .where(and(eq(tableSeats.tableId, tableId), eq(tableSeats.userId, userId)));
    if (!seat) throw conflict('tables/not_seated', MSG_TABLES.notSeated);
    if (await liveMatch(tx, tableId)) throw conflict('tables/seed_locked', MSG_FAIRNESS.seedLocked);
    await tx
      .update(tableSeats)
      .set({ clientSeed })
      .where(and(eq(tableSeats.tableId, tableId), eq(tableSeats.userId, userId)));
    return { seat: seat.seat, clientSeed };
  });
}
