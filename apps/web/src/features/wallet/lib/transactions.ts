import {
  LEDGER_KIND_DISPLAY,
  LIMITS,
  PERIODS,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  TRANSACTION_TYPE_LABELS,
  MSG_WALLET,
  canonicalTransactionStatus,
  canonicalTransactionType,
  transactionStatusLabel,
  type LedgerKind,
  type Period,
  type Transaction,
  type TransactionStatus,
  type TransactionType,
} from '@domino/contracts';
import { formatBolivares } from '../../../lib/format';
import { formatAccountNumber } from './account-format';

/** Display rules of the transaction list (docs/product.md §2 Transactions, §4, §9). Pure. */

/** Period filter labels (docs/product.md §9: today, week = 7 days, month, last_month). */
export const PERIOD_LABELS: Record<Period, string> = {
  today: 'Hoy',
  week: 'Últimos 7 días',
  month: 'Este mes',
  last_month: 'Mes anterior',
};

export interface SelectOption {
  value: string;
  label: string;
}

/** Filter choices; the empty value means "all". */
export const TYPE_OPTIONS: SelectOption[] = [
  { value: '', label: 'Todos los tipos' },
  ...TRANSACTION_TYPES.map((t) => ({ value: t, label: TRANSACTION_TYPE_LABELS[t] })),
];
export const STATUS_OPTIONS: SelectOption[] = [
  { value: '', label: 'Todos los estados' },
  ...TRANSACTION_STATUSES.map((s) => ({ value: s, label: transactionStatusLabel(s) })),
];
export const PERIOD_OPTIONS: SelectOption[] = [
  { value: '', label: 'Todo el historial' },
  ...PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] })),
];

export interface TransactionFilters {
  type: TransactionType | '';
  status: TransactionStatus | '';
  period: Period | '';
  page: number;
}

function oneOf<T extends string>(list: readonly T[], value: string | null): T | '' {
  return value !== null && (list as readonly string[]).includes(value) ? (value as T) : '';
}

/**
 * Reads the filters from a URL query: any spelling the API accepts ("dep", "pendiente") reads as
 * its canonical value; unknown values are ignored; page defaults to 1.
 */
