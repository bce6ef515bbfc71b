import { describe, expect, it } from 'vitest';
import { placeTile, type LinePiece, type OpenEnds, type Tile } from '@domino/domino';
import {
  fitBoard,
  halfWidthFor,
  layoutLine,
  tilesOverlap,
  type LinePieceInput,
  type PlacedTile,
} from './line-layout';

/** A deterministic pseudo-random generator (tests only). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Builds a random legal line with the engine, returning it and the opener's index. */
function randomLine(seed: number): { line: LinePieceInput[]; anchor: number } {
  const next = rng(seed);
  const all: Tile[] = [];
  for (let a = 0; a <= 6; a++) for (let b = a; b <= 6; b++) all.push([a, b]);
  let line: LinePiece[] = [];
  let ends: OpenEnds | null = null;
  let anchor = 0;
  const remaining = all.slice();
  for (;;) {
    const options: { tile: Tile; end: 'left' | 'right' }[] = [];
    for (const tile of remaining) {
      for (const end of ['left', 'right'] as const) {
        if (placeTile(line, ends, tile, end, 0) !== null) options.push({ tile, end });
      }
    }
    if (options.length === 0) break;
    const pick = options[Math.floor(next() * options.length)]!;
    const placed: { line: LinePiece[]; ends: OpenEnds } = placeTile(
      line,
      ends,
      pick.tile,
      pick.end,
      0,
    )!;
    if (ends !== null && pick.end === 'left') anchor++;
    line = placed.line;
    ends = placed.ends;
    remaining.splice(remaining.indexOf(pick.tile), 1);
  }
  return { line: line.map((p) => ({ ...p, tile: [p.tile[0], p.tile[1]] as const })), anchor };
}

function halves(t: PlacedTile): { x: number; y: number; pip: number }[] {
  const d = t.vertical ? { x: 0, y: 0.5 } : { x: 0.5, y: 0 };
  return [
    { x: t.x - d.x, y: t.y - d.y, pip: t.first },
    { x: t.x + d.x, y: t.y + d.y, pip: t.second },
  ];
}

/** The half of `t` nearest to the centre of `other`. */
function nearestHalf(t: PlacedTile, other: PlacedTile): { pip: number } {
  const [h1, h2] = halves(t) as [
    { x: number; y: number; pip: number },
    { x: number; y: number; pip: number },
  ];
  const d = (h: { x: number; y: number }) => Math.hypot(h.x - other.x, h.y - other.y);
  return d(h1) <= d(h2) ? h1 : h2;
}

function box(t: PlacedTile) {
  const hw = t.vertical ? 0.5 : 1;
  const hh = t.vertical ? 1 : 0.5;
  return { minX: t.x - hw, maxX: t.x + hw, minY: t.y - hh, maxY: t.y + hh };
}

/** Two tiles touch: they do not overlap and share part of an edge. */
function touching(a: PlacedTile, b: PlacedTile): boolean {
  const x = box(a);
  const y = box(b);
  const gapX = Math.max(x.minX - y.maxX, y.minX - x.maxX);
  const gapY = Math.max(x.minY - y.maxY, y.minY - x.maxY);
  return !tilesOverlap(a, b) && Math.abs(Math.max(gapX, gapY)) < 1e-9 && Math.min(gapX, gapY) < 0;
}

