import { MSG_PAYMENTS, reasonRequestSchema } from '@domino/contracts';

/**
 * Pure rules the staff queues share (recharges, withdrawals, identity checks; docs/architecture.md#how-a-payment-flows):
 * statuses and filters, their Spanish labels, which requests can be decided, the proof viewer's
 * zoom and the reason every refusal carries.
 */

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
