import {
  caracasToday,
  MSG_POT,
  parseBolivaresString,
  plural,
  POT_MAX_POSITIONS,
  potSharesProblems,
  potTopUpRequestSchema,
} from '@domino/contracts';
import { STORAGE_KEYS } from '../../../lib/storage';

/**
 * Pure rules of the Pote del Mes screens (decision 007; docs/product.md §4 "Pot modal", §9 "Pot display").
 */

/**
 * What the pot modal was last closed on in this browser: the Caracas day ('YYYY-MM-DD') and the
 * pot in céntimos then. It opens again on another day or when the pot changed — not at every
 * session start (docs/decisions/050-one-vocabulary.md; it used to cover the dashboard at each login).
 */
export interface PotModalMark {
  day: string;
  amountCents: number;
}

/** Today in Caracas as 'YYYY-MM-DD' (the business day): contracts' `caracasToday`. */
export const caracasDay = caracasToday;

/** The last close of the pot modal in this browser, or null (never, unreadable storage). */
export function potModalSeen(
  store: Pick<Storage, 'getItem'> | null = localStore(),
): PotModalMark | null {
  try {
    const raw = store?.getItem(STORAGE_KEYS.potModalSeen);
    if (!raw) return null;
    const mark = JSON.parse(raw) as Partial<PotModalMark>;
    return typeof mark.day === 'string' && typeof mark.amountCents === 'number'
      ? { day: mark.day, amountCents: mark.amountCents }
      : null;
  } catch {
    return null;
  }
}

/** Records that the pot modal was closed today with this pot (kept across logins). */
export function markPotModalSeen(
  mark: PotModalMark,
  store: Pick<Storage, 'setItem'> | null = localStore(),
): void {
  try {
    store?.setItem(STORAGE_KEYS.potModalSeen, JSON.stringify(mark));
  } catch {
    // Storage unavailable: the modal may show again on the next visit, which is harmless.
  }
}

function localStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The modal opens when the delay since the dashboard loaded has passed, the pot exists (has_pot),
 * and it was not closed today with this same amount (`seen` is the last close, `today` the
 * Caracas day, `amountCents` the pot now).
 */
export function shouldOpenPotModal(input: {
  delayPassed: boolean;
  hasPot: boolean | undefined;
  amountCents: number | undefined;
  seen: PotModalMark | null;
  today: string;
}): boolean {
  if (!input.delayPassed || input.hasPot !== true || input.amountCents === undefined) return false;
  return (
    input.seen === null ||
    input.seen.day !== input.today ||
    input.seen.amountCents !== input.amountCents
  );
}

export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** True once the month has ended (all parts 0). */
  over: boolean;
}

/** Whole days, hours, minutes and seconds from `nowMs` until `endMs` (never negative). */
export function timeLeft(endMs: number, nowMs: number): TimeLeft {
  const total = Math.max(0, Math.floor((endMs - nowMs) / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
    over: total === 0,
  };
}

/** '3 días, 4 h' style summary for small spaces ('Menos de un minuto' at the very end). */
export function timeLeftSummary(t: TimeLeft): string {
  if (t.over) return 'Mes cerrado';
  if (t.days > 0) return `${plural(t.days, 'día', 'días')} y ${t.hours} h`;
  if (t.hours > 0) return `${t.hours} h y ${t.minutes} min`;
  if (t.minutes > 0) return `${t.minutes} min`;
  return 'Menos de un minuto';
}

/** Basis points as an es-VE percentage: 5000 -> '50 %', 3333 -> '33,33 %'. */
export function bpsToPercent(bps: number): string {
  const whole = Math.floor(bps / 100);
  const frac = bps % 100;
  return frac === 0
    ? `${whole} %`
    : `${whole},${String(frac).padStart(2, '0').replace(/0$/, '')} %`;
}

/** A percentage typed by staff ('50', '33,33', '12.5') -> basis points, or null when invalid. */
export function percentToBps(raw: string): number | null {
  const m = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(raw.trim());
  if (!m) return null;
  const bps = Number(m[1]) * 100 + (m[2] ? Number(m[2].padEnd(2, '0')) : 0);
  return bps > 0 && bps <= 10_000 ? bps : null;
}

/** The text of a share for the staff editor (5000 -> '50', 3333 -> '33,33'). */
export function bpsToInput(bps: number): string {
  return bpsToPercent(bps).replace(' %', '');
}

/**
 * Validates the staff shares editor: every row a percentage with at most two decimals, 1 to 10
 * rows, summing to exactly 100 %. Returns basis points or the first problem (contracts' wording).
 */
export function parseSharesDraft(rows: readonly string[]): { bps: number[] } | { error: string } {
  if (rows.length === 0) return { error: MSG_POT.sharesRequired };
  if (rows.length > POT_MAX_POSITIONS) return { error: MSG_POT.sharesTooMany };
  const bps: number[] = [];
  for (const raw of rows) {
    const value = percentToBps(raw);
    if (value === null) return { error: MSG_POT.sharesPositive };
    bps.push(value);
  }
  const problem = potSharesProblems(bps)[0];
  return problem ? { error: problem } : { bps };
}

/** Sum of a draft's valid rows in basis points (for the live 'Total' indicator). */
export function draftTotalBps(rows: readonly string[]): number {
  return rows.reduce((sum, raw) => sum + (percentToBps(raw) ?? 0), 0);
}

/** Ordinal of a position, es-VE: 1 -> '1.º'. */
export function ordinal(position: number): string {
  return `${position}.º`;
}

/**
 * Where the caller stands relative to the listed ranking. Rows carry no account id (decision
 * 007), but positions are unique and `me.position` comes from the same ranking, so my row is the
 * one at my position.
 */
export function myStanding(
  ranking: readonly { position: number }[],
  me: { position: number | null },
): 'listed' | 'outside' | 'unranked' {
  if (me.position === null) return 'unranked';
  return ranking.some((r) => r.position === me.position) ? 'listed' : 'outside';
}

/** A medal colour for the podium positions (Mantine colours), none below 3. */
export function podiumColor(position: number): string | null {
  if (position === 1) return 'gold';
  if (position === 2) return 'gray';
  if (position === 3) return 'orange';
  return null;
}

/**
 * A top-up amount typed by staff ('1500', '1500,50', '1500.5'; no thousands separators) ->
 * céntimos (> 0), or the contracts' message.
 */
export function parseTopUpAmount(raw: string): { cents: number } | { error: string } {
  const m = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(raw.trim());
  const cents = m ? parseBolivaresString(`${Number(m[1])}${m[2] ? `.${m[2]}` : ''}`) : null;
  if (cents === null || cents === 0) return { error: MSG_POT.topUpAmountInvalid };
  return { cents };
}

/** A staff reason: 3-500 characters after trimming (same rule as the server's). */
export function topUpReasonProblem(raw: string): string | null {
  const r = potTopUpRequestSchema.shape.reason.safeParse(raw);
  return r.success ? null : (r.error.issues[0]?.message ?? 'Indica el motivo');
}
