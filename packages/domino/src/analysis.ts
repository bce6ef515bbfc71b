/**
 * Post-game analysis ("Análisis", docs/decisions/029-post-game-analysis.md): every decision a
 * seat took in a finished match, evaluated by the Experto bot's search from that seat's
 * `PlayerView` at that moment only (bots/experto.ts `analyzeExperto`: deals drawn from the
 * posterior of the hidden tiles, docs/decisions/058-experto.md), with the better move where the
 * one played lost notable expected points, and an accuracy figure for the match.
 *
 * Pure and deterministic: no clock, no Math.random. The randomness of each evaluation is seeded
 * by `seed` and the move's index in the log, so a recomputation gives the same result; and since
 * an evaluation reads only the view, two matches that differ only in tiles the seat could not see
 * give the same evaluation (the no-peeking property, analysis.test.ts).
 */
import { analyzeExperto, DEFAULT_EXPERTO_OPTIONS, type ExpertoOptions } from './bots/experto';
import type { FairnessSeeds } from './fairness';
import { applyMove, ReplayError, startMatch } from './match';
import type { TableConfig } from './config';
import type { Seat, Tile } from './tiles';
import type { LinePiece, MatchState, Move, OpenEnds, SeatedMove } from './types';
import { playerView, type PlayerView } from './view';

/**
 * Expected points (per hand, for the seat's side) a move must lose against the best one to be a
 * notable mistake. A hand is worth 20 to 60 points in parejas; 10 is about one heavy tile left in
 * a hand, well above the sampling noise of the search (decision 029).
 */
export const NOTABLE_LOSS_POINTS = 10;

/**
 * The Experto options that decide what an evaluation's `values` are, applied last whatever
 * `ReviewOptions.experto` says: every legal play is searched (`leadLongest` would search only the
 * long suit's leads, leaving the played move without a value), each value is expected points of
 * the hand for the seat's side (`matchPlay` would turn them into percentage points of the odds of
 * winning the match), and the search's choice is the best-valued play (`signalMargin` and `vote`
 * would let another play within a margin be chosen).
 */
const VALUES_IN_POINTS = Object.freeze({
  matchPlay: false,
  leadLongest: false,
  signalMargin: -1,
  vote: 0,
} satisfies Partial<ExpertoOptions>);

/**
 * The search of every reviewed decision: Experto's own reading of the hidden tiles (the passes,
 * what each seat chose not to play, its earlier hands, the partner's play signal) and its full
 * effort (DEFAULT_EXPERTO_OPTIONS, docs/decisions/058-experto.md: 768 deals of 3,840 proposals,
 * 1,200,000 nodes a decision), valued in expected points of the hand (`VALUES_IN_POINTS`). The
 * adaptive effort and the information-set search stay off, so every searched decision costs about
 * the same: 86 ms of CPU at the median, about 3 s for one seat of a parejas match to 100 points
 * (bench/src/analysis.ts; docs/decisions/029-post-game-analysis.md, addendum of 2026-12-04).
 */
export const ANALYSIS_EXPERTO_OPTIONS: ExpertoOptions = Object.freeze({
  ...DEFAULT_EXPERTO_OPTIONS,
  keyEffort: 1,
  infoSetTiles: 0,
  ...VALUES_IN_POINTS,
});

/** A legal move and its expected points for the seat's side over the rest of the hand. */
export interface MoveValue {
  readonly move: Move;
  /** Mean searched value in points (won minus conceded this hand), rounded to 0.1. */
  readonly value: number;
}

