/**
 * Bank reconciliation (docs/decisions/033-bank-reconciliation.md): staff upload
 * the bank statement of a recharge account (CSV or XLSX as the bank exports it), the server reads
 * it with the account's column mapping, matches its credit lines to the account's pending
 * recharges, and staff approve the matched pairs in one action.
 *
 * Money on the wire is a JSON number in bolívares (two decimals at most), like the recharge
 * queue; dates of statement lines are calendar days `YYYY-MM-DD`.
 *
 * Change policy: the web builds against this file; changes stay additive.
 */
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Rules (decision 033)
// ---------------------------------------------------------------------------------------------

/** A statement line and a recharge match when the last this-many digits of their references agree. */
export const RECONCILIATION_REFERENCE_DIGITS = 6;
/** ... and the bank's day is at most this many days before or after the recharge's request day (Caracas). */
export const RECONCILIATION_DAY_TOLERANCE = 1;
/** Largest statement file (bytes), the multipart limit of every upload. */
export const RECONCILIATION_MAX_BYTES = 5_242_880;
/** Most data rows read from one statement (more is refused, nothing stored). */
export const RECONCILIATION_MAX_ROWS = 10_000;
/** Most pairs one approval request may carry. */
export const RECONCILIATION_MAX_PAIRS = 10_000;

export const RECONCILIATION_DATE_FORMATS = [
  'dd/mm/yyyy',
  'dd-mm-yyyy',
  'dd/mm/yy',
  'mm/dd/yyyy',
  'yyyy-mm-dd',
] as const;
export type ReconciliationDateFormat = (typeof RECONCILIATION_DATE_FORMATS)[number];

/** `ve`: "1.234,56" (dot thousands, comma decimals); `plain`: "1234.56" or "1,234.56". */
export const RECONCILIATION_AMOUNT_FORMATS = ['ve', 'plain'] as const;
export type ReconciliationAmountFormat = (typeof RECONCILIATION_AMOUNT_FORMATS)[number];

/** `signed`: one amount column, credits positive and debits negative; `split`: credit and debit columns. */
export const RECONCILIATION_AMOUNT_MODES = ['signed', 'split'] as const;
export type ReconciliationAmountMode = (typeof RECONCILIATION_AMOUNT_MODES)[number];

export const RECONCILIATION_DATE_FORMAT_LABELS: Record<ReconciliationDateFormat, string> = {
  'dd/mm/yyyy': 'dd/mm/aaaa (31/12/2026)',
  'dd-mm-yyyy': 'dd-mm-aaaa (31-12-2026)',
  'dd/mm/yy': 'dd/mm/aa (31/12/26)',
  'mm/dd/yyyy': 'mm/dd/aaaa (12/31/2026)',
  'yyyy-mm-dd': 'aaaa-mm-dd (2026-12-31)',
};
export const RECONCILIATION_AMOUNT_FORMAT_LABELS: Record<ReconciliationAmountFormat, string> = {
  ve: 'Venezolano (1.234,56)',
  plain: 'Punto decimal (1234.56 o 1,234.56)',
};
export const RECONCILIATION_AMOUNT_MODE_LABELS: Record<ReconciliationAmountMode, string> = {
  signed: 'Una columna con signo (+ crédito, − débito)',
  split: 'Columnas de crédito y débito',
};

// ---------------------------------------------------------------------------------------------
// Spanish messages
// ---------------------------------------------------------------------------------------------

