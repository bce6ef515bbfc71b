import { z } from 'zod';
import { DOCUMENT_TYPES, LIMITS } from './constants';
import { MSG } from './messages';
import { MSG_PAYMENTS, rechargeFieldsSchema } from './payments';
import { parsePhone } from './phone';

/**
 * Wire shapes and Spanish messages of the automatic recharge flows (docs/decisions/
 * 051-bank-connectors.md): a Pago Móvil verified with the bank, a C2P charge with the
 * payer's one-time key, and what staff see of the bank's answer. Amounts travel in bolívares and
 * are read to integer céntimos by the payments field rules.
 */

/** Spanish messages (tú) of the automatic recharge flows. */
export const MSG_BANK_FLOWS = {
  payerPhoneRequired: 'Indica el teléfono desde el que hiciste el Pago Móvil',
  payerBankRequired: 'Indica el banco desde el que hiciste el Pago Móvil',
  payerBankInvalid: 'Elige un banco de la lista',
  paidOnInvalid: 'Indica el día del pago (hoy o ayer)',
  identificationInvalid: 'La cédula debe tener entre 6 y 10 dígitos',
  keyRequired: 'Escribe la clave de pago que te envió tu banco',
  keyInvalid: 'La clave de pago solo tiene dígitos (4 a 12)',
  rechargeChecking: 'Recibimos tu recarga. Estamos verificando el pago con el banco…',
  rechargeCredited: '¡Recarga acreditada!',
  rechargeToStaff: 'Lo revisará nuestro equipo. Te avisaremos cuando esté lista.',
  c2pOwnAccount: 'El pago con clave debe hacerse desde una cuenta a tu nombre (tu cédula).',
  c2pNotAvailable: 'Esta cuenta no acepta pagos con clave (C2P).',
  c2pKeyNotAvailable:
    'Tu banco no envía la clave por esta vía: pídela en la aplicación de tu banco.',
  c2pKeySent: 'Te enviamos la solicitud: revisa el SMS de tu banco con la clave de pago.',
  c2pKeyTooMany:
    'Ya pediste varias claves de pago seguidas. Usa la última que te llegó por SMS o espera unos minutos para pedir otra.',
  c2pConfirming:
    'Estamos confirmando con tu banco si el cobro se hizo. No vuelvas a pagar: te avisaremos.',
  c2pNotCharged: 'Tu banco no confirmó el cobro y no se te cobró nada. Intenta de nuevo.',
  bankUnavailable: 'El banco no responde en este momento. Intenta de nuevo en unos minutos.',
  movementUsed: 'Este movimiento del banco ya acreditó otra recarga.',
  c2pInFlight:
    'Este pago con clave aún se está confirmando con el banco. Espera su respuesta para decidir.',
  notificationUnknown: 'Esta dirección de notificaciones no existe.',
  payoutNotAvailable: 'Ninguna cuenta de la plataforma puede pagar por el banco.',
  payoutInProgress: 'Este retiro ya se está pagando por el banco o su resultado es incierto.',
  payoutDeclined: 'El banco rechazó el pago del retiro.',
  payoutUnknown:
    'El banco no confirmó el pago. No lo intentes de nuevo: verifica el estado con el banco.',
  limitDeposit: 'Un límite de recargas o una pausa del jugador impide acreditarla.',
  limitRisk: 'La cuenta del jugador está suspendida o con retiros retenidos.',
  limitIdentity: 'La cédula del pagador no coincide con la del jugador.',
  windowOver: 'El banco no encontró el pago dentro del plazo de verificación.',
} as const;

/** The recharge methods and verification states (docs/decisions/051-bank-connectors.md). */
export const RECHARGE_METHODS = ['pago_movil', 'c2p'] as const;
export const VERIFICATION_STATES = ['manual', 'checking', 'verified', 'needs_staff'] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];

/** Automatic verification timing: first retry 2 s, doubling, capped at 2 min, for 30 minutes. */
/**
 * Payment-key requests per player (each one makes the payer's bank send an SMS): at most
 * `points` in `windowSeconds` (docs/decisions/051-bank-connectors.md, "C2P").
 */
export const C2P_KEY_RATE_LIMIT = { points: 5, windowSeconds: 15 * 60 } as const;

export const BANK_VERIFY = {
  firstDelayMs: 2_000,
  maxDelayMs: 120_000,
  windowMs: 30 * 60_000,
} as const;

const phoneField = (required: string) =>
  z.unknown().transform((value, ctx) => {
    const parsed = parsePhone(typeof value === 'string' ? value : '');
    if (typeof value !== 'string' || value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }
    return parsed.phone;
  });

