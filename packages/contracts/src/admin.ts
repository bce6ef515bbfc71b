import { z } from 'zod';
import { normalizePhone, phoneProblems } from './phone';
import { ROLES, USER_STATUSES } from './constants';
import { idParam, pageQuery } from './input';
import { MSG } from './messages';
import { MSG_PAYMENTS } from './payments';
import { IDENTITY_AUDIT_ACTION_LABELS } from './identity';
import { PROTECTION_AUDIT_ACTION_LABELS } from './protection';
import { RESPONSIBLE_AUDIT_ACTION_LABELS } from './responsible';
import { RISK_AUDIT_ACTION_LABELS } from './risk';
import { RECONCILIATION_AUDIT_ACTION_LABELS } from './reconciliation';
import { BANKING_AUDIT_ACTION_LABELS } from './banking';

/**
 * Staff console shapes (decision 009): dashboard, ledger check, users,
 * suspension, banks and recharge accounts, audit log. Amounts are JSON numbers in bolívares
 * (céntimos / 100, as everywhere at the HTTP boundary); dates are ISO 8601 instants, and day
 * filters are Caracas calendar days 'YYYY-MM-DD'.
 */

export const MSG_ADMIN = {
  userNotFound: 'El usuario no existe.',
  cannotSuspendSelf: 'No puedes suspender tu propia cuenta.',
  cannotSuspendStaff: 'No se puede suspender a un miembro del personal.',
  alreadySuspended: 'La cuenta ya está suspendida.',
  alreadyActive: 'La cuenta ya está activa.',
  userSuspended: 'Cuenta suspendida',
  userReactivated: 'Cuenta reactivada',
  /** What a logged-in player reads when staff suspend them (pushed over the socket). */
  suspendedNotice: 'Tu cuenta ha sido suspendida. Contacta a soporte.',
  bankNotFound: 'El banco no existe.',
  bankCodeInvalid: 'El código del banco debe tener 4 dígitos',
  bankCodeTaken: 'Ya existe un banco con ese código',
  bankNameRequired: 'El nombre del banco es obligatorio',
  bankNameTooLong: 'El nombre del banco no puede tener más de 60 caracteres',
  bankHasActiveAccounts:
    'Este banco tiene cuentas de recarga activas. Desactívalas o muévelas a otro banco primero.',
  bankInactive: 'El banco seleccionado está inactivo. Actívalo primero.',
  accountNotFound: 'La cuenta de recarga no existe.',
  lastActiveAccount:
    'Debe quedar al menos una cuenta de recarga activa: sin ella los jugadores no pueden recargar.',
  holderRequired: 'El titular es obligatorio',
  holderTooLong: 'El titular no puede tener más de 100 caracteres',
  documentTypeInvalid: 'El tipo de documento debe ser V, E, J o G',
  alreadyInState: 'No hay cambios: ya estaba en ese estado.',
  dateInvalid: 'Usa una fecha válida (aaaa-mm-dd)',
  dateRangeInvalid: 'La fecha inicial no puede ser posterior a la final',
} as const;

const money = z.number().describe('bolívares (céntimos / 100)');
const countAndAmount = z.object({ count: z.number().int(), amount: money });

/** Result of the ledger consistency check (docs/architecture.md#how-a-payment-flows invariants), with when it ran and by whom. */
export const ledgerCheckSchema = z.object({
  ok: z.boolean(),
  checked_at: z.string(),
  checked_by: z.string().nullable(),
  duration_ms: z.number().int(),
  /** Sum of every account balance (must be 0). */
  total: money,
  negative_accounts: z.number().int(),
  mismatched_accounts: z.number().int(),
  unbalanced_transactions: z.number().int(),
  /** Spanish sentences, one per failed invariant; empty when ok. */
  problems: z.array(z.string()),
});
export type LedgerCheck = z.infer<typeof ledgerCheckSchema>;

