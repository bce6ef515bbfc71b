import { z } from 'zod';
import { TIME_ZONE } from './constants';

/**
 * Account protection (docs/decisions/013-account-protection.md): the current
 * password for changes of the payout destination or the recovery address, the notice of those
 * changes, the staff review of withdrawals requested within 24 hours of one, and the login lockout
 * per account and address.
 */

/** Spanish messages of account protection (ours; the original client had none). */
export const MSG_PROTECTION = {
  currentPasswordForContact:
    'Escribe tu contraseña actual para cambiar el correo electrónico o el teléfono',
  currentPasswordForBank: 'Escribe tu contraseña actual para registrar una cuenta bancaria',
  tooManyPasswordChecks:
    'Demasiados intentos con una contraseña incorrecta. Por favor espera unos minutos antes de intentar nuevamente.',
  phoneNotRemovable:
    'El teléfono no se puede eliminar: es el destino de tus retiros por Pago Móvil. Escribe uno nuevo o deja el actual.',
  contactChangeHint:
    'Por tu seguridad te pedimos tu contraseña actual. Avisaremos del cambio a tu correo y los retiros de las próximas 24 horas pasarán por una revisión del personal.',
  bankChangeHint:
    'Por tu seguridad te pedimos tu contraseña actual. Avisaremos a tu correo y los retiros de las próximas 24 horas pasarán por una revisión del personal.',
  noticeSentEmail: 'Enviamos un aviso del cambio a tu correo anterior.',
  noticeSent: 'Enviamos un aviso del cambio a tu correo.',
  reviewTitle: 'Retiro en revisión',
  /** The success message of a withdrawal that goes to staff review (instead of "en minutos"). */
  withdrawSentUnderReview:
    'Solicitud de retiro enviada exitosamente. Por tu seguridad, el personal la revisará antes de pagarla.',
  reviewRequired:
    'Este retiro está en revisión por un cambio reciente en la cuenta del jugador. Confirma que revisaste el cambio antes de marcarlo como pagado.',
  reviewAcknowledge:
    'Revisé el cambio reciente de la cuenta y confirmo que el pago va a su titular',
  reviewAcknowledgeRequired: 'Confirma que revisaste el cambio reciente de la cuenta',
  systemActor: 'Sistema',
} as const;

/** The kinds of sensitive account change (decision 013). */
export const ACCOUNT_CHANGE_KINDS = ['email', 'phone', 'bank_account'] as const;
export type AccountChangeKind = (typeof ACCOUNT_CHANGE_KINDS)[number];

/** What each kind of change is called in a sentence ("cambiaste tu ..."). */
export const ACCOUNT_CHANGE_LABELS: Record<AccountChangeKind, string> = {
  email: 'correo electrónico',
  phone: 'teléfono de Pago Móvil',
  bank_account: 'cuenta bancaria nueva',
};

/** Hours after a sensitive change during which withdrawals go to staff review. */
export const WITHDRAWAL_REVIEW_HOURS = 24;

/**
 * Login protection (docs/decisions/039, superseding the lockout of decision 013): failures on an
 * account before unknown devices back off (2, 4, 8 … seconds, at most `maxBackoffSeconds`);
 * failures of a known device before it stops being trusted for the window; failures from one
 * address, any accounts, before unknown devices from it wait (the default of the
 * LOGIN_ADDRESS_LIMIT setting); failures on one account from anywhere that are recorded once in
 * the audit log for staff (no lock); the window, in minutes.
 */
export const LOGIN_LIMITS = {
  backoffAfter: 5,
  maxBackoffSeconds: 900,
  perDevice: 10,
  perAddress: 300,
  accountBurst: 20,
  windowMinutes: 15,
} as const;

export const accountChangeSchema = z.object({
  kind: z.enum(ACCOUNT_CHANGE_KINDS),
  /** ISO 8601. */
  at: z.string(),
});
export type AccountChange = z.infer<typeof accountChangeSchema>;

