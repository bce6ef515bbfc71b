import { z } from 'zod';
import {
  MSG_WALLET,
  TRANSACTION_STATUS_SPELLINGS,
  TRANSACTION_TYPE_SPELLINGS,
  canonicalTransactionStatus,
  canonicalTransactionType,
  spelledFilter,
} from './wallet';
import { LIMITS, PERIODS } from './constants';
import { LEDGER_KINDS } from './ledger';
import { pageQuery } from './input';
import { MSG } from './messages';
import { parseBolivaresJson, parseBolivaresString } from './money';
import { MSG_ACCOUNT } from './profile';
import { MSG_PROTECTION, adminWithdrawalReviewSchema } from './protection';

/**
 * Wallet API shapes (docs/architecture.md#how-a-payment-flows; docs/product.md §2 Recharge/Withdraw/Transactions, §3, §5, §7, §8, §9).
 * Amounts travel as JSON numbers in bolívares (or decimal strings in multipart forms) and are
 * converted to integer céntimos once, here, with the catalogue's messages.
 */

export const MSG_PAYMENTS = {
  amountRequired: 'El monto es obligatorio',
  amountInvalid: 'Ingresa un monto válido con máximo dos decimales',
  referenceRequired: 'La referencia es obligatoria',
  referenceLength: 'La referencia debe tener entre 3 y 20 caracteres',
  referenceChars: 'La referencia solo puede contener letras, números y guiones',
  referenceDuplicate:
    'Esta referencia ya fue registrada para esta cuenta. Verifica el número de referencia.',
  accountRequired: 'La cuenta de destino es obligatoria',
  accountUnavailable: 'La cuenta de destino no está disponible',
  proofType: 'Solo se permiten archivos PNG, JPG, JPEG y SVG',
  proofSize: 'El archivo no puede ser mayor a 5MB',
  proofUnreadable: 'No se pudo leer la imagen. Verifica que el archivo no esté dañado.',
  bankUnavailable: 'El banco seleccionado no está disponible',
  accountNumberInvalid: 'El número de cuenta debe tener 20 dígitos',
  accountNumberBank:
    'Los primeros 4 dígitos del número de cuenta no corresponden a un banco conocido',
  accountNumberMismatch: 'El número de cuenta no corresponde al banco seleccionado',
  accountTypeInvalid: 'El tipo de cuenta debe ser corriente o ahorro',
  accountHolderRequired: 'El titular de la cuenta es obligatorio',
  bankAccountSaved: 'Cuenta bancaria registrada correctamente',
  bankAccountDuplicate: 'Ya registraste esta cuenta bancaria',
  reasonRequired: 'Indica el motivo',
  payoutReferenceRequired: 'La referencia del pago es obligatoria',
  alreadyDecided: 'Esta solicitud ya fue procesada por otro miembro del personal.',
  adjustmentNegative: 'El ajuste dejaría el saldo del jugador por debajo de cero',
  adjustmentZero: 'El monto del ajuste no puede ser cero',
  idempotencyMismatch: 'La clave de idempotencia ya se usó con otra solicitud.',
} as const;

/** A money field in bolívares: JSON number or decimal string -> integer céntimos. */
function moneyField(min: number | null, minMessage: string) {
  return z.unknown().transform((value, ctx) => {
    if (value === undefined || value === null || value === '') {
      ctx.addIssue({ code: 'custom', message: MSG_PAYMENTS.amountRequired });
      return z.NEVER;
    }
    const cents =
      typeof value === 'string' ? parseBolivaresString(value) : parseBolivaresJson(value);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: MSG_PAYMENTS.amountInvalid });
      return z.NEVER;
    }
    if (min !== null && cents < min) {
      ctx.addIssue({ code: 'custom', message: minMessage });
      return z.NEVER;
    }
    return cents as number;
  });
}

const idField = (message: string) =>
  z.unknown().transform((value, ctx) => {
    // A number, or its canonical decimal spelling (a form field): `01`, `0x1`, ` 1` or `1e0` are
    // not read as another record's id (docs/decisions/014).
    const n = typeof value === 'string' && /^[1-9][0-9]{0,15}$/.test(value) ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n <= 0) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });

/** POST /api/recharge_api fields (multipart; docs/product.md §5): amount >= Bs. 250,00, reference 3-20. */
export const rechargeFieldsSchema = z.object({
  amount: moneyField(LIMITS.minRechargeCents, MSG.rechargeMinAmount),
  reference: z.unknown().transform((value, ctx) => {
    const ref = typeof value === 'string' ? value.trim() : '';
    if (ref === '') ctx.addIssue({ code: 'custom', message: MSG_PAYMENTS.referenceRequired });
    else if (ref.length < LIMITS.referenceMinLength || ref.length > LIMITS.referenceMaxLength)
      ctx.addIssue({ code: 'custom', message: MSG_PAYMENTS.referenceLength });
    else if (!/^[A-Za-z0-9-]+$/.test(ref))
      ctx.addIssue({ code: 'custom', message: MSG_PAYMENTS.referenceChars });
    else return ref;
    return z.NEVER;
  }),
  account_id: idField(MSG_PAYMENTS.accountRequired),
});
export type RechargeFields = z.output<typeof rechargeFieldsSchema>;

