import {
  DEFAULT_RULES,
  LIMITS,
  MSG_PAYMENTS,
  MSG_TABLES,
  normalizeRules,
  parseBolivaresString,
  plural,
  RULE_OPTIONS,
  type RuleKey,
  type TableDetail,
  type TableInput,
  tableInputSchema,
  type TableRules,
  tableRulesSchema,
  TURN_SECONDS_MAX,
  TURN_SECONDS_MIN,
} from '@domino/contracts';
import { formatBolivares } from '../../../lib/format';

/**
 * Rules of the staff 'Mesas' section (/admin/mesas): the create/edit form (tableInputSchema of the
 * contracts; fees typed as percentages and sent as basis points; the table's rules edited option
 * by option from RULE_OPTIONS), status labels and image checks.
 */

/** A form field: the name, price, fees, or one rule option. */
export type TableField = 'name' | 'entry_price' | 'house_fee_bps' | 'pot_share_bps' | RuleKey;

/** What the form holds: text for the typed amounts, so '8,5' or '100,50' can be typed as is. */
export interface TableFormValues {
  name: string;
  entry_price: string;
  /** House fee in percent, e.g. '8'. */
  house_fee_pct: string;
  /** Monthly-pot share in percent, e.g. '2'. */
  pot_share_pct: string;
  /** Every rule option (docs/rules.md); edited with the contracts' `withRule`. */
  rules: TableRules;
}

export type TableFormErrors = Partial<Record<TableField, string>>;

/** Local wording (the contracts have messages only for the name, the price and the mode). */
export const TABLE_FORM_MSG = {
  priceRequired: 'El precio de entrada es obligatorio',
  priceInvalid: 'Escribe un precio válido, con hasta dos decimales (por ejemplo 100 o 100,50)',
  percentInvalid: 'Escribe un porcentaje entre 0 y 30, con hasta dos decimales',
  turnSeconds: `El tiempo por turno debe estar entre ${TURN_SECONDS_MIN} y ${TURN_SECONDS_MAX} segundos`,
  players: 'La mesa debe tener entre 2 y 4 jugadores',
  target: 'La meta debe ser 100, 150 o 200 puntos',
} as const;

export const DEFAULT_FORM: TableFormValues = {
  name: '',
  entry_price: '',
  house_fee_pct: '8',
  pot_share_pct: '2',
  rules: DEFAULT_RULES,
};

/** Basis points as the text of a percent input: 800 -> '8', 250 -> '2,5', 125 -> '1,25'. */
export function bpsToPercentText(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const frac = Math.abs(bps % 100);
  if (frac === 0) return String(whole);
  return `${whole},${String(frac).padStart(2, '0').replace(/0$/, '')}`;
}

/** A typed percentage ('8', '8,5', '8.25') -> basis points, or null when not a 0-2 decimal number. */
export function percentTextToBps(text: string): number | null {
  const m = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0') || '0');
}

/** A typed price in bolívares ('100', '100,50') -> the JSON number (100.5), or null. */
export function priceTextToBolivares(text: string): number | null {
  const cents = parseBolivaresString(text.trim().replace(',', '.'));
  return cents === null ? null : cents / 100;
}

/** The form of an existing table. */
export function formFromTable(t: TableDetail): TableFormValues {
  return {
    name: t.name,
    entry_price: String(t.entry_price).replace('.', ','),
    house_fee_pct: bpsToPercentText(t.house_fee_bps),
    pot_share_pct: bpsToPercentText(t.pot_share_bps),
    rules: t.rules,
  };
}

/** The body the form sends: name, price, fees and the complete rules. */
export interface TableFormInput {
  name: string;
  entry_price: number;
  house_fee_bps: number;
  pot_share_bps: number;
  rules: TableRules;
}

/**
 * Checks the form with the contracts' tableInputSchema. Returns the request body (bolívares,
 * basis points and the rules with options that do not apply at their defaults) or the first
 * message of each field (rule options on their own key).
 */
