import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type {
  AdminBank,
  AdminRechargeAccount,
  BANK_STATUSES,
  bankInputSchema,
  rechargeAccountInputSchema,
} from '@domino/contracts';
import { MSG_ADMIN, MSG_PAYMENTS, sortBanks } from '@domino/contracts';
import type { z } from 'zod';
import type { Db, Executor, Tx } from '../../db/client';
import { pgConstraint, pgErrorCode } from '../../db/client';
import { banks, rechargeAccounts } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { audit } from '../audit/audit';

/**
 * Staff management of banks and platform recharge accounts (decision 009, /admin/bancos; routes
 * in catalog/staff-routes.ts). Each change opens its own transaction, takes its row locks and
 * writes its audit row inside it. What players see follows at once: GET /api/banks lists active
 * banks only, GET /api/accounts_recharge active accounts only (payments/service.ts).
 *
 * Rules (docs/decisions/009-staff-console.md):
 * - A bank's code is 4 digits and unique; a recharge account's number is 20 digits starting with
 *   its bank's code (the Venezuelan account format).
 * - A bank with active recharge accounts cannot be deactivated, and an account cannot be
 *   activated (or created) at an inactive bank: a player never sees a destination whose bank the
 *   platform has withdrawn.
 * - The last active recharge account cannot be deactivated: players would have nowhere to pay.
 *   The active accounts are locked first, so two staff deactivating the last two at once cannot
 *   both succeed.
 * - Every change writes an audit row with the before and after; a request that changes nothing
 *   answers with the current state and writes none.
 */

type BankInput = z.output<typeof bankInputSchema>;
type AccountInput = z.output<typeof rechargeAccountInputSchema>;
type BankStatus = (typeof BANK_STATUSES)[number];
type BankRow = typeof banks.$inferSelect;
type AccountRow = typeof rechargeAccounts.$inferSelect;

const bankNotFound = () => new AppError('admin/bank_not_found', 404, MSG_ADMIN.bankNotFound);
const accountNotFound = () =>
  new AppError('admin/account_not_found', 404, MSG_ADMIN.accountNotFound);

/** The snapshot of a bank kept in the audit log. */
const bankFacts = (b: BankRow) => ({ code: b.code, name: b.name, status: b.status });
/** The snapshot of a recharge account kept in the audit log. */
const accountFacts = (a: AccountRow) => ({
  bank_id: a.bankId,
  account_number: a.accountNumber,
  holder_name: a.holderName,
  type_identification: a.typeIdentification,
  n_identification: a.nIdentification,
  phone: a.phone,
  active: a.active,
});

function bankStatus(status: string): BankStatus {
  return status === 'activo' || status === 'active' ? 'activo' : 'inactivo';
}

/**
 * GET /api/admin/banks: every bank, active or not, with its active recharge accounts, in the
 * players' order (sortBanks: Spanish alphabetical by name; docs/decisions/016).
 */
export async function listBanks(db: Executor, id?: number): Promise<AdminBank[]> {
  const rows = await db
    .select({
      bank: banks,
      // Written out: inside a subquery a bare column reference would bind to the inner table.
      active: sql<number>`(select count(*) from recharge_accounts ra
        where ra.bank_id = banks.id and ra.active)::int`,
    })
    .from(banks)
    .where(id === undefined ? sql`true` : eq(banks.id, id));
  return sortBanks(
    rows.map(({ bank, active }) => ({
      id: bank.id,
      code: bank.code,
      name: bank.name,
      status: bankStatus(bank.status),
      active_accounts: Number(active),
      created_at: bank.createdAt.toISOString(),
      updated_at: bank.updatedAt.toISOString(),
    })),
  );
}

async function oneBank(db: Executor, id: number): Promise<AdminBank> {
  const [b] = await listBanks(db, id);
  if (!b) throw bankNotFound();
  return b;
}

async function lockBank(tx: Tx, id: number): Promise<BankRow> {
  const [b] = await tx.select().from(banks).where(eq(banks.id, id)).for('update');
  if (!b) throw bankNotFound();
  return b;
}

async function assertCodeFree(tx: Tx, code: string, exceptId?: number): Promise<void> {
  const [taken] = await tx
    .select({ id: banks.id })
    .from(banks)
    .where(
      exceptId === undefined
        ? eq(banks.code, code)
        : and(eq(banks.code, code), ne(banks.id, exceptId)),
    );
  if (taken) throw AppError.validation({ code: [MSG_ADMIN.bankCodeTaken] });
}