/** POST /api/withdraw_api (docs/product.md §5): amount >= Bs. 500,00, bank_account = bank id. */
export const withdrawRequestSchema = z.object({
  amount: moneyField(LIMITS.minWithdrawalCents, MSG.withdrawMinAmount),
  bank_account: idField(MSG.bankRequired),
});
export type WithdrawRequest = z.input<typeof withdrawRequestSchema>;

export const ACCOUNT_TYPES = ['corriente', 'ahorro'] as const;

/**
 * POST /api/bank-accounts (docs/product.md §7), with the current password (decision 013: adding a bank
 * account needs it; docs/decisions/013).
 */
export const bankAccountRequestSchema = z.object({
  bank_name: z.string({ error: MSG.bankRequired }).trim().min(1, MSG.bankRequired),
  account_number: z
    .string({ error: MSG_PAYMENTS.accountNumberInvalid })
    .regex(/^\d{20}$/, MSG_PAYMENTS.accountNumberInvalid),
  account_type: z.enum(ACCOUNT_TYPES, { error: MSG_PAYMENTS.accountTypeInvalid }),
  account_holder: z
    .string({ error: MSG_PAYMENTS.accountHolderRequired })
    .trim()
    .min(1, MSG_PAYMENTS.accountHolderRequired)
    .max(100),
  current_password: z
    .string({ error: MSG_PROTECTION.currentPasswordForBank })
    .min(1, MSG_PROTECTION.currentPasswordForBank)
    // Longer than any valid password: simply not the right one.
    .max(200, MSG_ACCOUNT.currentPasswordWrong),
});

export const bankSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  status: z.string(),
});
export type Bank = z.infer<typeof bankSchema>;

/** GET /api/accounts_recharge item (docs/product.md §3 Recharge account). */
export const rechargeAccountSchema = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  account_number: z.string(),
  holder_name: z.string(),
  bank: z.object({ code: z.string(), name: z.string() }),
  type_identification: z.string(),
  n_identification: z.string(),
  phone: z.string(),
  /**
   * What the account's bank connector does for a recharge (docs/decisions/051-bank-connectors.md):
   * `verify` asks the payer's phone and bank and credits in seconds; `c2p` charges with the
   * payer's key; `c2p_key` asks their bank to SMS it. All false without a connector.
   */
  automatic: z
    .object({
      verify: z.boolean(),
      c2p: z.boolean(),
      c2p_key: z.boolean(),
      /** Banco de pruebas' page when the account is connected to it (the demo, decision 052). */
      demo_bank_url: z.string().nullable().optional(),
    })
    .optional(),
});
export type RechargeAccount = z.infer<typeof rechargeAccountSchema>;

/** GET /api/client-data (docs/product.md §7). */
export const clientDataSchema = z.object({
  name: z.string(),
  type_identification: z.string(),
  n_identification: z.string(),
  email: z.string(),
  username: z.string(),
  phone: z.string(),
  user: z.object({ id: z.number().int(), balance: z.number() }),
  bank_accounts: z.array(
    z.object({
      id: z.number().int(),
      bank_id: z.number().int(),
      bank_name: z.string(),
      account_number: z.string(),
      account_type: z.string(),
      account_holder: z.string(),
    }),
  ),
});
export type ClientData = z.infer<typeof clientDataSchema>;

export const balanceResponseSchema = z.object({ balance: z.number() });

