import type { HandSummary, Move, Tile } from '@domino/domino';
import type { HandSummaryJson, LegalMoveJson, TileJson } from './games';

/**
 * The engine's values in the API's snake_case JSON, shared by the server's player and spectator
 * views (apps/server/src/modules/games/view.ts) and the device's offline match
 * (docs/decisions/041), so both screens receive the same shapes.
 */

/** A tile as `[high, low]` JSON. */
export const tileJson = (t: Tile): TileJson => [t[0], t[1]];

/** A legal move: a tile and the end it goes to, a draw, or a pass. */
export function legalMoveJson(m: Move): LegalMoveJson {
  if (m.kind === 'play') return { tile: tileJson(m.tile), end: m.end };
  if (m.kind === 'draw') return { draw: true };
  return { pass: true };
}

/** A finished hand's summary (points in game points, pips per seat and side). */
export function handSummaryJson(h: HandSummary): HandSummaryJson {
  return {
    hand_number: h.handNumber,
    ending: h.ending,
    winner_seat: h.winnerSeat,
    winner_side: h.winnerSide,
    voided: h.voided,
    pips_by_seat: [...h.pipsBySeat],
    pips_by_side: [...h.pipsBySide],
    base_points: h.basePoints,
    bonuses: h.bonuses.map((b) => ({ ...b })),
    points_by_side: [...h.pointsBySide],
    scores_after: [...h.scoresAfter],
    remaining: h.remaining.map((ts) => ts.map(tileJson)),
  };
}
