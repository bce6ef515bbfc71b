import { describe, expect, it } from 'vitest';
import {
  applyOptimisticPlay,
  handTiles,
  isLegal,
  legalEndsFor,
  moveRequest,
  tapIntent,
  tileKey,
} from './moves';
import { makeView } from './test-support';

describe('move selection', () => {
  const legal = [
    { tile: [3, 5] as [number, number], end: 'left' as const },
    { tile: [3, 5] as [number, number], end: 'right' as const },
    { tile: [1, 5] as [number, number], end: 'right' as const },
  ];

  it('names a tile the same whichever half comes first', () => {
    expect(tileKey([5, 3])).toBe('3-5');
    expect(tileKey([3, 5])).toBe('3-5');
  });

  it('lists each end a tile fits once', () => {
    expect(legalEndsFor(legal, [5, 3])).toEqual(['left', 'right']);
    expect(legalEndsFor(legal, [1, 5])).toEqual(['right']);
    expect(legalEndsFor(legal, [2, 2])).toEqual([]);
  });

  it('plays a tile that fits one end on tap and asks for the end when it fits both', () => {
    expect(tapIntent(legal, [1, 5])).toEqual({ kind: 'play', tile: [1, 5], end: 'right' });
    expect(tapIntent(legal, [3, 5])).toEqual({
      kind: 'choose',
      tile: [3, 5],
      ends: ['left', 'right'],
    });
    expect(tapIntent(legal, [0, 0])).toEqual({ kind: 'none' });
  });

  it('marks the playable tiles of the hand and dims the rest', () => {
    const view = makeView({
      hand: [
        [1, 5],
        [3, 5],
        [0, 0],
      ],
      legal_moves: legal,
    });
    expect(handTiles(view).map((t) => [t.key, t.ends.length])).toEqual([
      ['1-5', 1],
      ['3-5', 2],
      ['0-0', 0],
    ]);
  });

  it('builds the move request bodies of the API', () => {
    expect(moveRequest(7, { tile: [3, 5], end: 'left' })).toEqual({
      version: 7,
      tile: [3, 5],
      end: 'left',
    });
    expect(moveRequest(7, { pass: true })).toEqual({ version: 7, pass: true });
    expect(moveRequest(7, { draw: true })).toEqual({ version: 7, draw: true });
  });

  it('refuses moves that are not legal now', () => {
    expect(isLegal(legal, { tile: [1, 5], end: 'left' })).toBe(false);
    expect(isLegal(legal, { tile: [1, 5], end: 'right' })).toBe(true);
    expect(isLegal(legal, { pass: true })).toBe(false);
    expect(isLegal([{ pass: true }], { pass: true })).toBe(true);
  });
});

describe('optimistic play', () => {
  it('opens the line with the tile and passes the turn', () => {
    const view = makeView({
      hand: [
        [6, 6],
        [1, 2],
      ],
      tile_counts: [2, 7, 7, 7],
    });
    const next = applyOptimisticPlay(view, [6, 6], 'left');
    expect(next.line).toEqual([{ tile: [6, 6], seat: 0, left: 6, right: 6 }]);
    expect(next.ends).toEqual({ left: 6, right: 6 });
    expect(next.hand).toEqual([[1, 2]]);
    expect(next.tile_counts).toEqual([1, 7, 7, 7]);
    expect(next.turn_seat).toBe(1);
    expect(next.legal_moves).toEqual([]);
  });

  it('adds the tile on the chosen end, turned so the matching half touches the line', () => {
    const view = makeView({
      hand: [[3, 5]],
      line: [{ tile: [5, 6], seat: 1, left: 5, right: 6 }],
      ends: { left: 5, right: 6 },
    });
    const next = applyOptimisticPlay(view, [3, 5], 'left');
    expect(next.line[0]).toEqual({ tile: [3, 5], seat: 0, left: 3, right: 5 });
    expect(next.ends).toEqual({ left: 3, right: 6 });
  });

  it('leaves the view alone for a tile that does not fit', () => {
    const view = makeView({
      hand: [[1, 2]],
      line: [{ tile: [5, 6], seat: 1, left: 5, right: 6 }],
      ends: { left: 5, right: 6 },
    });
    expect(applyOptimisticPlay(view, [1, 2], 'right')).toBe(view);
  });
});
