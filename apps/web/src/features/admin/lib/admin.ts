import {
  MSG_PAYMENTS,
  parseBolivaresString,
  payRequestSchema,
  reasonRequestSchema,
} from '@domino/contracts';

/** Pure rules of the staff console (docs/architecture.md#how-a-payment-flows: recharge and withdrawal queues, adjustments). */

/**
 * The console's sections, in menu order. Later issues append theirs (Mesas, Usuarios, Bancos, Pote,
 * Auditoría): a section is a path under /admin, a label and an icon key the layout knows.
 */
export interface AdminSection {
  to: string;
  label: string;
  icon:
    | 'overview'
    | 'recharges'
    | 'reconciliation'
    | 'withdrawals'
    | 'identity'
    | 'adjustments'
    | 'tables'
    | 'pot'
    | 'tournaments'
    | 'users'
    | 'banks'
    | 'audit'
    | 'reports'
    | 'daily'
    | 'risk'
    | 'bankConnectors';
  /** Match the path exactly (the overview would otherwise match every section). */
  end?: boolean;
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { to: '/admin', label: 'Resumen', icon: 'overview', end: true },
  { to: '/admin/recargas', label: 'Recargas', icon: 'recharges' },
  { to: '/admin/conciliacion', label: 'Conciliación', icon: 'reconciliation' },
  { to: '/admin/retiros', label: 'Retiros', icon: 'withdrawals' },
  { to: '/admin/identidad', label: 'Identidad', icon: 'identity' },
  { to: '/admin/ajustes', label: 'Ajustes de saldo', icon: 'adjustments' },
  { to: '/admin/mesas', label: 'Mesas', icon: 'tables' },
  { to: '/admin/reportes', label: 'Reportes', icon: 'reports' },
  { to: '/admin/riesgo', label: 'Riesgo', icon: 'risk' },
  { to: '/admin/pote', label: 'Pote', icon: 'pot' },
  { to: '/admin/torneos', label: 'Torneos', icon: 'tournaments' },
  { to: '/admin/usuarios', label: 'Usuarios', icon: 'users' },
  { to: '/admin/bancos', label: 'Bancos', icon: 'banks' },
  { to: '/admin/conexiones-bancarias', label: 'Conexiones bancarias', icon: 'bankConnectors' },
  { to: '/admin/auditoria', label: 'Auditoría', icon: 'audit' },
  { to: '/admin/informe', label: 'Informe diario', icon: 'daily' },
];

/** True when `pathname` belongs to `section` (exact for `end` sections, else by prefix). */
export function isSectionActive(section: AdminSection, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (section.end) return path === section.to;
  return path === section.to || path.startsWith(`${section.to}/`);
}

export const RECHARGE_STATUSES = ['pendiente', 'aprobado', 'rechazado'] as const;
export type RechargeQueueStatus = (typeof RECHARGE_STATUSES)[number];
export const WITHDRAWAL_STATUSES = ['pendiente', 'completado', 'rechazado'] as const;
export type WithdrawalQueueStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** Queue filters; the empty value lists every status (pending first, as the server orders). */
export const RECHARGE_FILTERS = [
  { value: 'pendiente', label: 'Pendientes' },
  { value: 'aprobado', label: 'Aprobadas' },
  { value: 'rechazado', label: 'Rechazadas' },
  { value: '', label: 'Todas' },
] as const;
export const WITHDRAWAL_FILTERS = [
  { value: 'pendiente', label: 'Pendientes' },
  { value: 'completado', label: 'Pagados' },
  { value: 'rechazado', label: 'Rechazados' },
  { value: '', label: 'Todos' },
] as const;

/**
 * Status labels of the staff queues, agreeing with the noun: una recarga Aprobada/Rechazada, un
 * retiro Pagado/Rechazado.
 */
export function requestStatusLabel(status: string, kind: 'recharge' | 'withdrawal'): string {
  const feminine = kind === 'recharge';
  switch (status) {
    case 'pendiente':
      return 'Pendiente';
    case 'aprobado':
      return feminine ? 'Aprobada' : 'Aprobado';
    case 'completado':
      return feminine ? 'Completada' : 'Pagado';
    case 'rechazado':
      return feminine ? 'Rechazada' : 'Rechazado';
    default:
      return status;
  }
}

export function requestStatusColor(status: string): string {
  if (status === 'pendiente') return 'yellow';
  if (status === 'aprobado' || status === 'completado') return 'green';
  if (status === 'rechazado') return 'red';
  return 'gray';
}

/** Only pending requests can be decided; anything else is 409 on the server. */
export function isDecidable(status: string): boolean {
  return status === 'pendiente';
}

/**
 * A signed adjustment amount typed by staff ("-150,50", "+200", "75.5") -> signed céntimos, or
 * the contracts' message. No thousands separators: staff type plain numbers.
 */
export function parseSignedAmount(raw: string): { cents: number } | { error: string } {
  const m = /^([+\-−])?\s*(\d+)(?:[.,](\d{1,2}))?$/.exec(raw.trim());
  if (raw.trim() === '') return { error: MSG_PAYMENTS.amountRequired };
  if (!m) return { error: MSG_PAYMENTS.amountInvalid };
  const abs = parseBolivaresString(`${Number(m[2])}${m[3] ? `.${m[3]}` : ''}`);
  if (abs === null) return { error: MSG_PAYMENTS.amountInvalid };
  if (abs === 0) return { error: MSG_PAYMENTS.adjustmentZero };
  return { cents: m[1] === '-' || m[1] === '−' ? -abs : abs };
}

/** Zoom steps of the proof viewer (1 = fit the modal width). */
export const ZOOM_STEPS = [1, 1.5, 2, 3] as const;

/** The next zoom step in `direction` (+1 in, -1 out), clamped to the available steps. */
export function nextZoom(current: number, direction: 1 | -1): number {
  const i = ZOOM_STEPS.findIndex((z) => z >= current);
  const index = i === -1 ? ZOOM_STEPS.length - 1 : i;
  const next = Math.min(ZOOM_STEPS.length - 1, Math.max(0, index + direction));
  return ZOOM_STEPS[next] ?? 1;
}

/** A staff reason (reject, adjustment): the contracts' rule (3-500 characters after trimming). */
export function reasonProblem(value: string): string | null {
  const result = reasonRequestSchema.safeParse({ reason: value });
  return result.success ? null : (result.error.issues[0]?.message ?? MSG_PAYMENTS.reasonRequired);
}

/** The bank reference of a payout: the contracts' rule (3-40 characters after trimming). */
export function payoutReferenceProblem(value: string): string | null {
  const result = payRequestSchema.safeParse({ payout_reference: value });
  return result.success
    ? null
    : (result.error.issues[0]?.message ?? MSG_PAYMENTS.payoutReferenceRequired);
}
