import { and, desc, eq, sql } from 'drizzle-orm';
import type { AdminDashboard, LedgerCheck, LedgerKind } from '@domino/contracts';
import { centsToBolivares, formatBs, plural } from '@domino/contracts';
import type { Executor } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import { caracasDate, caracasMidnight } from '../../lib/time';
import { audit } from '../audit/audit';
import { checkLedger } from '../ledger/ledger';
import { potMonth } from '../pot/month';

/**
 * The staff dashboard (decision 009, /admin): pending queues, today's volume, house fees, the month's
 * pot, live matches and the last ledger consistency check. Read-only and cheap: every query walks
 * an index or today's rows only; the full ledger check runs on demand (`runLedgerCheck`).
 */

type Rows<T> = { rows: T[] };
const rowsOf = <T>(res: unknown): T[] => (res as Rows<T>).rows;

/** Where the consistency check's results are kept: audit rows of this target. */
const LEDGER_TARGET = { type: 'ledger', id: 'consistency' } as const;

/**
 * Today's money movements by ledger transaction kind and account kind (céntimos, signed as
 * posted). Only today's transactions are read: the cut-off id is found by walking the primary key
 * backwards to the last transaction created before Caracas midnight, so the cost follows today's
 * activity, not the size of the ledger. (Ids and created_at grow together; a transaction that
 * straddles midnight by milliseconds may count on either day.)
 */
async function todaysMovements(db: Executor, since: Date) {
  const res = await db.execute(sql`
    with cut as (
      select coalesce(max(id), 0) as id from ledger_transactions
      where created_at < ${since.toISOString()}::timestamptz
    )
    select t.kind as kind, a.kind as account_kind,
      count(distinct t.id)::int as n, coalesce(sum(e.amount_cents), 0)::bigint as amount
    from ledger_transactions t
    join ledger_entries e on e.transaction_id = t.id
    join accounts a on a.id = e.account_id
    where t.id > (select id from cut) and t.created_at >= ${since.toISOString()}::timestamptz
    group by t.kind, a.kind`);
  return rowsOf<{ kind: string; account_kind: string; n: number; amount: string | number }>(res);
}

/**
 * GET /api/admin/dashboard. Today = the Caracas calendar day. Volume: recharges approved (money in
 * from pago_movil_in), withdrawals paid (money out to pago_movil_out), entry fees net of refunds.
 * House fees: today's credits and the account's balance. Pot: the current month's `monthly_pot`.
 */
export async function adminDashboard(db: Executor, now = new Date()): Promise<AdminDashboard> {
  const { year, month, day } = caracasDate(now);
  const since = caracasMidnight(year, month, day);

  const pendingRes = await db.execute(sql`
    select 'recharges' as queue, count(*)::int as n, coalesce(sum(amount_cents), 0)::bigint as amount
      from recharges where status = 'pendiente'
    union all
    select 'withdrawals', count(*)::int, coalesce(sum(amount_cents), 0)::bigint
      from withdrawals where status = 'pendiente'`);
  const pending = rowsOf<{ queue: string; n: number; amount: string | number }>(pendingRes);
  const pendingOf = (queue: string) => {
    const r = pending.find((p) => p.queue === queue);
    return { count: Number(r?.n ?? 0), amount: centsToBolivares(Number(r?.amount ?? 0)) };
  };

  const moves = await todaysMovements(db, since);
  const pick = (kind: LedgerKind, accountKind: string) =>
    moves.find((m) => m.kind === kind && m.account_kind === accountKind);
  const amountOf = (kind: LedgerKind, accountKind: string) =>
    Number(pick(kind, accountKind)?.amount ?? 0);
  const countOf = (kind: LedgerKind, accountKind: string) =>
    Number(pick(kind, accountKind)?.n ?? 0);
  const houseToday = moves
    .filter((m) => m.account_kind === 'house_fees')
    .reduce((sum, m) => sum + Number(m.amount), 0);

  const potRef = potMonth(now);
  const balancesRes = await db.execute(sql`
    select kind, coalesce(sum(balance_cents), 0)::bigint as balance from accounts
    where owner_user_id is null and ((kind = 'house_fees' and ref is null)
      or (kind = 'monthly_pot' and ref = ${potRef}))
    group by kind`);
  const balances = rowsOf<{ kind: string; balance: string | number }>(balancesRes);
  const balanceOf = (kind: string) => Number(balances.find((b) => b.kind === kind)?.balance ?? 0);

  const matchesRes = await db.execute(sql`
    select g.id as game_id, g.table_id as table_id, coalesce(t.name, g.meta->>'tableName', 'Mesa') as table_name,
      g.entry_cents as entry_cents, g.starts_at as starts_at,
      coalesce((select array_agg(coalesce(u.name, 'CPU') order by p.seat)
        from game_players p left join users u on u.id = p.user_id where p.game_id = g.id), '{}') as players
    from games g left join game_tables t on t.id = g.table_id
    where g.kind = 'table' and g.status = 'playing' and g.table_id is not null
    order by g.starts_at nulls last, g.id`);
  const matches = rowsOf<{
    game_id: string;
    table_id: string | number;
    table_name: string;
    entry_cents: string | number | null;
    starts_at: string | Date | null;
    players: string[];
  }>(matchesRes);

  return {
    generated_at: now.toISOString(),
    pending: { recharges: pendingOf('recharges'), withdrawals: pendingOf('withdrawals') },
    today: {
      date: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
      recharges_approved: {
        count: countOf('recharge', 'pago_movil_in'),
        amount: centsToBolivares(-amountOf('recharge', 'pago_movil_in')),
      },
      withdrawals_paid: {
        count: countOf('withdrawal_paid', 'pago_movil_out'),
        amount: centsToBolivares(amountOf('withdrawal_paid', 'pago_movil_out')),
      },
      entries: {
        count: countOf('entry_fee', 'wallet') - countOf('entry_refund', 'wallet'),
        amount: centsToBolivares(
          -amountOf('entry_fee', 'wallet') - amountOf('entry_refund', 'wallet'),
        ),
      },
    },
    house_fees: {
      today: centsToBolivares(houseToday),
      total: centsToBolivares(balanceOf('house_fees')),
    },
    pot: { month: potRef, amount: centsToBolivares(balanceOf('monthly_pot')) },
    matches: matches.map((m) => ({
      game_id: m.game_id,
      table_id: Number(m.table_id),
      table_name: m.table_name,
      players: m.players,
      entry: centsToBolivares(Number(m.entry_cents ?? 0)),
      started_at: m.starts_at === null ? null : new Date(m.starts_at).toISOString(),
    })),
    ledger_check: await lastLedgerCheck(db),
  };
}

