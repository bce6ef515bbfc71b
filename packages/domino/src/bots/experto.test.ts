import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../config';
import { applyMove, startMatch } from '../match';
import { legalMoves } from '../rules';
import { mulberry32, seedsFor } from '../test-support';
import type { Seat } from '../tiles';
import type { MatchState } from '../types';
import { playerView } from '../view';
import { DEFAULT_EXPERTO_OPTIONS, analyzeExperto, handPriors, isKeyDecision } from './experto';
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