/** Maps the unique-code race (two staff creating the same code at once) to the same 422. */
async function uniqueCode<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (pgErrorCode(err) === '23505' && pgConstraint(err) === 'banks_code_key')
      throw AppError.validation({ code: [MSG_ADMIN.bankCodeTaken] });
    throw err;
  }
}

/** POST /api/admin/banks: a new active bank. Errors: 422 code taken (or malformed, by schema). */
export async function createBank(db: Db, staffId: number, input: BankInput): Promise<AdminBank> {
  return db.transaction(async (tx) => {
    await assertCodeFree(tx, input.code);
    const [row] = await uniqueCode(() =>
      tx.insert(banks).values({ code: input.code, name: input.name, status: 'activo' }).returning(),
    );
    await audit(tx, {
      actorUserId: staffId,
      action: 'bank.create',
      targetType: 'bank',
      targetId: row!.id,
      before: null,
      after: bankFacts(row!),
    });
    return oneBank(tx, row!.id);
  });
}

/** PATCH /api/admin/banks/{id}: code and name. Errors: 404; 422 code taken. */
export async function updateBank(
  db: Db,
  staffId: number,
  id: number,
  input: BankInput,
): Promise<AdminBank> {
  return db.transaction(async (tx) => {
    const before = await lockBank(tx, id);
    if (before.code === input.code && before.name === input.name) return oneBank(tx, id);
    if (before.code !== input.code) await assertCodeFree(tx, input.code, id);
    const [after] = await uniqueCode(() =>
      tx
        .update(banks)
        .set({ code: input.code, name: input.name, updatedAt: sql`now()` })
        .where(eq(banks.id, id))
        .returning(),
    );
    await audit(tx, {
      actorUserId: staffId,
      action: 'bank.update',
      targetType: 'bank',
      targetId: id,
      before: bankFacts(before),
      after: bankFacts(after!),
    });
    return oneBank(tx, id);
  });
}

/**
 * POST /api/admin/banks/{id}/activate|deactivate. Errors: 404; 409 `admin/bank_has_accounts`
 * when deactivating a bank that still has active recharge accounts.
 */
export async function setBankActive(
  db: Db,
  staffId: number,
  id: number,
  active: boolean,
): Promise<AdminBank> {
  return db.transaction(async (tx) => {
    const before = await lockBank(tx, id);
    const status: BankStatus = active ? 'activo' : 'inactivo';
    if (bankStatus(before.status) === status) return oneBank(tx, id);
    if (!active) {
      const [acc] = await tx
        .select({ id: rechargeAccounts.id })
        .from(rechargeAccounts)
        .where(and(eq(rechargeAccounts.bankId, id), eq(rechargeAccounts.active, true)))
        .limit(1);
      if (acc) throw new AppError('admin/bank_has_accounts', 409, MSG_ADMIN.bankHasActiveAccounts);
    }
    const [after] = await tx
      .update(banks)
      .set({ status, updatedAt: sql`now()` })
      .where(eq(banks.id, id))
      .returning();
    await audit(tx, {
      actorUserId: staffId,
      action: active ? 'bank.activate' : 'bank.deactivate',
      targetType: 'bank',
      targetId: id,
      before: bankFacts(before),
      after: bankFacts(after!),
    });
    return oneBank(tx, id);
  });
}

/** GET /api/admin/recharge-accounts: every platform account with its bank, by id. */
export async function listRechargeAccountsAdmin(
  db: Executor,
  id?: number,
): Promise<AdminRechargeAccount[]> {
  const rows = await db
    .select({ a: rechargeAccounts, b: banks })
    .from(rechargeAccounts)
    .innerJoin(banks, eq(banks.id, rechargeAccounts.bankId))
    .where(id === undefined ? sql`true` : eq(rechargeAccounts.id, id))
    .orderBy(asc(rechargeAccounts.id));
  return rows.map(({ a, b }) => ({
    id: a.id,
    bank: { id: b.id, code: b.code, name: b.name, status: bankStatus(b.status) },
    account_number: a.accountNumber,
    holder_name: a.holderName,
    type_identification: a.typeIdentification,
    n_identification: a.nIdentification,
    phone: a.phone,
    active: a.active,
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
  }));
}

async function oneAccount(db: Executor, id: number): Promise<AdminRechargeAccount> {
  const [a] = await listRechargeAccountsAdmin(db, id);
  if (!a) throw accountNotFound();
  return a;
}

async function lockAccount(tx: Tx, id: number): Promise<AccountRow> {
  const [a] = await tx
    .select()
    .from(rechargeAccounts)
    .where(eq(rechargeAccounts.id, id))
    .for('update');
  if (!a) throw accountNotFound();
  return a;
}

