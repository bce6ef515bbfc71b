/**
 * Match state, moves, events and results. Everything here is plain JSON data (no classes, no
 * undefined, no Map): the server stores `MatchState` as jsonb and it must survive
 * JSON.stringify/JSON.parse unchanged (docs/architecture.md#how-a-move-flows).
 */
import type { BonusKind, TableConfig } from './config';
import type { Deal } from './fairness';
import type { End, Seat, Tile } from './tiles';

/** A player's move. `draw` exists only in individual mode with drawing on. */
export type Move =
  | { readonly kind: 'play'; readonly tile: Tile; readonly end: End }
  | { readonly kind: 'pass' }
  | { readonly kind: 'draw' };

/** A move together with the seat that made it, as stored in the move log and used by `replay`. */
export interface SeatedMove {
  readonly seat: Seat;
  readonly move: Move;
}

/**
 * A tile on the table. `left`/`right` are the pips it shows towards the left and right of the
 * line as drawn (a 3-5 played on a left end showing 5 reads left=3, right=5).
 */
export interface LinePiece {
  readonly tile: Tile;
  readonly seat: Seat;
  readonly left: number;
  readonly right: number;
}

/** The pips showing at the two open ends of the line. */
export interface OpenEnds {
  readonly left: number;
  readonly right: number;
}

/** A pass, with the ends the seat could not match (what opponents deduce from it). */
export interface PassRecord {
  readonly seat: Seat;
  readonly left: number;
  readonly right: number;
}

/** A +25 bonus earned in a hand (docs/rules.md, bonuses; the kinds: config.ts `BONUS_SWITCHES`). */
export interface Bonus {
  readonly kind: BonusKind;
  readonly seat: Seat;
  readonly side: number;
  readonly points: number;
}

/** One hand in progress (or the final hand of a finished match). */
export interface HandState {
  /** 1-based hand number; also the deal's hand number. */
  readonly number: number;
  readonly leader: Seat;
  /** Tile the leader must open with (hand 1 only: 6-6, or the highest tile in individual). */
  readonly requiredLead: Tile | null;
  /** Tiles in each seat's hand (hidden information). */
  readonly hands: readonly (readonly Tile[])[];
  /** Individual mode: undrawn tiles, drawn from the front (hidden information). */
  readonly stock: readonly Tile[];
  /** The line of play, left to right. */
  readonly line: readonly LinePiece[];
  /** Null until the first tile is played. */
  readonly ends: OpenEnds | null;
  /** Seat to move; null once the hand is over. */
  readonly turn: Seat | null;
  readonly passes: readonly PassRecord[];
  /** Seat of the most recent play, and passes since it (for pase corrido). */
  readonly lastPlayer: Seat | null;
  readonly passesInRow: number;
  /** Pase corrido bonuses earned so far in this hand. */
  readonly bonuses: readonly Bonus[];
  /** The original deal, kept for the hand summary and fairness verification (hidden). */
  readonly dealt: Deal;
}

/** How a hand ended, what each seat and side held, and what was scored (docs/rules.md). */
export interface HandSummary {
  readonly handNumber: number;
  readonly leader: Seat;
  readonly ending: 'domino' | 'tranque';
  /** Seat that went out (dominó) or held the winning hand (tranque); null when voided. */
  readonly winnerSeat: Seat | null;
  readonly winnerSide: number | null;
  /** Exact tranque tie: the hand scores 0 base points. */
  readonly voided: boolean;
  /** Pips left per seat, and summed per side (pairs in parejas). */
  readonly pipsBySeat: readonly number[];
  readonly pipsBySide: readonly number[];
  /** Points from pips counted for the winner (0 when voided). */
  readonly basePoints: number;
  readonly bonuses: readonly Bonus[];
  /** Points added to each side's score by this hand, bonuses included. */
  readonly pointsBySide: readonly number[];
  /** Match score per side after this hand. */
  readonly scoresAfter: readonly number[];
  /** Tiles left in each hand when the hand ended (revealed for counting). */
  readonly remaining: readonly (readonly Tile[])[];
  /** The deal of this hand, for verification once the server seed is revealed. */
  readonly dealt: Deal;
  /**
   * The final line and the passes of the hand: public (every seat saw each play and pass), so
   * the order of play can be rebuilt (bots/history.ts) and Experto reads how each seat chose
   * (docs/decisions/058-experto.md, addendum 2). Absent in summaries stored before it existed.
   */
  readonly line?: readonly LinePiece[];
  readonly passes?: readonly PassRecord[];
}

/** Final result of a match. */
export interface MatchResult {
  readonly winnerSide: number;
  /** Seats of the winning side (both partners in parejas). */
  readonly winnerSeats: readonly Seat[];
  readonly scores: readonly number[];
  readonly hands: number;
  /**
   * Set when the match did not end by play but by forfeit (a tournament no-show, decided by the
   * server: docs/decisions/028-tournaments.md); such a match is unrated (decision 026).
   */
  readonly forfeit?: true;
  /**
   * A duplicate table (`config.boards`) that ended level after its last board: `winnerSide` is -1
   * and `winnerSeats` empty (docs/decisions/062-duplicate-domino.md).
   */
  readonly tied?: true;
}

/** The whole authoritative state of a match: server-side only, players get `playerView`. */
export interface MatchState {
  /** Schema version of this JSON shape. */
  readonly schema: 1;
  readonly config: TableConfig;
  readonly fairness: {
    readonly commitment: string;
    /** Secret until the match is finished. */
    readonly serverSeed: string;
    readonly clientSeeds: readonly string[];
  };
  readonly status: 'playing' | 'finished';
  /** Score per side (2 pairs in parejas, one per seat in individual). */
  readonly scores: readonly number[];
  readonly hand: HandState;
  /** Summaries of every finished hand, in order. */
  readonly history: readonly HandSummary[];
  readonly result: MatchResult | null;
  /** Number of moves accepted so far (automatic passes are not moves). */
  readonly seq: number;
}

/**
 * What happened as a result of one move, in order. `draw` events carry the drawn tile: broadcast
 * them only through `redactEvent`.
 */
export type GameEvent =
  | { readonly type: 'play'; readonly seat: Seat; readonly tile: Tile; readonly end: End }
  | { readonly type: 'draw'; readonly seat: Seat; readonly tile: Tile | null }
  | { readonly type: 'pass'; readonly seat: Seat; readonly auto: boolean }
  /** A bonus earned during the hand (pase corrido), credited when the hand ends. */
  | { readonly type: 'bonus'; readonly bonus: Bonus }
  | { readonly type: 'hand_end'; readonly summary: HandSummary }
  | {
      readonly type: 'hand_start';
      readonly handNumber: number;
      readonly leader: Seat;
      readonly requiredLead: Tile | null;
    }
  | { readonly type: 'match_end'; readonly result: MatchResult };

/** Rejection codes of `applyMove` (namespaced, STYLE: errors). */
export type MoveErrorCode =
  | 'game/finished'
  | 'game/invalid_seat'
  | 'game/not_your_turn'
  | 'game/invalid_move'
  | 'game/not_in_hand'
  | 'game/must_lead_tile'
  | 'game/illegal_tile'
  | 'game/must_play'
  | 'game/must_draw'
  | 'game/cannot_draw';

/** Outcome of `applyMove`: a new state plus events, or a rejection that changes nothing. */
export type MoveResult =
  | { readonly ok: true; readonly state: MatchState; readonly events: GameEvent[] }
  | { readonly ok: false; readonly code: MoveErrorCode; readonly message: string };
