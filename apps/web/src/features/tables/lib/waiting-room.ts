import {
  MSG_TABLES,
  plural,
  pluralWord,
  splitPot,
  type TableDetail,
  winnersPerMatch,
} from '@domino/contracts';
import { bolivaresToCents, formatBps } from '../../../lib/format';

/**
 * Pure rules of the waiting room (/waiting-room/:tableId; docs/product.md §2 route table, decision 010): the
 * prize arithmetic shown before a match, who sits where, how many are missing, and the phase the
 * page is in (waiting, countdown, off to the game, or watching as a visitor who may join).
 */

export interface PrizeBreakdown {
  /** Entries × players, in céntimos. */
  potCents: number;
  /** The house fee taken from the pot, in céntimos. */
  houseFeeCents: number;
  /** The share of the pot set aside for the monthly pot, in céntimos. */
  potShareCents: number;
  /** What the winning side takes together (each winner's prize × winners), in céntimos. */
  prizeCents: number;
  /** Players on the winning side (2 in parejas, 1 in individual). */
  winners: number;
  /** What each winner receives, in céntimos (rounded down, as settlement pays it). */
  perWinnerCents: number;
  /** What each winner gains over the entry paid, in céntimos. */
  netPerWinnerCents: number;
}

/**
 * The money of a table's match, as the waiting room explains it: the pot is every entry, the house
 * fee and the monthly-pot share are percentages of it (basis points, rounded down to the céntimo),
 * and the rest is split equally among the winners, by the server's own arithmetic (`splitPot` of
 * @domino/contracts, decision 005): the céntimo that cannot be split goes to the house, so the
 * prize shown is exactly what is paid.
 */
export function prizeBreakdown(
  table: Pick<
    TableDetail,
    'entry_price' | 'max_players' | 'mode' | 'house_fee_bps' | 'pot_share_bps'
  >,
): PrizeBreakdown {
  const entryCents = bolivaresToCents(table.entry_price);
  const winners = winnersPerMatch(table.mode);
  // Entries are positive (tableInputSchema); a table without one has nothing to split.
  const split =
    entryCents > 0
      ? splitPot(entryCents, table.max_players, table.house_fee_bps, table.pot_share_bps, winners)
      : { potCents: 0, houseFeeCents: 0, potShareCents: 0, prizeCents: 0, remainderCents: 0 };
  return {
    potCents: split.potCents,
    houseFeeCents: split.houseFeeCents,
    potShareCents: split.potShareCents,
    prizeCents: split.prizeCents * winners,
    winners,
    perWinnerCents: split.prizeCents,
    netPerWinnerCents: split.prizeCents - entryCents,
  };
}

/** Basis points as a Spanish percentage: 800 -> '8 %', 250 -> '2,5 %' (lib/format). */
export { formatBps };

/** The pair of a seat in parejas (docs/rules.md: partners 0+2 and 1+3). */
export function pairLabel(seat: number): 'Pareja A' | 'Pareja B' {
  return seat % 2 === 0 ? 'Pareja A' : 'Pareja B';
}

/**
 * The colour group of a seat's avatar: the pair in parejas ('A' seats 0+2, 'B' seats 1+3); in
 * individual mode there are no pairs, so only the viewer's own seat stands out ('A'), as on the
 * game screen where rivals are drawn alike.
 */
export function avatarTone(
  mode: TableDetail['mode'],
  seat: number,
  viewerSeat: number | null,
): 'A' | 'B' {
  if (mode === 'parejas') return pairLabel(seat) === 'Pareja A' ? 'A' : 'B';
  return seat === viewerSeat ? 'A' : 'B';
}

/** The mode as players read it, with the target: 'Parejas · a 100 puntos'. */
export function modeLabel(table: Pick<TableDetail, 'mode' | 'target_points'>): string {
  const mode = table.mode === 'parejas' ? 'Parejas' : 'Individual';
  return `${mode} · a ${table.target_points} puntos`;
}

/** Seats still empty. */
export function missingPlayers(table: Pick<TableDetail, 'seats'>): number {
  return table.seats.filter((s) => s.user === null).length;
}

