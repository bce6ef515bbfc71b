import { z } from 'zod';
import { parseBolivaresJson } from './money';

/**
 * The monthly pot (Pote del Mes) and its ranking (decision 007; docs/product.md §2 "Monthly pot", §3 "Monthly
 * pot", §4 "Pot modal", §7 GET /api/monthly-pot/current, §9 "Pot display").
 *
 * Months are Caracas calendar months, keyed 'YYYY-MM'. Amounts travel as JSON numbers in
 * bolívares (`amount`) with the exact integer céntimos beside them (`amount_cents`). Shares are
 * basis points of the month's pot per position (10000 = 100 %).
 */

export const MSG_POT = {
  sharesRequired: 'Define al menos una posición premiada',
  sharesTooMany: 'Se pueden premiar como máximo 10 posiciones',
  sharesPositive: 'Cada porcentaje debe ser mayor que cero (en centésimas de punto)',
  sharesSum: 'Los porcentajes deben sumar exactamente 100 %',
  descriptionTooLong: 'La descripción no puede superar los 500 caracteres',
  nothingToUpdate: 'Indica la descripción o los porcentajes a cambiar',
  settingsSaved: 'Pote actualizado',
  topUpDone: 'Pote recargado',
  topUpAmountInvalid: 'Ingresa un monto válido mayor que cero con máximo dos decimales',
  loadError: 'No se pudo cargar el Pote del Mes. Por favor, intenta de nuevo.',
} as const;

/** Default payout shares: 50 / 30 / 20 % to the top 3 (decision 007). */
export const DEFAULT_POT_SHARES_BPS: readonly number[] = [5000, 3000, 2000];
/** Most positions staff may reward. */
export const POT_MAX_POSITIONS = 10;
/** Players in the modal's list (GET /api/monthly-pot/current) and on the /pote ranking. */
export const POT_TOP_PLAYERS = 10;
export const POT_RANKING_SIZE = 50;

/** Spanish month names, capitalised ('Noviembre'), index 0 = January. */
export const MONTH_NAMES_ES = [
  'Enero',
  'Febrero',
  'Marzo',
  'Abril',
  'Mayo',
  'Junio',
  'Julio',
  'Agosto',
  'Septiembre',
  'Octubre',
  'Noviembre',
  'Diciembre',
] as const;

/** 'Noviembre' for month 11 (1-12); throws RangeError outside 1-12. */
export function monthNameEs(month: number): string {
  const name = MONTH_NAMES_ES[month - 1];
  if (!name) throw new RangeError(`not a month: ${month}`);
  return name;
}

/** Splits a month key 'YYYY-MM' into year and month (1-12); throws RangeError when malformed. */
export function parseMonthKey(key: string): { year: number; month: number } {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(key);
  if (!m) throw new RangeError(`not a month key: ${key}`);
  return { year: Number(m[1]), month: Number(m[2]) };
}

/** The month key after `key` ('2026-12' -> '2027-01'). */
export function nextMonthKey(key: string): string {
  const { year, month } = parseMonthKey(key);
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
}

/**
 * What each rewarded position receives from a pot of `potCents` céntimos (decision 007 month close):
 * floor(pot × share / 10000) per position; the céntimos that floor leaves over go to position 1,
 * so the shares always add up to the whole pot. Pure; used by the month close and for the
 * estimates on /pote.
 */
export function splitPotShares(potCents: number, sharesBps: readonly number[]): number[] {
  const amounts = sharesBps.map((bps) => Math.floor((potCents * bps) / 10_000));
  const rest = potCents - amounts.reduce((a, b) => a + b, 0);
  if (amounts.length > 0 && rest > 0) amounts[0] = (amounts[0] ?? 0) + rest;
  return amounts;
}

/** Share problems (Spanish), empty when valid: 1-10 positive integers summing to 10000. */
export function potSharesProblems(shares: readonly unknown[]): string[] {
  if (shares.length === 0) return [MSG_POT.sharesRequired];
  if (shares.length > POT_MAX_POSITIONS) return [MSG_POT.sharesTooMany];
  if (!shares.every((s) => typeof s === 'number' && Number.isSafeInteger(s) && s > 0))
    return [MSG_POT.sharesPositive];
  const sum = (shares as number[]).reduce((a, b) => a + b, 0);
  return sum === 10_000 ? [] : [MSG_POT.sharesSum];
}

export const potSharesSchema = z.array(z.unknown()).transform((shares, ctx) => {
  const problems = potSharesProblems(shares);
  if (problems.length > 0) {
    for (const message of problems) ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  }
  return shares as number[];
});

/** PATCH /api/admin/pot: the current month's description and/or shares. */
export const potSettingsRequestSchema = z
  .object({
    description: z.string().trim().max(500, MSG_POT.descriptionTooLong).optional(),
    shares_bps: z
      .unknown()
      .transform((value, ctx) => {
        if (value === undefined) return undefined;
        if (!Array.isArray(value)) {
          ctx.addIssue({ code: 'custom', message: MSG_POT.sharesRequired });
          return z.NEVER;
        }
        const problems = potSharesProblems(value);
        for (const message of problems) ctx.addIssue({ code: 'custom', message });
        return problems.length > 0 ? z.NEVER : (value as number[]);
      })
      .optional(),
  })
  .refine((v) => v.description !== undefined || v.shares_bps !== undefined, {
    message: MSG_POT.nothingToUpdate,
    path: ['description'],
  });