export const MSG_RECONCILIATION = {
  accountNotFound: 'La cuenta de recarga no existe.',
  statementNotFound: 'El estado de cuenta no existe.',
  mappingMissing:
    'Esta cuenta aún no tiene configuradas las columnas del estado de cuenta. Configúralas primero.',
  fileMissing: 'Selecciona el archivo del estado de cuenta (CSV o XLSX).',
  fileType: 'El archivo debe ser un estado de cuenta en CSV o Excel (XLSX).',
  fileUnreadable:
    'No pudimos leer el archivo. Verifica que sea el CSV o XLSX que exporta el banco.',
  fileEmpty: 'El archivo no tiene filas de movimientos después de la fila de encabezados.',
  tooManyRows: `El archivo tiene más de 10.000 filas. Divídelo en partes.`,
  headerRowMissing: (row: number) => `El archivo no tiene la fila ${row} de encabezados.`,
  columnMissing: (name: string, row: number) =>
    `La columna «${name}» no aparece en la fila ${row} de encabezados.`,
  dateInvalid: (value: string) => `Fecha no válida: «${value}».`,
  amountInvalid: (value: string) => `Monto no válido: «${value}».`,
  referenceMissing: 'La fila no tiene referencia.',
  columnRequired: 'Indica el nombre de la columna.',
  columnTooLong: 'El nombre de la columna no puede tener más de 80 caracteres.',
  headerRowInvalid: 'La fila de encabezados debe ser un número entre 1 y 100.',
  splitColumnsRequired: 'Indica la columna de créditos.',
  amountColumnRequired: 'Indica la columna del monto.',
  pairsRequired: 'No hay coincidencias seleccionadas para aprobar.',
  pairsTooMany: `No se pueden aprobar más de ${RECONCILIATION_MAX_PAIRS} recargas a la vez.`,
  skippedUsed: 'La línea del banco ya se usó para aprobar otra recarga.',
  skippedNoLongerMatches: 'La coincidencia ya no es válida (la recarga o la línea cambió).',
  mappingSaved: 'Columnas guardadas',
} as const;

/** Spanish labels of this module's audit actions (merged into AUDIT_ACTION_LABELS). */
export const RECONCILIATION_AUDIT_ACTION_LABELS: Record<string, string> = {
  'reconciliation.mapping': 'Conciliación: columnas del estado de cuenta',
  'reconciliation.upload': 'Conciliación: estado de cuenta subido',
};

// ---------------------------------------------------------------------------------------------
// Column mapping
// ---------------------------------------------------------------------------------------------

const column = z
  .string({ error: MSG_RECONCILIATION.columnRequired })
  .trim()
  .min(1, MSG_RECONCILIATION.columnRequired)
  .max(80, MSG_RECONCILIATION.columnTooLong);
const optionalColumn = z
  .string()
  .trim()
  .max(80, MSG_RECONCILIATION.columnTooLong)
  .nullish()
  .transform((v) => (v ? v : null));

/**
 * How to read one recharge account's statements. Columns are named by their header text in row
 * `header_row` (1-based), compared without case, accents or extra spaces.
 */
export const reconciliationMappingSchema = z
  .object({
    header_row: z.coerce
      .number({ error: MSG_RECONCILIATION.headerRowInvalid })
      .int(MSG_RECONCILIATION.headerRowInvalid)
      .min(1, MSG_RECONCILIATION.headerRowInvalid)
      .max(100, MSG_RECONCILIATION.headerRowInvalid),
    date_column: column,
    date_format: z.enum(RECONCILIATION_DATE_FORMATS),
    reference_column: column,
    amount_mode: z.enum(RECONCILIATION_AMOUNT_MODES),
    amount_column: optionalColumn,
    credit_column: optionalColumn,
    debit_column: optionalColumn,
    amount_format: z.enum(RECONCILIATION_AMOUNT_FORMATS),
    description_column: optionalColumn,
  })
  .superRefine((m, ctx) => {
    if (m.amount_mode === 'signed' && !m.amount_column)
      ctx.addIssue({
        code: 'custom',
        path: ['amount_column'],
        message: MSG_RECONCILIATION.amountColumnRequired,
      });
    if (m.amount_mode === 'split' && !m.credit_column)
      ctx.addIssue({
        code: 'custom',
        path: ['credit_column'],
        message: MSG_RECONCILIATION.splitColumnsRequired,
      });
  });
export type ReconciliationMapping = z.output<typeof reconciliationMappingSchema>;

/** A stored mapping as the server answers it (no transforms: responses are serialised with it). */
export const reconciliationMappingValueSchema = z.object({
  header_row: z.number().int(),
  date_column: z.string(),
  date_format: z.enum(RECONCILIATION_DATE_FORMATS),
  reference_column: z.string(),
  amount_mode: z.enum(RECONCILIATION_AMOUNT_MODES),
  amount_column: z.string().nullable(),
  credit_column: z.string().nullable(),
  debit_column: z.string().nullable(),
  amount_format: z.enum(RECONCILIATION_AMOUNT_FORMATS),
  description_column: z.string().nullable(),
});
export type ReconciliationMappingInput = z.input<typeof reconciliationMappingSchema>;

