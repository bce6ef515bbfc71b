import {
  DEFAULT_RULES,
  MSG_TOURNAMENTS,
  createTournamentRequestSchema,
  normalizeRules,
  withRule,
  type AllowedRules,
  type CreateTournamentRequest,
  type TableRules,
  type TournamentFormat,
} from '@domino/contracts';
import { DUPLICATE_TOURNAMENT_BOARDS } from '@domino/contracts';
import { percentTextToBps, priceTextToBolivares } from './tables';

export { prizePreview } from '../../../lib/tournament-format';

/**
 * Rules of the staff tournament form (/admin/torneos; docs/decisions/028): the typed
 * values (text, so '10,50' and '12,5' can be typed as is), the start typed in Caracas time, the
 * rules each format allows (single elimination and duplicate are for parejas, Swiss for 2-player
 * individual matches; duplicate also asks for the hands per set, decision 062), the places and the minimum both in entrants (pairs or players; the body counts the
 * capacity in players), the prize split in percent that must add to 100, and the body sent
 * (createTournamentRequestSchema of the contracts, which the server checks again).
 */

/** Venezuela's offset from UTC; Caracas has kept UTC−4 all year since 2016 (no summer time). */
export const CARACAS_OFFSET = '-04:00';
const CARACAS_OFFSET_MS = -4 * 60 * 60 * 1000;

export interface TournamentFormValues {
  name: string;
  /** `YYYY-MM-DDTHH:mm` in Caracas time (a datetime-local input). */
  starts_at: string;
  free: boolean;
  /** Bs. per player. */
  entry_fee: string;
  /** Percent of the pool. */
  house_fee_pct: string;
  format: TournamentFormat;
  rules: TableRules;
  /**
   * The places, in entrants like the minimum: pairs in parejas, players in Swiss. The request
   * counts capacity in players (two per pair), so the form converts (docs/decisions/049).
   */
  capacity: string;
  /** In entrants (pairs or players), the same unit as `capacity`. */
  min_entrants: string;
  /** Percent per prize place, 1st first. */
  prizes: string[];
  /** Swiss only; '' = automatic (ceil(log2(entrants))). */
  swiss_rounds: string;
  /** Duplicate only: hands per set (2..32). */
  boards: string;
}

export type TournamentField =
  | 'name'
  | 'starts_at'
  | 'entry_fee'
  | 'house_fee_bps'
  | 'format'
  | 'capacity'
  | 'min_entrants'
  | 'prize_split_bps'
  | 'swiss_rounds'
  | 'boards'
  | 'rules';
export type TournamentFormErrors = Partial<Record<TournamentField, string>>;

export const TOURNAMENT_FORM_MSG = {
  startRequired: 'Indica la fecha y hora de inicio',
  entryInvalid: 'Escribe un precio válido, con hasta dos decimales (por ejemplo 10 o 10,50)',
  percentInvalid: 'Escribe un porcentaje entre 0 y 50, con hasta dos decimales',
  whole: 'Escribe un número entero',
  prizeInvalid: 'Cada premio es un porcentaje con hasta dos decimales',
} as const;

/** The rule values each format allows (RuleFields narrows its choices with them). */
export function allowedForFormat(format: TournamentFormat): AllowedRules {
  return format === 'swiss' ? { mode: ['individual'], players: [2] } : { mode: ['parejas'] };
}

/**
 * The rules moved to what `format` allows (mode, and 2 players for Swiss; duplicate also rotates
 * the lead, decision 062), the rest kept.
 */
export function rulesForFormat(rules: TableRules, format: TournamentFormat): TableRules {
  if (format === 'single_elimination') return withRule(rules, 'mode', 'parejas');
  if (format === 'duplicate')
    return withRule(withRule(rules, 'mode', 'parejas'), 'lead_rule', 'rotate');
  return withRule(withRule(rules, 'mode', 'individual'), 'players', 2);
}

/** `YYYY-MM-DDTHH:mm` of the instant `ms` in Caracas time. */
export function caracasLocal(ms: number): string {
  return new Date(ms + CARACAS_OFFSET_MS).toISOString().slice(0, 16);
}

/** A typed Caracas `YYYY-MM-DDTHH:mm` as an ISO instant with its offset, or null when malformed. */
export function caracasToIso(local: string): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(local.trim());
  if (!m) return null;
  const iso = `${m[1]}T${m[2]}:00${CARACAS_OFFSET}`;
  return Number.isNaN(Date.parse(iso)) ? null : iso;
}

/** Players per entrant of a format: 2 in parejas (single elimination, duplicate), 1 in Swiss. */
export function playersPerEntrant(format: TournamentFormat): 1 | 2 {
  return format === 'swiss' ? 1 : 2;
}

