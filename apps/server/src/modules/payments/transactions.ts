import { sql } from 'drizzle-orm';
import {
  balanceEffect,
  isLedgerKind,
  ledgerKindsOfType,
  listedLedgerKinds,
} from '@domino/contracts';
import type { SQL } from 'drizzle-orm';
import type {
  Period,
  Transaction,
  TransactionStatus,
  TransactionType,
  TransactionsResponse,
} from '@domino/contracts';
import type { AccountChange } from '@domino/contracts';
import {
  LIMITS,
  centsToBolivares,
  changedThings,
  withdrawalReviewMessage,
} from '@domino/contracts';
import type { Executor } from '../../db/client';
import { periodRange } from '../../lib/time';
import { reviewUntil } from '../protection/changes';

/**
 * A player's transactions (docs/architecture.md#how-a-payment-flows; docs/product.md §2, §3, §4, §9), read from the request tables
 * (recharges, withdrawals: with their pending/rejected states) and from the ledger (entry fees,
 * prizes, refunds, adjustments on the player's wallet). 10 per page, newest first.
 */

/**
 * Ledger kinds a player sees as rows of their own, with their type: read from the contracts'
 * LEDGER_KIND_DISPLAY (a Record over every kind), so a new kind is placed before it compiles.
 */
const LEDGER_TYPES: ReadonlyMap<string, TransactionType> = new Map(
  listedLedgerKinds().map(({ kind, type }) => [kind, type]),
);

/** SQL list of literals for `in (…)`, e.g. 'entry_fee', 'adjustment'; empty: null (matches nothing). */
function sqlList(values: readonly string[]): SQL {
  if (values.length === 0) return sql`null`;
  return sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
}

function itemsQuery(userId: number): SQL {
  const ledgerKinds = [...LEDGER_TYPES.keys()];
  return sql`
    select 'R-' || r.id as id, 'deposito' as type,
      'Recarga Pago Móvil ref. ' || r.reference as description,
      r.amount_cents as amount_cents, 'credit' as direction,
      case r.status when 'pendiente' then 'pending' when 'aprobado' then 'approved' else 'rejected' end as status,
      r.created_at as created_at, r.reference as reference,
      jsonb_build_object('Cuenta destino', b.name || ' ' || ra.account_number, 'Motivo', r.reason,
        'Comprobante', case when r.proof_upload_id is null then 'No' else 'Sí' end) as details
    from recharges r
    join recharge_accounts ra on ra.id = r.recharge_account_id
    join banks b on b.id = ra.bank_id
    where r.user_id = ${userId}
    union all
    select 'W-' || w.id, 'retiro', 'Retiro a ' || b.name, w.amount_cents, 'debit',
      case w.status when 'pendiente' then 'pending' when 'completado' then 'completed' else 'rejected' end,
      w.created_at, w.payout_reference,
      jsonb_build_object('Banco', b.name, 'Pago Móvil a', w.payout_phone,
        'Documento', w.payout_type_identification || '-' || w.payout_n_identification, 'Motivo', w.reason,
        'Revisión', w.review_changes)
    from withdrawals w join banks b on b.id = w.bank_id
    where w.user_id = ${userId}
    union all
    select 'L-' || e.id, t.kind, t.description, abs(e.amount_cents),
      case when e.amount_cents > 0 then 'credit' else 'debit' end, 'completed',
      t.created_at, t.reference_id,
      jsonb_build_object('Saldo después', e.balance_after_cents)
    from ledger_entries e
    join ledger_transactions t on t.id = e.transaction_id
    join accounts a on a.id = e.account_id
    where a.kind = 'wallet' and a.owner_user_id = ${userId}
      and t.kind in (${sqlList(ledgerKinds)})`;
}

type Row = {
  id: string;
  type: string;
  description: string;
  amount_cents: string | number;
  direction: 'credit' | 'debit';
  status: TransactionStatus;
  created_at: string | Date;
  reference: string | null;
  details: Record<string, unknown>;
  total?: string | number;
};

function rowsOf(res: unknown): Row[] {
  return (res as { rows: Row[] }).rows;
}

/**
 * The player's text for a withdrawal's staff review (docs/decisions/013): while pending, what
 * changed, when and until when; once decided, that staff reviewed it. Null when not flagged.
 */