/**
 * The review of a withdrawal (or of the withdrawals the player would request now): the changes of
 * the 24 hours before, the end of the review window (ISO 8601) and a Spanish explanation.
 */
export const withdrawalReviewSchema = z.object({
  changes: z.array(accountChangeSchema),
  until: z.string(),
  message: z.string(),
});
export type WithdrawalReview = z.infer<typeof withdrawalReviewSchema>;

/** GET /api/withdraw_review: whether a withdrawal requested now goes to review, and why. */
export const withdrawReviewResponseSchema = z.object({
  under_review: z.boolean(),
  review: withdrawalReviewSchema.nullable(),
});
export type WithdrawReviewResponse = z.infer<typeof withdrawReviewResponseSchema>;

/** The staff view of a flagged withdrawal: the review plus who acknowledged it, and when. */
export const adminWithdrawalReviewSchema = withdrawalReviewSchema.extend({
  acknowledged_by: z.string().nullable(),
  acknowledged_at: z.string().nullable(),
});
export type AdminWithdrawalReview = z.infer<typeof adminWithdrawalReviewSchema>;

let dateTimeFormat: Intl.DateTimeFormat | undefined;
/**
 * The formatter, built at its first use: an Intl constructor costs milliseconds on a phone, and
 * this module is loaded by every page (docs/decisions/036-first-load.md).
 */
const caracasFormat = (): Intl.DateTimeFormat =>
  (dateTimeFormat ??= new Intl.DateTimeFormat('es-VE', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }));

/** "23/11/2026 14:05" in Caracas time (docs/product.md §9 dates dd/mm/yyyy); the input as is if not a date. */
export function caracasDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts: Record<string, string> = {};
  for (const part of caracasFormat().formatToParts(date)) parts[part.type] = part.value;
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/** "correo electrónico y teléfono de Pago Móvil": the kinds of `changes`, once each, in order. */
export function changedThings(changes: readonly AccountChange[]): string {
  const kinds = ACCOUNT_CHANGE_KINDS.filter((k) => changes.some((c) => c.kind === k));
  const labels = kinds.map((k) => ACCOUNT_CHANGE_LABELS[k]);
  if (labels.length <= 1) return labels[0] ?? '';
  return `${labels.slice(0, -1).join(', ')} y ${labels[labels.length - 1]}`;
}

/**
 * The player's explanation of a review: what changed and when (the latest change), and until when
 * new withdrawals are reviewed. `changes` must not be empty; times are ISO 8601.
 */
export function withdrawalReviewMessage(changes: readonly AccountChange[], until: string): string {
  const latest = changes.reduce((a, b) => (Date.parse(b.at) > Date.parse(a.at) ? b : a));
  return (
    `En revisión por un cambio reciente en tu cuenta: ${changedThings(changes)} ` +
    `(último cambio el ${caracasDateTime(latest.at)}). Por tu seguridad, el personal revisa los ` +
    `retiros solicitados hasta el ${caracasDateTime(until)} antes de pagarlos.`
  );
}

/** The staff explanation of a flagged withdrawal (the queue and the pay dialog). */
export function staffReviewMessage(changes: readonly AccountChange[]): string {
  const parts = [...changes]
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
    .map((c) => `${ACCOUNT_CHANGE_LABELS[c.kind]} el ${caracasDateTime(c.at)}`);
  return `Cambio reciente de ${parts.join('; ')}. Verifica con el jugador antes de pagar.`;
}

/** Audit actions of account protection, with their Spanish labels (admin audit log). */
export const PROTECTION_AUDIT_ACTION_LABELS: Record<string, string> = {
  'account.email_change': 'Correo cambiado por el jugador',
  'account.phone_change': 'Teléfono cambiado por el jugador',
  'account.bank_account_add': 'Cuenta bancaria agregada por el jugador',
  'auth.login_burst': 'Ráfaga de contraseñas fallidas',
};