/**
 * The typed places when the format changes, so the capacity in players stays the same (8 pairs
 * become 16 players, 16 players 8 pairs); text that is not a whole number is kept.
 */
export function placesForFormat(places: string, from: TournamentFormat, to: TournamentFormat) {
  const n = wholeNumber(places);
  if (n === null || from === to) return places;
  return String(Math.floor((n * playersPerEntrant(from)) / playersPerEntrant(to)));
}

/** The form's starting values: a Bs. 10 parejas knockout for 8 pairs an hour from `now`. */
export function defaultTournamentForm(now: number): TournamentFormValues {
  // The next quarter hour at least an hour ahead.
  const quarter = 15 * 60 * 1000;
  const start = Math.ceil((now + 60 * 60 * 1000) / quarter) * quarter;
  return {
    name: '',
    starts_at: caracasLocal(start),
    free: false,
    entry_fee: '10',
    house_fee_pct: '10',
    format: 'single_elimination',
    rules: rulesForFormat(DEFAULT_RULES, 'single_elimination'),
    capacity: '8',
    min_entrants: '4',
    prizes: ['70', '30'],
    swiss_rounds: '',
    boards: String(DUPLICATE_TOURNAMENT_BOARDS.default),
  };
}

function wholeNumber(text: string): number | null {
  return /^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : null;
}

/** The sum of the typed prize percentages in basis points (null when one is not a percentage). */
export function prizeSumBps(prizes: readonly string[]): number | null {
  let sum = 0;
  for (const p of prizes) {
    const bps = percentTextToBps(p);
    if (bps === null) return null;
    sum += bps;
  }
  return sum;
}

/**
 * Checks the form and builds the request body: the start as an ISO instant in Caracas time (in
 * the future of `now`), the entry in Bs. (0 when free), fees and prizes in basis points, the
 * rules as the format allows. Field errors are the first Spanish message of each field.
 */
export function validateTournamentForm(
  v: TournamentFormValues,
  now: number,
): { ok: true; input: CreateTournamentRequest } | { ok: false; errors: TournamentFormErrors } {
  const errors: TournamentFormErrors = {};
  const startsAt = caracasToIso(v.starts_at);
  if (!startsAt) errors.starts_at = TOURNAMENT_FORM_MSG.startRequired;
  else if (Date.parse(startsAt) <= now) errors.starts_at = MSG_TOURNAMENTS.startInPast;
  const entry = v.free ? 0 : priceTextToBolivares(v.entry_fee);
  if (entry === null) errors.entry_fee = TOURNAMENT_FORM_MSG.entryInvalid;
  const fee = v.free ? 0 : percentTextToBps(v.house_fee_pct);
  if (fee === null || fee > 5000) errors.house_fee_bps = TOURNAMENT_FORM_MSG.percentInvalid;
  const places = wholeNumber(v.capacity);
  if (places === null) errors.capacity = TOURNAMENT_FORM_MSG.whole;
  const capacity = places === null ? null : places * playersPerEntrant(v.format);
  const minimum = wholeNumber(v.min_entrants);
  if (minimum === null) errors.min_entrants = TOURNAMENT_FORM_MSG.whole;
  // A free tournament pays no prize: the split is a formality the schema still checks.
  const split = v.free ? [10_000] : v.prizes.map((p) => percentTextToBps(p));
  if (split.some((b) => b === null)) errors.prize_split_bps = TOURNAMENT_FORM_MSG.prizeInvalid;
  const rounds = v.swiss_rounds.trim() === '' ? null : wholeNumber(v.swiss_rounds);
  if (v.format === 'swiss' && v.swiss_rounds.trim() !== '' && rounds === null)
    errors.swiss_rounds = TOURNAMENT_FORM_MSG.whole;
  const boards = wholeNumber(v.boards);
  if (v.format === 'duplicate' && boards === null) errors.boards = MSG_TOURNAMENTS.duplicateBoards;

  const candidate = {
    name: v.name,
    starts_at: startsAt ?? '',
    entry_fee: entry ?? 0,
    house_fee_bps: fee ?? 0,
    format: v.format,
    rules: normalizeRules(rulesForFormat(v.rules, v.format)),
    capacity: capacity ?? 0,
    min_entrants: minimum ?? 0,
    prize_split_bps: split.map((b) => b ?? 0),
    swiss_rounds: v.format === 'swiss' ? rounds : null,
    boards: v.format === 'duplicate' ? boards : null,
  };
  const result = createTournamentRequestSchema.safeParse(candidate);
  for (const issue of result.error?.issues ?? []) {
    const field = (issue.path[0] ?? 'name') as TournamentField;
    if (!errors[field]) errors[field] = issue.message;
  }
  if (Object.keys(errors).length > 0 || !result.success) return { ok: false, errors };
  return { ok: true, input: result.data };
}
