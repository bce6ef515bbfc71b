import {
  AUDIT_ACTION_LABELS,
  bankInputSchema,
  type FieldErrors,
  MSG_PAYMENTS,
  plural,
  rechargeAccountInputSchema,
  toFieldErrors,
} from '@domino/contracts';

/**
 * Pure rules of the staff console pages of decision 009 (users, banks, audit): query strings, labels,
 * links, form checks with the contracts' schemas, and the before/after diff of an audit row.
 */

/** `?a=1&b=x` from the params that have a value ('' and undefined are left out); '' when none. */
export function toSearch(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Number of pages for `total` items at `perPage` a page (at least 1). */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, perPage)));
}

/** The Spanish label of an audited action; unknown actions are shown as recorded. */
export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}

const TARGET_LABELS: Record<string, string> = {
  user: 'Usuario',
  recharge: 'Recarga',
  withdrawal: 'Retiro',
  table: 'Mesa',
  bank: 'Banco',
  recharge_account: 'Cuenta de recarga',
  ledger: 'Libro mayor',
  monthly_pot: 'Pote',
  talk_report: 'Reporte de mensajes',
  risk_item: 'Alerta de riesgo',
  bank_statement: 'Estado de cuenta',
};

/** "Usuario #12", "Banco #3", "Pote 2026-11", "Libro mayor" (the ledger check has one target). */
export function auditTargetText(type: string, id: string): string {
  const label = TARGET_LABELS[type] ?? type;
  if (type === 'ledger') return label;
  return /^\d+$/.test(id) ? `${label} #${id}` : `${label} ${id}`;
}

/** Where a target can be looked at in the console, or null. */
export function auditTargetLink(type: string, id: string): string | null {
  switch (type) {
    case 'user':
      return /^\d+$/.test(id) ? `/admin/usuarios/${id}` : null;
    case 'recharge':
      return '/admin/recargas?estado=';
    case 'withdrawal':
      return '/admin/retiros?estado=';
    case 'table':
      return '/admin/mesas';
    case 'bank':
    case 'recharge_account':
      return '/admin/bancos';
    case 'monthly_pot':
      return '/admin/pote';
    case 'bank_statement':
      return '/admin/conciliacion';
    default:
      return null;
  }
}

/** A cédula or RIF as staff read it: "V-12345678". */
export function documentText(type: string, number: string): string {
  return `${type}-${number}`;
}

export function userStatusLabel(status: string): string {
  return status === 'activo' ? 'Activo' : status === 'suspendido' ? 'Suspendido' : status;
}

export function userStatusColor(status: string): string {
  return status === 'activo' ? 'green' : status === 'suspendido' ? 'red' : 'gray';
}

/** A value of an audit snapshot as text: null/undefined '—', booleans sí/no, objects as JSON. */
export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'sí' : 'no';
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

export interface DiffRow {
  /** Dotted path of the field ("status", "seats.0.name"); '' for a snapshot that is not an object. */
  path: string;
  before: unknown;
  after: unknown;
  change: 'added' | 'removed' | 'changed' | 'same';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function flatten(value: unknown, prefix: string, out: Map<string, unknown>): void {
  if (isPlainObject(value) && Object.keys(value).length > 0) {
    for (const [key, v] of Object.entries(value))
      flatten(v, prefix ? `${prefix}.${key}` : key, out);
    return;
  }
  out.set(prefix, value);
}

/**
 * A readable diff of an audit row's before and after (JSON snapshots): one row per leaf field,
 * in the order fields first appear (before, then new ones in after), marked added, removed,
 * changed or same. Arrays are compared whole. A missing snapshot (null: created, or nothing kept)
 * makes every field of the other side added or removed.
 */
export function auditDiff(before: unknown, after: unknown): DiffRow[] {
  const b = new Map<string, unknown>();
  const a = new Map<string, unknown>();
  if (before !== null && before !== undefined) flatten(before, '', b);
  if (after !== null && after !== undefined) flatten(after, '', a);
  const paths = [...b.keys(), ...[...a.keys()].filter((k) => !b.has(k))];
  return paths.map((path) => {
    const inBefore = b.has(path);
    const inAfter = a.has(path);
    const bv = b.get(path);
    const av = a.get(path);
    const change: DiffRow['change'] = !inBefore
      ? 'added'
      : !inAfter
        ? 'removed'
        : JSON.stringify(bv) === JSON.stringify(av)
          ? 'same'
          : 'changed';
    return { path, before: bv, after: av, change };
  });
}

/** Field errors of the bank form under the contracts' rule (empty when valid). */
export function bankFormErrors(input: { code: string; name: string }): FieldErrors {
  const result = bankInputSchema.safeParse(input);
  return result.success ? {} : toFieldErrors(result.error);
}

export interface AccountForm {
  bank_id: string;
  account_number: string;
  holder_name: string;
  type_identification: string;
  n_identification: string;
  phone: string;
}

/**
 * Field errors of the recharge-account form under the contracts' rule, plus the bank-code prefix
 * the server also checks (the first 4 digits of the number are the bank's code).
 */
export function accountFormErrors(form: AccountForm, bankCode: string | null): FieldErrors {
  const result = rechargeAccountInputSchema.safeParse(form);
  const errors = result.success ? {} : toFieldErrors(result.error);
  if (
    !errors.account_number &&
    bankCode !== null &&
    /^\d{20}$/.test(form.account_number.trim()) &&
    !form.account_number.trim().startsWith(bankCode)
  )
    errors.account_number = [MSG_PAYMENTS.accountNumberMismatch];
  return errors;
}

/** "Hace 3 min" style freshness of an instant, for the ledger check card. */
export function sinceText(iso: string, now: number = Date.now()): string {
  const ms = now - new Date(iso).getTime();
  if (!Number.isFinite(ms)) return '';
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'hace un momento';
  if (minutes < 60) return `hace ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `hace ${hours} h`;
  const days = Math.floor(hours / 24);
  return `hace ${plural(days, 'día', 'días')}`;
}