describe('layoutLine', () => {
  it('puts a single opening double crosswise at the centre', () => {
    const layout = layoutLine([{ tile: [6, 6], seat: 0, left: 6, right: 6 }], 0, 6);
    expect(layout.tiles).toEqual([
      { index: 0, x: 0, y: 0, vertical: true, first: 6, second: 6, double: true },
    ]);
    expect(layout.ends.left).toEqual({ x: -1.5, y: 0, vertical: false });
    expect(layout.ends.right).toEqual({ x: 1.5, y: 0, vertical: false });
  });

  it('shows each tile with the pips facing its neighbours', () => {
    const line: LinePieceInput[] = [
      { tile: [3, 6], seat: 1, left: 3, right: 6 },
      { tile: [6, 6], seat: 0, left: 6, right: 6 },
      { tile: [4, 6], seat: 3, left: 6, right: 4 },
    ];
    const { tiles } = layoutLine(line, 1, 6);
    expect(tiles[0]).toMatchObject({ x: -1.5, y: 0, vertical: false, first: 3, second: 6 });
    expect(tiles[2]).toMatchObject({ x: 1.5, y: 0, vertical: false, first: 6, second: 4 });
  });

  it('gives the centre as the only spot of an empty line', () => {
    const layout = layoutLine([], 0, 6);
    expect(layout.tiles).toEqual([]);
    expect(layout.ends.left).toEqual(layout.ends.right);
  });

  it('never overlaps tiles, keeps neighbours touching with matching pips, for any line and width', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const { line, anchor } = randomLine(seed);
      for (const half of [4, 5, 6, 8, 10, 12, 14]) {
        const { tiles, bounds } = layoutLine(line, anchor, half);
        expect(tiles).toHaveLength(line.length);
        for (let i = 0; i < tiles.length; i++) {
          for (let j = i + 1; j < tiles.length; j++) {
            expect(
              tilesOverlap(tiles[i]!, tiles[j]!),
              `seed ${seed} half ${half}: tiles ${i} and ${j} overlap`,
            ).toBe(false);
          }
        }
        for (let i = 0; i + 1 < tiles.length; i++) {
          const a = tiles[i]!;
          const b = tiles[i + 1]!;
          expect(touching(a, b), `seed ${seed} half ${half}: ${i} and ${i + 1} apart`).toBe(true);
          // The pips on the touching halves are equal (line[i].right === line[i + 1].left).
          expect(nearestHalf(a, b).pip).toBe(line[i]!.right);
          expect(nearestHalf(b, a).pip).toBe(line[i + 1]!.left);
        }
        // No horizontal scrolling: everything stays within the row width plus the corner tile.
        expect(bounds.minX).toBeGreaterThanOrEqual(-(half + 3));
        expect(bounds.maxX).toBeLessThanOrEqual(half + 3);
      }
    }
  });

  it('keeps placed tiles where they are when a tile is added at either end', () => {
    const { line, anchor } = randomLine(7);
    const full = layoutLine(line, anchor, 6).tiles;
    const withoutLast = layoutLine(line.slice(0, -1), anchor, 6).tiles;
    expect(withoutLast).toEqual(full.slice(0, -1));
    if (anchor > 0) {
      const withoutFirst = layoutLine(line.slice(1), anchor - 1, 6).tiles;
      expect(withoutFirst.map(({ index: _i, ...t }) => t)).toEqual(
        full.slice(1).map(({ index: _i, ...t }) => t),
      );
    }
  });
});

describe('board sizing', () => {
  it('uses rows of about 5 to 6 tile widths on a 360 px phone and wider rows on a desktop', () => {
    expect(halfWidthFor(340, 24)).toBe(5);
    expect(halfWidthFor(900, 34)).toBe(11);
    expect(halfWidthFor(0, 24)).toBe(4);
  });

  it('scales the line to fit the board, never above the maximum tile size', () => {
    const bounds = { minX: -7, maxX: 7, minY: -5, maxY: 5 };
    const tall = fitBoard(bounds, 340, 2000, 40);
    expect(tall.unit).toBeCloseTo(340 / (14 + 1.2));
    const short = fitBoard(bounds, 340, 100, 40);
    expect(short.unit).toBeCloseTo(100 / 11.2);
    expect(fitBoard(bounds, 5000, 5000, 40).unit).toBe(40);
  });

  it('frames a short line at a comfortable size and centres it', () => {
    const one = { minX: -1, maxX: 1, minY: -0.5, maxY: 0.5 };
    const fit = fitBoard(one, 340, 500, 60);
    expect(fit.unit).toBeCloseTo(340 / (9 + 1.2));
    expect([fit.centreX, fit.centreY]).toEqual([0, 0]);
  });
});
