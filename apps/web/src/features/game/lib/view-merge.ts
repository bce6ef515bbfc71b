import type { GameView, HandSummaryJson } from '@domino/contracts';
import { tileKey } from './moves';

/**
 * Merging game views that arrive from three places (GET, the move response, Socket.IO pushes)
 * in any order (docs/architecture.md#how-a-move-flows): a view is accepted only when it is for the same game and its version
 * is at least the one held. `diffViews` says what changed, for highlights and the hand summary.
 */

/** True when `incoming` may replace `current`. */
export function acceptsView(current: GameView | null, incoming: GameView): boolean {
  if (current === null) return true;
  return incoming.game_id === current.game_id && incoming.version >= current.version;
}

/** The newer of two views (the current one when `incoming` is stale or for another game). */
export function mergeView(current: GameView | null, incoming: GameView): GameView {
  return acceptsView(current, incoming) ? incoming : (current as GameView);
}

export interface ViewChange {
  /** Tile key of the tile played most recently between the two views, if any. */
  played: string | null;
  /** Seat that played it. */
  playedBy: number | null;
  /** Seats that passed between the two views, in order. */
  passed: number[];
  /** The summary of a hand that ended between the two views. */
  handEnded: HandSummaryJson | null;
  /** A new hand began (hand_number changed). */
  newHand: boolean;
}

const NO_CHANGE: ViewChange = {
  played: null,
  playedBy: null,
  passed: [],
  handEnded: null,
  newHand: false,
};

/**
 * What happened between `prev` and `next` (same game). Several tiles may have been played when
 * pushes were missed: the most recent is the one whose seat moved last before `next.turn_seat`.
 */
export function diffViews(prev: GameView | null, next: GameView): ViewChange {
  if (prev === null || prev.game_id !== next.game_id || next.version <= prev.version)
    return NO_CHANGE;
  const handEnded =
    next.hands_played > prev.hands_played && next.last_hand !== null ? next.last_hand : null;
  const newHand = next.hand_number !== prev.hand_number;
  if (newHand) return { ...NO_CHANGE, handEnded, newHand };

  const before = new Set(prev.line.map((p) => tileKey(p.tile)));
  const added = next.line.filter((p) => !before.has(tileKey(p.tile)));
  let played: (typeof added)[number] | null = null;
  if (added.length === 1) played = added[0] ?? null;
  else if (added.length > 1) {
    const seats = next.tile_counts.length || 4;
    const turn = next.turn_seat ?? 0;
    // Walk back from the seat before the current turn; the first seat with a new tile moved last.
    for (let back = 1; back <= seats && played === null; back++) {
      const seat = (turn - back + seats * 2) % seats;
      played = added.filter((p) => p.seat === seat).at(-1) ?? null;
    }
  }
  const passed = next.passes.slice(prev.passes.length).map((p) => p.seat);
  return {
    played: played ? tileKey(played.tile) : null,
    playedBy: played ? played.seat : null,
    passed,
    handEnded,
    newHand,
  };
}