/** One decision of the reviewed seat: what it knew, what it played, and what the search thinks. */
export interface DecisionReview {
  /** 0-based index of the move in the match's move log. */
  readonly index: number;
  readonly handNumber: number;
  /** The seat's own tiles before the move (from its view). */
  readonly hand: readonly Tile[];
  /** The line and open ends before the move (public). */
  readonly line: readonly LinePiece[];
  /** Index in `line` of the hand's opening tile (tiles left of it were played on the left). */
  readonly anchor: number;
  readonly ends: OpenEnds | null;
  /** Match score per side before the move. */
  readonly scores: readonly number[];
  /** One legal move only (or a pass or a draw): nothing to choose, not part of the accuracy. */
  readonly forced: boolean;
  /** The move was played by the bot for an absent player: not part of the accuracy. */
  readonly autoplayed: boolean;
  readonly played: Move;
  /** The move with the best expected points (the played one when forced or among the best). */
  readonly best: Move;
  /** Every legal move with its value, best first; empty when forced. */
  readonly values: readonly MoveValue[];
  /** Expected points the played move lost against the best (>= 0, rounded to 0.1). */
  readonly loss: number;
  /** `loss >= notableLoss`. */
  readonly notable: boolean;
}

/** The analysis of one seat's match. */
export interface MatchReview {
  readonly seat: Seat;
  readonly decisions: readonly DecisionReview[];
  /** Decisions that count: neither forced nor autoplayed. */
  readonly counted: number;
  /** Counted decisions that played a best move (loss 0): "Mejor jugada". */
  readonly best: number;
  /** Counted decisions that lost less than the threshold: "Imprecisa". */
  readonly inexact: number;
  /** Counted decisions that lost the threshold or more: "Error notable". */
  readonly notable: number;
  /** Decisions with a single legal move (not counted). */
  readonly forced: number;
  /** Moves the CPU played for the seat while its player was away (not counted). */
  readonly autoplayed: number;
  /**
   * Share of counted decisions that played a best move, 0-100 (integer); null if none. The share
   * of the moves marked "Mejor jugada", so it reads with the marks (docs/decisions/050).
   */
  readonly accuracy: number | null;
  /** Mean loss over counted decisions, in points (rounded to 0.1); null if none. */
  readonly averageLoss: number | null;
  /** Threshold used, in expected points. */
  readonly notableLoss: number;
}

/** Options of a review. */
export interface ReviewOptions {
  /** Seed of the evaluations (the game id): each decision uses `${seed}:${index}`. */
  readonly seed: string;
  /**
   * Overrides of the search (ANALYSIS_EXPERTO_OPTIONS), e.g. a lighter effort in tests;
   * `matchPlay`, `leadLongest`, `signalMargin` and `vote` are ignored (`VALUES_IN_POINTS`).
   */
  readonly experto?: Partial<ExpertoOptions>;
  /** Notable threshold in expected points (default NOTABLE_LOSS_POINTS). */
  readonly notableLoss?: number;
}

/** A move of the log, with who actually chose it (the server's `game_moves.actor`). */
export interface LoggedMove extends SeatedMove {
  readonly actor?: 'player' | 'bot' | 'autoplay';
}

const round1 = (x: number): number => Math.round(x * 10) / 10;

function sameMove(a: Move, b: Move): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind !== 'play' || b.kind !== 'play') return true;
  return a.end === b.end && a.tile[0] === b.tile[0] && a.tile[1] === b.tile[1];
}

/**
 * Evaluates `played` in `view` (the deciding seat's view, its turn). Reads only the view, the
 * seed and the options. Forced decisions (one legal move, or a pass or draw) are not searched.
 * Throws RangeError when the view has no legal move or `played` is not one of them.
 */