export type PotSettingsRequest = z.input<typeof potSettingsRequestSchema>;

/** POST /api/admin/pot/top-ups: bolívares (> 0, two decimals) and a reason (3-500 characters). */
export const potTopUpRequestSchema = z.object({
  amount: z.unknown().transform((value, ctx) => {
    const cents = parseBolivaresJson(value);
    if (cents === null || cents === 0) {
      ctx.addIssue({ code: 'custom', message: MSG_POT.topUpAmountInvalid });
      return z.NEVER;
    }
    return cents as number;
  }),
  reason: z.string({ error: 'Indica el motivo' }).trim().min(3, 'Indica el motivo').max(500),
});

/**
 * A ranked player as players and visitors see them: the public short name ('María G.', see
 * `publicName`; on /pote the caller's own row carries their own name) and no account id. Account
 * ids appear with full names in the public table list, so an id here would undo the short name
 * (decision 007, 2026-11-22).
 */
const potPlayerSchema = z.object({
  position: z.number().int(),
  name: z.string(),
  points: z.number().int(),
  matches_won: z.number().int(),
});
export type PotPlayer = z.infer<typeof potPlayerSchema>;

/** A ranked player as staff see them (/admin/pote): the account id and the full stored name. */
const potStaffPlayerSchema = potPlayerSchema.extend({ user_id: z.number().int() });
export type PotStaffPlayer = z.infer<typeof potStaffPlayerSchema>;

const potSummarySchema = z.object({
  amount: z.number(),
  amount_cents: z.number().int(),
  year: z.number().int(),
  month: z.number().int(),
  month_name: z.string(),
  description: z.string(),
});

/** GET /api/monthly-pot/current (docs/product.md §7, decision 007): the modal's data. */
export const potCurrentResponseSchema = z.object({
  success: z.boolean(),
  has_pot: z.boolean(),
  pot: potSummarySchema,
  top_players: z.array(potPlayerSchema),
});
export type PotCurrentResponse = z.infer<typeof potCurrentResponseSchema>;

const potShareSchema = z.object({
  position: z.number().int(),
  bps: z.number().int(),
  amount: z.number(),
  amount_cents: z.number().int(),
});
export type PotShare = z.infer<typeof potShareSchema>;

const winnerAmounts = { amount: z.number(), amount_cents: z.number().int() };

/** A closed month: paid to its winners, or carried whole to the next month. */
function historyMonthSchema<W extends z.ZodType>(winner: W) {
  return z.object({
    period: z.string(),
    year: z.number().int(),
    month: z.number().int(),
    month_name: z.string(),
    status: z.enum(['paid', 'carried']),
    description: z.string(),
    /** Paid to the winners (0 when carried). */
    paid: z.number(),
    paid_cents: z.number().int(),
    /** Moved to the next month's pot: unpaid shares, or the whole pot of an empty ranking. */
    carried: z.number(),
    carried_cents: z.number().int(),
    closed_at: z.string().nullable(),
    winners: z.array(winner),
  });
}

/** A closed month as players see it on /pote (winners with public short names). */
export const potHistoryMonthSchema = historyMonthSchema(potPlayerSchema.extend(winnerAmounts));
export type PotHistoryMonth = z.infer<typeof potHistoryMonthSchema>;

/** A closed month as staff see it (winners with account id and full name). */
export const potStaffHistoryMonthSchema = historyMonthSchema(
  potStaffPlayerSchema.extend(winnerAmounts),
);
export type PotStaffHistoryMonth = z.infer<typeof potStaffHistoryMonthSchema>;

/** GET /api/monthly-pot/ranking: everything the /pote page shows. */
export const potRankingResponseSchema = z.object({
  pot: potSummarySchema.extend({
    period: z.string(),
    /** The instant the month ends in Caracas (ISO, UTC). */
    ends_at: z.string(),
    /** The server's clock when answering, so the countdown does not trust the device clock. */
    server_time: z.string(),
  }),
  shares: z.array(potShareSchema),
  ranking: z.array(potPlayerSchema),
  /** The caller's standing this month; position null when they have no points yet. */
  me: z.object({
    position: z.number().int().nullable(),
    points: z.number().int(),
    matches_won: z.number().int(),
  }),
  ranked_players: z.number().int(),
  history: z.array(potHistoryMonthSchema),
});
export type PotRankingResponse = z.infer<typeof potRankingResponseSchema>;

const potTopUpSchema = z.object({
  id: z.number().int(),
  amount: z.number(),
  amount_cents: z.number().int(),
  reason: z.string(),
  staff: z.string().nullable(),
  created_at: z.string(),
});

/** GET /api/admin/pot and the answer of PATCH /api/admin/pot. */
export const adminPotResponseSchema = z.object({
  period: z.string(),
  year: z.number().int(),
  month: z.number().int(),
  month_name: z.string(),
  description: z.string(),
  shares_bps: z.array(z.number().int()),
  amount: z.number(),
  amount_cents: z.number().int(),
  ends_at: z.string(),
  ranked_players: z.number().int(),
  top_players: z.array(potStaffPlayerSchema),
  top_ups: z.array(potTopUpSchema),
  history: z.array(potStaffHistoryMonthSchema),
});
export type AdminPotResponse = z.infer<typeof adminPotResponseSchema>;

export const potTopUpResponseSchema = z.object({
  message: z.string(),
  amount: z.number(),
  amount_cents: z.number().int(),
});