/** A recharge account as the reconciliation page lists it, with its mapping (null: not set yet). */
export const reconciliationAccountSchema = z.object({
  id: z.number().int(),
  bank_name: z.string(),
  account_number: z.string(),
  holder_name: z.string(),
  active: z.boolean(),
  pending_recharges: z.number().int(),
  mapping: reconciliationMappingValueSchema.nullable(),
});
export type ReconciliationAccount = z.infer<typeof reconciliationAccountSchema>;

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

/** One credit line of a statement. `row` is the row number in the file (1-based). */
export const statementLineSchema = z.object({
  id: z.number().int(),
  row: z.number().int(),
  date: z.string(),
  reference: z.string(),
  amount: z.number(),
  description: z.string().nullable(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

/** A pending recharge as reconciliation shows it; `requested_on` is its Caracas day. */
export const reconciliationRechargeSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_name: z.string(),
  user_email: z.string(),
  reference: z.string(),
  amount: z.number(),
  requested_at: z.string(),
  requested_on: z.string(),
});
export type ReconciliationRecharge = z.infer<typeof reconciliationRechargeSchema>;

export const reconciliationReportSchema = z.object({
  statement: z.object({
    id: z.number().int(),
    account_id: z.number().int(),
    file_name: z.string(),
    kind: z.enum(['csv', 'xlsx']),
    uploaded_at: z.string(),
    /** True when this exact file (same content) had been uploaded before: its stored lines are reused. */
    repeated: z.boolean(),
    credit_lines: z.number().int(),
    first_day: z.string().nullable(),
    last_day: z.string().nullable(),
  }),
  /** One line, one recharge, each the other's only candidate: these are approved together. */
  matched: z.array(z.object({ line: statementLineSchema, recharge: reconciliationRechargeSchema })),
  /** Lines and recharges with more than one candidate: never approved automatically. */
  ambiguous: z.array(
    z.object({
      lines: z.array(statementLineSchema),
      recharges: z.array(reconciliationRechargeSchema),
    }),
  ),
  unmatched_lines: z.array(statementLineSchema),
  /** Pending recharges of the account requested within the statement's days (±1) with no line. */
  unmatched_recharges: z.array(reconciliationRechargeSchema),
  /** Lines already used to approve a recharge (this statement or an earlier one). */
  reconciled: z.array(z.object({ line: statementLineSchema, recharge_id: z.number().int() })),
  /** Rows that could not be read (bad date, amount or missing reference). */
  rejected_rows: z.array(z.object({ row: z.number().int(), message: z.string() })),
  /** Debit rows and rows without an amount, skipped. */
  ignored_rows: z.number().int(),
});
export type ReconciliationReport = z.infer<typeof reconciliationReportSchema>;

export const reconciliationApproveRequestSchema = z.object({
  pairs: z
    .array(
      z.object({
        line_id: z.number().int().positive(),
        recharge_id: z.number().int().positive(),
      }),
      { error: MSG_RECONCILIATION.pairsRequired },
    )
    .min(1, MSG_RECONCILIATION.pairsRequired)
    .max(RECONCILIATION_MAX_PAIRS, MSG_RECONCILIATION.pairsTooMany),
});
export type ReconciliationApproveRequest = z.infer<typeof reconciliationApproveRequestSchema>;

export const reconciliationApproveResponseSchema = z.object({
  message: z.string(),
  approved: z.number().int(),
  skipped: z.array(
    z.object({ line_id: z.number().int(), recharge_id: z.number().int(), message: z.string() }),
  ),
  report: reconciliationReportSchema,
});
export const reconciliationMappingSavedSchema = z.object({
  message: z.string(),
  mapping: reconciliationMappingValueSchema,
});

export type ReconciliationApproveResponse = z.infer<typeof reconciliationApproveResponseSchema>;

export const RECONCILIATION_ROUTES = {
  accounts: '/api/admin/reconciliation/accounts',
  mapping: (accountId: number | string) =>
    `/api/admin/reconciliation/accounts/${accountId}/mapping`,
  statements: '/api/admin/reconciliation/statements',
  statement: (id: number | string) => `/api/admin/reconciliation/statements/${id}`,
  approve: (id: number | string) => `/api/admin/reconciliation/statements/${id}/approve`,
} as const;
