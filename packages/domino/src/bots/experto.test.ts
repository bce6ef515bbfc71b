import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../config';
import { applyMove, startMatch } from '../match';
import { legalMoves } from '../rules';
import { mulberry32, seedsFor } from '../test-support';
import type { Seat } from '../tiles';
import type { MatchState, Move } from '../types';
import { playerView } from '../view';
import {
  DEFAULT_EXPERTO_OPTIONS,
  PARTNER_LEAD_MISS,
  analyzeExperto,
  handPriors,
  isKeyDecision,
  longSuitLeads,
  ownViewMask,
  partnerLeadTerm,
} from './experto';
import { reconstructPlays } from './history';
import { maskOf } from './tileset';
import { chooseGreedy } from './facil';
import { createRng } from './rng';
import { BOT_TEST_CONFIGS, randomPosition } from './test-positions';

/** Plays `hands` hands of a parejas match: seats 1 and 3 greedy or random, seats 0 and 2 random. */
function afterHands(seed: number, greedyOpponents: boolean, hands: number): MatchState {
  const rng = mulberry32(seed);
  let state = startMatch(DEFAULT_CONFIG, seedsFor(4, `x-${seed}`));
  while (state.status === 'playing' && state.history.length < hands) {
    const seat = state.hand.turn as Seat;
    const moves = legalMoves(state, seat);
    const move =
      greedyOpponents && seat % 2 === 1
        ? chooseGreedy(playerView(state, seat), createRng(`g${seed}`))
        : moves[Math.floor(rng() * moves.length)];
    if (move === undefined) throw new Error('no move');
    const result = applyMove(state, seat, move);
    if (!result.ok) throw new Error(result.code);
    state = result.state;
  }
  return state;
}

const OPTS = DEFAULT_EXPERTO_OPTIONS;
const modelOf = (seat: number) => (seat === 2 ? OPTS.partner : OPTS.opponents);

/**
 * Mean posterior probability of the greedy type (the last opponent type) of seats 1 and 3, read
 * by seat 0 from the last `read` of `hands` finished hands.
 */
function meanGreedyPosterior(greedyOpponents: boolean, hands: number, read: number): number {
  const greedyType = OPTS.opponents.length - 1;
  let sum = 0;
  let n = 0;
  for (let seed = 0; seed < 40; seed++) {
    const state = afterHands(seed, greedyOpponents, hands);
    if (state.status !== 'playing') continue;
    const priors = handPriors(playerView(state, 0), modelOf, { ...OPTS, readHands: read });
    expect(priors.has(0)).toBe(false); // its own plays carry nothing
    expect(priors.has(2)).toBe(false); // the partner has a single type
    for (const seat of [1, 3]) {
      const logs = priors.get(seat);
      if (logs === undefined) continue;
      expect(logs.reduce((a, l) => a + Math.exp(l), 0)).toBeCloseTo(1, 9);
      sum += Math.exp(logs[greedyType] as number);
      n++;
    }
  }
  expect(n).toBeGreaterThan(40);
  return sum / n;
}

describe("Experto's read of the earlier hands", () => {
  it('reads greedy opponents as the greedy type, random ones as not, surer with more hands', () => {
    // Measured (prior 1/3): one hand gives greedy opponents about 0.5 and random ones 0.04
    // (most choices offer one playable tile); three hands about 0.8.
    const one = meanGreedyPosterior(true, 1, 1);
    expect(one).toBeGreaterThan(0.45);
    expect(meanGreedyPosterior(false, 1, 1)).toBeLessThan(0.1);
    const three = meanGreedyPosterior(true, 3, 3);
    expect(three).toBeGreaterThan(one + 0.1);
    expect(meanGreedyPosterior(true, 3, 1)).toBeLessThan(three);
    expect(meanGreedyPosterior(false, 3, 3)).toBeLessThan(0.05);
  });

  it('reads nothing when the option is off or there is no earlier hand', () => {
    const view = playerView(afterHands(1, true, 1), 0);
    expect(handPriors(view, modelOf, { ...OPTS, readHands: 0 }).size).toBe(0);
    const first = playerView(startMatch(DEFAULT_CONFIG, seedsFor(4, 'first')), 0);
    expect(handPriors(first, modelOf, { ...OPTS, readHands: 5 }).size).toBe(0);
  });
});

