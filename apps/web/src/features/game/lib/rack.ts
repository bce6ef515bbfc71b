/**
 * Sizing of the player's tiles along the bottom of the table. A parejas hand never holds more
 * than 7 tiles; in individual mode with drawing a hand can grow well past that (up to 21 tiles
 * with 2 players), so when one row would make the tiles too small to read and tap, the rack
 * wraps onto two rows.
 */

/** Below this width (px) a tile in a single row is too small; two rows are used instead. */
export const MIN_ONE_ROW_TILE = 30;
/** Never smaller than this (px, the short side of a tile). */
export const MIN_TILE = 26;

export interface RackLayout {
  /** Short side of each tile, px. */
  size: number;
  /** Space between tiles, px. */
  gap: number;
  /** 1, or 2 when the hand wraps. */
  rows: 1 | 2;
}

/**
 * The tile size for `count` tiles in a rack `width` px wide (its content box plus 8 px of
 * padding): room for at least 7 slots, up to 46 px (54 px from 700 px wide). A hand that would
 * fall below MIN_ONE_ROW_TILE in one row wraps onto two rows with a tighter gap, and tiles at
 * most 36 px (44 px wide) so the rack does not eat the board.
 */
export function rackLayout(width: number, count: number): RackLayout {
  const wide = width >= 700;
  const fit = (slots: number, gap: number) => Math.floor((width - 8 - gap * (slots - 1)) / slots);
  const oneRowGap = wide ? 10 : 5;
  const oneRow = fit(Math.max(7, count), oneRowGap);
  if (count <= 7 || oneRow >= MIN_ONE_ROW_TILE) {
    return { size: Math.max(MIN_TILE, Math.min(wide ? 54 : 46, oneRow)), gap: oneRowGap, rows: 1 };
  }
  const gap = wide ? 8 : 3;
  const twoRows = fit(Math.ceil(count / 2), gap);
  return { size: Math.max(MIN_TILE, Math.min(wide ? 44 : 36, twoRows)), gap, rows: 2 };
}
