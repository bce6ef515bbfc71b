import { describe, expect, it } from 'vitest';
import {
  bracketOrder,
  eliminationPlaces,
  firstRound,
  planPrizes,
  seededShuffle,
  splitBetweenPartners,
  swissPairs,
  swissRounds,
  swissStandings,
  type DecidedMatch,
} from './logic';

/** The pure tournament rules (docs/decisions/028-tournaments.md). */
describe('tournament logic', () => {
  it('draws the same order from the same recorded seed, another from another', () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    const a = seededShuffle(items, 'ab'.repeat(16), 'seeds');
    expect(seededShuffle(items, 'ab'.repeat(16), 'seeds')).toEqual(a);
    expect([...a].sort((x, y) => x - y)).toEqual(items);
    expect(seededShuffle(items, 'cd'.repeat(16), 'seeds')).not.toEqual(a);
  });

  it('places seeds so that 1 and 2 meet only in the final, byes against the top seeds', () => {
    expect(bracketOrder(4)).toEqual([1, 4, 2, 3]);
    expect(bracketOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
    const r = firstRound(['s1', 's2', 's3', 's4', 's5']);
    expect(r).toHaveLength(4);
    // 5 in a bracket of 8: seeds 6-8 are byes, which face seeds 1-3; 4 plays 5.
    expect(r.filter((m) => m.b === null).map((m) => m.a)).toEqual(['s1', 's2', 's3']);
    expect(r.find((m) => m.b !== null)).toEqual({ slot: 1, a: 's4', b: 's5' });
    expect(r.some((m) => m.a === undefined)).toBe(false);
    // 64 entrants: no byes, 32 matches.
    const full = firstRound(Array.from({ length: 64 }, (_, i) => i));
    expect(full).toHaveLength(32);
    expect(full.every((m) => m.b !== null)).toBe(true);
  });

  it('pairs Swiss rounds by score without repeats and gives the bye to the lowest without one', () => {
    const entrants = [1, 2, 3, 4, 5].map((id) => ({ id, seed: id }));
    const round1 = swissPairs(swissStandings(entrants, []));
    expect(round1).toEqual([
      [1, 2],
      [3, 4],
      [5, null],
    ]);
    const played: DecidedMatch[] = [
      { round: 1, a: 1, b: 2, winner: 1 },
      { round: 1, a: 3, b: 4, winner: 3 },
      { round: 1, a: 5, b: null, winner: 5 },
    ];
    const st = swissStandings(entrants, played);
    expect(st.map((r) => [r.entrant, r.points])).toEqual([
      [1, 1],
      [3, 1],
      [5, 1],
      [2, 0],
      [4, 0],
    ]);
    const round2 = swissPairs(st);
    // 4 (lowest, no bye yet) sits out; 1-3, 5-2; nobody meets an earlier opponent.
    expect(round2).toEqual([
      [1, 3],
      [5, 2],
      [4, null],
    ]);
    const met = new Set(played.filter((m) => m.b !== null).map((m) => `${m.a}-${m.b}`));
    for (const [a, b] of round2)
      if (b !== null) expect(met.has(`${a}-${b}`) || met.has(`${b}-${a}`)).toBe(false);
  });

  it('backtracks when the greedy pairing would force a repeat', () => {
    // Played 1-2, 3-4, 1-3, 2-4: greedy 1 takes the best unmet (4 is the only one left for 1);
    // the only repeat-free pairing is 1-4, 2-3.
    const entrants = [1, 2, 3, 4].map((id) => ({ id, seed: id }));
    const played: DecidedMatch[] = [
      { round: 1, a: 1, b: 2, winner: 1 },
      { round: 1, a: 3, b: 4, winner: 3 },
      { round: 2, a: 1, b: 3, winner: 1 },
      { round: 2, a: 2, b: 4, winner: 2 },
    ];
    const pairs = swissPairs(swissStandings(entrants, played));
    expect(pairs).toEqual([
      [1, 4],
      [2, 3],
    ]);
  });

  it('undoes a greedy choice that would leave the last two with a repeat', () => {
    const entrants = [1, 2, 3, 4, 5, 6].map((id) => ({ id, seed: id }));
    // Everyone 1 point except nobody: all played once, 5 and 6 already met.
    const played: DecidedMatch[] = [
      { round: 1, a: 1, b: 4, winner: 1 },
      { round: 1, a: 2, b: 3, winner: 2 },
      { round: 1, a: 5, b: 6, winner: 5 },
    ];
    const st = swissStandings(entrants, played);
    const pairs = swissPairs(st);
    const key = (a: number, b: number) => [a, b].sort().join('-');
    const before = new Set(played.map((m) => key(m.a, m.b as number)));
    expect(pairs).toHaveLength(3);
    for (const [a, b] of pairs) expect(before.has(key(a, b as number))).toBe(false);
    expect(new Set(pairs.flat()).size).toBe(6);
  });

  it('breaks Swiss ties by Buchholz, then by the drawn seed', () => {
    const entrants = [1, 2, 3, 4].map((id) => ({ id, seed: id }));
    const played: DecidedMatch[] = [
      { round: 1, a: 1, b: 2, winner: 2 },
      { round: 1, a: 3, b: 4, winner: 3 },
      { round: 2, a: 2, b: 3, winner: 2 },
      { round: 2, a: 1, b: 4, winner: 1 },
    ];
    const st = swissStandings(entrants, played);
    // 2: 2 pts; 3 and 1: 1 pt each (Buchholz 3 = 2+0 = 2, Buchholz 1 = 2+0 = 2: seed decides).
    expect(st.map((r) => r.entrant)).toEqual([2, 1, 3, 4]);
    expect(st[0]).toMatchObject({ points: 2, buchholz: 2 });
    expect(swissRounds(64)).toBe(6);
    expect(swissRounds(3)).toBe(2);
    expect(swissRounds(10, 3)).toBe(3);
  });

  it('ranks a knockout by the round of elimination', () => {
    const entrants = [1, 2, 3, 4].map((id) => ({ id, seed: id }));
    const ms: DecidedMatch[] = [
      { round: 1, a: 1, b: 4, winner: 4 },
      { round: 1, a: 2, b: 3, winner: 2 },
      { round: 2, a: 4, b: 2, winner: 2 },
    ];
    expect(eliminationPlaces(2, entrants, ms)).toEqual([
      { place: 1, entrants: [2] },
      { place: 2, entrants: [4] },
      { place: 3, entrants: [1, 3] },
    ]);
  });

  it('pays the pool to the céntimo: fee floored, places floored, undivided céntimos to 1st', () => {
    const plan = planPrizes(
      12_811,
      850,
      [5000, 3000, 2000],
      [
        { place: 1, entrants: [10] },
        { place: 2, entrants: [20] },
        { place: 3, entrants: [30, 40] },
      ],
    );
    // fee floor(1088.935) = 1088; net 11723; floors 5861 + 3516 + 2344 = 11721; +2 to 1st.
    expect(plan.houseFeeCents).toBe(1088);
    expect(plan.placeCents).toEqual([5863, 3516, 2344]);
    // Places 3 and 4 shared by two: (2344 + 0) / 2 = 1172 each.
    expect(plan.byEntrant.get(30)).toBe(1172);
    expect(plan.byEntrant.get(40)).toBe(1172);
    const total = plan.houseFeeCents + [...plan.byEntrant.values()].reduce((a, b) => a + b, 0);
    expect(total).toBe(12_811);
    // An odd shared sum: the first of the group gets the odd céntimo.
    const odd = planPrizes(1001, 0, [5000, 5000], [{ place: 1, entrants: [1, 2] }]);
    expect([odd.byEntrant.get(1), odd.byEntrant.get(2)]).toEqual([501, 500]);
    expect(splitBetweenPartners(2523)).toEqual([1262, 1261]);
    expect(splitBetweenPartners(0)).toEqual([0, 0]);
  });

  it('gives a prize place nobody holds to 1st', () => {
    const plan = planPrizes(
      1000,
      0,
      [6000, 3000, 1000],
      [
        { place: 1, entrants: [1] },
        { place: 2, entrants: [2] },
      ],
    );
    expect(plan.byEntrant.get(1)).toBe(700);
    expect(plan.byEntrant.get(2)).toBe(300);
  });
});
