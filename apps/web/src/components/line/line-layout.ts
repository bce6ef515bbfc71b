/**
 * Geometry of the line of play (docs/product.md §2 game integration). The line is drawn as two arms growing
 * out of the opening tile: the right arm runs right along the centre row, turns down at the edge
 * and snakes back; the left arm runs left, turns up and snakes back. So the line fits any width
 * (a 360 px phone in portrait or a desktop) without horizontal scrolling, and a tile once placed
 * only moves when the available width changes.
 *
 * Units: 1 = the short side of a tile; a tile is 1 x 2. Coordinates are tile centres, y grows
 * downwards (SVG). Doubles are drawn crosswise (perpendicular to the direction of play).
 */

/** A tile on the line as the game view sends it (`left`/`right`: pips toward each end). */
export interface LinePieceInput {
  tile: readonly [number, number];
  seat: number;
  left: number;
  right: number;
}

/** One tile placed on the board. */
export interface PlacedTile {
  /** Index in `view.line` (left to right). */
  index: number;
  /** Centre, in tile units. */
  x: number;
  y: number;
  /** Long side vertical. */
  vertical: boolean;
  /** Pips on the top half (vertical) or the left half (horizontal). */
  first: number;
  /** Pips on the bottom half (vertical) or the right half (horizontal). */
  second: number;
  double: boolean;
}

/** Where the next (non-double) tile of an end would be centred: used for drop targets. */
export interface EndSpot {
  x: number;
  y: number;
  vertical: boolean;
}