export function validateTableForm(
  v: TableFormValues,
): { ok: true; input: TableFormInput } | { ok: false; errors: TableFormErrors } {
  const errors: TableFormErrors = {};
  const price = priceTextToBolivares(v.entry_price);
  if (v.entry_price.trim() === '') errors.entry_price = TABLE_FORM_MSG.priceRequired;
  else if (price === null) errors.entry_price = TABLE_FORM_MSG.priceInvalid;
  const fee = percentTextToBps(v.house_fee_pct);
  if (fee === null) errors.house_fee_bps = TABLE_FORM_MSG.percentInvalid;
  const share = percentTextToBps(v.pot_share_pct);
  if (share === null) errors.pot_share_bps = TABLE_FORM_MSG.percentInvalid;

  const candidate: TableFormInput = {
    name: v.name,
    entry_price: price ?? 0,
    house_fee_bps: fee ?? 0,
    pot_share_bps: share ?? 0,
    rules: normalizeRules(v.rules),
  };
  // The rules are checked on their own too: the input schema reports them only once the other
  // fields are valid.
  const rules = tableRulesSchema.safeParse(candidate.rules);
  const result = tableInputSchema.safeParse(candidate);
  const issues = [...(rules.error?.issues ?? []), ...(result.error?.issues ?? [])];
  if (issues.length > 0) {
    for (const issue of issues) {
      const field = issue.path[0] as TableField | undefined;
      if (!field || errors[field]) continue;
      errors[field] = fieldMessage(field, issue.message);
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, input: candidate };
}

/** Spanish text for schema issues that carry zod's default (English) wording. */
function fieldMessage(field: TableField, message: string): string {
  switch (field) {
    case 'house_fee_bps':
    case 'pot_share_bps':
      return TABLE_FORM_MSG.percentInvalid;
    case 'turn_seconds':
      return TABLE_FORM_MSG.turnSeconds;
    case 'target_points':
      return TABLE_FORM_MSG.target;
    case 'players':
      return /jugadores/.test(message) ? message : TABLE_FORM_MSG.players;
    case 'name':
      return /caracteres|nombre/i.test(message)
        ? message
        : 'El nombre debe tener entre 3 y 60 caracteres';
    default:
      return message;
  }
}

/**
 * Only the fields that changed, for PATCH /api/admin/tables/{id}; `rules` holds only the options
 * that changed (the server merges them over the table's rules).
 */
export function changedFields(before: TableDetail, input: TableFormInput): Partial<TableInput> {
  const out: Record<string, unknown> = {};
  if (input.name.trim() !== before.name) out.name = input.name;
  if (input.entry_price !== before.entry_price) out.entry_price = input.entry_price;
  if (input.house_fee_bps !== before.house_fee_bps) out.house_fee_bps = input.house_fee_bps;
  if (input.pot_share_bps !== before.pot_share_bps) out.pot_share_bps = input.pot_share_bps;
  const rules: Record<string, unknown> = {};
  for (const o of RULE_OPTIONS)
    if (input.rules[o.key] !== before.rules[o.key]) rules[o.key] = input.rules[o.key];
  if (Object.keys(rules).length > 0) out.rules = rules;
  return out as Partial<TableInput>;
}

export const TABLE_STATUS_LABELS: Record<string, string> = {
  open: 'Abierta',
  activo: 'Abierta',
  closed: 'Cerrada',
  playing: 'Jugando',
};

export function tableStatusColor(status: string): string {
  if (status === 'open' || status === 'activo') return 'green';
  if (status === 'playing') return 'orange';
  return 'gray';
}

export const TABLE_IMAGE_ACCEPT = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/svg+xml': ['.svg'],
};

