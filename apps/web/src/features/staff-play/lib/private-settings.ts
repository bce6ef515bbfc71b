import {
  RULE_OPTIONS,
  privateTableSettingsRequestSchema,
  type PrivateTableOptions,
  type RuleKey,
} from '@domino/contracts';
import { bpsToPercentText, percentTextToBps, priceTextToBolivares } from './tables';

/**
 * The staff form of private-table settings (docs/decisions/021-private-tables.md): entry prices as
 * typed text ('0' is the free "amistosa"), expiry in minutes, fees as percent text, and per rule
 * option the values hosts may pick. A rule whose every value is picked (or none) is sent absent:
 * "all allowed".
 */
export interface PrivateSettingsForm {
  prices: string[];
  expiry_minutes: number;
  house_fee_pct: string;
  pot_share_pct: string;
  /** Per rule key, the allowed values as strings (Select values). */
  allowed: Partial<Record<RuleKey, string[]>>;
}

/** The choice options a staff member can restrict (turn seconds stay free within the bounds). */
export const RESTRICTABLE_OPTIONS = RULE_OPTIONS.filter((o) => o.kind === 'choice');

/** The form filled from the server's current settings. */
export function formFromOptions(o: PrivateTableOptions): PrivateSettingsForm {
  const allowed: Partial<Record<RuleKey, string[]>> = {};
  for (const option of RESTRICTABLE_OPTIONS) {
    const values = o.allowed_rules[option.key];
    allowed[option.key] = (values ?? option.choices.map((c) => c.value)).map(String);
  }
  return {
    prices: o.entry_prices.map((p) => String(p).replace('.', ',')),
    expiry_minutes: o.expiry_minutes,
    house_fee_pct: bpsToPercentText(o.house_fee_bps),
    pot_share_pct: bpsToPercentText(o.pot_share_bps),
    allowed,
  };
}

/**
 * The request body of the form, checked with the contracts' schema, or the first Spanish message
 * per field (`prices`, `expiry_minutes`, `house_fee_bps`, `pot_share_bps`, or a rule key).
 */
export function settingsFromForm(
  f: PrivateSettingsForm,
): { ok: true; body: PrivateTableOptions } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const prices = f.prices.map(priceTextToBolivares);
  if (prices.some((p) => p === null)) errors.prices = 'Escribe cada precio como 100 o 100,50';
  const fee = percentTextToBps(f.house_fee_pct);
  if (fee === null) errors.house_fee_bps = 'Escribe un porcentaje como 8 o 8,5';
  const share = percentTextToBps(f.pot_share_pct);
  if (share === null) errors.pot_share_bps = 'Escribe un porcentaje como 2 o 2,5';
  const allowed_rules: Record<string, (string | number | boolean)[]> = {};
  for (const option of RESTRICTABLE_OPTIONS) {
    const picked = f.allowed[option.key] ?? [];
    if (picked.length === 0) {
      errors[option.key] = `${option.label}: permite al menos una opción.`;
      continue;
    }
    if (picked.length === option.choices.length) continue;
    allowed_rules[option.key] = option.choices
      .filter((c) => picked.includes(String(c.value)))
      .map((c) => c.value);
  }
  const body: PrivateTableOptions = {
    entry_prices: prices.filter((p): p is number => p !== null),
    allowed_rules,
    expiry_minutes: f.expiry_minutes,
    house_fee_bps: fee ?? 0,
    pot_share_bps: share ?? 0,
  };
  const parsed = privateTableSettingsRequestSchema.safeParse(body);
  for (const issue of parsed.error?.issues ?? []) {
    const key = issue.path[0] === 'entry_prices' ? 'prices' : String(issue.path[0]);
    errors[key] ??= issue.message;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, body };
}
