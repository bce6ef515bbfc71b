import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ANALYSIS_EXPERTO_OPTIONS,
  NOTABLE_LOSS_POINTS,
  reviewDecision,
  reviewMatch,
  summarize,
  type DecisionReview,
} from './analysis';
import { analyzeDificil, analyzeExperto, chooseMove, DEFAULT_EXPERTO_OPTIONS } from './bots';
import { BOT_TEST_CONFIGS, endgameState, randomPosition, rehide } from './bots/test-positions';
import { DEFAULT_CONFIG } from './config';
import { applyMove, ReplayError, startMatch } from './match';
import { seedsFor } from './test-support';
import type { Seat } from './tiles';
import type { MatchState, Move, SeatedMove } from './types';
import { playerView, type PlayerView } from './view';

/** Small search effort so the property runs stay fast. */
const LIGHT = { samples: 8, candidates: 40, exactDeals: 8, nodeBudget: 20_000 };

describe('reviewDecision', () => {
  // Seat 0 can win the hand with 3-5 on the right (+20) or lose it with 2-1 on the left (-34):
  // bots/search.test.ts solves this endgame exactly.
  const state = endgameState({
    hands: ['5-3 3-3 2-1', '5-6', '6-6 4-4', '5-4'],
    ends: { left: 2, right: 5 },
    turn: 0,
    passes: [{ seat: 2, left: 5, right: 5 }],
  });
  const view = playerView(state, 0);

  it('flags a clearly worse move with its loss and the better move', () => {
    const bad = { kind: 'play', tile: [1, 2], end: 'left' } as const;
    const review = reviewDecision(view, bad, 7, { seed: 'g' });
    expect(review.forced).toBe(false);
    expect(review.notable).toBe(true);
    expect(review.loss).toBe(54);
    expect(review.best).toEqual({ kind: 'play', tile: [3, 5], end: 'right' });
    expect(review.values[0]).toEqual({ move: review.best, value: 20 });
    expect(review.hand).toEqual(view.hand);
    expect(review.index).toBe(7);
  });

  it('values moves in points of the hand even when asked for match play', () => {
    const bad = { kind: 'play', tile: [1, 2], end: 'left' } as const;
    const review = reviewDecision(view, bad, 7, {
      seed: 'g',
      experto: { matchPlay: true, signalMargin: 40 },
    });
    expect(review).toMatchObject({ loss: 54, best: { kind: 'play', tile: [3, 5], end: 'right' } });
    // The bot's own match play would have given percentage points of the match odds instead.
    const odds = analyzeExperto(view, 'g:7', { matchPlay: true }).values.map((v) => v.value);
    expect(Math.max(...odds) - Math.min(...odds)).not.toBeCloseTo(54, 0);
  });

  it('does not flag the best move', () => {
    const good = { kind: 'play', tile: [3, 5], end: 'right' } as const;
    const review = reviewDecision(view, good, 7, { seed: 'g' });
    expect(review).toMatchObject({ loss: 0, notable: false, best: good });
  });

  it('treats a single legal move as forced and refuses a move that is not legal', () => {
    const single = endgameState({
      hands: ['5-6', '3-3 2-1', '6-6 4-4', '5-4 0-0'],
      ends: { left: 2, right: 5 },
      turn: 0,
    });
    const only = playerView(single, 0).legalMoves[0]!;
    expect(reviewDecision(playerView(single, 0), only, 0, { seed: 'g' })).toMatchObject({
      forced: true,
      loss: 0,
      values: [],
    });
    expect(() =>
      reviewDecision(view, { kind: 'play', tile: [6, 6], end: 'left' }, 0, { seed: 'g' }),
    ).toThrow(RangeError);
  });

  it('gives the same evaluation whatever the hidden tiles consistent with the view', () => {
    let compared = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...BOT_TEST_CONFIGS),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 60 }),
        (config, seed, steps) => {
          const state = randomPosition(config, seed, steps);
          if (state.status !== 'playing') return;
          const seat = state.hand.turn as Seat;
          const other = rehide(state, seat, seed);
          if (other === null) return;
          const view = playerView(state, seat);
          const played = view.legalMoves[seed % view.legalMoves.length]!;
          const options = { seed: `game-${seed}`, experto: LIGHT };
          expect(reviewDecision(playerView(other, seat), played, steps, options)).toEqual(
            reviewDecision(view, played, steps, options),
          );
          compared++;
        },
      ),
      { numRuns: 40 },
    );
    expect(compared).toBeGreaterThan(15);
  });
});