/** GET /api/admin/dashboard. */
export const adminDashboardSchema = z.object({
  generated_at: z.string(),
  pending: z.object({ recharges: countAndAmount, withdrawals: countAndAmount }),
  /** Today = the Caracas calendar day `date`. Entries are entry fees net of refunds. */
  today: z.object({
    date: z.string(),
    recharges_approved: countAndAmount,
    withdrawals_paid: countAndAmount,
    entries: countAndAmount,
  }),
  house_fees: z.object({ today: money, total: money }),
  pot: z.object({ month: z.string(), amount: money }),
  matches: z.array(
    z.object({
      game_id: z.string(),
      table_id: z.number().int(),
      table_name: z.string(),
      players: z.array(z.string()),
      entry: money,
      started_at: z.string().nullable(),
    }),
  ),
  ledger_check: ledgerCheckSchema.nullable(),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

/** One user in the staff search and on their page. */
export const adminUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  username: z.string(),
  type_identification: z.string(),
  n_identification: z.string(),
  phone: z.string(),
  rol: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  balance: money,
  points: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const ADMIN_USERS_PAGE_SIZE = 20;

/** GET /api/admin/users?q=&page=: q matches name, e-mail, cédula or phone (partial, any case). */
export const adminUsersQuerySchema = z.object({
  q: z.string().trim().max(100).optional().default(''),
  page: pageQuery(),
});
export const adminUsersResponseSchema = z.object({
  users: z.array(adminUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

/** GET /api/admin/users/{id}: profile, balance, seat and the last status change. */
export const adminUserDetailSchema = z.object({
  user: adminUserSchema,
  seat: z
    .object({ table_id: z.number().int(), table_name: z.string(), playing: z.boolean() })
    .nullable(),
  last_status_change: z
    .object({
      action: z.string(),
      reason: z.string().nullable(),
      by: z.string(),
      at: z.string(),
    })
    .nullable(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** POST /api/admin/users/{id}/suspend and /reactivate. */
export const statusChangeRequestSchema = z.object({
  reason: z
    .string({ error: MSG_PAYMENTS.reasonRequired })
    .trim()
    .min(3, MSG_PAYMENTS.reasonRequired)
    .max(500),
});
export const statusChangeResponseSchema = z.object({
  message: z.string(),
  user: adminUserSchema,
  /** Suspension only: the table the player was removed from (entry refunded), if any. */
  left_table: z.object({ table_id: z.number().int(), refund: money }).nullable(),
});

/** Bank statuses as stored (docs/product.md §3: activo is available; anything else is not). */
export const BANK_STATUSES = ['activo', 'inactivo'] as const;

export const adminBankSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  status: z.enum(BANK_STATUSES),
  active_accounts: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminBank = z.infer<typeof adminBankSchema>;

/** POST /api/admin/banks and PATCH /api/admin/banks/{id}: code = 4 digits, name 1-60. */
export const bankInputSchema = z.object({
  code: z
    .string({ error: MSG_ADMIN.bankCodeInvalid })
    .trim()
    .regex(/^\d{4}$/, MSG_ADMIN.bankCodeInvalid),
  name: z
    .string({ error: MSG_ADMIN.bankNameRequired })
    .trim()
    .min(1, MSG_ADMIN.bankNameRequired)
    .max(60, MSG_ADMIN.bankNameTooLong),
});
export type BankInput = z.input<typeof bankInputSchema>;

/**
 * Document types of a platform account holder: V/E for a person's cédula, J/G for a company's or
 * government's RIF (the demo account belongs to a company, J).
 */
export const HOLDER_DOCUMENT_TYPES = ['V', 'E', 'J', 'G'] as const;

/**
 * POST /api/admin/recharge-accounts and PATCH .../{id}: bank, 20-digit account number whose first
 * four digits are the bank's code (checked by the server against the bank), holder, document
 * (6-10 digits) and Pago Móvil phone (any shape phone.ts accepts, stored as 11 digits).
 */
export const rechargeAccountInputSchema = z.object({
  // A number, or its canonical decimal spelling from a form; `0x10`, ` 1`, `1e3` or `01` are not
  // read as another bank's id (decision 014).
  bank_id: z.preprocess(
    (v) => (typeof v === 'string' && /^[1-9][0-9]{0,15}$/.test(v) ? Number(v) : v),
    z.number({ error: MSG.bankRequired }).int(MSG.bankRequired).positive(MSG.bankRequired),
  ),
  account_number: z
    .string({ error: MSG_PAYMENTS.accountNumberInvalid })
    .trim()
    .regex(/^\d{20}$/, MSG_PAYMENTS.accountNumberInvalid),
  holder_name: z
    .string({ error: MSG_ADMIN.holderRequired })
    .trim()
    .min(1, MSG_ADMIN.holderRequired)
    .max(100, MSG_ADMIN.holderTooLong),
  type_identification: z.enum(HOLDER_DOCUMENT_TYPES, { error: MSG_ADMIN.documentTypeInvalid }),
  n_identification: z
    .string({ error: MSG.identificationRequired })
    .trim()
    .regex(/^\d{6,10}$/, MSG.identificationInvalid),
  phone: z
    .string({ error: MSG.phoneRequired })
    .trim()
    .superRefine((phone, ctx) => {
      for (const message of phoneProblems(phone)) ctx.addIssue({ code: 'custom', message });
    })
    .transform((phone) => normalizePhone(phone) ?? phone),
});
export type RechargeAccountInput = z.input<typeof rechargeAccountInputSchema>;

export const adminRechargeAccountSchema = z.object({
  id: z.number().int(),
  bank: z.object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    status: z.enum(BANK_STATUSES),
  }),
  account_number: z.string(),
  holder_name: z.string(),
  type_identification: z.string(),
  n_identification: z.string(),
  phone: z.string(),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminRechargeAccount = z.infer<typeof adminRechargeAccountSchema>;

export const ADMIN_AUDIT_PAGE_SIZE = 25;

const dayField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, MSG_ADMIN.dateInvalid)
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), MSG_ADMIN.dateInvalid)
  .optional()
  .or(z.literal('').transform(() => undefined));
const optionalText = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((s) => (s ? s : undefined));

/** GET /api/admin/audit: every filter optional; from/to are inclusive Caracas days. */
export const auditQuerySchema = z
  .object({
    actor: idParam.optional().or(z.literal('').transform(() => undefined)),
    action: optionalText,
    target_type: optionalText,
    target_id: optionalText,
    from: dayField,
    to: dayField,
    page: pageQuery(),
  })
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.from > v.to)
      ctx.addIssue({ code: 'custom', path: ['from'], message: MSG_ADMIN.dateRangeInvalid });
  });
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** Null for what the system recorded by itself (e.g. a burst of failed logins). */
  actor: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  /** Filter choices: the staff who can act, and every action recorded so far. */
  actors: z.array(z.object({ id: z.number().int(), name: z.string() })),
  actions: z.array(z.string()),
});
export type AuditResponse = z.infer<typeof auditResponseSchema>;

