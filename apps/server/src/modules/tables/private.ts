import { randomInt } from 'node:crypto';
import { and, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import {
  INVITE_CODE_ALPHABET,
  INVITE_CODE_LENGTH,
  MSG_PRIVATE,
  MSG_TABLES,
  RULE_OPTIONS,
  centsToBolivares,
  disallowedRule,
  parseBolivaresJson,
  publicName,
  type AllowedRules,
  type PrivateTableOptions,
  type TableDetail,
  type TableRules,
} from '@domino/contracts';
import type { Db, Executor, Tx } from '../../db/client';
import { pgConstraint, pgErrorCode } from '../../db/client';
import { gameTables, privateTableSettings, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { audit } from '../audit/audit';
import type { Timing } from '../games/context';
import {
  closeRematchWindow,
  joinTable,
  liveMatch,
  lockTable,
  refundAllSeats,
  type JoinResult,
  type SeatRefund,
  type TableRow,
} from './service';

/**
 * Private tables by invitation (docs/decisions/021-private-tables.md). A player creates a table
 * with rules and an entry price within what staff allow (`private_table_settings`), sits at seat 0
 * paying the entry like at any table, and shares the link `/invitacion/{code}` or the 6-character
 * code. Friends join with the code through the same `joinTable` (checks, escrow, the match created
 * when the last seat fills). By id a private table does not exist for anyone else.
 *
 * The host may cancel while no match runs; an unfilled table expires `expiry_minutes` after its
 * creation. Both refund every seat exactly its `entry_cents` in one transaction with the table
 * closing, and are audited. The keeper (keeper.ts) expires tables and closes rematch windows on
 * every node (SKIP LOCKED).
 */

/** The staff settings row (created by migration 0017). */
export async function privateSettings(db: Executor) {
  const [row] = await db.select().from(privateTableSettings).where(eq(privateTableSettings.id, 1));
  if (!row) throw new Error('private_table_settings has no row');
  return row;
}

/** What a host may pick, for GET /api/private-tables/options and the staff form (bolívares). */
export async function privateOptions(db: Executor): Promise<PrivateTableOptions> {
  const s = await privateSettings(db);
  return {
    entry_prices: [...s.entryPricesCents].sort((a, b) => a - b).map(centsToBolivares),
    allowed_rules: s.allowedRules as Record<string, (string | number | boolean)[]>,
    expiry_minutes: s.expiryMinutes,
    house_fee_bps: s.houseFeeBps,
    pot_share_bps: s.potShareBps,
  };
}

/**
 * Staff change the settings (PUT /api/admin/private-tables/settings), audited. Tables already
 * created keep their terms. `input.entry_prices` in bolívares (validated by
 * privateTableSettingsRequestSchema).
 */
export async function savePrivateSettings(
  db: Db,
  staffId: number,
  input: PrivateTableOptions,
): Promise<PrivateTableOptions> {
  return db.transaction(async (tx) => {
    const before = await privateOptions(tx);
    const prices = input.entry_prices.map((p) => parseBolivaresJson(p));
    if (prices.some((p) => p === null))
      throw new AppError('validation/failed', 422, MSG_PRIVATE.priceNotOffered);
    await tx
      .update(privateTableSettings)
      .set({
        entryPricesCents: prices as number[],
        allowedRules: input.allowed_rules,
        expiryMinutes: input.expiry_minutes,
        houseFeeBps: input.house_fee_bps,
        potShareBps: input.pot_share_bps,
        updatedBy: staffId,
        updatedAt: new Date(),
      })
      .where(eq(privateTableSettings.id, 1));
    const after = await privateOptions(tx);
    await audit(tx, {
      actorUserId: staffId,
      action: 'private_tables.settings',
      targetType: 'private_table_settings',
      targetId: 1,
      before,
      after,
    });
    return after;
  });
}

/** A fresh invitation code: 6 characters of INVITE_CODE_ALPHABET from the CSPRNG. */
export function newInviteCode(): string {
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i++)
    code += INVITE_CODE_ALPHABET[randomInt(INVITE_CODE_ALPHABET.length)];
  return code;
}

export interface CreatePrivateInput {
  rules: TableRules;
  /** Bolívares, as the host saw it in the list. */
  entryPrice: number;
  allowSpectators: boolean;
  clientSeed?: string;
}

/**
 * Creates a private table and seats its host at seat 0 with the entry taken (one transaction).
 * Errors: 422 `private/price_not_offered` (not one of the staff's prices), 422
 * `private/rule_not_allowed` (a rule staff do not allow), 409 `private/too_many_open` (the host
 * already hosts a table waiting for players), and every error of joinTable (seated elsewhere,
 * insufficient funds, account inactive).
 */
export async function createPrivateTable(
  tx: Tx,
  hostId: number,
  input: CreatePrivateInput,
  timing: Timing,
): Promise<{ tableId: number; join: JoinResult }> {
  const settings = await privateSettings(tx);
  const cents = parseBolivaresJson(input.entryPrice);
  if (cents === null || !settings.entryPricesCents.includes(cents))
    throw new AppError('private/price_not_offered', 422, MSG_PRIVATE.priceNotOffered);
  const refused = disallowedRule(input.rules, settings.allowedRules as AllowedRules);
  if (refused) {
    const label = RULE_OPTIONS.find((o) => o.key === refused)?.label ?? refused;
    throw new AppError('private/rule_not_allowed', 422, MSG_PRIVATE.ruleNotAllowed(label));
  }
  // Serialise the host's creations on their user row, so two at once cannot both pass the check.
  const [host] = await tx
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, hostId))
    .for('update');
  if (!host) throw new AppError('auth/unauthenticated', 401, MSG_TABLES.accountInactive);
  const [waiting] = await tx
    .select({ id: gameTables.id })
    .from(gameTables)
    .where(
      and(
        eq(gameTables.hostUserId, hostId),
        eq(gameTables.status, 'open'),
        isNotNull(gameTables.expiresAt),
      ),
    );
  if (waiting) throw new AppError('private/too_many_open', 409, MSG_PRIVATE.tooManyOpen);

  let tableId: number | undefined;
  for (let attempt = 0; tableId === undefined; attempt++) {
    const code = newInviteCode();
    try {
      const [row] = await tx
        .insert(gameTables)
        .values({
          name: `Mesa de ${publicName(host.name)}`,
          entryPriceCents: cents,
          rules: input.rules,
          houseFeeBps: settings.houseFeeBps,
          potShareBps: settings.potShareBps,
          visibility: 'private',
          hostUserId: hostId,
          inviteCode: code,
          allowSpectators: input.allowSpectators,
          expiresAt: sql`now() + make_interval(mins => ${settings.expiryMinutes})`,
        })
        .returning({ id: gameTables.id });
      tableId = row?.id;
    } catch (err) {
      // A code already in use (1 in ~887 million per open table): draw another one.
      if (
        attempt < 5 &&
        pgErrorCode(err) === '23505' &&
        pgConstraint(err) === 'game_tables_invite_code_key'
      )
        continue;
      throw err;
    }
  }
  if (tableId === undefined) throw new Error('private table insert returned no row');
  await audit(tx, {
    actorUserId: hostId,
    action: 'table.private_create',
    targetType: 'table',
    targetId: tableId,
    before: null,
    after: {
      rules: input.rules,
      entry_price: centsToBolivares(cents),
      allow_spectators: input.allowSpectators,
      expiry_minutes: settings.expiryMinutes,
    },
  });
  const join = await joinTable(
    tx,
    hostId,
    tableId,
    input.entryPrice,
    timing,
    input.clientSeed,
    'invitation',
  );
  return { tableId, join };
}

