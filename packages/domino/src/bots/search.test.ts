import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, sideOf } from '../config';
import { applyMove } from '../match';
import { legalMoves } from '../rules';
import { handBuiltState, tiles } from '../test-support';
import { ALL_TILES, tileId, type Seat, type Tile } from '../tiles';
import type { MatchState, Move } from '../types';
import { playerView } from '../view';
import { analyzeDificil, chooseMove } from './index';
import {
  HandSearch,
  DEFAULT_EVAL,
  dealUnseen,
  evaluateHands,
  ownViewPlays,
  partnerPick,
  type PartnerSearch,
  type SearchMove,
} from './search';
import { createRng } from './rng';
import { BOT_TEST_CONFIGS, endgameState, randomPosition, rehide } from './test-positions';
import { SUIT_MASK, maskOf, popcount } from './tileset';

/** Points of the hand for `seat`'s side minus the others', bonuses earned before `state` excluded. */
function sidePoints(state: MatchState, seat: Seat, pointsBySide: readonly number[]): number {
  const mine = sideOf(state.config, seat);
  let v = 0;
  pointsBySide.forEach((p, side) => (v += side === mine ? p : -p));
  return v;
}

/**
 * Exact minimax value of the rest of the hand through the engine itself (small positions). Seats
 * in `heaviest` only play their heaviest legal tiles (the search's opponent model).
 */
function engineValue(
  state: MatchState,
  root: Seat,
  earlier: number,
  heaviest: readonly Seat[] = [],
  ownView: readonly Seat[] = [],
): number {
  const seat = state.hand.turn as Seat;
  const maximise = sideOf(state.config, seat) === sideOf(state.config, root);
  let best = maximise ? -Infinity : Infinity;
  let moves = legalMoves(state, seat);
  if (heaviest.includes(seat)) {
    const pips = (m: Move) => (m.kind === 'play' ? m.tile[0] + m.tile[1] : -1);
    const top = Math.max(...moves.map(pips));
    moves = moves.filter((m) => pips(m) === top);
  } else if (ownView.includes(seat)) {
    const hand = state.hand.hands[seat] ?? [];
    const score = (m: Move) => (m.kind === 'play' ? ownViewScore(hand, m.tile) : -1);
    const top = Math.max(...moves.map(score));
    moves = moves.filter((m) => score(m) === top);
  }
  for (const move of moves) {
    const v = valueAfter(state, seat, move, root, earlier, heaviest, ownView);
    best = maximise ? Math.max(best, v) : Math.min(best, v);
  }
  return best;
}

function valueAfter(
  state: MatchState,
  seat: Seat,
  move: Move,
  root: Seat,
  earlier: number,
  heaviest: readonly Seat[] = [],
  ownView: readonly Seat[] = [],
): number {
  const result = applyMove(state, seat, move);
  if (!result.ok) throw new Error(result.code);
  const end = result.events.find((e) => e.type === 'hand_end');
  if (end !== undefined && end.type === 'hand_end')
    return sidePoints(state, root, end.summary.pointsBySide) - earlier;
  return engineValue(result.state, root, earlier, heaviest, ownView);
}

/**
 * The own-view policy's score of playing `tile` from `hand`, written from the rule in
 * `ownViewPlays`' docstring, on tiles rather than masks: 1 per pip, 4 × hand size / 7 for a
 * double, 1.5 per distinct suit left (the docstring's integers divided by 14).
 */
function ownViewScore(hand: readonly Tile[], tile: Tile): number {
  const rest = hand.filter((t) => !(t[0] === tile[0] && t[1] === tile[1]));
  const suits = new Set(rest.flatMap((t) => [t[0], t[1]]));
  const double = tile[0] === tile[1] ? (4 * hand.length) / 7 : 0;
  return Math.round((tile[0] + tile[1] + double + 1.5 * suits.size) * 14);
}

function tilesInPlay(state: MatchState): number {
  return state.hand.hands.reduce((n, h) => n + h.length, 0) + state.hand.stock.length;
}

