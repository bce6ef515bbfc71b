/**
 * The arithmetic of a real-money table's pot (decision 005), shared by the server, which pays it
 * out at the end of a match (apps/server/src/modules/games/finish.ts), and the web app, which
 * shows the same figures before a player pays the entry (the join confirmation, the waiting room).
 * One function, so what a player is told and what is paid cannot drift apart.
 */

/** 10 000 basis points = 100 %. */
const BPS = 10_000;

/** The split of a table match's pot. Every amount is in integer céntimos. */
export interface PotSplit {
  /** Entry × seats. */
  potCents: number;
  /** floor(pot × house_fee_bps / 10 000). */
  houseFeeCents: number;
  /** floor(pot × pot_share_bps / 10 000), for the month's pot. */
  potShareCents: number;
  /** What EACH winner receives: floor(rest / winners). */
  prizeCents: number;
  /** The céntimo(s) that cannot be split equally (fewer than `winners`); they go to house_fees. */
  remainderCents: number;
}

/**
 * Splits the pot of a finished table match (decision 005): pot = entry × seats; the house fee and
 * the pot share are basis points of the pot, rounded down to the céntimo; the rest goes to the
 * winning seats in equal parts, and the indivisible remainder to the house.
 *
 * @param entryCents the entry each seat paid, céntimos (a positive safe integer)
 * @param seats seats at the table (players who paid)
 * @param houseFeeBps the table's house fee, basis points
 * @param potShareBps the table's monthly-pot share, basis points
 * @param winners winning seats (2 in parejas, 1 in individual mode), 1..seats
 * A free match (entry 0, a private "amistosa") splits nothing: every figure is 0.
 * @throws RangeError for an impossible input (negative entry, no winner, more winners than seats)
 */
export function splitPot(
  entryCents: number,
  seats: number,
  houseFeeBps: number,
  potShareBps: number,
  winners: number,
): PotSplit {
  if (!Number.isSafeInteger(entryCents) || entryCents < 0 || winners < 1 || winners > seats)
    throw new RangeError('invalid settlement input');
  const potCents = entryCents * seats;
  const houseFeeCents = Math.floor((potCents * houseFeeBps) / BPS);
  const potShareCents = Math.floor((potCents * potShareBps) / BPS);
  const pool = potCents - houseFeeCents - potShareCents;
  const prizeCents = Math.floor(pool / winners);
  const remainderCents = pool - prizeCents * winners;
  return { potCents, houseFeeCents, potShareCents, prizeCents, remainderCents };
}

/** Winning seats of a match by mode: the pair in parejas, one player in individual mode. */
export function winnersPerMatch(mode: 'parejas' | 'individual'): number {
  return mode === 'parejas' ? 2 : 1;
}
