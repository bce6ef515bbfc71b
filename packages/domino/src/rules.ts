/**
 * Legal moves and placing tiles on the line (docs/rules.md).
 *
 * - A tile is playable when it shows the pip of an open end; on an empty line any tile is
 *   playable, except that the leader of hand 1 must open with `requiredLead`.
 * - A seat with a playable tile must play (it may never pass or draw).
 * - Individual mode with drawing: a seat with no playable tile draws while the stock lasts.
 * - A seat with no playable tile and nothing to draw passes (the engine applies it, see match.ts).
 */
import { usesStock, type TableConfig } from './config';
import { matches, sameTile, type End, type Seat, type Tile } from './tiles';
import type { HandState, LinePiece, MatchState, Move, OpenEnds } from './types';

/** True when `tile` can be joined to the line with open ends `ends` (null = empty line). */
export function fitsLine(tile: Tile, ends: OpenEnds | null): boolean {
  return ends === null || matches(tile, ends.left) || matches(tile, ends.right);
}

/** True when some tile of `tiles` can be joined to the line. */
export function hasPlayableTile(tiles: readonly Tile[], ends: OpenEnds | null): boolean {
  for (const t of tiles) if (fitsLine(t, ends)) return true;
  return false;
}

/** True when `seat` must draw: stock in use and not empty, and no playable tile in hand. */
export function mustDraw(config: TableConfig, hand: HandState, seat: Seat): boolean {
  return (
    usesStock(config) &&
    hand.stock.length > 0 &&
    !hasPlayableTile(hand.hands[seat] ?? [], hand.ends)
  );
}

/**
 * Tranque test: nobody holds a playable tile and nobody can draw (docs/rules.md, "no one can play").
 */
export function isBlocked(config: TableConfig, hand: HandState): boolean {
  if (usesStock(config) && hand.stock.length > 0) return false;
  for (const tiles of hand.hands) if (hasPlayableTile(tiles, hand.ends)) return false;
  return true;
}

/**
 * The play moves available to the holder of `tiles`: every playable tile at every end it fits
 * (both ends when it fits both, so the player chooses). On an empty line each tile is listed
 * once, at 'left' (either end is accepted by applyMove); with `requiredLead` only that tile.
 */
export function playMoves(
  tiles: readonly Tile[],
  ends: OpenEnds | null,
  requiredLead: Tile | null,
): Move[] {
  const moves: Move[] = [];
  if (ends === null) {
    for (const tile of tiles) {
      if (requiredLead === null || sameTile(tile, requiredLead))
        moves.push({ kind: 'play', tile, end: 'left' });
    }
    return moves;
  }
  for (const tile of tiles) {
    if (matches(tile, ends.left)) moves.push({ kind: 'play', tile, end: 'left' });
    if (matches(tile, ends.right)) moves.push({ kind: 'play', tile, end: 'right' });
  }
  return moves;
}

/**
 * Every legal move for `seat` (docs/rules.md). Empty when the match is finished or it is not the
 * seat's turn. Otherwise: the play moves; if none, `[draw]` while the seat must draw; if none of
 * those either, `[pass]` (never reached in practice, because applyMove passes for such seats).
 */
export function legalMoves(state: MatchState, seat: Seat): Move[] {
  const hand = state.hand;
  if (state.status !== 'playing' || hand.turn !== seat) return [];
  const tiles = hand.hands[seat] ?? [];
  const plays = playMoves(tiles, hand.ends, hand.requiredLead);
  if (plays.length > 0) return plays;
  if (mustDraw(state.config, hand, seat)) return [{ kind: 'draw' }];
  return [{ kind: 'pass' }];
}

/**
 * Joins `tile` (played by `seat`) to `end` of the line. Returns the new line and ends, or null
 * when the tile does not fit that end. On an empty line the tile is laid as [low, high].
 */
export function placeTile(
  line: readonly LinePiece[],
  ends: OpenEnds | null,
  tile: Tile,
  end: End,
  seat: Seat,
): { line: LinePiece[]; ends: OpenEnds } | null {
  const [a, b] = tile;
  if (ends === null) {
    return { line: [{ tile, seat, left: a, right: b }], ends: { left: a, right: b } };
  }
  if (end === 'left') {
    if (!matches(tile, ends.left)) return null;
    // The half that touches the old left end faces right; the other half becomes the new end.
    const outer = b === ends.left ? a : b;
    const piece: LinePiece = { tile, seat, left: outer, right: ends.left };
    return { line: [piece, ...line], ends: { left: outer, right: ends.right } };
  }
  if (!matches(tile, ends.right)) return null;
  const outer = a === ends.right ? b : a;
  const piece: LinePiece = { tile, seat, left: ends.right, right: outer };
  return { line: [...line, piece], ends: { left: ends.left, right: outer } };
}