describe('the hand search', () => {
  it('values every move exactly as the engine scores the hand, in every mode', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...BOT_TEST_CONFIGS),
        fc.integer({ min: 0, max: 100_000 }),
        (config, seed) => {
          // Walk a random match until the current hand is small enough to solve by brute force.
          let state = randomPosition(config, seed, 0);
          let steps = 0;
          while (state.status === 'playing' && tilesInPlay(state) > 12 && steps < 500) {
            state = randomPosition(config, seed, ++steps);
          }
          if (state.status !== 'playing' || tilesInPlay(state) > 12) return;
          const seat = state.hand.turn as Seat;
          const moves = legalMoves(state, seat).filter((m) => m.kind === 'play');
          if (moves.length === 0) return;
          const earlier = sidePoints(
            state,
            seat,
            state.hand.bonuses.reduce((acc, b) => {
              acc[b.side] = (acc[b.side] ?? 0) + b.points;
              return acc;
            }, new Array<number>(state.scores.length).fill(0)),
          );
          const search = new HandSearch(config, seat);
          const rootMoves: SearchMove[] = moves.map((m) =>
            m.kind === 'play' ? { id: tileId(m.tile), end: m.end } : { id: 0, end: 'left' },
          );
          const result = search.search(
            {
              hands: state.hand.hands.map(maskOf),
              stock: state.hand.stock.map(tileId),
              ends: state.hand.ends,
            },
            rootMoves,
            1e9,
          );
          expect(result.exact).toBe(true);
          moves.forEach((m, i) => {
            expect(result.values[i]).toBe(valueAfter(state, seat, m, seat, earlier));
          });
        },
      ),
      { numRuns: 120 },
    );
  });
});

describe("the search's heuristic value of an unfinished hand", () => {
  const weights = { pips: 0.5, tiles: 4, doubles: 6 };

  it('counts pips, the shortest hand and the doubles each side holds, for the root side', () => {
    // Seats 0 and 2 against 1 and 3: us 6-6 and 1-2 (15 pips, 2 tiles, a double) and 0-1 0-2 0-3
    // (6 pips, 3 tiles); them 5-6 (11 pips, 1 tile) and 2-2 3-3 (10 pips, 2 tiles, two doubles).
    const hands = [tiles('6-6 1-2'), tiles('5-6'), tiles('0-1 0-2 0-3'), tiles('2-2 3-3')].map(
      maskOf,
    );
    const us = [1, 0, 1, 0];
    // pips 0.5 × (21 − 21) + tiles 4 × (1 − 2) + doubles 6 × (2 − 1)
    expect(evaluateHands(hands, us, 4, true, weights)).toBe(-4 + 6);
    expect(evaluateHands(hands, us, 4, true, DEFAULT_EVAL)).toBe(-4);
    expect(evaluateHands(hands, us, 4, true, { ...weights, doubles: 0 })).toBe(-4);
  });

  it('compares with the average opponent in individual mode', () => {
    // Three players: us 4-4 (8 pips, a double); them 6-6 1-1 (14 pips, two doubles) and 0-1 (1).
    const hands = [tiles('4-4'), tiles('6-6 1-1'), tiles('0-1')].map(maskOf);
    const us = [1, 0, 0];
    // pips 0.5 × (15 / 2 − 8) + tiles 4 × (1 − 1) + doubles 6 × (2 / 2 − 1)
    expect(evaluateHands(hands, us, 3, false, weights)).toBe(-0.25);
  });

  it('steers a search that cannot reach the end of the hand by the weight of the doubles', () => {
    // The root holds 3-3 (fits the left end) and 1-5 (the right), both 6 pips, and four tiles
    // that fit neither; the other 18 unplayed tiles are spread over the other seats. 60 nodes
    // see a few plies of the hand, so the leaves are valued by evaluateHands: a weight against
    // holding doubles sheds the 3-3 first, a weight for holding them keeps it.
    const played = maskOf(tiles('0-0 0-1 0-2 0-6'));
    const root = maskOf(tiles('3-3 1-5 1-2 2-4 4-6 1-6'));
    const rest = ALL_TILES.map(tileId).filter((id) => !((played | root) & (1 << id)));
    const hands = [root, 0, 0, 0];
    rest.forEach((id, i) => (hands[1 + (i % 3)]! |= 1 << id));
    const moves: SearchMove[] = [
      { id: tileId([3, 3]), end: 'left' },
      { id: tileId([1, 5]), end: 'right' },
    ];
    const best = (doubles: number) => {
      const search = new HandSearch(DEFAULT_CONFIG, 0, {
        eval: { ...DEFAULT_EVAL, doubles },
        winBonus: 0,
      });
      const result = search.search({ hands, stock: [], ends: { left: 3, right: 5 } }, moves, 60);
      expect(result.exact).toBe(false);
      return result.values[0]! > result.values[1]! ? '3-3' : '1-5';
    };
    expect(best(1_000)).toBe('3-3');
    expect(best(-1_000)).toBe('1-5');
  });
});

