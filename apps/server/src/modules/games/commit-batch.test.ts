import { describe, expect, it } from 'vitest';
import type { MatchState, Seat, TableConfig } from '@domino/domino';
import { DEFAULT_CONFIG, applyMove, legalMoves, startMatch } from '@domino/domino';
import { stateDelta } from './commit-batch';

const json = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

/** Freezes `v` and everything in it: a change in place then throws (ES modules are strict). */
function deepFreeze<T>(v: T): T {
  if (v && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
  return v;
}

/**
 * The state a move sends to the database is the top-level keys the engine replaced (decision
 * 035), merged there with `state || delta`. That is exact only because the engine never changes
 * a state in place: checked here on whole matches, for every move, with the previous state
 * frozen, in the product's modes.
 */
describe('the state delta of a move', () => {
  const configs: [string, TableConfig, number][] = [
    ['parejas, defaults', DEFAULT_CONFIG, 4],
    [
      'parejas, capicúa, pase corrido, pase de salida, winner leads',
      {
        ...DEFAULT_CONFIG,
        leadRule: 'winner',
        bonuses: { capicua: true, paseCorrido: true, paseSalida: true },
      } as TableConfig,
      4,
    ],
    ['individual, 3 players, drawing', { ...DEFAULT_CONFIG, mode: 'individual', players: 3 }, 3],
  ];
  it.each(configs)('merges back to the new state on every move: %s', (_, config, n) => {
    let hands = 0;
    for (let m = 0; m < 2; m++) {
      let state = startMatch(config, {
        serverSeed: `${m}`.repeat(64),
        clientSeeds: Array.from({ length: n }, (_, i) => `c${i}`),
      });
      let stored = json(state) as Record<string, unknown>;
      while (state.status === 'playing') {
        const seat = state.hand.turn as Seat;
        const moves = legalMoves(state, seat);
        const r = applyMove(deepFreeze(state), seat, moves[moves.length - 1]!);
        if (!r.ok) throw new Error(r.code);
        const delta = stateDelta(state, r.state);
        expect(delta).not.toBeNull();
        if ('history' in delta!) hands += 1;
        // What PostgreSQL's `||` does with the stored JSON: replace the top-level keys.
        stored = { ...stored, ...(json(delta) as Record<string, unknown>) };
        expect(stored).toEqual(json(r.state));
        state = r.state as MatchState;
      }
    }
    expect(hands).toBeGreaterThan(2);
  });

  it('sends the whole state when a merge could not express the change', () => {
    expect(stateDelta({ a: 1, b: 2 }, { a: 1 })).toBeNull();
    expect(stateDelta({ a: 1, b: 2 }, { a: 1, b: undefined })).toBeNull();
    expect(stateDelta(null, { a: 1 })).toBeNull();
    expect(stateDelta([1], [1, 2])).toBeNull();
    const kept = { x: [1] };
    expect(stateDelta({ a: kept, b: 2 }, { a: kept, b: 3, c: 'n' })).toEqual({ b: 3, c: 'n' });
  });
});
