import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyMove, startMatch } from '../match';
import { legalMoves } from '../rules';
import { mulberry32, seedsFor } from '../test-support';
import { tileId, type Seat } from '../tiles';
import { playerView } from '../view';
import { playLikelihood, reconstructHandPlays, reconstructPlays, type PastPlay } from './history';
import { BOT_TEST_CONFIGS } from './test-positions';
import { maskOf } from './tileset';

describe('rebuilding the order of play', () => {
  it('recovers every play of the hand, and mostly their exact order, from any seat view', () => {
    const stats = { total: 0, exact: 0 };
    fc.assert(
      fc.property(
        fc.constantFrom(...BOT_TEST_CONFIGS),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 60 }),
        (config, seed, steps) => {
          const rng = mulberry32(seed);
          let state = startMatch(config, seedsFor(config.players, `h-${seed}`));
          let log: PastPlay[] = [];
          for (let i = 0; i < steps && state.status === 'playing'; i++) {
            const seat = state.hand.turn as Seat;
            const moves = legalMoves(state, seat);
            const move = moves[Math.floor(rng() * moves.length)];
            if (move === undefined) throw new Error('no move');
            const ends = state.hand.ends;
            const hand = state.hand.number;
            const result = applyMove(state, seat, move);
            if (!result.ok) throw new Error(result.code);
            state = result.state;
            if (state.hand.number !== hand) log = [];
            else if (move.kind === 'play')
              log.push({ seat, id: tileId(move.tile), before: ends === null ? null : { ...ends } });
          }
          if (state.status !== 'playing') return;
          const view = playerView(state, state.hand.turn as Seat);
          const rebuilt = reconstructPlays(view);
          expect(rebuilt).not.toBeNull();
          const key = (p: PastPlay) => [p.seat, p.id];
          // Every play is found, each arm in its real order...
          expect(rebuilt?.map(key).sort()).toEqual(log.map(key).sort());
          // ...and usually the very order of play. When whole rounds went to one arm and the next
          // rounds to the other, the view cannot tell which came first: both orders fit it.
          let exact = true;
          rebuilt?.forEach((p, i) => {
            if (JSON.stringify(p) !== JSON.stringify(log[i])) exact = false;
          });
          stats.total++;
          if (exact) stats.exact++;
        },
      ),
      { numRuns: 400, seed: 20261121 },
    );
    expect(stats.exact / stats.total).toBeGreaterThan(0.8);
  });
});

describe('rebuilding the order of play of a finished hand', () => {
  it('finds every play of the previous hand from its public summary, mostly in order', () => {
    let checked = 0;
    let exact = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...BOT_TEST_CONFIGS),
        fc.integer({ min: 0, max: 100_000 }),
        (config, seed) => {
          const rng = mulberry32(seed);
          let state = startMatch(config, seedsFor(config.players, `f-${seed}`));
          let log: PastPlay[] = [];
          while (state.status === 'playing' && state.history.length < 2) {
            const seat = state.hand.turn as Seat;
            const moves = legalMoves(state, seat);
            const move = moves[Math.floor(rng() * moves.length)];
            if (move === undefined) throw new Error('no move');
            const ends = state.hand.ends;
            const hands = state.history.length;
            const result = applyMove(state, seat, move);
            if (!result.ok) throw new Error(result.code);
            state = result.state;
            if (move.kind === 'play')
              log.push({ seat, id: tileId(move.tile), before: ends === null ? null : { ...ends } });
            if (state.history.length === hands) continue;
            const summary = state.history[state.history.length - 1];
            if (summary === undefined) throw new Error('no summary');
            const rebuilt = reconstructHandPlays(summary, config.players);
            const key = (p: PastPlay) => [p.seat, p.id];
            expect(rebuilt?.map(key).sort()).toEqual(log.map(key).sort());
            // Usually the very order (78% of these hands); when the line admits two orders, any
            // consistent one.
            if (JSON.stringify(rebuilt) === JSON.stringify(log)) exact++;
            checked++;
            log = [];
          }
        },
      ),
      { numRuns: 100, seed: 20261129 },
    );
    expect(checked).toBeGreaterThan(100);
    expect(exact / checked).toBeGreaterThan(0.7);
  });

  it('is null for a summary stored before the line was kept', () => {
    const config = BOT_TEST_CONFIGS[0];
    if (config === undefined) throw new Error('no config');
    let state = startMatch(config, seedsFor(config.players, 'old'));
    const rng = mulberry32(7);
    while (state.history.length === 0) {
      const seat = state.hand.turn as Seat;
      const moves = legalMoves(state, seat);
      const result = applyMove(state, seat, moves[Math.floor(rng() * moves.length)] as never);
      if (!result.ok) throw new Error(result.code);
      state = result.state;
    }
    const {
      line: _line,
      passes: _passes,
      ...old
    } = state.history[0] as NonNullable<(typeof state.history)[0]>;
    expect(reconstructHandPlays(old, config.players)).toBeNull();
  });
});

describe('the play likelihood', () => {
  it('favours deals in which a seat played its heaviest playable tile', () => {
    // Seat 1 played 1-6 on a 6 when it could have held 6-6 instead: deals giving it 6-6 now
    // (it chose the light tile over the double six) are less likely than deals where it did not.
    const plays: PastPlay[] = [
      { seat: 0, id: tileId([2, 6]), before: null },
      { seat: 1, id: tileId([1, 6]), before: { left: 2, right: 6 } },
    ];
    const likelihood = playLikelihood(plays, 0, 0.5);
    expect(likelihood).not.toBeNull();
    const withDouble = [0, maskOf([[6, 6]]), 0, 0];
    const without = [0, maskOf([[0, 0]]), 0, 0];
    expect(likelihood?.(withDouble)).toBeLessThan(likelihood?.(without) ?? 0);
  });
});