describe("Experto's adaptive effort (decision 058, addendum 3)", () => {
  const LIGHT = {
    samples: 6,
    candidates: 30,
    exactDeals: 0,
    nodeBudget: 6_000,
    minNodesPerDeal: 200,
  };
  const parejas = BOT_TEST_CONFIGS.find((c) => c.mode === 'parejas') ?? DEFAULT_CONFIG;
  /** Views of seat-to-move positions with two or more plays, from seeded random matches. */
  function views(): ReturnType<typeof playerView>[] {
    const out: ReturnType<typeof playerView>[] = [];
    for (let seed = 0; seed < 120; seed++) {
      const state = randomPosition(parejas, seed, seed % 40);
      if (state.status !== 'playing') continue;
      const view = playerView(state, state.hand.turn as Seat);
      if (view.legalMoves.filter((m) => m.kind === 'play').length >= 2) out.push(view);
    }
    return out;
  }

  it('multiplies the deals searched on the lead and early plays, not later', () => {
    let early = 0;
    let late = 0;
    for (const view of views()) {
      const key = view.line.length <= 3;
      const plain = analyzeExperto(view, 'k', LIGHT);
      const boosted = analyzeExperto(view, 'k', { ...LIGHT, keyEffort: 3, keyLine: 3 });
      if (plain.enumerated || boosted.enumerated) continue;
      expect(plain.deals).toBe(6);
      expect(boosted.deals).toBe(key ? 18 : 6);
      if (key) early++;
      else late++;
    }
    expect(early).toBeGreaterThan(3);
    expect(late).toBeGreaterThan(3);
  });

  it('calls a choice between a double and another tile key only with keyDoubles', () => {
    let doubles = 0;
    let others = 0;
    for (const view of views()) {
      const plays = view.legalMoves.filter((m) => m.kind === 'play');
      if (view.line.length === 0) continue;
      const isDouble = plays.map((m) => m.kind === 'play' && m.tile[0] === m.tile[1]);
      const mixed = isDouble.includes(true) && isDouble.includes(false);
      expect(isKeyDecision(view, plays, { keyLine: -1, keyDoubles: true })).toBe(mixed);
      expect(isKeyDecision(view, plays, { keyLine: -1, keyDoubles: false })).toBe(false);
      expect(isKeyDecision(view, plays, { keyLine: 27, keyDoubles: false })).toBe(true);
      if (mixed) doubles++;
      else others++;
    }
    expect(doubles).toBeGreaterThan(2);
    expect(others).toBeGreaterThan(2);
  });
});

