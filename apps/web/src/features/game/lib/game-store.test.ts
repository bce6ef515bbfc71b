import { describe, expect, it } from 'vitest';
import { GameStore } from './game-store';
import { openerIndex, resolveOpener } from './opener';
import { makeView } from './test-support';

function memory() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
}

describe('game screen store', () => {
  it('ignores stale views and views of another game', () => {
    const store = new GameStore('g1');
    expect(store.receive(makeView({ version: 5 }))).toBe(true);
    expect(store.receive(makeView({ version: 4 }))).toBe(false);
    expect(store.receive(makeView({ version: 9, game_id: 'g2' }))).toBe(false);
    expect(store.getState().view?.version).toBe(5);
  });

  it('draws my play at once and replaces it with the server view when it arrives', () => {
    const store = new GameStore('g1');
    store.receive(
      makeView({
        version: 2,
        hand: [
          [6, 6],
          [1, 2],
        ],
        legal_moves: [{ tile: [6, 6], end: 'left' }],
      }),
    );
    store.beginPlay([6, 6], 'left');
    expect(store.getState().display?.line).toHaveLength(1);
    expect(store.getState().display?.hand).toEqual([[1, 2]]);
    expect(store.getState().lastPlayed).toBe('6-6');

    store.receive(
      makeView({
        version: 3,
        hand: [[1, 2]],
        line: [{ tile: [6, 6], seat: 0, left: 6, right: 6 }],
        ends: { left: 6, right: 6 },
        turn_seat: 1,
      }),
    );
    expect(store.getState().pending).toBeNull();
    expect(store.getState().display?.version).toBe(3);
  });

  it('undoes the optimistic play when the server refuses it', () => {
    const store = new GameStore('g1');
    store.receive(makeView({ version: 2, hand: [[6, 6]] }));
    store.beginPlay([6, 6], 'left');
    store.cancelPlay();
    expect(store.getState().display?.line).toEqual([]);
    expect(store.getState().lastPlayed).toBeNull();
  });

  it("shows 'Paso' for a seat that passed until it plays again", () => {
    const store = new GameStore('g1');
    const line = [{ tile: [6, 6] as [number, number], seat: 0, left: 6, right: 6 }];
    store.receive(makeView({ version: 1, line, ends: { left: 6, right: 6 } }));
    store.receive(
      makeView({
        version: 2,
        line,
        ends: { left: 6, right: 6 },
        passes: [{ seat: 1, left: 6, right: 6 }],
      }),
    );
    expect(store.getState().passMarkers).toEqual([1]);
    store.receive(
      makeView({
        version: 3,
        line: [...line, { tile: [1, 6], seat: 1, left: 6, right: 1 }],
        ends: { left: 6, right: 1 },
        passes: [{ seat: 1, left: 6, right: 6 }],
      }),
    );
    expect(store.getState().passMarkers).toEqual([]);
    expect(store.getState().lastPlayed).toBe('1-6');
  });

  it('holds the summary of a hand that ended until it is dismissed', () => {
    const store = new GameStore('g1');
    store.receive(makeView({ version: 10, hands_played: 0 }));
    const last_hand = {
      hand_number: 1,
      ending: 'tranque' as const,
      winner_seat: null,
      winner_side: null,
      voided: true,
      pips_by_seat: [5, 5, 5, 5],
      pips_by_side: [10, 10],
      base_points: 0,
      bonuses: [],
      points_by_side: [0, 0],
      scores_after: [0, 0],
      remaining: [[], [], [], []],
    };
    store.receive(makeView({ version: 11, hand_number: 2, hands_played: 1, last_hand }));
    expect(store.getState().summary).toEqual(last_hand);
    store.dismissSummary();
    expect(store.getState().summary).toBeNull();
  });

  it('does not replay an old summary when the page is reloaded', () => {
    const store = new GameStore('g1');
    store.receive(makeView({ version: 11, hand_number: 2, hands_played: 1 }));
    expect(store.getState().summary).toBeNull();
  });
});

describe('opening tile', () => {
  const line = [
    { tile: [3, 6] as [number, number], seat: 1, left: 3, right: 6 },
    { tile: [6, 6] as [number, number], seat: 0, left: 6, right: 6 },
    { tile: [6, 1] as [number, number], seat: 3, left: 6, right: 1 },
  ];

  it('remembers the first tile of the hand across reloads', () => {
    const storage = memory();
    resolveOpener(makeView({ hand_number: 2, line: [line[2]!] }), storage);
    const later = makeView({ hand_number: 2, line });
    expect(resolveOpener(later, storage)).toBe('1-6');
    expect(openerIndex(line, '1-6')).toBe(2);
  });

  it('uses the required lead of hand 1, else the middle tile', () => {
    expect(resolveOpener(makeView({ line, required_lead: [6, 6] }), memory())).toBe('6-6');
    expect(resolveOpener(makeView({ hand_number: 3, line }), memory())).toBe('6-6');
    expect(resolveOpener(makeView({ line: [] }), memory())).toBeNull();
  });
});