/** Spanish sentences for the invariants a check found broken (empty when all hold). */
export function ledgerProblems(r: {
  totalCents: number;
  negativeAccounts: number;
  mismatchedAccounts: number;
  unbalancedTransactions: number;
}): string[] {
  const out: string[] = [];
  if (r.totalCents !== 0)
    out.push(`La suma de todos los saldos es ${formatBs(r.totalCents)}; debe ser Bs. 0,00.`);
  if (r.negativeAccounts > 0)
    out.push(
      `${plural(r.negativeAccounts, 'cuenta', 'cuentas')} con saldo negativo sin permitirlo.`,
    );
  if (r.mismatchedAccounts > 0)
    out.push(
      `${plural(r.mismatchedAccounts, 'cuenta', 'cuentas')} cuyo saldo no coincide con la suma de sus movimientos.`,
    );
  if (r.unbalancedTransactions > 0)
    out.push(
      `${plural(r.unbalancedTransactions, 'transacción', 'transacciones')} cuyos movimientos no suman cero.`,
    );
  return out;
}

interface StoredCheck {
  ok: boolean;
  duration_ms: number;
  total_cents: number;
  negative_accounts: number;
  mismatched_accounts: number;
  unbalanced_transactions: number;
}

function toLedgerCheck(stored: StoredCheck, at: Date, by: string | null): LedgerCheck {
  return {
    ok: stored.ok,
    checked_at: at.toISOString(),
    checked_by: by,
    duration_ms: stored.duration_ms,
    total: centsToBolivares(stored.total_cents),
    negative_accounts: stored.negative_accounts,
    mismatched_accounts: stored.mismatched_accounts,
    unbalanced_transactions: stored.unbalanced_transactions,
    problems: ledgerProblems({
      totalCents: stored.total_cents,
      negativeAccounts: stored.negative_accounts,
      mismatchedAccounts: stored.mismatched_accounts,
      unbalancedTransactions: stored.unbalanced_transactions,
    }),
  };
}

/**
 * Runs the full ledger consistency check (docs/architecture.md#how-a-payment-flows: every balance equals its entries, every
 * transaction sums to zero, all balances sum to zero, no forbidden negative) and records the
 * result as an audit row (action `ledger.check`), so the dashboard shows when it last ran, who ran
 * it and what failed, on every node. Reads every ledger entry once: on demand only.
 */
export async function runLedgerCheck(db: Executor, staffId: number): Promise<LedgerCheck> {
  const started = performance.now();
  const r = await checkLedger(db);
  const stored: StoredCheck = {
    ok: r.ok,
    duration_ms: Math.round(performance.now() - started),
    total_cents: r.totalCents,
    negative_accounts: r.negativeAccounts,
    mismatched_accounts: r.mismatchedAccounts,
    unbalanced_transactions: r.unbalancedTransactions,
  };
  await audit(db, {
    actorUserId: staffId,
    action: 'ledger.check',
    targetType: LEDGER_TARGET.type,
    targetId: LEDGER_TARGET.id,
    before: null,
    after: stored,
  });
  const last = await lastLedgerCheck(db);
  if (!last) throw new Error('ledger check was not recorded');
  return last;
}

/** The most recent recorded ledger check, or null when none ran yet. */
export async function lastLedgerCheck(db: Executor): Promise<LedgerCheck | null> {
  const [row] = await db
    .select({ after: auditLog.after, at: auditLog.createdAt, by: users.name })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(
      and(eq(auditLog.targetType, LEDGER_TARGET.type), eq(auditLog.targetId, LEDGER_TARGET.id)),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(1);
  if (!row) return null;
  return toLedgerCheck(row.after as StoredCheck, row.at, row.by);
}