/** Spanish labels of the audited actions (unknown ones are shown raw). */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'recharge.approve': 'Recarga aprobada',
  'recharge.reject': 'Recarga rechazada',
  'withdrawal.pay': 'Retiro pagado',
  'withdrawal.reject': 'Retiro rechazado',
  'user.adjust_balance': 'Ajuste de saldo',
  'user.suspend': 'Cuenta suspendida',
  'user.reactivate': 'Cuenta reactivada',
  'table.create': 'Mesa creada',
  'table.update': 'Mesa editada',
  'table.open': 'Mesa abierta',
  'table.close': 'Mesa cerrada',
  'table.image': 'Imagen de mesa',
  'bank.create': 'Banco creado',
  'bank.update': 'Banco editado',
  'bank.activate': 'Banco activado',
  'bank.deactivate': 'Banco desactivado',
  'recharge_account.create': 'Cuenta de recarga creada',
  'recharge_account.update': 'Cuenta de recarga editada',
  'recharge_account.activate': 'Cuenta de recarga activada',
  'recharge_account.deactivate': 'Cuenta de recarga desactivada',
  'ledger.check': 'Verificación del libro mayor',
  'pot.update_settings': 'Pote: configuración',
  'pot.top_up': 'Pote: aporte',
  'talk.report_dismissed': 'Reporte de mensajes descartado',
  'talk.chat_ban': 'Jugador silenciado en las mesas',
  ...PROTECTION_AUDIT_ACTION_LABELS,
  ...RESPONSIBLE_AUDIT_ACTION_LABELS,
  ...RISK_AUDIT_ACTION_LABELS,
  ...RECONCILIATION_AUDIT_ACTION_LABELS,
  ...IDENTITY_AUDIT_ACTION_LABELS,
  ...BANKING_AUDIT_ACTION_LABELS,
};