describe('the information-set search of the next turn', () => {
  /** A random position of a config without a stock, at most `max` tiles in hand, or null. */
  function smallPosition(seed: number, max: number): MatchState | null {
    const configs = BOT_TEST_CONFIGS.filter((c) => c.mode === 'parejas' || !c.drawing);
    const config = configs[seed % configs.length] as (typeof configs)[number];
    let state = randomPosition(config, seed, 0);
    let steps = 0;
    while (state.status === 'playing' && tilesInPlay(state) > max && steps < 500) {
      state = randomPosition(config, seed, ++steps);
    }
    if (state.status !== 'playing' || tilesInPlay(state) > max) return null;
    return state;
  }

  /** The search's form of `moves` (plays only). */
  const searchMoves = (moves: readonly Move[]): SearchMove[] =>
    moves.map((m) =>
      m.kind === 'play' ? { id: tileId(m.tile), end: m.end } : { id: 0, end: 'left' },
    );

  it('equals the plain search on one deal', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (seed) => {
        const state = smallPosition(seed, 12);
        if (state === null) return;
        const seat = state.hand.turn as Seat;
        const moves = legalMoves(state, seat).filter((m) => m.kind === 'play');
        if (moves.length === 0) return;
        const rootMoves = searchMoves(moves);
        const position = { hands: state.hand.hands.map(maskOf), stock: [], ends: state.hand.ends };
        const plain = new HandSearch(state.config, seat).search(position, rootMoves, 1e9);
        const sets = new HandSearch(state.config, seat).infoSetSearch(
          [position, position],
          [1, 2],
          rootMoves,
          1e9,
          undefined,
        );
        expect(sets.exact).toBe(true);
        rootMoves.forEach((_, i) =>
          expect(sets.values[i]).toBeCloseTo(plain.values[i] as number, 9),
        );
      }),
      { numRuns: 80 },
    );
  });

  it('is never worth more than the deals searched apart, and the deals agree on each set', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (seed) => {
        const state = smallPosition(seed, 14);
        if (state === null) return;
        const seat = state.hand.turn as Seat;
        const moves = legalMoves(state, seat).filter((m) => m.kind === 'play');
        if (moves.length === 0) return;
        const rootMoves = searchMoves(moves);
        const states = [state];
        for (let k = 1; k < 6; k++) {
          const other = rehide(state, seat, seed * 7 + k);
          if (other !== null) states.push(other);
        }
        const positions = states.map((st) => ({
          hands: st.hand.hands.map(maskOf),
          stock: [],
          ends: st.hand.ends,
        }));
        const weights = positions.map((_, k) => 1 + (k % 3));
        const total = weights.reduce((a, b) => a + b, 0);
        const plain = new HandSearch(state.config, seat);
        const apart = new Float64Array(rootMoves.length);
        positions.forEach((p, k) => {
          const r = plain.search(p, rootMoves, 1e9);
          r.values.forEach(
            (v, i) => (apart[i] = (apart[i] as number) + ((weights[k] as number) * v) / total),
          );
        });
        const sets = new HandSearch(state.config, seat).infoSetSearch(
          positions,
          weights,
          rootMoves,
          1e9,
          undefined,
        );
        expect(sets.exact).toBe(true);
        rootMoves.forEach((_, i) =>
          expect(sets.values[i] as number).toBeLessThanOrEqual((apart[i] as number) + 1e-9),
        );
        const again = new HandSearch(state.config, seat).infoSetSearch(
          positions,
          weights,
          rootMoves,
          1e9,
          undefined,
        );
        expect([...again.values]).toEqual([...sets.values]);
      }),
      { numRuns: 60 },
    );
  });
});

