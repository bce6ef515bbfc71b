import { describe, expect, it } from 'vitest';
import { glickoUpdate, rateSeats } from './glicko';
import type { Glicko } from './glicko';
import { isRatedTable, toPlayerRating } from './service';

/**
 * The Glicko-2 arithmetic against Glickman's published example, and the two ways a domino match
 * becomes Glicko games (decision 026).
 */
describe('Glicko-2 (Glickman, "Example of the Glicko-2 system")', () => {
  it('a 1500/200/0.06 player beating 1400/30 and losing to 1550/100 and 1700/300 ends at 1464.06 / 151.52 / 0.05999', () => {
    const next = glickoUpdate({ rating: 1500, rd: 200, volatility: 0.06 }, [
      { rating: 1400, rd: 30, score: 1 },
      { rating: 1550, rd: 100, score: 0 },
      { rating: 1700, rd: 300, score: 0 },
    ]);
    // The paper rounds its intermediate values and prints r' = 1464.06; exact arithmetic gives
    // 1464.0507 (the same figure every implementation checked, decision 026).
    expect(next.rating).toBeCloseTo(1464.05, 1);
    expect(Math.abs(next.rating - 1464.06)).toBeLessThan(0.02);
    expect(next.rd).toBeCloseTo(151.52, 2);
    expect(Math.abs(next.volatility - 0.05999)).toBeLessThan(1e-5);
    expect(next.volatility).toBeLessThan(0.06);
  });

  it('a period without games only widens the RD (step 6)', () => {
    const next = glickoUpdate({ rating: 1600, rd: 50, volatility: 0.06 }, []);
    expect(next.rating).toBe(1600);
    expect(next.volatility).toBe(0.06);
    expect(next.rd).toBeCloseTo(Math.sqrt(50 ** 2 + (173.7178 * 0.06) ** 2), 9);
  });
});

const fresh: Glicko = { rating: 1500, rd: 350, volatility: 0.06 };

describe('rateSeats', () => {
  it('parejas: each partner plays a composite of the two opponents (mean rating, RD = sqrt(mean RD²))', () => {
    const before = new Map<number, Glicko>([
      [1, { rating: 1700, rd: 60, volatility: 0.06 }],
      [2, { rating: 1450, rd: 120, volatility: 0.06 }],
      [3, { rating: 1500, rd: 350, volatility: 0.06 }],
      [4, { rating: 1600, rd: 80, volatility: 0.06 }],
    ]);
    // Seats 0+2 (users 1, 3) beat seats 1+3 (users 2, 4).
    const seats = [
      { seat: 0, userId: 1, won: true },
      { seat: 1, userId: 2, won: false },
      { seat: 2, userId: 3, won: true },
      { seat: 3, userId: 4, won: false },
    ];
    const after = rateSeats('parejas', seats, before)!;
    const composite = (a: Glicko, b: Glicko) => ({
      rating: (a.rating + b.rating) / 2,
      rd: Math.sqrt((a.rd ** 2 + b.rd ** 2) / 2),
    });
    const vsLosers = composite(before.get(2)!, before.get(4)!);
    const vsWinners = composite(before.get(1)!, before.get(3)!);
    expect(after.get(1)).toEqual(glickoUpdate(before.get(1)!, [{ ...vsLosers, score: 1 }]));
    expect(after.get(3)).toEqual(glickoUpdate(before.get(3)!, [{ ...vsLosers, score: 1 }]));
    expect(after.get(2)).toEqual(glickoUpdate(before.get(2)!, [{ ...vsWinners, score: 0 }]));
    expect(after.get(4)).toEqual(glickoUpdate(before.get(4)!, [{ ...vsWinners, score: 0 }]));
    // Winners go up, losers down; the provisional partner (RD 350) moves more than the established one.
    expect(after.get(1)!.rating).toBeGreaterThan(1700);
    expect(after.get(3)!.rating - 1500).toBeGreaterThan(after.get(1)!.rating - 1700);
    expect(after.get(2)!.rating).toBeLessThan(1450);
    expect(after.get(4)!.rating).toBeLessThan(1600);
    // The seats' order does not matter (every value comes from the ratings before the match).
    expect(rateSeats('parejas', [...seats].reverse(), before)).toEqual(after);
  });

  it('individual, 3 players: the winner beats both, each loser loses only to the winner', () => {
    const before = new Map<number, Glicko>([
      [7, fresh],
      [8, { rating: 1800, rd: 50, volatility: 0.06 }],
      [9, { rating: 1300, rd: 200, volatility: 0.06 }],
    ]);
    const after = rateSeats(
      'individual',
      [
        { seat: 0, userId: 7, won: true },
        { seat: 1, userId: 8, won: false },
        { seat: 2, userId: 9, won: false },
      ],
      before,
    )!;
    expect(after.get(7)).toEqual(
      glickoUpdate(fresh, [
        { rating: 1800, rd: 50, score: 1 },
        { rating: 1300, rd: 200, score: 1 },
      ]),
    );
    expect(after.get(8)).toEqual(
      glickoUpdate(before.get(8)!, [{ rating: 1500, rd: 350, score: 0 }]),
    );
    expect(after.get(9)).toEqual(
      glickoUpdate(before.get(9)!, [{ rating: 1500, rd: 350, score: 0 }]),
    );
    expect(after.get(7)!.rating).toBeGreaterThan(1500);
  });

  it('individual, 2 players: a plain Glicko-2 game; two newcomers move symmetrically', () => {
    const before = new Map<number, Glicko>([
      [1, fresh],
      [2, fresh],
    ]);
    const after = rateSeats(
      'individual',
      [
        { seat: 0, userId: 1, won: false },
        { seat: 1, userId: 2, won: true },
      ],
      before,
    )!;
    expect(after.get(2)!.rating - 1500).toBeCloseTo(1500 - after.get(1)!.rating, 9);
    expect(after.get(2)!.rating).toBeGreaterThan(1600);
  });

  it('cannot rate a match nobody or everybody won, or parejas without four seats', () => {
    const before = new Map<number, Glicko>([
      [1, fresh],
      [2, fresh],
    ]);
    const two = (a: boolean, b: boolean) => [
      { seat: 0, userId: 1, won: a },
      { seat: 1, userId: 2, won: b },
    ];
    expect(rateSeats('individual', two(true, true), before)).toBeNull();
    expect(rateSeats('individual', two(false, false), before)).toBeNull();
    expect(rateSeats('parejas', two(true, false), before)).toBeNull();
  });
});

describe('isRatedTable and the display form', () => {
  it('rates table matches at every table that is not private; never practice', () => {
    expect(isRatedTable({ kind: 'table', visibility: 'public' })).toBe(true);
    expect(isRatedTable({ kind: 'table', visibility: 'quick' })).toBe(true);
    expect(isRatedTable({ kind: 'table', visibility: 'tournament' })).toBe(true);
    expect(isRatedTable({ kind: 'table', visibility: 'private' })).toBe(false);
    expect(isRatedTable({ kind: 'practice', visibility: null })).toBe(false);
    expect(isRatedTable({ kind: 'practice', visibility: 'public' })).toBe(false);
    expect(isRatedTable({ kind: 'table', visibility: null })).toBe(false);
  });

  it('rounds and marks provisional below 10 rated matches', () => {
    expect(toPlayerRating({ rating: 1532.5, rd: 88.4, games: 9 })).toEqual({
      rating: 1533,
      rd: 88,
      games: 9,
      provisional: true,
    });
    expect(toPlayerRating({ rating: 1499.4, rd: 70, games: 10 }).provisional).toBe(false);
  });
});