function reviewNote(changes: unknown, status: string): string | null {
  if (!Array.isArray(changes) || changes.length === 0) return null;
  const list = changes as AccountChange[];
  if (status === 'pending') return withdrawalReviewMessage(list, reviewUntil(list).toISOString());
  return `Revisado por el personal por un cambio reciente en tu cuenta: ${changedThings(list)}.`;
}

function toTransaction(r: Row): Transaction {
  const type = (LEDGER_TYPES.get(r.type) ?? r.type) as TransactionType;
  const details = { ...r.details } as Record<string, unknown>;
  if ('Revisión' in details) details['Revisión'] = reviewNote(details['Revisión'], r.status);
  if (
    typeof details['Saldo después'] === 'number' ||
    typeof details['Saldo después'] === 'string'
  ) {
    details['Saldo después'] = centsToBolivares(Number(details['Saldo después']));
  }
  return {
    id: r.id,
    type_transaction: type,
    kind: r.id.startsWith('L-') && isLedgerKind(r.type) ? r.type : null,
    description: r.description,
    amount: centsToBolivares(Number(r.amount_cents)),
    direction: r.direction,
    effect: balanceEffect({ type_transaction: type, status: r.status, direction: r.direction }),
    status: r.status,
    created_at: new Date(r.created_at).toISOString(),
    reference: r.reference,
    details: details as Transaction['details'],
  };
}

/** GET /api/transactions: filtered page plus totals over the same period. */
export async function listTransactions(
  db: Executor,
  userId: number,
  filters: {
    type?: TransactionType | undefined;
    status?: TransactionStatus | undefined;
    period?: Period | undefined;
    page: number;
  },
): Promise<TransactionsResponse> {
  const perPage = LIMITS.transactionsPageSize;
  const range = filters.period ? periodRange(filters.period) : null;
  const inPeriod = range
    ? sql`i.created_at >= ${range.from.toISOString()}::timestamptz and i.created_at < ${range.to.toISOString()}::timestamptz`
    : sql`true`;
  const typeKinds = filters.type
    ? filters.type === 'deposito' || filters.type === 'retiro'
      ? [filters.type]
      : ledgerKindsOfType(filters.type)
    : null;
  const byType = typeKinds ? sql`i.type in (${sqlList(typeKinds)})` : sql`true`;
  const byStatus = filters.status ? sql`i.status = ${filters.status}` : sql`true`;
  const offset = (filters.page - 1) * perPage;

  const page = rowsOf(
    await db.execute(sql`
      select i.*, count(*) over () as total
      from (${itemsQuery(userId)}) i
      where ${inPeriod} and ${byType} and ${byStatus}
      order by i.created_at desc, i.id desc
      limit ${perPage} offset ${offset}`),
  );
  let total = Number(page[0]?.total ?? 0);
  if (page.length === 0 && offset > 0) {
    const [count] = rowsOf(
      await db.execute(
        sql`select count(*) as total from (${itemsQuery(userId)}) i where ${inPeriod} and ${byType} and ${byStatus}`,
      ),
    );
    total = Number(count?.total ?? 0);
  }
  const [sums] = rowsOf(
    await db.execute(sql`
      select
        coalesce(sum(case when i.type = 'deposito' and i.status = 'approved' then i.amount_cents end), 0) as recharges,
        coalesce(sum(case when i.type = 'retiro' and i.status in ('pending', 'completed') then i.amount_cents end), 0) as withdrawals,
        coalesce(sum(case when i.type in (${sqlList(ledgerKindsOfType('apuesta'))}) then i.amount_cents end), 0)
          - coalesce(sum(case when i.type in (${sqlList(ledgerKindsOfType('reembolso'))}) then i.amount_cents end), 0) as bets,
        coalesce(sum(case when i.type in (${sqlList(ledgerKindsOfType('premio'))}) then i.amount_cents end), 0) as wins
      from (${itemsQuery(userId)}) i where ${inPeriod}`),
  ) as unknown as Record<string, string | number>[];
  return {
    transactions: page.map(toTransaction),
    total,
    page: filters.page,
    per_page: perPage,
    summary: {
      totalRecharges: centsToBolivares(Number(sums?.recharges ?? 0)),
      totalWithdrawals: centsToBolivares(Number(sums?.withdrawals ?? 0)),
      totalBets: centsToBolivares(Math.max(0, Number(sums?.bets ?? 0))),
      totalWins: centsToBolivares(Number(sums?.wins ?? 0)),
    },
  };
}