/**
 * The bank an account will belong to, locked (so it cannot be deactivated meanwhile), checked:
 * it exists (422 bank_id), is active when the account is (422 bank_id), and its code starts the
 * account number (422 account_number).
 */
async function checkAccountBank(tx: Tx, input: AccountInput, active: boolean): Promise<void> {
  const [bank] = await tx.select().from(banks).where(eq(banks.id, input.bank_id)).for('update');
  if (!bank) throw AppError.validation({ bank_id: [MSG_ADMIN.bankNotFound] });
  if (active && bankStatus(bank.status) !== 'activo')
    throw AppError.validation({ bank_id: [MSG_ADMIN.bankInactive] });
  if (!input.account_number.startsWith(bank.code))
    throw AppError.validation({ account_number: [MSG_PAYMENTS.accountNumberMismatch] });
}

const accountValues = (input: AccountInput) => ({
  bankId: input.bank_id,
  accountNumber: input.account_number,
  holderName: input.holder_name,
  typeIdentification: input.type_identification,
  nIdentification: input.n_identification,
  phone: input.phone,
});

/** POST /api/admin/recharge-accounts: a new active account. Errors: 422 (see checkAccountBank). */
export async function createRechargeAccount(
  db: Db,
  staffId: number,
  input: AccountInput,
): Promise<AdminRechargeAccount> {
  return db.transaction(async (tx) => {
    await checkAccountBank(tx, input, true);
    const [row] = await tx
      .insert(rechargeAccounts)
      .values({ ...accountValues(input), active: true })
      .returning();
    await audit(tx, {
      actorUserId: staffId,
      action: 'recharge_account.create',
      targetType: 'recharge_account',
      targetId: row!.id,
      before: null,
      after: accountFacts(row!),
    });
    return oneAccount(tx, row!.id);
  });
}

/** PATCH /api/admin/recharge-accounts/{id}: every field. Errors: 404; 422 (see checkAccountBank). */
export async function updateRechargeAccount(
  db: Db,
  staffId: number,
  id: number,
  input: AccountInput,
): Promise<AdminRechargeAccount> {
  return db.transaction(async (tx) => {
    const before = await lockAccount(tx, id);
    const values = accountValues(input);
    const same = (Object.keys(values) as (keyof typeof values)[]).every(
      (k) => before[k] === values[k],
    );
    if (same) return oneAccount(tx, id);
    await checkAccountBank(tx, input, before.active);
    const [after] = await tx
      .update(rechargeAccounts)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(rechargeAccounts.id, id))
      .returning();
    await audit(tx, {
      actorUserId: staffId,
      action: 'recharge_account.update',
      targetType: 'recharge_account',
      targetId: id,
      before: accountFacts(before),
      after: accountFacts(after!),
    });
    return oneAccount(tx, id);
  });
}

/**
 * POST /api/admin/recharge-accounts/{id}/activate|deactivate. Errors: 404; 409
 * `admin/bank_inactive` activating at an inactive bank; 409 `admin/last_active_account`
 * deactivating the only active account.
 */
export async function setRechargeAccountActive(
  db: Db,
  staffId: number,
  id: number,
  active: boolean,
): Promise<AdminRechargeAccount> {
  return db.transaction(async (tx) => {
    if (!active) {
      // Lock every active account first: concurrent deactivations serialise on these rows.
      await tx
        .select({ id: rechargeAccounts.id })
        .from(rechargeAccounts)
        .where(eq(rechargeAccounts.active, true))
        .orderBy(asc(rechargeAccounts.id))
        .for('update');
    }
    const before = await lockAccount(tx, id);
    if (before.active === active) return oneAccount(tx, id);
    if (active) {
      const [bank] = await tx.select().from(banks).where(eq(banks.id, before.bankId)).for('update');
      if (!bank || bankStatus(bank.status) !== 'activo')
        throw new AppError('admin/bank_inactive', 409, MSG_ADMIN.bankInactive);
    } else {
      const [others] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(rechargeAccounts)
        .where(and(eq(rechargeAccounts.active, true), ne(rechargeAccounts.id, id)));
      if (Number(others?.n ?? 0) === 0)
        throw new AppError('admin/last_active_account', 409, MSG_ADMIN.lastActiveAccount);
    }
    const [after] = await tx
      .update(rechargeAccounts)
      .set({ active, updatedAt: sql`now()` })
      .where(eq(rechargeAccounts.id, id))
      .returning();
    await audit(tx, {
      actorUserId: staffId,
      action: active ? 'recharge_account.activate' : 'recharge_account.deactivate',
      targetType: 'recharge_account',
      targetId: id,
      before: accountFacts(before),
      after: accountFacts(after!),
    });
    return oneAccount(tx, id);
  });
}