describe('the hand search with modelled opponents', () => {
  it('plays the seats it models as greedy by their heaviest tiles only, exactly as the engine', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...BOT_TEST_CONFIGS.filter((c) => c.mode === 'parejas')),
        fc.integer({ min: 0, max: 100_000 }),
        (config, seed) => {
          let state = randomPosition(config, seed, 0);
          let steps = 0;
          while (state.status === 'playing' && tilesInPlay(state) > 12 && steps < 500) {
            state = randomPosition(config, seed, ++steps);
          }
          if (state.status !== 'playing' || tilesInPlay(state) > 12) return;
          const seat = state.hand.turn as Seat;
          const moves = legalMoves(state, seat).filter((m) => m.kind === 'play');
          if (moves.length === 0) return;
          const earlier = sidePoints(
            state,
            seat,
            state.hand.bonuses.reduce((acc, b) => {
              acc[b.side] = (acc[b.side] ?? 0) + b.points;
              return acc;
            }, new Array<number>(state.scores.length).fill(0)),
          );
          const opponents = [((seat + 1) % 4) as Seat, ((seat + 3) % 4) as Seat];
          const search = new HandSearch(config, seat);
          const result = search.search(
            {
              hands: state.hand.hands.map(maskOf),
              stock: [],
              ends: state.hand.ends,
            },
            moves.map((m) =>
              m.kind === 'play' ? { id: tileId(m.tile), end: m.end } : { id: 0, end: 'left' },
            ),
            1e9,
            opponents.reduce((mask, s) => mask | (1 << s), 1 << seat),
          );
          expect(result.exact).toBe(true);
          moves.forEach((m, i) => {
            expect(result.values[i]).toBe(valueAfter(state, seat, m, seat, earlier, opponents));
          });
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('the hand search with own-view seats', () => {
  const mask = (text: string) => maskOf(tiles(text));

  it('picks by pips, doubles and the suits left in hand, ties kept', () => {
    const hand = mask('6-2 4-3 4-4 3-3');
    // 6-2 leaves suits 4 and 3 (8 pips + 2 suits); 4-3 leaves 6, 2, 4, 3 (7 pips + 4 suits).
    expect(ownViewPlays(hand, mask('6-2 4-3'))).toBe(mask('4-3'));
    // 4-4: 8 pips, a double in a hand of 4, and four suits left.
    expect(ownViewPlays(hand, mask('6-2 4-3 4-4'))).toBe(mask('4-4'));
    expect(ownViewPlays(mask('6-1 5-2 0-0'), mask('6-1 5-2'))).toBe(mask('6-1 5-2'));
    expect(ownViewPlays(hand, 0)).toBe(0);
  });

  it('plays the partner and opponents by the own-view policy, exactly as the engine', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...BOT_TEST_CONFIGS.filter((c) => c.mode === 'parejas')),
        fc.integer({ min: 0, max: 100_000 }),
        fc.boolean(),
        (config, seed, all) => {
          let state = randomPosition(config, seed, 0);
          let steps = 0;
          while (state.status === 'playing' && tilesInPlay(state) > 12 && steps < 500) {
            state = randomPosition(config, seed, ++steps);
          }
          if (state.status !== 'playing' || tilesInPlay(state) > 12) return;
          const seat = state.hand.turn as Seat;
          const moves = legalMoves(state, seat).filter((m) => m.kind === 'play');
          if (moves.length === 0) return;
          const earlier = sidePoints(
            state,
            seat,
            state.hand.bonuses.reduce((acc, b) => {
              acc[b.side] = (acc[b.side] ?? 0) + b.points;
              return acc;
            }, new Array<number>(state.scores.length).fill(0)),
          );
          const partner = ((seat + 2) % 4) as Seat;
          const seats = all
            ? [partner, ((seat + 1) % 4) as Seat, ((seat + 3) % 4) as Seat]
            : [partner];
          const search = new HandSearch(config, seat);
          const result = search.search(
            { hands: state.hand.hands.map(maskOf), stock: [], ends: state.hand.ends },
            moves.map((m) =>
              m.kind === 'play' ? { id: tileId(m.tile), end: m.end } : { id: 0, end: 'left' },
            ),
            1e9,
            0,
            seats.reduce((m, s) => m | (1 << s), 1 << seat),
          );
          expect(result.exact).toBe(true);
          moves.forEach((m, i) => {
            expect(result.values[i]).toBe(valueAfter(state, seat, m, seat, earlier, [], seats));
          });
        },
      ),
      { numRuns: 60 },
    );
  });
});

/**
 * Exact value of the rest of the hand through the engine, the partner of `root` playing, at its
 * first `turns` turns with two or more tiles that fit, only the tiles `partnerPick` picks from the
 * hands at that point (the search's `PartnerSearch`); every other turn is minimax.
 */
