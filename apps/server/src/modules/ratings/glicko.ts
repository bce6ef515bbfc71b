import rate from 'glicko2-lite';

/**
 * The Glicko-2 arithmetic, wrapped so nothing else imports the library (glicko2-lite, checked
 * against Glickman's worked example; docs/decisions/026-ratings-and-leaderboards.md). Pure.
 *
 * One rated match is one rating period. A player's values are on the Glicko scale (rating 1500,
 * RD 350 for a newcomer); τ (the system constant that limits how fast volatility moves) is 0.5,
 * inside the 0.3–1.2 range the paper recommends.
 */
export const GLICKO_TAU = 0.5;

/** A player's Glicko-2 state: rating, rating deviation, volatility σ. */
export interface Glicko {
  rating: number;
  rd: number;
  volatility: number;
}

/** One game inside a rating period: the opponent's rating and RD, and the score (1 win, 0 loss, 0.5 draw). */
export interface GlickoGame {
  rating: number;
  rd: number;
  score: number;
}

/**
 * Glickman's steps 1–8 for one player over one rating period. With no games the rating and σ stay
 * and only the RD grows (step 6 of the paper: φ' = sqrt(φ² + σ²)). Pure.
 */
export function glickoUpdate(player: Glicko, results: readonly GlickoGame[]): Glicko {
  if (results.length === 0) {
    const rd = Math.sqrt(player.rd ** 2 + (173.7178 * player.volatility) ** 2);
    return { rating: player.rating, rd, volatility: player.volatility };
  }
  const next = rate(
    player.rating,
    player.rd,
    player.volatility,
    results.map((r) => [r.rating, r.rd, r.score] as [number, number, number]),
    { tau: GLICKO_TAU },
  );
  return { rating: next.rating, rd: next.rd, volatility: next.vol };
}

/** A seated player of a finished match: seat, user and whether their side won. */
export interface RatedSeat {
  seat: number;
  userId: number;
  won: boolean;
}

/**
 * The new values of every player of one finished match (all computed from the values before it,
 * so the order of the seats does not matter). Pure.
 *
 * - parejas (seats 0+2 against 1+3): each player is rated against one composite opponent — the
 *   mean rating of the two opponents, RD = sqrt(mean of their RD²) — with the pair's result
 *   (1 won, 0 lost). Each partner moves by their own RD and volatility, so a provisional partner
 *   moves more than an established one.
 * - individual (2 or 3 seats): each winner beats each loser (one game per loser, score 1); each
 *   loser loses to each winner (score 0); players with the same result do not play each other.
 *
 * Returns null when the match cannot be rated (nobody or everybody won, or a parejas match without
 * four seats).
 */
export function rateSeats(
  mode: 'parejas' | 'individual',
  seats: readonly RatedSeat[],
  before: ReadonlyMap<number, Glicko>,
): Map<number, Glicko> | null {
  const winners = seats.filter((s) => s.won);
  const losers = seats.filter((s) => !s.won);
  if (winners.length === 0 || losers.length === 0) return null;
  const of = (s: RatedSeat): Glicko => {
    const g = before.get(s.userId);
    if (!g) throw new Error(`no rating for user ${s.userId}`);
    return g;
  };
  const after = new Map<number, Glicko>();
  if (mode === 'parejas') {
    if (seats.length !== 4) return null;
    for (const s of seats) {
      const opponents = seats.filter((o) => o.seat % 2 !== s.seat % 2).map(of);
      if (opponents.length !== 2) return null;
      const composite = {
        rating: opponents.reduce((sum, o) => sum + o.rating, 0) / opponents.length,
        rd: Math.sqrt(opponents.reduce((sum, o) => sum + o.rd ** 2, 0) / opponents.length),
        score: s.won ? 1 : 0,
      };
      after.set(s.userId, glickoUpdate(of(s), [composite]));
    }
    return after;
  }
  for (const s of seats) {
    const games = (s.won ? losers : winners).map((o) => ({
      rating: of(o).rating,
      rd: of(o).rd,
      score: s.won ? 1 : 0,
    }));
    after.set(s.userId, glickoUpdate(of(s), games));
  }
  return after;
}