/** 'Falta 1 jugador', 'Faltan 2 jugadores', or 'Mesa completa' when nobody is missing. */
export function missingPlayersText(missing: number): string {
  if (missing <= 0) return 'Mesa completa';
  return `${pluralWord(missing, 'Falta', 'Faltan')} ${plural(missing, 'jugador', 'jugadores')}`;
}

/** The seat `userId` holds at the table, or null. */
export function mySeat(
  table: Pick<TableDetail, 'seats'>,
  userId: number | undefined,
): number | null {
  if (userId === undefined) return null;
  return table.seats.find((s) => s.user?.id === userId)?.seat ?? null;
}

/**
 * Whole seconds left until `startsAt` (ISO), rounded up so the display reaches 0 exactly when the
 * time is up; 0 when past; null without a date or with an unreadable one.
 */
export function secondsUntil(startsAt: string | null, now: number): number | null {
  if (startsAt === null) return null;
  const at = Date.parse(startsAt);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

export type WaitingPhase =
  /** Seated, waiting for the others (the leave button is offered). */
  | { kind: 'waiting'; seat: number }
  /** Seated, the match was created: a countdown until `startsAt`. */
  | { kind: 'countdown'; seat: number; gameId: string; seconds: number }
  /** Seated and the match has begun: go to /games/{gameId}. */
  | { kind: 'go'; seat: number; gameId: string }
  /** Not seated and a seat is free on an open table: 'Unirme'. */
  | { kind: 'can-join' }
  /** Not seated and no way in now (full, playing or closed). */
  | { kind: 'unavailable'; reason: 'full' | 'playing' | 'closed' };

/**
 * Where the waiting room stands for `userId` at `now` (ms): seated players wait, count down once
 * the server set `game_id` and `starts_at`, and go to the game when the countdown ends (or at once
 * when the match already started). Visitors to the room may join while a seat is free.
 */
export function waitingPhase(
  table: Pick<TableDetail, 'seats' | 'status' | 'game_id' | 'starts_at'>,
  userId: number | undefined,
  now: number,
): WaitingPhase {
  const seat = mySeat(table, userId);
  if (seat !== null) {
    if (table.game_id === null) return { kind: 'waiting', seat };
    const seconds = secondsUntil(table.starts_at, now);
    if (seconds !== null && seconds > 0)
      return { kind: 'countdown', seat, gameId: table.game_id, seconds };
    return { kind: 'go', seat, gameId: table.game_id };
  }
  if (table.status === 'closed') return { kind: 'unavailable', reason: 'closed' };
  if (table.status === 'playing' || table.game_id !== null)
    return { kind: 'unavailable', reason: 'playing' };
  if (missingPlayers(table) === 0) return { kind: 'unavailable', reason: 'full' };
  return { kind: 'can-join' };
}

/** The explanation shown to someone who cannot join now. */
export const UNAVAILABLE_TEXT: Record<'full' | 'playing' | 'closed', string> = {
  full: MSG_TABLES.full,
  playing: MSG_TABLES.playing,
  closed: MSG_TABLES.closed,
};

export type SeatPosition = 'bottom' | 'right' | 'top' | 'left';

/** Screen positions around the drawn table by number of seats, in order of play from the bottom. */
const POSITIONS: Record<number, readonly SeatPosition[]> = {
  2: ['bottom', 'top'],
  3: ['bottom', 'right', 'left'],
  4: ['bottom', 'right', 'top', 'left'],
};

/**
 * Where `seat` is drawn: the viewer's own seat (or seat 0 for someone not seated) at the bottom,
 * the next seats in order of play (counter-clockwise) around, so partners face each other.
 */
export function seatPosition(seat: number, seats: number, viewerSeat: number | null): SeatPosition {
  const order = POSITIONS[seats] ?? POSITIONS[4]!;
  const n = order.length;
  const index = (((seat - (viewerSeat ?? 0)) % n) + n) % n;
  return order[index] ?? 'bottom';
}