/** The id of the open private table with `code`; 404 `private/not_found` when none. */
export async function tableIdByCode(db: Executor, code: string): Promise<number> {
  const [row] = await db
    .select({ id: gameTables.id })
    .from(gameTables)
    .where(
      and(
        eq(gameTables.inviteCode, code),
        eq(gameTables.visibility, 'private'),
        eq(gameTables.status, 'open'),
      ),
    );
  if (!row) throw new AppError('private/not_found', 404, MSG_PRIVATE.notFound);
  return row.id;
}

/**
 * Whether `userId` may see a table's detail by its id (GET /api/tables/{id}, `table:watch`): any
 * public table; a private one only for its host, a seated player, or a player of the match just
 * played while its rematch window is open (docs/decisions/021-private-tables.md); a quick-play
 * table only for its seated players (docs/decisions/027-quick-play.md).
 */
export function maySeeTable(detail: TableDetail, userId: number | null): boolean {
  if (detail.quick) return userId !== null && detail.seats.some((s) => s.user?.id === userId);
  if (!detail.private) return true;
  if (userId === null) return false;
  return (
    detail.private.host.id === userId ||
    detail.seats.some((s) => s.user?.id === userId) ||
    (detail.rematch?.seats.some((r) => r.user_id === userId) ?? false)
  );
}

/** The result of closing a private table: the refunds for the after-commit pushes. */
export interface PrivateClosing {
  tableId: number;
  refunds: SeatRefund[];
}

