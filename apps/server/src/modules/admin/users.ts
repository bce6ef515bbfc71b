import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AdminUser, AdminUserDetail, AdminUsersResponse } from '@domino/contracts';
import { ADMIN_USERS_PAGE_SIZE, MSG_ADMIN, centsToBolivares } from '@domino/contracts';
import type { Db, Executor, Tx } from '../../db/client';
import { accounts, auditLog, gameTables, tableSeats, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { audit } from '../audit/audit';
import { revokeAllTokens } from '../auth/service';
import { walletBalanceCents } from '../ledger/accounts';
import { leaveTable } from '../tables/service';
import type { UserRow } from '../users/serialize';

/**
 * Staff view of the players (decision 009, /admin/usuarios): search, a user's page, suspension and
 * reactivation.
 *
 * Suspension rules (decided here; see docs/decisions/009-staff-console.md): staff cannot suspend
 * themselves nor any other admin (an admin locked out by a colleague would be an outage without a
 * remedy in the console); a reason is required; suspending revokes every token of the user in the
 * same transaction, and a player seated at a table whose match has not started is removed and
 * refunded through the ordinary leave logic. A player in a match already running stays in it (no
 * refunds after the start, docs/architecture.md#how-a-payment-flows): the bot plays their turns once they are gone, and the
 * settlement pays their wallet as usual.
 */

const notFound = () => new AppError('admin/user_not_found', 404, MSG_ADMIN.userNotFound);

function toAdminUser(row: UserRow, balanceCents: number): AdminUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    username: row.username,
    type_identification: row.typeIdentification,
    n_identification: row.nIdentification,
    phone: row.phone,
    rol: row.rol as AdminUser['rol'],
    status: row.status as AdminUser['status'],
    balance: centsToBolivares(balanceCents),
    points: row.points,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Escapes LIKE wildcards so a search for "50%" or "a_b" matches those characters literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * GET /api/admin/users: users whose name, e-mail, cédula or phone contains `q` (any case; a
 * cédula may be typed with its letter, "V-12345678"); all digits also matches the user id.
 * Newest first, ADMIN_USERS_PAGE_SIZE per page, with balances in bolívares. An empty `q` lists
 * everyone. (A partial match cannot use the b-tree indexes: this scans users, which staff search
 * rarely and which stays far smaller than the ledger.)
 */
export async function searchUsers(
  db: Executor,
  q: string,
  page: number,
): Promise<AdminUsersResponse> {
  const perPage = ADMIN_USERS_PAGE_SIZE;
  const text = q.trim();
  const doc = /^[VEJGvejg]-?(\d+)$/.exec(text)?.[1];
  const digits = /^\d+$/.test(text) ? text : null;
  const where =
    text === ''
      ? sql`true`
      : sql`(${users.name} ilike ${likePattern(text)} escape '\\'
          or ${users.email} ilike ${likePattern(text)} escape '\\'
          or ${users.nIdentification} like ${likePattern(doc ?? text)} escape '\\'
          or ${users.phone} like ${likePattern(text)} escape '\\'
          ${digits && digits.length <= 15 ? sql`or ${users.id} = ${Number(digits)}` : sql``})`;
  const rows = await db
    .select({
      user: users,
      balance: sql<string | number>`coalesce(${accounts.balanceCents}, 0)`,
      total: sql<number>`count(*) over ()`,
    })
    .from(users)
    .leftJoin(accounts, and(eq(accounts.ownerUserId, users.id), eq(accounts.kind, 'wallet')))
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return {
    users: rows.map((r) => toAdminUser(r.user, Number(r.balance))),
    total: Number(rows[0]?.total ?? 0),
    page,
    per_page: perPage,
  };
}

/** Throws 404 `admin/user_not_found` unless the user exists. */
export async function requireUser(db: Executor, id: number): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) throw notFound();
  return row;
}

/**
 * GET /api/admin/users/{id}: the user with their balance, the table they sit at (if any, and
 * whether its match is running) and the last suspension or reactivation (who, when, why).
 */