export function reviewDecision(
  view: PlayerView,
  played: Move,
  index: number,
  options: ReviewOptions,
  context: { readonly autoplayed?: boolean; readonly anchor?: number } = {},
): DecisionReview {
  const legal = view.legalMoves;
  if (!legal.some((m) => sameMove(m, played)))
    throw new RangeError(`move ${index} is not legal for seat ${view.seat}`);
  const notableLoss = options.notableLoss ?? NOTABLE_LOSS_POINTS;
  const base = {
    index,
    handNumber: view.handNumber,
    hand: view.hand,
    line: view.line,
    anchor: context.anchor ?? 0,
    ends: view.ends,
    scores: view.scores,
    autoplayed: context.autoplayed ?? false,
    played,
  };
  const forced = legal.length === 1 || legal.some((m) => m.kind !== 'play');
  if (forced) return { ...base, forced, best: played, values: [], loss: 0, notable: false };
  const analysis = analyzeExperto(view, `${options.seed}:${index}`, {
    ...ANALYSIS_EXPERTO_OPTIONS,
    ...options.experto,
    ...VALUES_IN_POINTS,
  });
  const mine = analysis.values.find((v) => sameMove(v.move, played));
  if (mine === undefined) {
    // No consistent deal (cannot come from the engine; every legal play is searched otherwise,
    // VALUES_IN_POINTS): nothing to compare against.
    return { ...base, forced: false, best: played, values: [], loss: 0, notable: false };
  }
  const sorted = [...analysis.values].sort((a, b) => b.value - a.value);
  const top = (sorted[0] as { value: number }).value;
  const loss = round1(Math.max(0, top - mine.value));
  // The best move: the search's own choice (ties broken like the bot), unless the played move
  // is itself among the best.
  const best = loss === 0 ? played : analysis.move;
  return {
    ...base,
    forced: false,
    best,
    values: sorted.map((v) => ({ move: v.move, value: round1(v.value) })),
    loss,
    notable: loss >= notableLoss,
  };
}

/**
 * Reviews every decision `seat` took in the match the log describes, replaying it through the
 * engine from `config` and `fairness` (the revealed seeds). Calls `onDecision` after each
 * reviewed decision (progress). Throws ReplayError when the log does not replay, RangeError for a
 * seat outside the table.
 */
export function reviewMatch(
  config: TableConfig,
  fairness: FairnessSeeds,
  moves: readonly LoggedMove[],
  seat: Seat,
  options: ReviewOptions,
  onDecision?: (review: DecisionReview) => void,
): MatchReview {
  if (!Number.isInteger(seat) || seat < 0 || seat >= config.players)
    throw new RangeError(`seat ${seat} is not at this table`);
  let state: MatchState = startMatch(config, fairness);
  const decisions: DecisionReview[] = [];
  // The opening tile's index in the line: one more for each tile played on the left after it.
  let anchor = 0;
  moves.forEach((m, index) => {
    const result = applyMove(state, m.seat, m.move);
    if (!result.ok) throw new ReplayError(index, result.code);
    if (m.seat === seat) {
      const review = reviewDecision(playerView(state, seat), m.move, index, options, {
        autoplayed: m.actor === 'autoplay',
        anchor,
      });
      decisions.push(review);
      onDecision?.(review);
    }
    if (result.state.hand.number !== state.hand.number) anchor = 0;
    else if (m.move.kind === 'play' && m.move.end === 'left' && state.hand.line.length > 0)
      anchor++;
    state = result.state;
  });
  return summarize(seat, decisions, options.notableLoss ?? NOTABLE_LOSS_POINTS);
}

/**
 * The match figures from its decisions: how many of the counted ones (neither forced nor
 * autoplayed) were best, inexact or notable, the accuracy (share of best moves, 0-100) and the
 * mean loss over them, and how many were forced or played by the CPU.
 */
export function summarize(
  seat: Seat,
  decisions: readonly DecisionReview[],
  notableLoss: number = NOTABLE_LOSS_POINTS,
): MatchReview {
  const counted = decisions.filter((d) => !d.forced && !d.autoplayed);
  const best = counted.filter((d) => d.loss === 0).length;
  const notable = counted.filter((d) => d.notable).length;
  return {
    seat,
    decisions,
    counted: counted.length,
    best,
    inexact: counted.length - best - notable,
    notable,
    forced: decisions.filter((d) => d.forced && !d.autoplayed).length,
    autoplayed: decisions.filter((d) => d.autoplayed).length,
    accuracy: counted.length === 0 ? null : Math.round((100 * best) / counted.length),
    averageLoss:
      counted.length === 0
        ? null
        : round1(counted.reduce((s, d) => s + d.loss, 0) / counted.length),
    notableLoss,
  };
}