/**
 * The host cancels their private table (POST /api/private-tables/{code}/cancel) while no match
 * runs: every seat gets back exactly what it paid, the table closes (reason `host`), audited.
 * Errors: 404 unknown code; 403 `private/not_host`; 409 `private/cancel_playing` once the match
 * exists (countdown or play).
 */
export async function cancelPrivateTable(
  db: Db,
  userId: number,
  code: string,
): Promise<PrivateClosing> {
  return db.transaction(async (tx) => {
    const tableId = await tableIdByCode(tx, code);
    const t = await lockTable(tx, tableId);
    if (t.status !== 'open') throw new AppError('private/not_found', 404, MSG_PRIVATE.notFound);
    if (t.hostUserId !== userId) throw new AppError('private/not_host', 403, MSG_PRIVATE.notHost);
    if (await liveMatch(tx, tableId))
      throw new AppError('private/cancel_playing', 409, MSG_PRIVATE.cancelPlaying);
    return closePrivateTable(tx, t, 'host', userId);
  });
}

/** Refunds every seat and closes a private table (caller holds the lock; no live match). */
async function closePrivateTable(
  tx: Tx,
  t: TableRow,
  reason: 'host' | 'expired',
  actorUserId: number | null,
): Promise<PrivateClosing> {
  const refunds = await refundAllSeats(
    tx,
    t,
    reason === 'host'
      ? `Devolución de entrada de ${t.name} (mesa cancelada)`
      : `Devolución de entrada de ${t.name} (mesa vencida)`,
    actorUserId,
  );
  await tx
    .update(gameTables)
    .set({
      status: 'closed',
      closedReason: reason,
      rematchUntil: null,
      rematchSeats: null,
      updatedAt: new Date(),
    })
    .where(eq(gameTables.id, t.id));
  await audit(tx, {
    actorUserId,
    action: reason === 'host' ? 'table.private_cancel' : 'table.private_expire',
    targetType: 'table',
    targetId: t.id,
    before: { status: t.status },
    after: {
      status: 'closed',
      reason,
      refunded: refunds.map((r) => ({
        user_id: r.userId,
        seat: r.seat,
        refund: centsToBolivares(r.refundCents),
      })),
    },
  });
  return { tableId: t.id, refunds };
}

/**
 * One keeper pass (keeper.ts): expires every unfilled private table whose `expires_at` passed,
 * and ends every rematch window that ran out, each in its own transaction with the table row
 * claimed with SKIP LOCKED (another node, or a join, holding it decides it instead). Returns what
 * closed, for the pushes. `now` is injectable for tests.
 */
export async function keepTables(
  db: Db,
  now: Date = new Date(),
  limit = 50,
): Promise<{ expired: PrivateClosing[]; lapsed: PrivateClosing[] }> {
  const due = await db
    .select({ id: gameTables.id })
    .from(gameTables)
    .where(
      and(
        eq(gameTables.status, 'open'),
        eq(gameTables.visibility, 'private'),
        isNull(gameTables.rematchUntil),
        lte(gameTables.expiresAt, now),
      ),
    )
    .limit(limit);
  const expired = await claimEach(db, due, (tx, t) => {
    if (t.status !== 'open' || t.rematchUntil || !t.expiresAt || t.expiresAt > now) return null;
    return closePrivateTable(tx, t, 'expired', null);
  });
  const windows = await db
    .select({ id: gameTables.id })
    .from(gameTables)
    .where(lte(gameTables.rematchUntil, now))
    .limit(limit);
  const lapsed = await claimEach(db, windows, async (tx, t) => {
    if (!t.rematchUntil || t.rematchUntil > now) return null;
    return { tableId: t.id, refunds: await closeRematchWindow(tx, t) };
  });
  return { expired, lapsed };
}

/**
 * For each table id, one transaction: claims the row (`FOR UPDATE SKIP LOCKED`: a row another
 * node or a join holds is left to it), re-checks through `close` (null = nothing to do) unless a
 * match runs, and collects what closed.
 */
async function claimEach(
  db: Db,
  ids: { id: number }[],
  close: (tx: Tx, t: TableRow) => Promise<PrivateClosing | null> | null,
): Promise<PrivateClosing[]> {
  const out: PrivateClosing[] = [];
  for (const { id } of ids) {
    const closed = await db.transaction(async (tx) => {
      const [t] = await tx
        .select()
        .from(gameTables)
        .where(eq(gameTables.id, id))
        .for('update', { skipLocked: true });
      if (!t || (await liveMatch(tx, id))) return null;
      return close(tx, t);
    });
    if (closed) out.push(closed);
  }
  return out;
}
