/**
 * Tiles of the double-six set (docs/rules.md): 28 tiles, 168 pips in total.
 *
 * A tile is a readonly pair `[low, high]` with `0 <= low <= high <= 6`. Its compact id 0..27 is
 * its index in the canonical order [0,0],[0,1],..,[0,6],[1,1],..,[6,6] (the order the provably
 * fair shuffle starts from, see `fairness.ts`).
 */

/** A domino tile `[low, high]`, `low <= high`, pips 0..6. */
export type Tile = readonly [low: number, high: number];

/** Compact tile id 0..27: index in the canonical order. */
export type TileId = number;

/** Seat index 0..3; play passes 0 -> 1 -> 2 -> 3 -> 0 (counter-clockwise at the table). */
export type Seat = 0 | 1 | 2 | 3;

/** One of the two open ends of the line of play. */
export type End = 'left' | 'right';

export const TILE_COUNT = 28;
export const TOTAL_PIPS = 168;
export const MAX_PIP = 6;

function buildCanonical(): readonly Tile[] {
  const tiles: Tile[] = [];
  for (let a = 0; a <= MAX_PIP; a++) {
    for (let b = a; b <= MAX_PIP; b++) tiles.push(Object.freeze([a, b] as const));
  }
  return Object.freeze(tiles);
}

/** The 28 tiles in canonical order; `ALL_TILES[tileId(t)]` equals `t`. */
export const ALL_TILES: readonly Tile[] = buildCanonical();

/** Compact id 0..27 of a normalised tile (`low <= high`). */
export function tileId(tile: Tile): TileId {
  const [a, b] = tile;
  return 7 * a - (a * (a - 1)) / 2 + (b - a);
}

/** The tile with compact id `id` (0..27); throws RangeError outside that range. */
export function tileFromId(id: TileId): Tile {
  const t = ALL_TILES[id];
  if (t === undefined) throw new RangeError(`tile id out of range: ${id}`);
  return t;
}

/**
 * Validates and normalises untrusted tile input (`[a, b]` in either order, integers 0..6).
 * Returns the canonical tile from `ALL_TILES`, or null when the input is not a tile.
 */
export function parseTile(input: unknown): Tile | null {
  if (!Array.isArray(input) || input.length !== 2) return null;
  const [x, y] = input as unknown[];
  if (!isPip(x) || !isPip(y)) return null;
  return tileFromId(tileId(x <= y ? [x, y] : [y, x]));
}

function isPip(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= MAX_PIP;
}

/** Number of pips on a tile (0..12). */
export function tilePips(tile: Tile): number {
  return tile[0] + tile[1];
}

/** Total pips of a set of tiles. */
export function sumPips(tiles: readonly Tile[]): number {
  let s = 0;
  for (const t of tiles) s += t[0] + t[1];
  return s;
}

/** True for a double (both halves equal). */
export function isDouble(tile: Tile): boolean {
  return tile[0] === tile[1];
}

/** True when the tile shows `pip` on either half, i.e. it can be joined to an end showing it. */
export function matches(tile: Tile, pip: number): boolean {
  return tile[0] === pip || tile[1] === pip;
}

/** Same tile (by value; works for tiles that went through JSON). */
export function sameTile(a: Tile, b: Tile): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

/**
 * Rank used to pick the individual-mode leader of hand 1 (docs/rules.md, "highest double leads"):
 * any double beats any non-double; doubles by value; non-doubles by pip total, then by the higher
 * half (so 6-3 beats 5-4). Higher is stronger; every tile has a distinct rank.
 */
export function leadRank(tile: Tile): number {
  return (isDouble(tile) ? 1000 : 0) + tilePips(tile) * 10 + tile[1];
}