export async function userDetail(db: Executor, id: number): Promise<AdminUserDetail> {
  const row = await requireUser(db, id);
  const [seat] = await db
    .select({
      tableId: tableSeats.tableId,
      name: gameTables.name,
      // Written out: inside a subquery a bare column reference would bind to the inner table.
      playing: sql<boolean>`exists (select 1 from games g where g.table_id = table_seats.table_id
        and g.kind = 'table' and g.status = 'playing')`,
    })
    .from(tableSeats)
    .innerJoin(gameTables, eq(gameTables.id, tableSeats.tableId))
    .where(eq(tableSeats.userId, id));
  const [change] = await db
    .select({
      action: auditLog.action,
      reason: auditLog.reason,
      by: users.name,
      at: auditLog.createdAt,
    })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.actorUserId))
    .where(
      and(
        eq(auditLog.targetType, 'user'),
        eq(auditLog.targetId, String(id)),
        inArray(auditLog.action, ['user.suspend', 'user.reactivate']),
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(1);
  return {
    user: toAdminUser(row, await walletBalanceCents(db, id)),
    seat: seat ? { table_id: seat.tableId, table_name: seat.name, playing: seat.playing } : null,
    last_status_change: change
      ? { action: change.action, reason: change.reason, by: change.by, at: change.at.toISOString() }
      : null,
  };
}

async function lockUser(tx: Tx, id: number): Promise<UserRow> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

export interface SuspensionResult {
  user: AdminUser;
  /** The table the player was removed from, with the refunded entry in céntimos. */
  leftTable: { tableId: number; refundCents: number } | null;
}

/**
 * Suspends a player (status `suspendido`) with a reason, in one transaction: revokes all their
 * tokens (the next request is 401; auth also refuses suspended accounts), frees a seat at a table
 * whose match has not started (entry refunded), and writes the audit row (before/after status,
 * tokens revoked, table left). Errors: 404 unknown user; 403 `admin/cannot_suspend_self`,
 * `admin/cannot_suspend_staff`; 409 `admin/already_suspended`. The caller pushes the socket event
 * after commit.
 */
export async function suspendUser(
  db: Db,
  staffId: number,
  userId: number,
  reason: string,
): Promise<SuspensionResult> {
  return db.transaction(async (tx) => {
    if (userId === staffId)
      throw new AppError('admin/cannot_suspend_self', 403, MSG_ADMIN.cannotSuspendSelf);
    const row = await lockUser(tx, userId);
    if (row.rol === 'admin')
      throw new AppError('admin/cannot_suspend_staff', 403, MSG_ADMIN.cannotSuspendStaff);
    if (row.status === 'suspendido')
      throw new AppError('admin/already_suspended', 409, MSG_ADMIN.alreadySuspended);

    const [updated] = await tx
      .update(users)
      .set({ status: 'suspendido', updatedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning();
    await revokeAllTokens(tx, userId, 'suspended');

    let leftTable: SuspensionResult['leftTable'] = null;
    const [seat] = await tx.select().from(tableSeats).where(eq(tableSeats.userId, userId));
    if (seat) {
      try {
        const before = await walletBalanceCents(tx, userId);
        const out = await leaveTable(tx, userId, seat.tableId);
        leftTable = { tableId: seat.tableId, refundCents: out.balanceCents - before };
      } catch (err) {
        // The match already started: the player stays seated (no refunds after the start).
        if (!(err instanceof AppError && err.code === 'tables/started')) throw err;
      }
    }

    await audit(tx, {
      actorUserId: staffId,
      action: 'user.suspend',
      targetType: 'user',
      targetId: userId,
      before: { status: row.status },
      after: {
        status: 'suspendido',
        tokens_revoked: true,
        ...(leftTable
          ? { left_table: leftTable.tableId, refund: centsToBolivares(leftTable.refundCents) }
          : {}),
      },
      reason,
    });
    return { user: toAdminUser(updated!, await walletBalanceCents(tx, userId)), leftTable };
  });
}

/**
 * Reactivates a suspended account (status `activo`) with a reason; the player logs in again with
 * their password (their old tokens stay revoked). Errors: 404; 409 `admin/already_active`.
 */
export async function reactivateUser(
  db: Db,
  staffId: number,
  userId: number,
  reason: string,
): Promise<AdminUser> {
  return db.transaction(async (tx) => {
    const row = await lockUser(tx, userId);
    if (row.status === 'activo')
      throw new AppError('admin/already_active', 409, MSG_ADMIN.alreadyActive);
    const [updated] = await tx
      .update(users)
      .set({ status: 'activo', updatedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning();
    await audit(tx, {
      actorUserId: staffId,
      action: 'user.reactivate',
      targetType: 'user',
      targetId: userId,
      before: { status: row.status },
      after: { status: 'activo' },
      reason,
    });
    return toAdminUser(updated!, await walletBalanceCents(tx, userId));
  });
}
