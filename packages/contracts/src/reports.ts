import { z } from 'zod';

/**
 * Daily report, CSV exports and the BCV reference rate (docs/decisions/034-daily-report-and-bcv-rate.md).
 *
 * Amounts travel as JSON numbers of bolívares (céntimos / 100) as everywhere at the HTTP boundary.
 * The BCV rate is bolívares per US dollar, stored and sent as an integer scaled by
 * BCV_RATE_SCALE (36,5210 Bs./US$ -> 365210): never a float. The "≈ US$" figure is computed in
 * integer arithmetic (`usdCentsFromCents`) and only ever shown beside the authoritative Bs. amount.
 */

export const MSG_REPORTS = {
  dateInvalid: 'Usa una fecha válida (aaaa-mm-dd)',
  dateFuture: 'La fecha no puede ser posterior a hoy',
  rateRequired: 'Escribe la tasa del BCV',
  rateInvalid:
    'Escribe la tasa en bolívares por dólar, con hasta 4 decimales (por ejemplo 36,5210)',
  rateOutOfRange: 'La tasa debe ser mayor que 0 y menor que 1.000.000',
  rateTaken: 'Ya hay una tasa registrada para esa fecha. Corrígela en el historial.',
  rateNotFound: 'No hay una tasa registrada para esa fecha.',
  rateRecorded: 'Tasa registrada',
  rateCorrected: 'Tasa corregida',
  rateUnchanged: 'No hay cambios: la tasa ya era esa.',
} as const;

/** The BCV rate's fixed-point scale: 4 decimals (36,5210 Bs./US$ is stored as 365210). */
export const BCV_RATE_SCALE = 10_000;
/** Largest accepted rate: 999.999,9999 Bs./US$ (scaled). */
export const MAX_BCV_RATE_SCALED = 1_000_000 * BCV_RATE_SCALE - 1;

const RATE = /^(0|[1-9]\d{0,5})(?:[.,](\d{1,4}))?$/;

/**
 * Parses a rate typed by staff ("36,5210", "36.521", "40") into its scaled integer (× 10 000).
 * Comma or dot as the decimal mark, at most 4 decimals, no thousands separators, no sign or
 * exponent. Returns null when malformed, 'range' when zero or too large.
 */
export function parseBcvRate(input: string): number | null | 'range' {
  const text = input.trim();
  const m = RATE.exec(text);
  // A whole number too long for the pattern is a rate out of range, not a malformed one.
  if (!m) return /^[1-9]\d*$/.test(text) ? 'range' : null;
  const scaled = Number(m[1]) * BCV_RATE_SCALE + Number((m[2] ?? '').padEnd(4, '0'));
  if (scaled <= 0 || scaled > MAX_BCV_RATE_SCALED) return 'range';
  return scaled;
}

const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** A scaled rate as es-VE text with its 4 decimals: 365210 -> '36,5210', 12345678900 -> '1.234.567,8900'. */
export function formatBcvRate(scaled: number): string {
  const whole = Math.floor(scaled / BCV_RATE_SCALE);
  const frac = String(scaled % BCV_RATE_SCALE).padStart(4, '0');
  return `${groupThousands(String(whole))},${frac}`;
}

/**
 * US dollar cents worth `bsCents` céntimos at `rateScaled` (Bs. per US$ × 10 000), in integer
 * arithmetic: floor(bsCents × 10 000 / rateScaled), i.e. rounded toward zero, so the figure never
 * claims more dollars than the balance buys (decision 034). BigInt inside: céntimos × 10 000 can
 * pass 2^53. Negative amounts round toward zero too. Throws RangeError for a rate ≤ 0.
 */
export function usdCentsFromCents(bsCents: number, rateScaled: number): number {
  if (!Number.isSafeInteger(rateScaled) || rateScaled <= 0)
    throw new RangeError(`invalid BCV rate: ${rateScaled}`);
  const q = (BigInt(Math.round(bsCents)) * BigInt(BCV_RATE_SCALE)) / BigInt(rateScaled);
  return Number(q);
}

/** US dollar cents as es-VE text: 1234 -> 'US$ 12,34', 123456789 -> 'US$ 1.234.567,89'. */
export function formatUsd(usdCents: number): string {
  const n = Math.round(usdCents);
  const abs = Math.abs(n);
  const whole = groupThousands(String(Math.floor(abs / 100)));
  return `${n < 0 ? '-' : ''}US$ ${whole},${String(abs % 100).padStart(2, '0')}`;
}

/** 'YYYY-MM-DD' as the Spanish 'dd/mm/aaaa' (no time-zone shift: it is a calendar date). */
export function formatIsoDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

/** True for a real calendar date written 'YYYY-MM-DD' (2026-02-30 is not). */
export function isIsoDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const isoDay = z
  .string({ error: MSG_REPORTS.dateInvalid })
  .trim()
  .refine(isIsoDay, MSG_REPORTS.dateInvalid);

const money = z.number().describe('bolívares (céntimos / 100)');
const countAndAmount = z.object({ count: z.number().int(), amount: money });