export function filtersFromSearch(search: URLSearchParams): TransactionFilters {
  const page = Number(search.get('page'));
  const type = search.get('type');
  const status = search.get('status');
  return {
    type: type === null ? '' : (canonicalTransactionType(type) ?? ''),
    status: status === null ? '' : (canonicalTransactionStatus(status) ?? ''),
    period: oneOf(PERIODS, search.get('period')),
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/** The API query string for the filters (empty filters omitted; page always present). */
export function transactionsQueryString(filters: TransactionFilters): string {
  const q = new URLSearchParams();
  if (filters.type) q.set('type', filters.type);
  if (filters.status) q.set('status', filters.status);
  if (filters.period) q.set('period', filters.period);
  q.set('page', String(filters.page));
  return q.toString();
}

/** Number of pages for `total` items (at least 1). */
export function pageCount(total: number, perPage: number = LIMITS.transactionsPageSize): number {
  if (!Number.isFinite(total) || total <= 0 || perPage <= 0) return 1;
  return Math.ceil(total / perPage);
}

/**
 * The page numbers to show: at most `max` (docs/product.md §9: 5) consecutive pages, centred on `current`
 * where possible and shifted at the edges. `current` is clamped into 1..totalPages.
 * E.g. (1, 10) -> [1..5], (6, 10) -> [4..8], (10, 10) -> [6..10], (2, 3) -> [1, 2, 3].
 */
export function pageWindow(
  current: number,
  totalPages: number,
  max: number = LIMITS.paginationMaxPages,
): number[] {
  const total = Math.max(1, Math.floor(totalPages));
  const size = Math.min(Math.max(1, Math.floor(max)), total);
  const page = Math.min(Math.max(1, Math.floor(current)), total);
  let start = page - Math.floor((size - 1) / 2);
  start = Math.max(1, Math.min(start, total - size + 1));
  return Array.from({ length: size }, (_, i) => start + i);
}

export interface AmountDisplay {
  /** '+' money in, '−' money out (U+2212), '' when nothing moved. */
  sign: '+' | '−' | '';
  color: 'green' | 'red' | 'gray';
  /** Struck through: a rejected request (nothing moved, and nothing will). */
  struck: boolean;
  /** E.g. "+Bs. 1.234,56", "−Bs. 500,00" or "Bs. 300,00". */
  text: string;
}

/** Mantine text colours of an amount by its display colour (a neutral amount is dimmed). */
export const AMOUNT_COLORS = { green: 'green.8', red: 'red.7', gray: 'dimmed' } as const;

/**
 * Amount sign and colour (docs/product.md §4, docs/decisions/003): only money that moved is
 * shown as moved. The API says what the movement did to the balance (`effect`): a credit is green
 * with a plus sign, a debit red with a minus sign, and a pending or rejected recharge or a
 * returned withdrawal neutral without a sign (struck through when rejected). The amount itself
 * is positive.
 */
export function amountDisplay(
  tx: Pick<Transaction, 'amount' | 'effect' | 'status'>,
): AmountDisplay {
  const sign = tx.effect === 'credit' ? '+' : tx.effect === 'debit' ? '−' : '';
  return {
    sign,
    color: tx.effect === 'credit' ? 'green' : tx.effect === 'debit' ? 'red' : 'gray',
    struck: tx.effect === 'none' && tx.status === 'rejected',
    text: `${sign}${formatBolivares(Math.abs(tx.amount))}`,
  };
}

/**
 * What a request did to the balance, in words, for the detail (decision 016): a recharge under
 * review or rejected was not credited; a withdrawal is taken at once and returned if rejected.
 * Null for movements that need no explanation.
 */
export function effectNote(tx: Pick<Transaction, 'type_transaction' | 'status'>): string | null {
  if (tx.type_transaction === 'deposito') {
    if (tx.status === 'pending') return MSG_WALLET.effectPendingRecharge;
    if (tx.status === 'rejected') return MSG_WALLET.effectRejectedRecharge;
  }
  if (tx.type_transaction === 'retiro') {
    if (tx.status === 'pending') return MSG_WALLET.effectPendingWithdrawal;
    if (tx.status === 'rejected') return MSG_WALLET.effectReturnedWithdrawal;
  }
  return null;
}

/** Type label (Recarga, Retiro, Entrada, Premio, Reembolso, Ajuste; the glossary's words); unknown types raw. */
export function typeLabel(type: string): string {
  return (TRANSACTION_TYPE_LABELS as Record<string, string>)[type] ?? type;
}

/**
 * What a ledger row was, in Spanish ("Entrada a una mesa", "Premio del Pote del Mes"), from the
 * contracts' LEDGER_KIND_DISPLAY (a Record over every ledger kind); null for a request row.
 */
export function kindLabel(kind: LedgerKind | null): string | null {
  return kind === null ? null : LEDGER_KIND_DISPLAY[kind].label;
}

/** Badge colour of a status. */
export function statusColor(status: string): string {
  switch (status) {
    case 'pending':
      return 'yellow';
    case 'approved':
    case 'completed':
      return 'green';
    case 'rejected':
      return 'red';
    default:
      return 'gray';
  }
}

/**
 * A detail value for display: numbers are bolívares (the API's only numeric detail is money); a
 * 20-digit account number inside a text is grouped (0102-0501-84-0001234567), so a narrow screen
 * breaks it between groups, never inside them.
 */
export function detailValue(value: string | number | null): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'number') return formatBolivares(value);
  return value.replace(/\b\d{20}\b/g, (digits) => formatAccountNumber(digits));
}

/** The recharge id behind a list id like "R-12", or null for other transactions. */
export function rechargeIdOf(transactionId: string): number | null {
  const m = /^R-(\d+)$/.exec(transactionId);
  return m ? Number(m[1]) : null;
}
