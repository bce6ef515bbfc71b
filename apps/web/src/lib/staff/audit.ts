import { AUDIT_ACTION_LABELS } from '@domino/contracts';

/**
 * How staff read the audit log (decision 009): the Spanish label of an action, the text and the
 * console link of a target, a snapshot value as text and the before/after diff of a row. Used by
 * the audit page and a player's page.
 */

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