function engineValueWithPartner(
  state: MatchState,
  root: Seat,
  earlier: number,
  p: PartnerSearch,
  inner: HandSearch,
  turns: number,
): number {
  const seat = state.hand.turn as Seat;
  const maximise = sideOf(state.config, seat) === sideOf(state.config, root);
  let moves = legalMoves(state, seat);
  let left = turns;
  const fitting = new Set(moves.flatMap((m) => (m.kind === 'play' ? [tileId(m.tile)] : [])));
  if (seat === p.seat && fitting.size > 1) {
    if (turns > 0) {
      const hands = state.hand.hands.map(maskOf);
      const ends = state.hand.ends;
      if (ends === null) throw new Error('the partner never leads in these positions');
      let union = 0;
      hands.forEach((h, s) => (union |= s === seat ? 0 : h));
      const hand = hands[seat] as number;
      const { pick } = partnerPick(
        inner,
        p,
        {
          hand,
          playable: hand & ((SUIT_MASK[ends.left] as number) | (SUIT_MASK[ends.right] as number)),
          union,
          counts: hands.map((h, s) => (s === seat ? 0 : popcount(h))),
          left: ends.left,
          right: ends.right,
        },
        0,
      );
      moves = moves.filter((m) => m.kind === 'play' && (pick >> tileId(m.tile)) & 1);
    }
    left = turns - 1;
  }
  let best = maximise ? -Infinity : Infinity;
  for (const move of moves) {
    const result = applyMove(state, seat, move);
    if (!result.ok) throw new Error(result.code);
    const end = result.events.find((e) => e.type === 'hand_end');
    const v =
      end !== undefined && end.type === 'hand_end'
        ? sidePoints(state, root, end.summary.pointsBySide) - earlier
        : engineValueWithPartner(result.state, root, earlier, p, inner, left);
    best = maximise ? Math.max(best, v) : Math.min(best, v);
  }
  return best;
}

describe('the hand search with the partner searched from its own view', () => {
  it('deals the unseen tiles by the counts, avoiding known voids', () => {
    const rng = createRng('deal');
    const next = () => rng.next();
    const mask = (text: string) => maskOf(tiles(text));
    // Seat 1 lacks 6s and 5s, seat 3 lacks 0s and 1s: a single deal fits.
    const union = mask('6-6 5-6 0-0 1-0');
    const lacks = [0, SUIT_MASK[6]! | SUIT_MASK[5]!, 0, SUIT_MASK[0]! | SUIT_MASK[1]!];
    for (let i = 0; i < 20; i++) {
      const hands = dealUnseen(union, [0, 2, 0, 2], lacks, next);
      expect(hands).toEqual([0, mask('0-0 1-0'), 0, mask('6-6 5-6')]);
    }
    // Without voids, every tile once, counts kept, and more than one deal drawn.
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const hands = dealUnseen(union | mask('3-3 2-4'), [2, 2, 0, 2], [0, 0, 0, 0], next);
      expect(hands.reduce((a, h) => a | h, 0)).toBe(union | mask('3-3 2-4'));
      expect(hands.map(popcount)).toEqual([2, 2, 0, 2]);
      seen.add(hands.join(','));
    }
    expect(seen.size).toBeGreaterThan(5);
  });

  it("plays the partner's first turns by its own search, the rest exactly as the engine", () => {
    let differs = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...BOT_TEST_CONFIGS.filter((c) => c.mode === 'parejas')),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 2 }),
        (config, seed, worlds, turns) => {
          let state = randomPosition(config, seed, 0);
          let steps = 0;
          while (state.status === 'playing' && tilesInPlay(state) > 12 && steps < 500) {
            state = randomPosition(config, seed, ++steps);
          }
          if (state.status !== 'playing' || tilesInPlay(state) > 12) return;
          const seat = state.hand.turn as Seat;
          const moves = legalMoves(state, seat).filter((m) => m.kind === 'play');
          if (moves.length === 0) return;
          const earlier = sidePoints(
            state,
            seat,
            state.hand.bonuses.reduce((acc, b) => {
              acc[b.side] = (acc[b.side] ?? 0) + b.points;
              return acc;
            }, new Array<number>(state.scores.length).fill(0)),
          );
          const partner = ((seat + 2) % 4) as Seat;
          const params = (): PartnerSearch => ({
            seat: partner,
            worlds,
            nodes: 200,
            turns,
            lacks: [0, 0, 0, 0],
            seed,
            cache: new Map(),
          });
          const rootMoves = moves.map((m) =>
            m.kind === 'play'
              ? { id: tileId(m.tile), end: m.end }
              : { id: 0, end: 'left' as const },
          );
          const position = {
            hands: state.hand.hands.map(maskOf),
            stock: [],
            ends: state.hand.ends,
          };
          const result = new HandSearch(config, seat).search(
            position,
            rootMoves,
            1e9,
            0,
            0,
            params(),
          );
          expect(result.exact).toBe(true);
          const plain = new HandSearch(config, seat).search(position, rootMoves, 1e9);
          const inner = new HandSearch(config, partner);
          const reference = params();
          moves.forEach((m, i) => {
            const result2 = applyMove(state, seat, m);
            if (!result2.ok) throw new Error(result2.code);
            const end = result2.events.find((e) => e.type === 'hand_end');
            const expected =
              end !== undefined && end.type === 'hand_end'
                ? sidePoints(state, seat, end.summary.pointsBySide) - earlier
                : engineValueWithPartner(result2.state, seat, earlier, reference, inner, turns);
            expect(result.values[i]).toBe(expected);
          });
          if (result.values.some((v, i) => v !== plain.values[i])) differs++;
        },
      ),
      { numRuns: 80 },
    );
    // The partner's own search must change some values (a partner that saw the deal would not).
    expect(differs).toBeGreaterThan(10);
  });
});

