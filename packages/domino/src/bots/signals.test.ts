import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../config';
import { applyMove, startMatch } from '../match';
import { legalMoves } from '../rules';
import { mulberry32, seedsFor } from '../test-support';
import { tileId, type Seat } from '../tiles';
import type { MatchState, Move } from '../types';
import { playerView } from '../view';
import { analyzeExperto } from './experto';
import { reconstructPlays } from './history';
import { partnerSignalTerm, signalChoice, signalScore } from './signals';
import { maskOf } from './tileset';

const id = (a: number, b: number): number => tileId([a, b]);
const mask = (...tiles: [number, number][]): number => maskOf(tiles);

describe('signalScore', () => {
  it('counts the tiles still held of the number the play leaves open', () => {
    const held = mask([1, 5], [2, 5], [5, 6], [0, 3]);
    // [3,5] matched on the 3 opens the 5: three fives held.
    expect(signalScore(id(3, 5), 3, held)).toBe(3);
    // matched on the 5 it opens the 3: one three held.
    expect(signalScore(id(3, 5), 5, held)).toBe(1);
    // a double opens its own number.
    expect(signalScore(id(5, 5), 5, held)).toBe(3);
    // a free lead counts the better of the tile's numbers.
    expect(signalScore(id(3, 5), null, held)).toBe(3);
    expect(signalScore(id(4, 4), null, held)).toBe(0);
  });
});

describe('signalChoice', () => {
  type Play = Move & { kind: 'play' };
  const play = (a: number, b: number): Play => ({ kind: 'play', tile: [a, b], end: 'right' });
  it('makes the loudest play within the margin, never one outside it', () => {
    const state = startMatch(DEFAULT_CONFIG, seedsFor(4, 'signal-choice'));
    const view = playerView(state, state.hand.turn as Seat);
    // A lead: the signal of each tile is the most the hand holds of one of its numbers.
    const hand = view.hand;
    const values = hand.map((t, i) => ({ move: play(t[0], t[1]), value: 10 - i }));
    const loud = (m: Play): number =>
      signalScore(tileId(m.tile), null, maskOf(hand) & ~(1 << tileId(m.tile)));
    for (const margin of [-1, 0, 1, 3, 100]) {
      const chosen = signalChoice({ ...view, line: [], ends: null }, values, margin);
      expect(chosen.length).toBeGreaterThan(0);
      const near = values.filter((v) => v.value >= 10 - Math.max(0, margin));
      const strongest = Math.max(...near.map((v) => loud(v.move)));
      for (const c of chosen) {
        expect(c.value).toBeGreaterThanOrEqual(10 - Math.max(0, margin));
        expect(loud(c.move)).toBe(strongest);
      }
    }
    // Margin 0 keeps the best play when it is alone at the top.
    expect(signalChoice({ ...view, line: [], ends: null }, values, 0)).toEqual([values[0]]);
  });
});

/** The partner's decisions of a random match, with the state at each (ground truth). */
function playRandom(seed: number): { states: MatchState[]; moves: Move[] } {
  const rng = mulberry32(seed);
  let state = startMatch(DEFAULT_CONFIG, seedsFor(4, `signals-${seed}`));
  const states: MatchState[] = [];
  const moves: Move[] = [];
  while (state.status === 'playing' && state.history.length < 2) {
    const seat = state.hand.turn as Seat;
    const legal = legalMoves(state, seat);
    const move = legal[Math.floor(rng() * legal.length)] as Move;
    states.push(state);
    moves.push(move);
    const result = applyMove(state, seat, move);
    if (!result.ok) throw new Error(result.code);
    state = result.state;
  }
  return { states, moves };
}