/** A table image: PNG/JPG/JPEG/SVG, at most 5 MB (the server re-encodes it). */
export function imageProblem(file: { name: string; type: string; size: number }): string | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  const types = ['image/png', 'image/jpeg', 'image/svg+xml'];
  const exts = ['png', 'jpg', 'jpeg', 'svg'];
  if (!exts.includes(ext) || (file.type !== '' && !types.includes(file.type.toLowerCase())))
    return MSG_PAYMENTS.proofType;
  if (file.size > LIMITS.proofMaxBytes) return MSG_PAYMENTS.proofSize;
  return null;
}

/**
 * What 'Cerrar' does for a table (decision 010): blocked while a match runs (its entries belong
 * to the match; the server answers 409 `tables/playing`), a confirmation while players wait
 * (closing refunds each one's entry), and a plain close on an empty table.
 */
export type CloseMode =
  { kind: 'blocked'; reason: string } | { kind: 'confirm'; waiting: number } | { kind: 'direct' };

export function closeMode(t: Pick<TableDetail, 'status' | 'current_players'>): CloseMode {
  if (t.status === 'playing') return { kind: 'blocked', reason: MSG_TABLES.closePlaying };
  if (t.current_players > 0) return { kind: 'confirm', waiting: t.current_players };
  return { kind: 'direct' };
}

/** '1 jugador' / '3 jugadores'. */
function playersText(n: number): string {
  return plural(n, 'jugador', 'jugadores');
}

/**
 * The confirmation before closing a table with players waiting: who waits and that each gets
 * the entry back in the balance. The entry is the table's price (terms cannot change while
 * anyone waits, decision 010); the server refunds what each seat paid.
 */
export function closeConfirmText(
  t: Pick<TableDetail, 'current_players' | 'entry_price' | 'users'>,
): { summary: string; refund: string } {
  const n = t.current_players;
  // The list refreshes under an open dialog: the players may have left meanwhile.
  if (n === 0)
    return {
      summary: 'Ya no hay jugadores esperando en esta mesa.',
      refund: 'La mesa dejará de aparecer a los jugadores.',
    };
  const names = t.users.map((u) => u.name).join(', ');
  const waiting = `Hay ${plural(n, 'jugador esperando', 'jugadores esperando')}`;
  return {
    summary: names ? `${waiting} en esta mesa: ${names}.` : `${waiting} en esta mesa.`,
    refund:
      n === 1
        ? `Al cerrarla le devolvemos su entrada de ${formatBolivares(t.entry_price)} a su saldo y le avisamos.`
        : `Al cerrarla devolvemos a cada uno su entrada de ${formatBolivares(t.entry_price)} a su saldo y les avisamos.`,
  };
}

/**
 * The toast after a close. The close refunds whoever waits at that moment (the server's count is
 * not in the answer), so the text does not repeat the count the dialog showed.
 */
export function closedToast(name: string, hadWaiting: boolean): string {
  return hadWaiting
    ? `${name}: mesa cerrada. Devolvimos la entrada a quienes esperaban.`
    : `${name}: mesa cerrada`;
}

/**
 * The edit form's notice while the terms are locked (decision 010): only the name and the image
 * can change while a match runs or players wait. Null on an empty table. The server decides; this
 * only warns before the staff member types.
 */
export function termsLockNotice(t: Pick<TableDetail, 'status' | 'current_players'>): string | null {
  if (t.status === 'playing')
    return 'Hay una partida en curso: hasta que termine solo puedes cambiar el nombre y la imagen.';
  if (t.current_players > 0)
    return `Hay ${playersText(t.current_players)} esperando: por ahora solo puedes cambiar el nombre y la imagen. El precio, las comisiones y las reglas se cambian con la mesa vacía.`;
  return null;
}

/** 409 codes of an edit refused because of who is at the table; the form keeps what was typed. */
export const TERMS_LOCKED_CODES: readonly string[] = ['tables/players_waiting', 'tables/playing'];

export function isTermsLocked(code: string | undefined): boolean {
  return code !== undefined && TERMS_LOCKED_CODES.includes(code);
}