const bankCodeField = (required: string) =>
  z.unknown().transform((value, ctx) => {
    if (typeof value !== 'string' || value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    if (!/^\d{4}$/.test(value.trim())) {
      ctx.addIssue({ code: 'custom', message: MSG_BANK_FLOWS.payerBankInvalid });
      return z.NEVER;
    }
    return value.trim();
  });

/**
 * The Pago Móvil data a verifying account needs besides the recharge fields: the payer's phone
 * (11 digits once parsed), their bank's four-digit code and, optionally, the day they paid
 * (`YYYY-MM-DD`, default today in Caracas).
 */
export const payerFieldsSchema = z.object({
  payer_phone: phoneField(MSG_BANK_FLOWS.payerPhoneRequired),
  payer_bank_code: bankCodeField(MSG_BANK_FLOWS.payerBankRequired),
  paid_on: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, MSG_BANK_FLOWS.paidOnInvalid)
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export type PayerFields = z.output<typeof payerFieldsSchema>;

const identificationField = z
  .string({ error: MSG.identificationRequired })
  .trim()
  .regex(/^\d{6,10}$/, MSG_BANK_FLOWS.identificationInvalid);

/** POST /api/recharges/c2p/key: ask the payer's bank to send the one-time key by SMS. */
export const c2pKeyRequestSchema = z.object({
  account_id: rechargeFieldsSchema.shape.account_id,
  amount: rechargeFieldsSchema.shape.amount,
  type_identification: z.enum(DOCUMENT_TYPES, { error: MSG.documentTypeRequired }),
  n_identification: identificationField,
  phone: phoneField(MSG.phoneRequired),
  bank_code: bankCodeField(MSG_PAYMENTS.accountRequired),
});
export type C2pKeyRequest = z.input<typeof c2pKeyRequestSchema>;

/** POST /api/recharges/c2p: charge the payer with their key (never stored, never logged). */
export const c2pChargeRequestSchema = c2pKeyRequestSchema.extend({
  key: z
    .string({ error: MSG_BANK_FLOWS.keyRequired })
    .trim()
    .min(1, MSG_BANK_FLOWS.keyRequired)
    .regex(/^\d{4,12}$/, MSG_BANK_FLOWS.keyInvalid),
});
export type C2pChargeRequest = z.input<typeof c2pChargeRequestSchema>;

/** The answer of a C2P charge: credited (new balance, bolívares) or being confirmed. */
export const c2pChargeResponseSchema = z.object({
  message: z.string(),
  id: z.number().int(),
  status: z.enum(['aprobado', 'pendiente']),
  verification: z.enum(VERIFICATION_STATES),
  new_balance: z.number().nullable(),
});
export type C2pChargeResponse = z.infer<typeof c2pChargeResponseSchema>;

/** GET /api/recharges/:id/status: where a recharge is, for the "Verificando…" screen. */
export const rechargeStatusSchema = z.object({
  id: z.number().int(),
  status: z.enum(['pendiente', 'aprobado', 'rechazado']),
  verification: z.enum(VERIFICATION_STATES),
  method: z.enum(RECHARGE_METHODS),
});
export type RechargeStatus = z.infer<typeof rechargeStatusSchema>;

/** What staff see of the bank's last answer beside a recharge (no secrets). */
export const bankAnswerSchema = z.object({
  kind: z.string(),
  detail: z.string().nullable(),
  bank_code: z.string().nullable(),
  bank_message: z.string().nullable(),
  at: z.string().nullable(),
});
export type BankAnswer = z.infer<typeof bankAnswerSchema>;

/** The minimum C2P amount is the recharge minimum (docs/product.md §5). */
export const C2P_MIN_CENTS = LIMITS.minRechargeCents;

/** Spanish labels of `bank_answer.kind` for the staff queue. */
export const BANK_ANSWER_LABELS: Record<string, string> = {
  not_found: 'El banco no encontró el pago',
  mismatch: 'No coincide con lo que reporta el banco',
  refused: 'El banco rechazó la consulta',
  unavailable: 'El banco no respondió',
  limit: 'Un límite impide acreditarla',
  movement_used: 'El movimiento ya acreditó otra recarga',
  no_connector: 'La cuenta ya no está conectada al banco',
  charging: 'Cobro C2P en curso',
  declined: 'El banco rechazó la operación',
  paid: 'Pagado por el banco',
};

/** One line for staff: the label, the detail and the bank's own code and words. */
export function bankAnswerLine(a: BankAnswer): string {
  const parts = [BANK_ANSWER_LABELS[a.kind] ?? a.kind];
  if (a.detail) parts.push(a.detail);
  if (a.bank_code || a.bank_message)
    parts.push(`Banco: ${[a.bank_code, a.bank_message].filter(Boolean).join(' ')}`);
  return parts.join(' · ');
}
