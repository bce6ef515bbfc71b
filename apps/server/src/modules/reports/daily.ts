import { sql } from 'drizzle-orm';
import {
  ACCOUNT_KIND_LABELS,
  LEDGER_KIND_DISPLAY,
  MSG_REPORTS,
  centsToBolivares,
  isLedgerKind,
  type DailyReport,
} from '@domino/contracts';
import type { Db, Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { caracasDate, caracasMidnight } from '../../lib/time';
import { ledgerProblems } from '../admin/dashboard';
import { ACCOUNT_KINDS } from '../ledger/accounts';
import { checkLedger } from '../ledger/ledger';
import { potMonth } from '../pot/month';
import { reconcile } from './reconcile';

/**
 * The daily report (docs/decisions/034-daily-report-and-bcv-rate.md): everything is read from the
 * ledger's postings (`ledger_entries` joined to their transaction and account); the only other
 * read is the count of withdrawal requests still pending at the end of the day. Read-only: it
 * runs in one REPEATABLE READ, READ ONLY transaction so every figure comes from the same snapshot.
 *
 * A day is a Caracas calendar day [00:00, 24:00). A posting belongs to the day of its
 * `created_at` (the start of the database transaction that wrote it). Opening and closing balances
 * are the stored running balances (`balance_after_cents` of each account's last entry before the
 * cut), so the roll-forward check compares them with the postings, two independent records.
 */

type Rows<T> = { rows: T[] };
const rowsOf = <T>(res: unknown): T[] => (res as Rows<T>).rows;
const n = (v: unknown): number => Number(v ?? 0);

/** A Caracas calendar day 'YYYY-MM-DD' -> its [from, to) instants. */
export function caracasDayRange(day: string): { from: Date; to: Date } {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  return {
    from: caracasMidnight(y, m, d),
    to: caracasMidnight(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate()),
  };
}

/** Today's Caracas calendar day as 'YYYY-MM-DD'. */
export function caracasToday(now = new Date()): string {
  const { year, month, day } = caracasDate(now);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The day a report asks for: `date` ('YYYY-MM-DD', already validated) or today in Caracas. A day
 * after today is a 422 on `date` (MSG_REPORTS.dateFuture): it has no postings yet.
 */
export function reportDay(date: string | undefined, now = new Date()): string {
  const today = caracasToday(now);
  if (date === undefined) return today;
  if (date > today) throw AppError.validation({ date: [MSG_REPORTS.dateFuture] });
  return date;
}

interface Snapshot {
  byKind: Map<string, number>;
  potByMonth: Map<string, number>;
}

/** Sum of running balances per account kind (and per pot month) just before `cut`. */
async function balancesBefore(db: Executor, cut: Date): Promise<Snapshot> {
  const res = await db.execute(sql`
    select a.kind as kind, case when a.kind = 'monthly_pot' then a.ref end as ref,
      coalesce(sum(s.balance_after_cents), 0)::bigint as balance
    from (
      select distinct on (e.account_id) e.account_id, e.balance_after_cents
      from ledger_entries e
      where e.created_at < ${cut.toISOString()}::timestamptz
      order by e.account_id, e.account_version desc
    ) s
    join accounts a on a.id = s.account_id
    group by 1, 2`);
  const byKind = new Map<string, number>();
  const potByMonth = new Map<string, number>();
  for (const r of rowsOf<{ kind: string; ref: string | null; balance: unknown }>(res)) {
    byKind.set(r.kind, (byKind.get(r.kind) ?? 0) + n(r.balance));
    if (r.kind === 'monthly_pot' && r.ref) potByMonth.set(r.ref, n(r.balance));
  }
  return { byKind, potByMonth };
}

interface Flow {
  kind: string;
  accountKind: string;
  count: number;
  amountCents: number;
}

/** The day's postings summed per (transaction kind, account kind), with distinct transaction counts. */
async function flowsBetween(db: Executor, from: Date, to: Date): Promise<Flow[]> {
  const res = await db.execute(sql`
    select t.kind as kind, a.kind as account_kind, count(distinct t.id)::int as n,
      coalesce(sum(e.amount_cents), 0)::bigint as amount
    from ledger_entries e
    join ledger_transactions t on t.id = e.transaction_id
    join accounts a on a.id = e.account_id
    where e.created_at >= ${from.toISOString()}::timestamptz
      and e.created_at < ${to.toISOString()}::timestamptz
    group by 1, 2`);
  return rowsOf<{ kind: string; account_kind: string; n: unknown; amount: unknown }>(res).map(
    (r) => ({
      kind: r.kind,
      accountKind: r.account_kind,
      count: n(r.n),
      amountCents: n(r.amount),
    }),
  );
}

/** The day's transactions whose postings do not sum to zero (or have fewer than two). */
async function unbalancedBetween(db: Executor, from: Date, to: Date) {
  const res = await db.execute(sql`
    select count(*)::int as n, coalesce(sum(s), 0)::bigint as imbalance from (
      select transaction_id, sum(amount_cents) as s from ledger_entries
      where created_at >= ${from.toISOString()}::timestamptz
        and created_at < ${to.toISOString()}::timestamptz
      group by transaction_id
      having sum(amount_cents) <> 0 or count(*) < 2
    ) u`);
  const row = rowsOf<{ n: unknown; imbalance: unknown }>(res)[0];
  return { count: n(row?.n), imbalanceCents: n(row?.imbalance) };
}

/** Withdrawal requests made before `to` and not yet decided at `to`. */
async function pendingWithdrawalsAt(db: Executor, to: Date): Promise<number> {
  const res = await db.execute(sql`
    select count(*)::int as n from withdrawals
    where created_at < ${to.toISOString()}::timestamptz
      and (status = 'pendiente' or decided_at >= ${to.toISOString()}::timestamptz)`);
  return n(rowsOf<{ n: unknown }>(res)[0]?.n);
}

const labelOf = (kind: string) => (isLedgerKind(kind) ? LEDGER_KIND_DISPLAY[kind].label : kind);

/**
 * GET /api/admin/reports/daily: the report of the Caracas calendar day `day` ('YYYY-MM-DD',
 * validated by the contracts schema). Amounts in the result are bolívares (the HTTP boundary);
 * every sum is computed in céntimos. `now` only decides whether the day is complete.
 */
export async function dailyReport(db: Db, day: string, now = new Date()): Promise<DailyReport> {
  const { from, to } = caracasDayRange(day);
  return db.transaction(
    async (tx) => {
      const [opening, closing, flows, unbalanced, pendingCount, ledger] = [
        await balancesBefore(tx, from),
        await balancesBefore(tx, to),
        await flowsBetween(tx, from, to),
        await unbalancedBetween(tx, from, to),
        await pendingWithdrawalsAt(tx, to),
        await checkLedger(tx),
      ];

      const flow = (kind: string, accountKind: string) =>
        flows.find((f) => f.kind === kind && f.accountKind === accountKind);
      const amount = (kind: string, accountKind: string) =>
        flow(kind, accountKind)?.amountCents ?? 0;
      const count = (kind: string, accountKind: string) => flow(kind, accountKind)?.count ?? 0;
      const movementsOf = (accountKind: string) =>
        flows.filter((f) => f.accountKind === accountKind).reduce((s, f) => s + f.amountCents, 0);
      const linesOn = (accountKind: string) =>
        flows
          .filter((f) => f.accountKind === accountKind && f.amountCents !== 0)
          .sort((a, b) => a.kind.localeCompare(b.kind))
          .map((f) => ({
            kind: f.kind,
            label: labelOf(f.kind),
            count: f.count,
            amount: centsToBolivares(f.amountCents),
          }));

      // Every kind the ledger knows, plus any other kind that has postings (never hidden).
      const kinds = [...ACCOUNT_KINDS] as string[];
      for (const k of [...closing.byKind.keys(), ...flows.map((f) => f.accountKind)])
        if (!kinds.includes(k)) kinds.push(k);
      const check = reconcile({
        kinds: kinds.map((kind) => ({
          kind,
          openingCents: opening.byKind.get(kind) ?? 0,
          movementsCents: movementsOf(kind),
          closingCents: closing.byKind.get(kind) ?? 0,
        })),
        dayUnbalanced: unbalanced,
        ledger: { ok: ledger.ok, problems: ledgerProblems(ledger) },
      });

      const month = potMonth(from);
      const closingOf = (kind: string) => closing.byKind.get(kind) ?? 0;
      return {
        date: day,
        from: from.toISOString(),
        to: to.toISOString(),
        generated_at: now.toISOString(),
        complete: now.getTime() >= to.getTime(),
        recharges: {
          count: count('recharge', 'pago_movil_in'),
          amount: centsToBolivares(-amount('recharge', 'pago_movil_in')),
        },
        withdrawals: {
          requested: {
            count: count('withdrawal_hold', 'pending_withdrawals'),
            amount: centsToBolivares(amount('withdrawal_hold', 'pending_withdrawals')),
          },
          paid: {
            count: count('withdrawal_paid', 'pago_movil_out'),
            amount: centsToBolivares(amount('withdrawal_paid', 'pago_movil_out')),
          },
          returned: {
            count: count('withdrawal_returned', 'wallet'),
            amount: centsToBolivares(amount('withdrawal_returned', 'wallet')),
          },
          pending: {
            count: pendingCount,
            amount: centsToBolivares(closingOf('pending_withdrawals')),
          },
        },
        house_fees: {
          collected: centsToBolivares(movementsOf('house_fees')),
          balance: centsToBolivares(closingOf('house_fees')),
        },
        pot: {
          month,
          month_balance: centsToBolivares(closing.potByMonth.get(month) ?? 0),
          movements: linesOn('monthly_pot'),
        },
        escrow: {
          tables: centsToBolivares(closingOf('table_escrow')),
          tournaments: centsToBolivares(closingOf('tournament_escrow')),
        },
        owed: {
          opening: centsToBolivares(opening.byKind.get('wallet') ?? 0),
          closing: centsToBolivares(closingOf('wallet')),
        },
        wallet_statement: linesOn('wallet'),
        accounts: check.lines.map((l) => ({
          kind: l.kind,
          label: l.label ?? ACCOUNT_KIND_LABELS[l.kind] ?? l.kind,
          opening: centsToBolivares(l.openingCents),
          movements: centsToBolivares(l.movementsCents),
          expected: centsToBolivares(l.expectedCents),
          closing: centsToBolivares(l.closingCents),
          difference: centsToBolivares(l.differenceCents),
        })),
        check: {
          ok: check.ok,
          label: check.label,
          difference: centsToBolivares(check.differenceCents),
          day_unbalanced_transactions: unbalanced.count,
          problems: check.problems,
        },
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
