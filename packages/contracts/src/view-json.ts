import {
  usesStock,
  type Bonus,
  type HandSummary,
  type Move,
  type PlayerView,
  type Tile,
} from '@domino/domino';
import type { GameView, HandSummaryJson, LegalMoveJson, TileJson } from './games';
import { scoringEventWire } from './scoring-events';

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

/** A bonus with its kind as the wire names it (scoring-events.ts). */
function bonusJson(b: Bonus): HandSummaryJson['bonuses'][number] {
  return { kind: scoringEventWire(b.kind), seat: b.seat, side: b.side, points: b.points };
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
    bonuses: h.bonuses.map(bonusJson),
    points_by_side: [...h.pointsBySide],
    scores_after: [...h.scoresAfter],
    remaining: h.remaining.map((ts) => ts.map(tileJson)),
  };
}

/** The part of a player view that the engine's PlayerView alone decides. */
export type BoardJson = Pick<
  GameView,
  | 'status'
  | 'my_seat'
  | 'mode'
  | 'target_points'
  | 'turn_seconds'
  | 'hand'
  | 'line'
  | 'ends'
  | 'turn_seat'
  | 'legal_moves'
  | 'required_lead'
  | 'leader'
  | 'tile_counts'
  | 'stock_count'
  | 'drawing'
  | 'passes'
  | 'scores'
  | 'pending_bonuses'
  | 'hand_number'
  | 'hands_played'
  | 'last_hand'
>;

/**
 * A seat's board as the API shows it: its own hand, the line, the ends, whose turn, its legal
 * moves, the tile counts of the others (never their tiles), the scores and the last hand's
 * summary. Everything comes from the engine's `PlayerView`, which holds only what the seat may
 * know (docs/fairness.md); the server and the offline match add the rest (seats, clock, money).
 */
export function boardJson(v: PlayerView): BoardJson {
  return {
    status: v.status,
    my_seat: v.seat,
    mode: v.config.mode,
    target_points: v.config.targetPoints,
    turn_seconds: v.config.turnSeconds,
    hand: v.hand.map(tileJson),
    line: v.line.map((p) => ({
      tile: tileJson(p.tile),
      seat: p.seat,
      left: p.left,
      right: p.right,
    })),
    ends: v.ends ? { left: v.ends.left, right: v.ends.right } : null,
    turn_seat: v.turn,
    legal_moves: v.legalMoves.map(legalMoveJson),
    required_lead: v.requiredLead ? tileJson(v.requiredLead) : null,
    leader: v.leader,
    tile_counts: [...v.tileCounts],
    stock_count: v.stockCount,
    drawing: usesStock(v.config),
    passes: v.passes.map((p) => ({ seat: p.seat, left: p.left, right: p.right })),
    scores: [...v.scores],
    pending_bonuses: v.pendingBonuses.map(bonusJson),
    hand_number: v.handNumber,
    hands_played: v.handsPlayed,
    last_hand: v.lastHand ? handSummaryJson(v.lastHand) : null,
  };
}