describe("Experto's long-suit lead, partner's lead read and match play (decision 058, addendum 4)", () => {
  const LIGHT = {
    samples: 6,
    candidates: 30,
    exactDeals: 0,
    nodeBudget: 6_000,
    minNodesPerDeal: 200,
  };
  /** Count of `hand`'s tiles per suit (a double counts once). */
  function suitCounts(hand: readonly (readonly [number, number])[]): number[] {
    const count = new Array<number>(7).fill(0);
    for (const [a, b] of hand) {
      count[a] = (count[a] as number) + 1;
      if (b !== a) count[b] = (count[b] as number) + 1;
    }
    return count;
  }

  /**
   * A random parejas match played until seat 2 makes a free lead (hand 2 or later), its lead
   * from its longest suit when `longLead`, else from outside it when it can; then random plays
   * until seat 0 is to move in that hand. Null when the match ends first or no such lead exists.
   */
  function afterPartnerLead(seed: number, longLead: boolean): MatchState | null {
    const rng = mulberry32(seed);
    let state = startMatch(DEFAULT_CONFIG, seedsFor(4, `lead-${seed}`));
    let led = false;
    for (let i = 0; i < 2_000 && state.status === 'playing'; i++) {
      const seat = state.hand.turn as Seat;
      const view = playerView(state, seat);
      if (led && seat === 0) return state.hand.line.length > 0 ? state : null;
      const moves = legalMoves(state, seat);
      let pool: readonly Move[] = moves;
      if (seat === 2 && view.line.length === 0 && view.requiredLead === null) {
        const long = longSuitLeads(view, moves);
        const other = moves.filter((m) => !long.includes(m));
        if (!longLead && other.length === 0) return null;
        pool = longLead ? long : other;
        led = true;
      }
      const move = pool[Math.floor(rng() * pool.length)];
      if (move === undefined) throw new Error('no move');
      const result = applyMove(state, seat, move);
      if (!result.ok) throw new Error(result.code);
      state = result.state;
      if (led && state.hand.line.length === 0) led = false; // the hand ended before seat 0 moved
    }
    return null;
  }

  it('leads only from the longest suit(s), and leaves other decisions alone', () => {
    let leads = 0;
    let narrowed = 0;
    let others = 0;
    for (let seed = 0; seed < 400 && (leads < 8 || others < 20); seed++) {
      const state = randomPosition(DEFAULT_CONFIG, seed, 30 + (seed % 50));
      if (state.status !== 'playing') continue;
      const view = playerView(state, state.hand.turn as Seat);
      const plays = view.legalMoves.filter((m) => m.kind === 'play');
      if (plays.length < 2) continue;
      const kept = longSuitLeads(view, plays);
      if (view.line.length > 0 || view.requiredLead !== null) {
        expect(kept).toEqual(plays);
        others++;
        continue;
      }
      const count = suitCounts(view.hand);
      const top = Math.max(...count);
      expect(kept.length).toBeGreaterThan(0);
      for (const m of plays) {
        if (m.kind !== 'play') continue;
        const long = count[m.tile[0]] === top || count[m.tile[1]] === top;
        expect(kept.includes(m)).toBe(long);
      }
      const move = analyzeExperto(view, `l${seed}`, { ...LIGHT, leadLongest: true }).move;
      expect(kept).toContainEqual(move);
      leads++;
      if (kept.length < plays.length) narrowed++;
    }
    expect(leads).toBe(8);
    expect(narrowed).toBeGreaterThan(3);
    expect(others).toBeGreaterThan(20);
  });

  it("reads the partner's lead: 0 for the true deal after a long-suit lead, the miss weight after another", () => {
    let long = 0;
    let short = 0;
    for (let seed = 0; seed < 60; seed++)
      for (const longLead of [true, false]) {
        const state = afterPartnerLead(seed, longLead);
        if (state === null) continue;
        const view = playerView(state, 0);
        const term = partnerLeadTerm(view, reconstructPlays(view), 2);
        expect(term).not.toBeNull();
        const value = term?.(state.hand.hands.map(maskOf));
        expect(value).toBeCloseTo(longLead ? 0 : Math.log(PARTNER_LEAD_MISS), 12);
        if (longLead) long++;
        else short++;
        // Seat 2's own view has no partner lead to read (seat 0 did not lead).
        expect(partnerLeadTerm(playerView(state, 2), reconstructPlays(view), 0)).toBeNull();
      }
    expect(long).toBeGreaterThan(5);
    expect(short).toBeGreaterThan(5);
    const first = playerView(startMatch(DEFAULT_CONFIG, seedsFor(4, 'first')), 0);
    expect(partnerLeadTerm(first, [], 2)).toBeNull();
  });

  it('values plays by the match odds with matchPlay (0 to 100), by points without', () => {
    let checked = 0;
    for (let seed = 0; seed < 40 && checked < 6; seed++) {
      const state = randomPosition(DEFAULT_CONFIG, seed, 20 + (seed % 30));
      if (state.status !== 'playing') continue;
      const view = playerView(state, state.hand.turn as Seat);
      if (view.legalMoves.length < 2) continue;
      const odds = analyzeExperto(view, `m${seed}`, { ...LIGHT, matchPlay: true });
      const points = analyzeExperto(view, `m${seed}`, { ...LIGHT, matchPlay: false });
      expect(odds.values.length).toBe(points.values.length);
      for (const { value } of odds.values) {
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(100);
      }
      expect(odds.values.map((v) => v.value)).not.toEqual(points.values.map((v) => v.value));
      checked++;
    }
    expect(checked).toBe(6);
  });
});

