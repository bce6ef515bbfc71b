/**
 * What one seat may see (docs/architecture.md#how-a-move-flows: a seat only ever receives `playerView(state, seat)`).
 * Built field by field, never by copying the state and deleting, so a new hidden field can not
 * leak by accident. Hidden: other seats' tiles, the stock, the current deal, and the server seed
 * until the match is finished.
 */
import type { TableConfig } from './config';
import type { Deal, RevealedFairness } from './fairness';
import { legalMoves } from './rules';
import type { Seat, Tile } from './tiles';
import type {
  Bonus,
  GameEvent,
  HandSummary,
  LinePiece,
  MatchResult,
  MatchState,
  Move,
  OpenEnds,
  PassRecord,
} from './types';

/** A seat's view of the match. Plain JSON data. */
export interface PlayerView {
  readonly seat: Seat;
  readonly config: TableConfig;
  readonly status: 'playing' | 'finished';
  readonly handNumber: number;
  readonly leader: Seat;
  /** Seat to move; null once the match is finished. */
  readonly turn: Seat | null;
  /** Tile the leader must open with (hand 1 only), null otherwise. */
  readonly requiredLead: Tile | null;
  /** This seat's own tiles. */
  readonly hand: readonly Tile[];
  /** Number of tiles each seat holds. */
  readonly tileCounts: readonly number[];
  /** Tiles left in the stock (0 when the table does not draw). */
  readonly stockCount: number;
  readonly line: readonly LinePiece[];
  readonly ends: OpenEnds | null;
  /** Passes this hand, in order, with the ends each seat could not match. */
  readonly passes: readonly PassRecord[];
  /** Score per side (pairs 0+2 and 1+3 in parejas; per seat in individual). */
  readonly scores: readonly number[];
  /** Pase corrido bonuses earned this hand, credited when it ends. */
  readonly pendingBonuses: readonly Bonus[];
  /** This seat's legal moves (empty unless it is its turn). */
  readonly legalMoves: readonly Move[];
  /** Summary of the previous hand (of the final hand once the match is finished). */
  readonly lastHand: HandSummary | null;
  /**
   * Summaries of every finished hand of the match, oldest first (`lastHand` is the last one):
   * public, each was revealed to the table when its hand ended. Experto reads the earlier hands'
   * line of play from them (docs/decisions/058-experto.md, addendum 2).
   */
  readonly pastHands: readonly HandSummary[];
  readonly handsPlayed: number;
  readonly result: MatchResult | null;
  readonly fairness: {
    readonly commitment: string;
    readonly clientSeeds: readonly string[];
    /** Revealed only when the match is finished. */
    readonly serverSeed: string | null;
  };
}

/** Builds `seat`'s view of `state` (docs/architecture.md#how-a-move-flows). Contains no other seat's tiles. */
export function playerView(state: MatchState, seat: Seat): PlayerView {
  const hand = state.hand;
  const finished = state.status === 'finished';
  return {
    seat,
    config: state.config,
    status: state.status,
    handNumber: hand.number,
    leader: hand.leader,
    turn: hand.turn,
    requiredLead: hand.requiredLead,
    hand: hand.hands[seat] ?? [],
    tileCounts: hand.hands.map((tiles) => tiles.length),
    stockCount: hand.stock.length,
    line: hand.line,
    ends: hand.ends,
    passes: hand.passes,
    scores: state.scores,
    pendingBonuses: finished ? [] : hand.bonuses,
    legalMoves: legalMoves(state, seat),
    lastHand: state.history[state.history.length - 1] ?? null,
    pastHands: state.history,
    handsPlayed: state.history.length,
    result: state.result,
    fairness: {
      commitment: state.fairness.commitment,
      clientSeeds: state.fairness.clientSeeds,
      serverSeed: finished ? state.fairness.serverSeed : null,
    },
  };
}

/**
 * The event as `seat` may see it: another seat's `draw` loses its tile; everything else is
 * public (hand summaries reveal hands only once the hand is over).
 */
export function redactEvent(event: GameEvent, seat: Seat): GameEvent {
  if (event.type === 'draw' && event.seat !== seat) return { ...event, tile: null };
  return event;
}

/**
 * The audit record of a finished match: the revealed seeds and every hand's deal, in order, ready
 * for `verifyMatch(record.fairness, record.deals)`. Null while the match is in progress, because
 * the server seed must stay secret until then (docs/fairness.md).
 */
export function fairnessRecord(
  state: MatchState,
): { readonly fairness: RevealedFairness; readonly deals: readonly Deal[] } | null {
  if (state.status !== 'finished') return null;
  return { fairness: state.fairness, deals: state.history.map((h) => h.dealt) };
}
