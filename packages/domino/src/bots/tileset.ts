/**
 * Tile sets as 28-bit masks (bit `tileId(t)` set when the set holds `t`), the representation the
 * sampler and the search use to stay fast. Tile ids follow tiles.ts (canonical order).
 */
import { ALL_TILES, MAX_PIP, TILE_COUNT, tileId, type Tile } from '../tiles';

/** Low half of tile id i. */
export const TILE_LO: readonly number[] = ALL_TILES.map((t) => t[0]);
/** High half of tile id i. */
export const TILE_HI: readonly number[] = ALL_TILES.map((t) => t[1]);
/** Pips of tile id i (0..12). */
export const TILE_PIPS: readonly number[] = ALL_TILES.map((t) => t[0] + t[1]);

/** SUIT_MASK[p]: the 7 tiles showing pip p. */
export const SUIT_MASK: readonly number[] = Array.from({ length: MAX_PIP + 1 }, (_, p) => {
  let mask = 0;
  ALL_TILES.forEach((t, id) => {
    if (t[0] === p || t[1] === p) mask |= 1 << id;
  });
  return mask;
});

/** Mask of the seven doubles (0-0 … 6-6). */
export const DOUBLES_MASK: number = ALL_TILES.reduce(
  (mask, t, id) => (t[0] === t[1] ? mask | (1 << id) : mask),
  0,
);

/** Mask of the whole double-six set. */
export const FULL_MASK = (1 << TILE_COUNT) - 1;

/** Mask of a list of tiles. */
export function maskOf(tiles: readonly Tile[]): number {
  let mask = 0;
  for (const t of tiles) mask |= 1 << tileId(t);
  return mask;
}

/** Tile ids in a mask, ascending. */
export function idsOf(mask: number): number[] {
  const ids: number[] = [];
  for (let id = 0; id < TILE_COUNT; id++) if (mask & (1 << id)) ids.push(id);
  return ids;
}

/** Number of tiles in a mask. */
export function popcount(mask: number): number {
  let m = mask - ((mask >>> 1) & 0x55555555);
  m = (m & 0x33333333) + ((m >>> 2) & 0x33333333);
  return (Math.imul((m + (m >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) as number;
}

/** Total pips of the tiles in a mask. */
export function maskPips(mask: number): number {
  let s = 0;
  let m = mask;
  while (m !== 0) {
    const id = 31 - Math.clz32(m);
    s += TILE_PIPS[id] as number;
    m ^= 1 << id;
  }
  return s;
}

/** Mask of the tiles that can be joined to ends showing `left`/`right` (both -1: empty line). */
export function fitMask(left: number, right: number): number {
  if (left < 0) return FULL_MASK;
  return (SUIT_MASK[left] as number) | (SUIT_MASK[right] as number);
}
