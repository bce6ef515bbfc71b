/**
 * Responsible gaming, "Juego responsable" (docs/decisions/030-responsible-gaming.md): deposit and
 * loss limits per day, week and month (céntimos on the wire), a play reminder every N minutes, a
 * time-out (24 h, 7 días, 30 días) and self-exclusion (6 meses, permanente). Lowering a limit
 * applies at once; raising or removing one waits {@link LIMIT_RAISE_DELAY_MS}. Periods are
 * calendar periods in Caracas time (day from midnight, week from Monday, month from the 1st).
 */
import { z } from 'zod';
import { MAX_AMOUNT_CENTS, formatBs } from './money';
import { caracasDateTime } from './protection';

/** What a limit caps: money recharged (deposit) or net loss at the tables (loss). */
export const LIMIT_KINDS = ['deposit', 'loss'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

/** The calendar periods a limit counts over (Caracas time). */
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** Raising or removing a limit takes effect this many milliseconds later (24 h). */
export const LIMIT_RAISE_DELAY_MS = 24 * 60 * 60 * 1000;

/** Reminder intervals a player may pick, in minutes (null = off). */
export const REMINDER_MINUTES = [15, 30, 60] as const;

/** Pauses: a time-out (24 h, 7 d, 30 d) or self-exclusion (6 months, permanent). */
export const PAUSE_OPTIONS = ['24h', '7d', '30d', '6m', 'permanent'] as const;
export type PauseOption = (typeof PAUSE_OPTIONS)[number];
export type PauseKind = 'timeout' | 'exclusion';

/** The kind of pause each option starts. */
export const PAUSE_KIND: Readonly<Record<PauseOption, PauseKind>> = {
  '24h': 'timeout',
  '7d': 'timeout',
  '30d': 'timeout',
  '6m': 'exclusion',
  permanent: 'exclusion',
};

/** Spanish labels of periods, options and kinds. */
export const RESPONSIBLE_LABELS = {
  kind: { deposit: 'Límite de recargas', loss: 'Límite de pérdidas' } as Record<LimitKind, string>,
  period: { day: 'Diario', week: 'Semanal', month: 'Mensual' } as Record<LimitPeriod, string>,
  pause: {
    '24h': '24 horas',
    '7d': '7 días',
    '30d': '30 días',
    '6m': '6 meses',
    permanent: 'Permanente',
  } as Record<PauseOption, string>,
} as const;

const periodAdjective: Record<LimitPeriod, string> = {
  day: 'diario',
  week: 'semanal',
  month: 'mensual',
};
const periodNow: Record<LimitPeriod, string> = {
  day: 'hoy',
  week: 'esta semana',
  month: 'este mes',
};

/** Spanish messages of responsible gaming (fixed texts). */
export const MSG_RESPONSIBLE = {
  pauseActive: 'Ya tienes una pausa activa que termina más tarde. No se puede acortar.',
  limitSaved: 'Límite guardado.',
  reminderSaved: 'Recordatorio guardado.',
  amountInvalid: 'Ingresa un monto válido mayor que cero, en céntimos.',
  kindInvalid: 'Elige un tipo de límite: recargas o pérdidas.',
  periodInvalid: 'Elige un período: diario, semanal o mensual.',
  reminderInvalid: 'Elige cada cuántos minutos recordarte: 15, 30 o 60, o desactívalo.',
  pauseInvalid: 'Elige la duración de la pausa.',
  confirmRequired: 'Confirma que entiendes que la pausa no se puede deshacer.',
} as const;

/**
 * Spanish messages of responsible gaming that carry a value: a period, an amount in céntimos, an
 * ISO date (shown in Caracas time) or the reminder's minutes and net result.
 */
export const RESPONSIBLE_MESSAGES = {
  depositLimit: (period: LimitPeriod, leftCents: number) =>
    `Superas tu límite de recargas ${periodAdjective[period]}. Disponible ${periodNow[period]}: ${formatBs(Math.max(0, leftCents))}.`,
  lossLimit: (period: LimitPeriod, leftCents: number) =>
    `Esta entrada podría superar tu límite de pérdidas ${periodAdjective[period]}. Puedes arriesgar ${periodNow[period]} hasta ${formatBs(Math.max(0, leftCents))}.`,
  timeout: (until: string) =>
    `Estás en una pausa de juego hasta el ${caracasDateTime(until)}. Mientras tanto puedes ver tu historial, tu saldo y retirar.`,
  exclusion: (until: string | null) =>
    until
      ? `Te autoexcluiste del juego hasta el ${caracasDateTime(until)}. Puedes ver tu historial, tu saldo y retirar.`
      : 'Te autoexcluiste del juego de forma permanente. Puedes ver tu historial, tu saldo y retirar.',
  limitPending: (at: string) => `Tu nuevo límite entra en vigor el ${caracasDateTime(at)}.`,
  reminder: (minutes: number, netCents: number) =>
    `Llevas ${minutes} min jugando · Resultado neto: ${netCents > 0 ? '+' : ''}${formatBs(netCents).replace('-', '−')}`,
} as const;

/** PUT /api/responsible/limits: one limit; `amount_cents` null removes it. */
export const setLimitRequestSchema = z.strictObject({
  kind: z.enum(LIMIT_KINDS, { error: MSG_RESPONSIBLE.kindInvalid }),
  period: z.enum(LIMIT_PERIODS, { error: MSG_RESPONSIBLE.periodInvalid }),
  amount_cents: z
    .number({ error: MSG_RESPONSIBLE.amountInvalid })
    .int(MSG_RESPONSIBLE.amountInvalid)
    .positive(MSG_RESPONSIBLE.amountInvalid)
    .max(MAX_AMOUNT_CENTS, MSG_RESPONSIBLE.amountInvalid)
    .nullable(),
});
export type SetLimitRequest = z.infer<typeof setLimitRequestSchema>;

/** PUT /api/responsible/reminder: minutes between reminders, null = off. */
export const setReminderRequestSchema = z.strictObject({
  minutes: z.union([z.literal(15), z.literal(30), z.literal(60), z.null()], {
    error: MSG_RESPONSIBLE.reminderInvalid,
  }),
});

/** POST /api/responsible/pause: the option and the player's confirmation (must be true). */
export const startPauseRequestSchema = z.strictObject({
  option: z.enum(PAUSE_OPTIONS, { error: MSG_RESPONSIBLE.pauseInvalid }),
  confirm: z.literal(true, { error: MSG_RESPONSIBLE.confirmRequired }),
});
export type StartPauseRequest = z.infer<typeof startPauseRequestSchema>;

/** One limit as the player sees it: in force now, and a pending change (raise/removal) if any. */
export const limitViewSchema = z.object({
  kind: z.enum(LIMIT_KINDS),
  period: z.enum(LIMIT_PERIODS),
  /** In force now, céntimos; null = no limit. */
  amount_cents: z.number().int().nullable(),
  /** Used so far this period (deposits pending+approved, or net loss), céntimos. */
  used_cents: z.number().int(),
  /** A raise or removal waiting: the new value (null = removal) and when it applies (ISO). */
  pending: z
    .object({ amount_cents: z.number().int().nullable(), effective_at: z.string() })
    .nullable(),
});
export type LimitView = z.infer<typeof limitViewSchema>;

/** The running pause, if any: kind, until (ISO; null = permanent) and when it started. */
export const pauseViewSchema = z.object({
  kind: z.enum(['timeout', 'exclusion']),
  until: z.string().nullable(),
  started_at: z.string(),
  message: z.string(),
});
export type PauseView = z.infer<typeof pauseViewSchema>;

/** GET /api/responsible: the player's own settings (also the staff read-only view). */
export const responsibleSettingsSchema = z.object({
  limits: z.array(limitViewSchema),
  reminder_minutes: z.number().int().nullable(),
  pause: pauseViewSchema.nullable(),
});
export type ResponsibleSettings = z.infer<typeof responsibleSettingsSchema>;

/** GET /api/responsible/session: the signed-in session's time and net result (decision 030). */
export const playSessionSchema = z.object({
  started_at: z.string(),
  minutes: z.number().int(),
  /** Prizes won minus entries paid since sign-in, céntimos (negative = lost). */
  net_cents: z.number().int(),
  reminder_minutes: z.number().int().nullable(),
});
export type PlaySession = z.infer<typeof playSessionSchema>;

/** Spanish labels of the audited responsible-gaming changes (the staff audit log). */
export const RESPONSIBLE_AUDIT_ACTION_LABELS: Record<string, string> = {
  'responsible.limit': 'Juego responsable: límite',
  'responsible.reminder': 'Juego responsable: recordatorio',
  'responsible.pause': 'Juego responsable: pausa o autoexclusión',
};