describe('partnerSignalTerm', () => {
  it('is null with nothing to read', () => {
    const state = startMatch(DEFAULT_CONFIG, seedsFor(4, 'signal-none'));
    const view = playerView(state, 0);
    expect(partnerSignalTerm(view, reconstructPlays(view), 2, 1)).toBeNull();
    expect(partnerSignalTerm(view, [], 2, 1)).toBeNull();
    expect(partnerSignalTerm(view, reconstructPlays(view), null, 1)).toBeNull();
  });

  it('equals the softmax over the engine legal plays at each of the partner turns, for the true deal', () => {
    let checked = 0;
    let skipped = 0;
    for (let seed = 0; seed < 30; seed++) {
      const { states, moves } = playRandom(seed);
      for (let k = 0; k < states.length; k++) {
        const now = states[k] as MatchState;
        if (now.hand.turn !== 0 || now.hand.number < 2) continue;
        const view = playerView(now, 0);
        const gamma = 0.7;
        // Ground truth from the recorded states: every play seat 2 made this hand.
        let expected = 0;
        let partnerPlays = 0;
        for (let j = 0; j < k; j++) {
          const before = states[j] as MatchState;
          const move = moves[j] as Move;
          if (before.hand.number !== now.hand.number || before.hand.turn !== 2) continue;
          if (move.kind !== 'play') continue;
          partnerPlays++;
          const held = maskOf(before.hand.hands[2] ?? []);
          const ends = before.hand.ends;
          const score = (m: Move & { kind: 'play' }): number =>
            signalScore(
              tileId(m.tile),
              ends === null ? null : m.end === 'left' ? ends.left : ends.right,
              held & ~(1 << tileId(m.tile)),
            );
          // Options: distinct (tile, matched number) pairs among the legal plays.
          const seen = new Set<string>();
          let total = 0;
          for (const m of legalMoves(before, 2)) {
            if (m.kind !== 'play') continue;
            const matched = ends === null ? null : m.end === 'left' ? ends.left : ends.right;
            const key = `${tileId(m.tile)}/${matched}`;
            if (seen.has(key)) continue;
            seen.add(key);
            total += Math.exp(gamma * score(m));
          }
          expected += gamma * score(move) - Math.log(total);
        }
        // The line may admit more than one order of play (history.ts); compare only where the
        // rebuilt order is the one played.
        const truth = [];
        for (let j = 0; j < k; j++) {
          const before = states[j] as MatchState;
          const move = moves[j] as Move;
          if (before.hand.number !== now.hand.number || move.kind !== 'play') continue;
          truth.push({ seat: before.hand.turn, id: tileId(move.tile), before: before.hand.ends });
        }
        const plays = reconstructPlays(view);
        if (JSON.stringify(plays) !== JSON.stringify(truth)) {
          skipped++;
          continue;
        }
        const term = partnerSignalTerm(view, plays, 2, gamma);
        if (partnerPlays === 0) {
          expect(term).toBeNull();
          continue;
        }
        expect(term).not.toBeNull();
        const hands = [0, 1, 2, 3].map((s) => maskOf(now.hand.hands[s] ?? []));
        expect(term?.(hands)).toBeCloseTo(expected, 9);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(skipped).toBeLessThan(checked / 4);
  });
});

describe('Experto with the signal', () => {
  it('plays within the margin of the best searched value and sends the strongest signal there', () => {
    let checked = 0;
    for (let seed = 0; seed < 12; seed++) {
      const { states } = playRandom(100 + seed);
      const state = states[Math.min(states.length - 1, 6 + (seed % 5))] as MatchState;
      const view = playerView(state, state.hand.turn as Seat);
      const options = { samples: 8, candidates: 40, exactDeals: 8, nodeBudget: 20_000 };
      const plain = analyzeExperto(view, `sig-${seed}`, options);
      if (plain.values.length < 2) continue;
      const signalled = analyzeExperto(view, `sig-${seed}`, { ...options, signalMargin: 3 });
      // Same deals and values: the signal only changes the pick among them.
      expect(signalled.values).toEqual(plain.values);
      const chosen = signalled.values.find((v) => v.move === signalled.move);
      expect(chosen).toBeDefined();
      const top = Math.max(...plain.values.map((v) => v.value));
      expect(chosen?.value ?? -Infinity).toBeGreaterThanOrEqual(top - 3 - 1e-6);
      const allowed = signalChoice(view, plain.values, 3).map((v) => v.move);
      expect(allowed).toContainEqual(signalled.move);
      checked++;
    }
    expect(checked).toBeGreaterThan(5);
  });
});