/** A match between Medio bots, logged as the server logs it. */
function botMatch(seed: string): { moves: SeatedMove[]; seeds: ReturnType<typeof seedsFor> } {
  const seeds = seedsFor(4, seed);
  let state = startMatch(DEFAULT_CONFIG, seeds);
  const moves: SeatedMove[] = [];
  while (state.status === 'playing') {
    const seat = state.hand.turn as Seat;
    const move = chooseMove(playerView(state, seat), 'medio', `${seed}-${moves.length}`);
    const result = applyMove(state, seat, move);
    if (!result.ok) throw new Error(result.code);
    moves.push({ seat, move });
    state = result.state;
  }
  return { moves, seeds };
}

describe('reviewMatch', () => {
  const { moves, seeds } = botMatch('review');

  it("reviews each of the seat's moves, deterministically, with the match figures", () => {
    const options = { seed: 'game-1', experto: LIGHT };
    const seen: DecisionReview[] = [];
    const review = reviewMatch(DEFAULT_CONFIG, seeds, moves, 1, options, (d) => seen.push(d));
    expect(review.decisions.map((d) => d.index)).toEqual(
      moves.flatMap((m, i) => (m.seat === 1 ? [i] : [])),
    );
    expect(seen).toEqual(review.decisions);
    const counted = review.decisions.filter((d) => !d.forced);
    expect(review.counted).toBe(counted.length);
    expect(review.counted).toBeGreaterThan(0);
    expect(review.decisions.some((d) => d.forced)).toBe(true);
    for (const d of review.decisions) {
      expect(d.loss).toBeGreaterThanOrEqual(0);
      expect(d.notable).toBe(d.loss >= NOTABLE_LOSS_POINTS);
      if (d.forced) expect(d.values).toEqual([]);
      else expect(d.values.length).toBeGreaterThan(1);
    }
    const best = counted.filter((d) => d.loss === 0).length;
    expect(review.best + review.inexact + review.notable).toBe(review.counted);
    expect(review.accuracy).toBe(Math.round((100 * best) / counted.length));
    expect(reviewMatch(DEFAULT_CONFIG, seeds, moves, 1, options)).toEqual(review);
  });

  it("points `anchor` at the hand's opening tile in the line", () => {
    const review = reviewMatch(DEFAULT_CONFIG, seeds, moves, 3, { seed: 'a', experto: LIGHT });
    let state = startMatch(DEFAULT_CONFIG, seeds);
    const opening = new Map<number, string>();
    moves.forEach((m) => {
      if (m.move.kind === 'play' && state.hand.line.length === 0)
        opening.set(state.hand.number, `${m.move.tile[0]}-${m.move.tile[1]}`);
      const r = applyMove(state, m.seat, m.move);
      if (!r.ok) throw new Error(r.code);
      state = r.state;
    });
    let checked = 0;
    for (const d of review.decisions) {
      if (d.line.length === 0) continue;
      const tile = d.line[d.anchor]!.tile;
      expect(`${tile[0]}-${tile[1]}`).toBe(opening.get(d.handNumber));
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('leaves autoplayed moves out of the accuracy and refuses a log that does not replay', () => {
    const logged = moves.map((m) => ({ ...m, actor: 'autoplay' as const }));
    const review = reviewMatch(DEFAULT_CONFIG, seeds, logged.slice(0, 12), 2, {
      seed: 'g',
      experto: LIGHT,
    });
    expect(review.decisions.every((d) => d.autoplayed)).toBe(true);
    expect(review).toMatchObject({ counted: 0, accuracy: null, averageLoss: null });
    const broken = [...moves.slice(0, 5), moves[4]!];
    expect(() => reviewMatch(DEFAULT_CONFIG, seeds, broken, 0, { seed: 'g' })).toThrow(ReplayError);
    expect(() => reviewMatch(DEFAULT_CONFIG, seeds, moves, 4 as Seat, { seed: 'g' })).toThrow(
      RangeError,
    );
  });
});

/** Each decision of `seat` in a logged match: its view before the move, the move, its index. */
function decisionsOf(
  moves: readonly SeatedMove[],
  seeds: ReturnType<typeof seedsFor>,
  seat: Seat | null,
): { view: PlayerView; move: Move; index: number }[] {
  let state: MatchState = startMatch(DEFAULT_CONFIG, seeds);
  const out: { view: PlayerView; move: Move; index: number }[] = [];
  moves.forEach((m, index) => {
    if (seat === null || m.seat === seat)
      out.push({ view: playerView(state, m.seat), move: m.move, index });
    const r = applyMove(state, m.seat, m.move);
    if (!r.ok) throw new Error(r.code);
    state = r.state;
  });
  return out;
}

/** A search's values as a review lists them: best first, rounded to 0.1. */
const listed = (values: readonly { move: Move; value: number }[]) =>
  [...values]
    .sort((a, b) => b.value - a.value)
    .map((v) => ({ move: v.move, value: Math.round(v.value * 10) / 10 }));

const searched = (d: { view: PlayerView }): boolean =>
  d.view.legalMoves.length > 1 && d.view.legalMoves.every((m) => m.kind === 'play');

describe("the analysis's search", () => {
  const { moves, seeds } = botMatch('search');

  it("is Experto's at its full effort, valued in points: not Difícil's", () => {
    expect(ANALYSIS_EXPERTO_OPTIONS).toMatchObject({
      samples: DEFAULT_EXPERTO_OPTIONS.samples,
      candidates: DEFAULT_EXPERTO_OPTIONS.candidates,
      nodeBudget: DEFAULT_EXPERTO_OPTIONS.nodeBudget,
      readHands: DEFAULT_EXPERTO_OPTIONS.readHands,
      readSignals: DEFAULT_EXPERTO_OPTIONS.readSignals,
      matchPlay: false,
      leadLongest: false,
      signalMargin: -1,
      keyEffort: 1,
      infoSetTiles: 0,
    });
    // Later decisions of the first hand: plays and passes to read, deals too many to enumerate.
    const chosen = decisionsOf(moves, seeds, 0)
      .filter((d) => searched(d) && d.view.handNumber === 1 && d.view.line.length >= 4)
      .slice(0, 3);
    expect(chosen.length).toBe(3);
    let differs = 0;
    for (const { view, move, index } of chosen) {
      const review = reviewDecision(view, move, index, { seed: 'g' });
      const experto = analyzeExperto(view, `g:${index}`, ANALYSIS_EXPERTO_OPTIONS);
      expect(review.values).toEqual(listed(experto.values));
      const dificil = analyzeDificil(view, `g:${index}`);
      if (JSON.stringify(listed(dificil.values)) !== JSON.stringify(review.values)) differs++;
    }
    expect(differs).toBe(chosen.length);
  });

  it('values every legal play, the played one included, on a free lead too', () => {
    const leads = decisionsOf(moves, seeds, null).filter(
      (d) => searched(d) && d.view.line.length === 0,
    );
    expect(leads.length).toBeGreaterThan(0);
    let restricted = 0;
    for (const { view, index } of leads.slice(0, 2)) {
      const longSuit = analyzeExperto(view, 'x', { ...LIGHT, leadLongest: true });
      if (longSuit.values.length < view.legalMoves.length) restricted++;
      for (const played of view.legalMoves) {
        // leadLongest would search only the long suit's leads: the review ignores it.
        const review = reviewDecision(view, played, index, {
          seed: 'g',
          experto: { ...LIGHT, leadLongest: true },
        });
        expect(review.values.map((v) => v.move)).toHaveLength(view.legalMoves.length);
        expect(review.values.map((v) => v.move)).toEqual(expect.arrayContaining([played]));
        const mine = review.values.find((v) => JSON.stringify(v.move) === JSON.stringify(played));
        // Both values and the loss are rounded to 0.1 from the same unrounded values.
        const loss = Math.max(0, review.values[0]!.value - mine!.value);
        expect(Math.abs(review.loss - loss)).toBeLessThanOrEqual(0.1 + 1e-9);
      }
    }
    // The bot's own option would have left some of these plays without a value.
    expect(restricted).toBeGreaterThan(0);
  });
});

describe('summarize', () => {
  it('counts best, inexact and notable moves as the page marks them, the share of best moves and the mean loss', () => {
    const d = (loss: number, forced = false, autoplayed = false): DecisionReview => ({
      index: 0,
      handNumber: 1,
      hand: [],
      line: [],
      anchor: 0,
      ends: null,
      scores: [0, 0],
      forced,
      autoplayed,
      played: { kind: 'pass' },
      best: { kind: 'pass' },
      values: [],
      loss,
      notable: loss >= 10,
    });
    const s = summarize(
      0,
      [d(0), d(2), d(12), d(0, true), d(0, false, true), d(0, true, true)],
      10,
    );
    expect(s).toMatchObject({
      counted: 3,
      best: 1,
      inexact: 1,
      notable: 1,
      forced: 1,
      autoplayed: 2,
      accuracy: 33,
      averageLoss: 4.7,
    });
  });

  it('never says 100 % while a counted move lost points (an "Imprecisa" move)', () => {
    const d = (loss: number): DecisionReview => ({
      index: 0,
      handNumber: 1,
      hand: [],
      line: [],
      anchor: 0,
      ends: null,
      scores: [0, 0],
      forced: false,
      autoplayed: false,
      played: { kind: 'pass' },
      best: { kind: 'pass' },
      values: [],
      loss,
      notable: loss >= 10,
    });
    expect(summarize(0, [d(0.4)], 10)).toMatchObject({ accuracy: 0, best: 0, inexact: 1 });
    expect(summarize(0, [d(0), d(0)], 10)).toMatchObject({ accuracy: 100, best: 2 });
  });
});