// BCV rate ------------------------------------------------------------------------------------

/** POST /api/admin/bcv-rates: the day's rate; `rate` is text as typed ("36,5210"). */
export const bcvRateInputSchema = z.object({
  date: isoDay,
  rate: z
    .string({ error: MSG_REPORTS.rateRequired })
    .trim()
    .min(1, MSG_REPORTS.rateRequired)
    .superRefine((s, ctx) => {
      if (s === '') return; // already "required"
      const parsed = parseBcvRate(s);
      if (parsed === null) ctx.addIssue({ code: 'custom', message: MSG_REPORTS.rateInvalid });
      else if (parsed === 'range')
        ctx.addIssue({ code: 'custom', message: MSG_REPORTS.rateOutOfRange });
    }),
});
export type BcvRateInput = z.input<typeof bcvRateInputSchema>;

/** PUT /api/admin/bcv-rates/{date}: corrects the rate of a recorded date. */
export const bcvRateCorrectionSchema = bcvRateInputSchema.pick({ rate: true });

/** One recorded rate (staff history). */
export const bcvRateSchema = z.object({
  date: z.string().describe("Caracas calendar day 'YYYY-MM-DD' the rate is for"),
  rate_scaled: z.number().int().describe('Bs. per US$ × 10 000'),
  rate: z.string().describe("es-VE text, e.g. '36,5210'"),
  recorded_by: z.string().nullable(),
  updated_at: z.string(),
});
export type BcvRate = z.infer<typeof bcvRateSchema>;

export const bcvRateListSchema = z.object({ rates: z.array(bcvRateSchema) });
export type BcvRateList = z.infer<typeof bcvRateListSchema>;

export const bcvRateSavedSchema = z.object({ message: z.string(), rate: bcvRateSchema });

/** GET /api/bcv-rate (public): the latest recorded rate, or null when none was ever recorded. */
export const latestBcvRateSchema = z.object({
  rate: z
    .object({
      date: z.string(),
      rate_scaled: z.number().int(),
    })
    .nullable(),
});
export type LatestBcvRate = z.infer<typeof latestBcvRateSchema>;

// Daily report ---------------------------------------------------------------------------------

/** GET /api/admin/reports/daily?date=: a Caracas calendar day, today when absent. */
export const dailyReportQuerySchema = z.object({
  date: isoDay.optional().or(z.literal('').transform(() => undefined)),
});

/** Spanish names of the ledger's account kinds, as the report's roll-forward lists them. */
export const ACCOUNT_KIND_LABELS: Record<string, string> = {
  wallet: 'Saldos de jugadores',
  pending_withdrawals: 'Retiros por pagar',
  table_escrow: 'Custodia de mesas',
  tournament_escrow: 'Custodia de torneos',
  house_fees: 'Comisiones de la casa',
  monthly_pot: 'Pote del Mes',
  pago_movil_in: 'Entradas por Pago Móvil',
  pago_movil_out: 'Salidas por Pago Móvil',
  adjustments: 'Ajustes del personal',
};

const flowLine = z.object({
  kind: z.string(),
  label: z.string(),
  count: z.number().int(),
  amount: money,
});

export const dailyReportSchema = z.object({
  date: z.string(),
  /** [from, to) of the Caracas day, ISO instants. */
  from: z.string(),
  to: z.string(),
  generated_at: z.string(),
  /** False while the day has not ended: closing figures are "so far". */
  complete: z.boolean(),
  recharges: countAndAmount,
  withdrawals: z.object({
    requested: countAndAmount,
    paid: countAndAmount,
    returned: countAndAmount,
    /** Still pending at the end of the day: the requests, and the held amount (ledger). */
    pending: countAndAmount,
  }),
  house_fees: z.object({ collected: money, balance: money }),
  pot: z.object({
    /** The pot month the day belongs to ('YYYY-MM') and that month's pot at the end of the day. */
    month: z.string(),
    month_balance: money,
    /** Net movements of every month's pot that day, by ledger kind. */
    movements: z.array(flowLine),
  }),
  escrow: z.object({ tables: money, tournaments: money }),
  owed: z.object({ opening: money, closing: money }),
  /** What moved the players' wallets that day, by ledger kind (signed). */
  wallet_statement: z.array(flowLine),
  /** Opening + movements = expected closing, per account kind, against the recorded closing. */
  accounts: z.array(
    z.object({
      kind: z.string(),
      label: z.string(),
      opening: money,
      movements: money,
      expected: money,
      closing: money,
      difference: money,
    }),
  ),
  check: z.object({
    ok: z.boolean(),
    /** 'Cuadra' or 'No cuadra'. */
    label: z.string(),
    /** What the ledger does not account for (0 when it squares). */
    difference: money,
    day_unbalanced_transactions: z.number().int(),
    /** Spanish sentences, one per failed rule; empty when ok. */
    problems: z.array(z.string()),
  }),
});
export type DailyReport = z.infer<typeof dailyReportSchema>;