describe("Experto's own-view seats (decision 058, addendum 5)", () => {
  const LIGHT = {
    samples: 6,
    candidates: 30,
    exactDeals: 0,
    nodeBudget: 6_000,
    minNodesPerDeal: 200,
  };

  it('names the partner, the opponents or both, never the bot, and no partner alone', () => {
    const parejas = BOT_TEST_CONFIGS.find((c) => c.mode === 'parejas') ?? DEFAULT_CONFIG;
    const individual = BOT_TEST_CONFIGS.find((c) => c.mode === 'individual');
    for (let seed = 0; seed < 20; seed++) {
      const state = randomPosition(parejas, seed, seed % 10);
      if (state.status !== 'playing') continue;
      const seat = state.hand.turn as Seat;
      const view = playerView(state, seat);
      const bit = (s: number) => 1 << s;
      const partner = bit((seat + 2) % 4);
      const opponents = bit((seat + 1) % 4) | bit((seat + 3) % 4);
      expect(ownViewMask(view, 'none')).toBe(0);
      expect(ownViewMask(view, 'partner')).toBe(partner);
      expect(ownViewMask(view, 'opponents')).toBe(opponents);
      expect(ownViewMask(view, 'others')).toBe(partner | opponents);
    }
    expect(individual).toBeDefined();
    if (individual === undefined) return;
    const state = randomPosition(individual, 3, 0);
    const view = playerView(state, state.hand.turn as Seat);
    const others = ((1 << individual.players) - 1) & ~(1 << view.seat);
    expect(ownViewMask(view, 'partner')).toBe(0);
    expect(ownViewMask(view, 'opponents')).toBe(others);
    expect(ownViewMask(view, 'others')).toBe(others);
  });

  it('changes the searched values when the partner plays by its own view, same move per seed', () => {
    const parejas = BOT_TEST_CONFIGS.find((c) => c.mode === 'parejas') ?? DEFAULT_CONFIG;
    let changed = 0;
    let compared = 0;
    for (let seed = 0; seed < 60; seed++) {
      const state = randomPosition(parejas, seed, seed % 20);
      if (state.status !== 'playing') continue;
      const view = playerView(state, state.hand.turn as Seat);
      if (view.legalMoves.filter((m) => m.kind === 'play').length < 2) continue;
      const plain = analyzeExperto(view, `o${seed}`, LIGHT);
      const own = analyzeExperto(view, `o${seed}`, { ...LIGHT, ownView: 'partner' });
      expect(analyzeExperto(view, `o${seed}`, { ...LIGHT, ownView: 'partner' })).toEqual(own);
      expect(own.values.length).toBe(plain.values.length);
      if (own.values.some((v, i) => v.value !== plain.values[i]?.value)) changed++;
      compared++;
    }
    expect(compared).toBeGreaterThan(10);
    expect(changed).toBeGreaterThan(5);
  });
});

describe("Experto's partner searched from its own view (decision 058, addendum 6)", () => {
  const LIGHT = {
    samples: 6,
    candidates: 30,
    exactDeals: 0,
    nodeBudget: 6_000,
    minNodesPerDeal: 200,
  };
  const WITH = { ...LIGHT, partnerSearch: 3, partnerNodes: 80 };

  it('changes the searched values, same analysis per seed', () => {
    const parejas = BOT_TEST_CONFIGS.find((c) => c.mode === 'parejas') ?? DEFAULT_CONFIG;
    let changed = 0;
    let compared = 0;
    for (let seed = 0; seed < 60; seed++) {
      const state = randomPosition(parejas, seed, 4 + (seed % 16));
      if (state.status !== 'playing') continue;
      const view = playerView(state, state.hand.turn as Seat);
      if (view.legalMoves.filter((m) => m.kind === 'play').length < 2) continue;
      const plain = analyzeExperto(view, `p${seed}`, LIGHT);
      const own = analyzeExperto(view, `p${seed}`, WITH);
      expect(analyzeExperto(view, `p${seed}`, WITH)).toEqual(own);
      expect(own.values.length).toBe(plain.values.length);
      if (own.values.some((v, i) => v.value !== plain.values[i]?.value)) changed++;
      compared++;
    }
    expect(compared).toBeGreaterThan(10);
    expect(changed).toBeGreaterThan(5);
  });

  it('is off by default and leaves individual mode alone', () => {
    expect(DEFAULT_EXPERTO_OPTIONS.partnerSearch).toBe(0);
    const individual = BOT_TEST_CONFIGS.find((c) => c.mode === 'individual' && !c.drawing);
    expect(individual).toBeDefined();
    if (individual === undefined) return;
    for (let seed = 0; seed < 10; seed++) {
      const state = randomPosition(individual, seed, 3 + seed);
      if (state.status !== 'playing') continue;
      const view = playerView(state, state.hand.turn as Seat);
      expect(analyzeExperto(view, `i${seed}`, WITH)).toEqual(
        analyzeExperto(view, `i${seed}`, LIGHT),
      );
    }
  });
});