/** Transaction types (decision 003) and their Spanish labels. */
export const TRANSACTION_TYPES = [
  'deposito',
  'retiro',
  'apuesta',
  'premio',
  'reembolso',
  'ajuste',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const TRANSACTION_TYPE_LABELS: Record<TransactionType, string> = {
  deposito: 'Recarga',
  retiro: 'Retiro',
  apuesta: 'Entrada',
  premio: 'Premio',
  reembolso: 'Reembolso',
  ajuste: 'Ajuste',
};

/** Statuses as stored; displayed per docs/product.md §4. */
export const TRANSACTION_STATUSES = ['pending', 'approved', 'rejected', 'completed'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** docs/product.md §4: pending Pendiente, approved Aprobado, rejected Rechazado, completed Completado; else raw or Desconocido. */
export function transactionStatusLabel(status: string | null | undefined): string {
  const labels: Record<string, string> = {
    pending: 'Pendiente',
    pendiente: 'Pendiente',
    approved: 'Aprobado',
    aprobado: 'Aprobado',
    rejected: 'Rechazado',
    rechazado: 'Rechazado',
    completed: 'Completado',
    completado: 'Completado',
  };
  if (!status) return 'Desconocido';
  return labels[status] ?? status;
}

export const transactionSchema = z.object({
  id: z.string(),
  type_transaction: z.enum(TRANSACTION_TYPES),
  /**
   * The ledger kind of a ledger row (`L-` id; ledger.ts LEDGER_KINDS, labelled by
   * LEDGER_KIND_DISPLAY); null for a recharge or withdrawal request row (`R-`, `W-`).
   */
  kind: z.enum(LEDGER_KINDS).nullable(),
  description: z.string(),
  amount: z.number(),
  /** credit = money into the wallet (green, plus); debit = out of it (red, minus). */
  direction: z.enum(['credit', 'debit']),
  /**
   * What it did to the available balance (decision 016; wallet.ts balanceEffect): 'none' for a
   * pending or rejected recharge and a returned withdrawal, shown neutral, never as credited.
   */
  effect: z.enum(['credit', 'debit', 'none']),
  status: z.enum(TRANSACTION_STATUSES),
  created_at: z.string(),
  reference: z.string().nullable(),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
});
export type Transaction = z.infer<typeof transactionSchema>;

/**
 * GET /api/transactions query. `type` and `status` accept every spelling docs/product.md §3 gives (and ours),
 * ignoring case and accents, and read as the canonical value (decision 016; wallet.ts).
 */
export const transactionsQuerySchema = z.object({
  type: spelledFilter(canonicalTransactionType, TRANSACTION_TYPE_SPELLINGS, MSG_WALLET.typeInvalid),
  status: spelledFilter(
    canonicalTransactionStatus,
    TRANSACTION_STATUS_SPELLINGS,
    MSG_WALLET.statusInvalid,
  ),
  period: z
    .enum(PERIODS)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  page: pageQuery(),
});

export const transactionsResponseSchema = z.object({
  transactions: z.array(transactionSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  summary: z.object({
    totalRecharges: z.number(),
    totalWithdrawals: z.number(),
    totalBets: z.number(),
    totalWins: z.number(),
  }),
});
export type TransactionsResponse = z.infer<typeof transactionsResponseSchema>;

/** Staff decisions. */
export const reasonRequestSchema = z.object({
  reason: z
    .string({ error: MSG_PAYMENTS.reasonRequired })
    .trim()
    .min(3, MSG_PAYMENTS.reasonRequired)
    .max(500),
});
export const payRequestSchema = z.object({
  payout_reference: z
    .string({ error: MSG_PAYMENTS.payoutReferenceRequired })
    .trim()
    .min(3, MSG_PAYMENTS.payoutReferenceRequired)
    .max(40),
  /** Required (true) for a withdrawal under review (docs/decisions/013); else 409. */
  review_acknowledged: z.boolean({ error: MSG_PROTECTION.reviewAcknowledgeRequired }).optional(),
});
export const adjustmentRequestSchema = z.object({
  amount: z.unknown().transform((value, ctx) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      ctx.addIssue({ code: 'custom', message: MSG_PAYMENTS.amountInvalid });
      return z.NEVER;
    }
    const cents = parseBolivaresJson(Math.abs(value));
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: MSG_PAYMENTS.amountInvalid });
      return z.NEVER;
    }
    if (cents === 0) {
      ctx.addIssue({ code: 'custom', message: MSG_PAYMENTS.adjustmentZero });
      return z.NEVER;
    }
    return value < 0 ? -cents : cents;
  }),
  reason: z
    .string({ error: MSG_PAYMENTS.reasonRequired })
    .trim()
    .min(3, MSG_PAYMENTS.reasonRequired)
    .max(500),
});

export const adminRechargeSchema = z.object({
  id: z.number().int(),
  user: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    n_identification: z.string(),
  }),
  amount: z.number(),
  reference: z.string(),
  account: z.object({ id: z.number().int(), bank: z.string(), account_number: z.string() }),
  proof_url: z.string().nullable(),
  status: z.enum(['pendiente', 'aprobado', 'rechazado']),
  reason: z.string().nullable(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
  /** How it was paid and verified, and what the bank said last (docs/decisions/051-bank-connectors.md). */
  method: z.enum(['pago_movil', 'c2p']).optional(),
  verification: z.enum(['manual', 'checking', 'verified', 'needs_staff']).optional(),
  bank_answer: z
    .object({
      kind: z.string(),
      detail: z.string().nullable(),
      bank_code: z.string().nullable(),
      bank_message: z.string().nullable(),
      at: z.string().nullable(),
    })
    .nullable()
    .optional(),
});
export type AdminRecharge = z.infer<typeof adminRechargeSchema>;

export const adminWithdrawalSchema = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  amount: z.number(),
  bank: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  payout: z.object({
    phone: z.string(),
    type_identification: z.string(),
    n_identification: z.string(),
    name: z.string(),
  }),
  status: z.enum(['pendiente', 'completado', 'rechazado']),
  payout_reference: z.string().nullable(),
  reason: z.string().nullable(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
  /** Set when it was requested within 24 h of a sensitive account change (decision 013). */
  review: adminWithdrawalReviewSchema.nullable(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;
