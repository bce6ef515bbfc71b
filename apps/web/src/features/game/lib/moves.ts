import type { GameView, LegalMoveJson, MoveRequest, TileJson } from '@domino/contracts';

/**
 * Move selection on the player's hand (docs/product.md §2 game integration, docs/rules.md): which tiles can be
 * played and on which end, what a tap on a tile means, and the request body of a move.
 */

export type EndName = 'left' | 'right';
export type Tile = readonly [number, number];

/** A stable key of a tile regardless of the order of its halves: '3-5'. */
export function tileKey(tile: Tile): string {
  const [a, b] = tile;
  return a <= b ? `${a}-${b}` : `${b}-${a}`;
}

export function sameTile(a: Tile, b: Tile): boolean {
  return tileKey(a) === tileKey(b);
}

/** The ends on which `tile` may be played now (empty when it cannot be played). */
export function legalEndsFor(legalMoves: readonly LegalMoveJson[], tile: Tile): EndName[] {
  const ends: EndName[] = [];
  for (const m of legalMoves) {
    if ('tile' in m && sameTile(m.tile, tile) && !ends.includes(m.end)) ends.push(m.end);
  }
  return ends;
}

export interface HandTileState {
  tile: TileJson;
  key: string;
  /** Ends it can be played on now; empty when it is not playable (or not my turn). */
  ends: EndName[];
}

/** Each tile of the hand with the ends it can be played on (none when it is not my turn). */
export function handTiles(view: Pick<GameView, 'hand' | 'legal_moves'>): HandTileState[] {
  return view.hand.map((tile) => ({
    tile,
    key: tileKey(tile),
    ends: legalEndsFor(view.legal_moves, tile),
  }));
}

export function canPass(legalMoves: readonly LegalMoveJson[]): boolean {
  return legalMoves.some((m) => 'pass' in m);
}

export function canDraw(legalMoves: readonly LegalMoveJson[]): boolean {
  return legalMoves.some((m) => 'draw' in m);
}

/** What a tap on a hand tile does: play it at once, ask for the end, or nothing. */
export type TapIntent =
  | { kind: 'play'; tile: TileJson; end: EndName }
  | { kind: 'choose'; tile: TileJson; ends: EndName[] }
  | { kind: 'none' };

/**
 * A tile that fits one end only is played on tap; a tile that fits both ends (two legal moves)
 * asks the player to choose; an unplayable tile does nothing.
 */
export function tapIntent(legalMoves: readonly LegalMoveJson[], tile: TileJson): TapIntent {
  const ends = legalEndsFor(legalMoves, tile);
  if (ends.length === 0) return { kind: 'none' };
  if (ends.length === 1) return { kind: 'play', tile, end: ends[0] as EndName };
  return { kind: 'choose', tile, ends };
}

/** A move the player makes: a tile on an end, a pass or a draw. */
export type PlayerMove = { tile: TileJson; end: EndName } | { pass: true } | { draw: true };

/** The body of POST /api/games/{id}/moves (contracts' moveRequestSchema). */
export function moveRequest(version: number, move: PlayerMove): MoveRequest {
  if ('tile' in move) return { version, tile: [move.tile[0], move.tile[1]], end: move.end };
  if ('pass' in move) return { version, pass: true };
  return { version, draw: true };
}

/** True when `move` is among the legal moves (guards against stale clicks). */
export function isLegal(legalMoves: readonly LegalMoveJson[], move: PlayerMove): boolean {
  if ('tile' in move) return legalEndsFor(legalMoves, move.tile).includes(move.end);
  if ('pass' in move) return canPass(legalMoves);
  return canDraw(legalMoves);
}

/**
 * The view as it will look once a tile play is accepted (optimistic display): the tile leaves
 * the hand and joins the line on `end`, the turn passes on and nothing is playable. Returns the
 * view unchanged when the tile does not fit.
 */
export function applyOptimisticPlay(view: GameView, tile: Tile, end: EndName): GameView {
  const index = view.hand.findIndex((t) => sameTile(t, tile));
  if (index < 0) return view;
  const [a, b] = tile;
  let piece: GameView['line'][number];
  let ends: { left: number; right: number };
  if (view.ends === null) {
    piece = { tile: [a, b], seat: view.my_seat, left: a, right: b };
    ends = { left: a, right: b };
  } else if (end === 'left') {
    if (a !== view.ends.left && b !== view.ends.left) return view;
    const outer = b === view.ends.left ? a : b;
    piece = { tile: [a, b], seat: view.my_seat, left: outer, right: view.ends.left };
    ends = { left: outer, right: view.ends.right };
  } else {
    if (a !== view.ends.right && b !== view.ends.right) return view;
    const outer = a === view.ends.right ? b : a;
    piece = { tile: [a, b], seat: view.my_seat, left: view.ends.right, right: outer };
    ends = { left: view.ends.left, right: outer };
  }
  const seats = view.tile_counts.length || 4;
  return {
    ...view,
    hand: view.hand.filter((_, i) => i !== index),
    line: end === 'left' && view.ends !== null ? [piece, ...view.line] : [...view.line, piece],
    ends,
    tile_counts: view.tile_counts.map((n, s) => (s === view.my_seat ? n - 1 : n)),
    turn_seat: (view.my_seat + 1) % seats,
    turn_deadline: null,
    legal_moves: [],
  };
}
