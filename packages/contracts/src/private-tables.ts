/**
 * Private tables by invitation (docs/decisions/021-private-tables.md; docs/product.md "Mesas
 * privadas"): a player creates a table with the rules and entry price they pick within what staff
 * allow, shares its link or 6-character code, and friends join with the same checks, confirmation
 * and escrow as at any table. The host may cancel before the match starts; an unfilled table
 * expires. Both refund every seat exactly what it paid.
 */
import { z } from 'zod';
import { RULE_OPTIONS, tableRulesSchema, type RuleKey, type TableRules } from './rules';
import { privateFactsSchema, tableDetailSchema } from './tables';

/**
 * The invitation code alphabet: capital letters and digits without the look-alikes 0/O, 1/I/L
 * (read aloud or typed from a phone screen). 31^6 ≈ 887 million codes.
 */
export const INVITE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const INVITE_CODE_LENGTH = 6;

/** The web path of a private table's invitation (what the link shares). */
export function invitationPath(code: string): string {
  return `/invitacion/${code}`;
}

/** Spanish messages of private tables. */
export const MSG_PRIVATE = {
  created: 'Tu mesa privada está lista. Comparte el enlace o el código con tus amigos.',
  notFound: 'No encontramos una mesa con ese código. Revisa el código o pide un enlace nuevo.',
  badCode: 'El código tiene 6 letras o números (sin 0, O, 1, I ni L).',
  priceNotOffered: 'Ese precio de entrada no está disponible para mesas privadas.',
  ruleNotAllowed: (label: string) => `${label}: esa opción no está disponible para mesas privadas.`,
  notHost: 'Solo quien creó la mesa puede cancelarla.',
  cancelPlaying: 'La partida ya comenzó: la mesa no se puede cancelar.',
  cancelled: 'Cancelaste la mesa. Devolvimos la entrada a cada jugador.',
  /** A waiting player, when the host cancels (pushed as `table:closed`). */
  cancelledRefunded: 'Quien creó la mesa la canceló. Te devolvimos la entrada.',
  /** A waiting player, when the table expires unfilled (pushed as `table:closed`). */
  expiredRefunded: 'La mesa privada venció sin completarse. Te devolvimos la entrada.',
  closed: 'Esta mesa privada ya no está disponible.',
  tooManyOpen: 'Ya tienes una mesa privada esperando jugadores. Cancélala o espera a que se llene.',
  /** Staff settings. */
  settingsSaved: 'Ajustes de mesas privadas guardados.',
  pricesRequired: 'Indica al menos un precio de entrada.',
  pricesDistinct: 'Los precios de entrada no se pueden repetir.',
  ruleValuesRequired: (label: string) => `${label}: permite al menos una opción.`,
} as const;

/** A code as typed: trimmed, upper-cased, then checked against the alphabet. */
export const inviteCodeSchema = z
  .string({ error: MSG_PRIVATE.badCode })
  .transform((s) => s.trim().toUpperCase())
  .pipe(
    z
      .string()
      .length(INVITE_CODE_LENGTH, MSG_PRIVATE.badCode)
      .regex(new RegExp(`^[${INVITE_CODE_ALPHABET}]+$`), MSG_PRIVATE.badCode),
  );

/** Path params of the routes under /api/private-tables/{code}. */
export const inviteCodeParams = z.object({ code: inviteCodeSchema });

/**
 * What staff allow per rule: for each option key, the values a host may pick. A key that is
 * absent allows every value the rules schema allows. `turn_seconds` lists the allowed seconds.
 */
export const allowedRulesSchema = z
  .record(z.string(), z.array(z.union([z.string(), z.number(), z.boolean()])))
  .superRefine((rec, ctx) => {
    for (const [key, values] of Object.entries(rec)) {
      const option = RULE_OPTIONS.find((o) => o.key === key);
      if (!option) {
        ctx.addIssue({ code: 'custom', path: [key], message: 'Opción de regla desconocida' });
        continue;
      }
      if (values.length === 0)
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: MSG_PRIVATE.ruleValuesRequired(option.label),
        });
      for (const v of values) {
        const ok =
          option.kind === 'seconds'
            ? typeof v === 'number' &&
              Number.isInteger(v) &&
              v >= (option.min ?? 0) &&
              v <= (option.max ?? Infinity)
            : option.choices.some((c) => c.value === v);
        if (!ok)
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: `${option.label}: valor no válido`,
          });
      }
    }
  });
export type AllowedRules = Partial<Record<RuleKey, (string | number | boolean)[]>>;

/**
 * The first rule of `rules` that staff do not allow for private tables, or null. Options that do
 * not apply to the table keep their default and are not checked.
 */
export function disallowedRule(rules: TableRules, allowed: AllowedRules): RuleKey | null {
  for (const o of RULE_OPTIONS) {
    const values = allowed[o.key];
    if (!values) continue;
    if (!values.includes(rules[o.key])) {
      if (o.appliesTo && !o.appliesTo(rules)) continue;
      return o.key;
    }
  }
  return null;
}

/** GET /api/private-tables/options: what a host may pick (prices in bolívares). */
export const privateTableOptionsSchema = z.object({
  entry_prices: z.array(z.number()),
  allowed_rules: z.record(z.string(), z.array(z.union([z.string(), z.number(), z.boolean()]))),
  expiry_minutes: z.number().int(),
  house_fee_bps: z.number().int(),
  pot_share_bps: z.number().int(),
});
export type PrivateTableOptions = z.infer<typeof privateTableOptionsSchema>;

/** PUT /api/admin/private-tables/settings (staff): the same shape, validated. */
export const privateTableSettingsRequestSchema = z.object({
  entry_prices: z
    .array(
      z.number().min(0, 'El precio no puede ser negativo').max(1_000_000, 'Precio demasiado alto'),
    )
    .min(1, MSG_PRIVATE.pricesRequired)
    .max(12, 'Como máximo 12 precios')
    .refine((a) => new Set(a).size === a.length, MSG_PRIVATE.pricesDistinct),
  allowed_rules: allowedRulesSchema,
  expiry_minutes: z
    .number()
    .int('Indica minutos enteros')
    .min(5, 'Como mínimo 5 minutos')
    .max(1440, 'Como máximo 1440 minutos (24 horas)'),
  house_fee_bps: z.number().int().min(0).max(5000, 'La comisión no puede pasar del 50 %'),
  pot_share_bps: z.number().int().min(0).max(5000, 'El aporte al pote no puede pasar del 50 %'),
});

/** POST /api/private-tables: the host's choices. The host sits at seat 0 and pays the entry. */
export const createPrivateTableRequestSchema = z.object({
  rules: tableRulesSchema,
  /** In bolívares; must be one of the staff's prices (0 = amistosa). */
  entry_price: z.number({ error: 'El precio de entrada es obligatorio' }),
  allow_spectators: z.boolean().default(true),
});

/** A private table as its invitation page and waiting room show it. */
export const privateTableSchema = tableDetailSchema.extend({
  private: privateFactsSchema,
});
export type PrivateTable = z.infer<typeof privateTableSchema>;

export const createPrivateTableResponseSchema = z.object({
  table: privateTableSchema,
  new_balance: z.number(),
  message: z.string(),
});

export const cancelPrivateTableResponseSchema = z.object({
  message: z.string(),
  new_balance: z.number(),
});