describe('the hand search from the lead', () => {
  it('values the pase de salida and the pase corrido exactly as the engine (decision 057)', () => {
    const bonuses = { ...DEFAULT_CONFIG.bonuses, paseSalida: true, paseCorrido: true };
    const cases = [
      ['3-5 5-6 5-5', '0-0 0-1', '3-4 0-2', '1-1 2-2'],
      ['5-5 5-6 2-3', '0-0 5-1', '4-4 0-2', '1-1 5-4'],
    ];
    for (const hands of cases) {
      const state = handBuiltState({ config: { bonuses }, hands, ends: null, turn: 0 });
      const moves = legalMoves(state, 0);
      const search = new HandSearch(state.config, 0);
      const result = search.search(
        { hands: state.hand.hands.map(maskOf), stock: [], ends: null },
        moves.map((m) =>
          m.kind === 'play' ? { id: tileId(m.tile), end: m.end } : { id: 0, end: 'left' },
        ),
        1e9,
      );
      expect(result.exact).toBe(true);
      moves.forEach((m, i) => expect(result.values[i]).toBe(valueAfter(state, 0, m, 0, 0)));
    }
  });
});

describe('Difícil', () => {
  // Seat 0 holds 5-3, 3-3 and 2-1 with ends 2|5. Seat 2 (partner) has passed on 5s, so it holds
  // 6-6 and 4-4, and the opponents hold 5-6 and 5-4 between them. 5-3 on the 5 end leaves 2|3:
  // nobody else can play and 3-3 goes out next turn (+20). 2-1 leaves 1|5 and an opponent goes
  // out with his 5 (-34).
  const state = endgameState({
    hands: ['5-3 3-3 2-1', '5-6', '6-6 4-4', '5-4'],
    ends: { left: 2, right: 5 },
    turn: 0,
    passes: [{ seat: 2, left: 5, right: 5 }],
  });

  it('finds the winning move in an endgame', () => {
    const analysis = analyzeDificil(playerView(state, 0), 'endgame');
    expect(analysis.move).toEqual({ kind: 'play', tile: [3, 5], end: 'right' });
    expect(analysis.enumerated).toBe(true);
    expect(analysis.deals).toBe(2);
    const byTile = new Map(analysis.values.map((v) => [JSON.stringify(v.move), v.value]));
    expect(byTile.get(JSON.stringify({ kind: 'play', tile: [3, 5], end: 'right' }))).toBe(20);
    expect(byTile.get(JSON.stringify({ kind: 'play', tile: [1, 2], end: 'left' }))).toBe(-34);
  });

  it('finds it whatever the seed', () => {
    for (let seed = 0; seed < 10; seed++) {
      expect(chooseMove(playerView(state, 0), 'dificil', seed)).toEqual({
        kind: 'play',
        tile: [3, 5],
        end: 'right',
      });
    }
  });
});