export interface Bounds {
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

export interface LineLayout {
  tiles: PlacedTile[];
  /** Next-tile spots of each end; on an empty line both are the centre. */
  ends: { left: EndSpot; right: EndSpot };
  /** Bounding box of the tiles and the end spots. */
  bounds: Bounds;
}

type Heading = 'E' | 'W';

interface Cursor {
  /** Connection point on the row axis. */
  x: number;
  y: number;
  heading: Heading;
  /** True right after a corner tile (the next tile starts a new row). */
  afterCorner: boolean;
  /** x of the corner tile's inner edge, used when a double follows the corner. */
  cornerX: number;
}

/** Vertical distance between the axes of two rows of the same arm. */
export const ROW_PITCH = 2;

function isDoubleTile(tile: readonly [number, number]): boolean {
  return tile[0] === tile[1];
}

/**
 * Places one tile of an arm at the cursor and returns the advanced cursor. `inward` is the pip
 * touching the previous tile, `outward` the new open end. `turn` is +1 (the arm snakes downwards)
 * or -1 (upwards). `half` is the half-width of the rows.
 */
function place(
  cursor: Cursor,
  index: number,
  inward: number,
  outward: number,
  double: boolean,
  turn: 1 | -1,
  half: number,
): { tile: PlacedTile; next: Cursor } {
  const dir = cursor.heading === 'E' ? 1 : -1;

  if (double) {
    // A double right after a corner sits beside the corner tile's outer half, not under it.
    const startX = cursor.afterCorner ? cursor.cornerX : cursor.x;
    const x = startX + dir * 0.5;
    return {
      tile: { index, x, y: cursor.y, vertical: true, first: inward, second: outward, double },
      next: { ...cursor, x: startX + dir, afterCorner: false },
    };
  }

  const overflows = dir === 1 ? cursor.x + 2 > half : cursor.x - 2 < -half;
  if (!overflows || cursor.afterCorner) {
    const x = cursor.x + dir;
    const tile: PlacedTile =
      dir === 1
        ? { index, x, y: cursor.y, vertical: false, first: inward, second: outward, double }
        : { index, x, y: cursor.y, vertical: false, first: outward, second: inward, double };
    return { tile, next: { ...cursor, x: cursor.x + 2 * dir, afterCorner: false } };
  }

  // Corner: the tile turns vertical at the end of the row (its inward half level with the row),
  // and the next row runs the other way one ROW_PITCH further out.
  const innerEdge = cursor.x;
  const outerEdge = cursor.x + dir;
  const tile: PlacedTile = {
    index,
    x: cursor.x + dir * 0.5,
    y: cursor.y + turn * 0.5,
    vertical: true,
    first: turn === 1 ? inward : outward,
    second: turn === 1 ? outward : inward,
    double,
  };
  return {
    tile,
    next: {
      x: outerEdge,
      y: cursor.y + turn * ROW_PITCH,
      heading: cursor.heading === 'E' ? 'W' : 'E',
      afterCorner: true,
      cornerX: innerEdge,
    },
  };
}

/** The spot where a non-double would go next from `cursor` (same rules as `place`). */
function spotAt(cursor: Cursor, half: number, turn: 1 | -1): EndSpot {
  const { tile } = place(cursor, -1, 0, 1, false, turn, half);
  return { x: tile.x, y: tile.y, vertical: tile.vertical };
}

function tileBox(t: { x: number; y: number; vertical: boolean }): Bounds {
  const hw = t.vertical ? 0.5 : 1;
  const hh = t.vertical ? 1 : 0.5;
  return { minX: t.x - hw, maxX: t.x + hw, minY: t.y - hh, maxY: t.y + hh };
}

function union(a: Bounds, b: Bounds): Bounds {
  return {
    minX: Math.min(a.minX, b.minX),
    maxX: Math.max(a.maxX, b.maxX),
    minY: Math.min(a.minY, b.minY),
    maxY: Math.max(a.maxY, b.maxY),
  };
}

/**
 * Lays out `line` (left to right) around the opening tile `line[anchor]`, with rows at most
 * about `half` units either side of the centre (clamped to at least 3). The anchor is clamped
 * into the line. Returns tiles in line order, the next-tile spot of each end and the bounds.
 */
export function layoutLine(
  line: readonly LinePieceInput[],
  anchor: number,
  half: number,
): LineLayout {
  const h = Math.max(3, half);
  if (line.length === 0) {
    const centre: EndSpot = { x: 0, y: 0, vertical: false };
    return { tiles: [], ends: { left: centre, right: centre }, bounds: tileBox(centre) };
  }
  const a = Math.min(Math.max(0, Math.round(anchor)), line.length - 1);
  const opener = line[a] as LinePieceInput;
  const openerDouble = isDoubleTile(opener.tile);
  const tiles: PlacedTile[] = new Array<PlacedTile>(line.length);
  tiles[a] = {
    index: a,
    x: 0,
    y: 0,
    vertical: openerDouble,
    first: opener.left,
    second: opener.right,
    double: openerDouble,
  };
  const reach = openerDouble ? 0.5 : 1;

  let right: Cursor = { x: reach, y: 0, heading: 'E', afterCorner: false, cornerX: reach };
  for (let i = a + 1; i < line.length; i++) {
    const p = line[i] as LinePieceInput;
    const r = place(right, i, p.left, p.right, isDoubleTile(p.tile), 1, h);
    tiles[i] = r.tile;
    right = r.next;
  }

  let left: Cursor = { x: -reach, y: 0, heading: 'W', afterCorner: false, cornerX: -reach };
  for (let i = a - 1; i >= 0; i--) {
    const p = line[i] as LinePieceInput;
    const r = place(left, i, p.right, p.left, isDoubleTile(p.tile), -1, h);
    tiles[i] = r.tile;
    left = r.next;
  }

  const ends = { left: spotAt(left, h, -1), right: spotAt(right, h, 1) };
  let bounds = tileBox(tiles[a] as PlacedTile);
  for (const t of tiles) bounds = union(bounds, tileBox(t));
  bounds = union(union(bounds, tileBox(ends.left)), tileBox(ends.right));
  return { tiles, ends, bounds };
}

/**
 * Row half-width for a board `widthPx` wide, aiming at tiles whose short side is about
 * `targetUnitPx` (clamped to 4..14 units so rows stay readable on phones and not absurdly long
 * on wide screens).
 */
export function halfWidthFor(widthPx: number, targetUnitPx: number): number {
  if (!(widthPx > 0) || !(targetUnitPx > 0)) return 4;
  const units = widthPx / targetUnitPx;
  return Math.min(14, Math.max(4, Math.floor(units / 2 - 1.5)));
}

/**
 * The scale (px per unit) and centre that fit `bounds` plus `margin` units on every side into a
 * `widthPx` x `heightPx` box, never above `maxUnitPx`. The framed area is at least `minSpanX` x
 * `minSpanY` units, so a short line is shown large but not absurdly so; as the line grows the
 * camera zooms out (the board animates the change).
 */
export function fitBoard(
  bounds: Bounds,
  widthPx: number,
  heightPx: number,
  maxUnitPx: number,
  margin = 0.6,
  minSpanX = 9,
  minSpanY = 5,
): { unit: number; centreX: number; centreY: number } {
  const spanX = Math.max(bounds.maxX - bounds.minX, minSpanX) + 2 * margin;
  const spanY = Math.max(bounds.maxY - bounds.minY, minSpanY) + 2 * margin;
  const unit = Math.min(maxUnitPx, Math.max(1, widthPx) / spanX, Math.max(1, heightPx) / spanY);
  return {
    unit,
    centreX: (bounds.minX + bounds.maxX) / 2,
    centreY: (bounds.minY + bounds.maxY) / 2,
  };
}

/** True when two placed tiles overlap (touching edges do not count). Used by tests. */
export function tilesOverlap(a: PlacedTile, b: PlacedTile, epsilon = 1e-9): boolean {
  const x = tileBox(a);
  const y = tileBox(b);
  return (
    x.minX < y.maxX - epsilon &&
    y.minX < x.maxX - epsilon &&
    x.minY < y.maxY - epsilon &&
    y.minY < x.maxY - epsilon
  );
}
