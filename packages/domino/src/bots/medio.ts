/**
 * Medio: a one-ply weighted heuristic, the bot the server also uses for absent players
 * (docs/architecture.md#how-a-move-flows). It scores every legal play from the view alone and plays the best; ties are broken
 * by the seeded rng. Cost: O(moves × hand), far under the 2 ms budget.
 *
 * What it values (weights in `MedioWeights`, all tunable):
 * - shedding heavy tiles (fewer pips to lose at the count) and doubles early (they are hard to
 *   place later, since only one suit takes them);
 * - keeping tiles that fit the new ends and keeping many suits in hand (not stranding a suit);
 * - opening ends an opponent has shown he lacks (his passes, `view.passes`), the next opponent
 *   counting double since he plays right after;
 * - parejas: not leaving ends the partner has passed on, not covering an end the partner put out
 *   (he likely wants that suit), and covering one an opponent put out;
 * - an end whose every other tile is already seen (nobody else can answer it) when the bot still
 *   holds that suit;
 * - when leading, the suit it holds most.
 */
import { sideOf } from '../config';
import { MAX_PIP, type Seat, type Tile } from '../tiles';
import type { Move } from '../types';
import type { PlayerView } from '../view';
import { constraintsFromView } from './knowledge';
import { toRng, type Rng, type RngSource } from './rng';
import { SUIT_MASK, popcount } from './tileset';
import { endsAfter, movesToChoose, partnerOf, type PlayMove } from './view-moves';

/** Weights of the Medio heuristic, in arbitrary score units per feature (see the file comment). */
export interface MedioWeights {
  /** Per pip of the tile played. */
  readonly pips: number;
  /** Playing a double, times the fraction of the hand (of 7 tiles) still held. */
  readonly double: number;
  /** Per remaining own tile that fits the new ends (counted up to 3). */
  readonly keepPlayable: number;
  /** Per distinct suit among the remaining own tiles. */
  readonly variety: number;
  /** Per new end an opponent has shown he lacks (the next opponent counts twice). */
  readonly opponentLacks: number;
  /** Penalty per new end the partner has shown he lacks. */
  readonly partnerLacks: number;
  /** Penalty for covering an end the partner put out (changing its suit). */
  readonly partnerEnd: number;
  /** Bonus for covering an end an opponent put out. */
  readonly opponentEnd: number;
  /** Per new end of a suit nobody else can hold any more, when the bot still holds that suit. */
  readonly lock: number;
  /** Leading: per other own tile sharing a suit with the lead tile. */
  readonly leadSuit: number;
}

/** Defaults, tuned by the bot tournament (bench/src/bot-tournament.ts). */
export const DEFAULT_MEDIO_WEIGHTS: MedioWeights = Object.freeze({
  pips: 1,
  double: 4,
  keepPlayable: 2,
  variety: 1.5,
  opponentLacks: 3,
  partnerLacks: 4,
  partnerEnd: 3,
  opponentEnd: 1.5,
  lock: 2,
  leadSuit: 2.5,
});

function suitCounts(tiles: readonly Tile[], skip: Tile | null): number[] {
  const counts = new Array<number>(MAX_PIP + 1).fill(0);
  for (const t of tiles) {
    if (t === skip) continue;
    counts[t[0]] = (counts[t[0]] as number) + 1;
    if (t[1] !== t[0]) counts[t[1]] = (counts[t[1]] as number) + 1;
  }
  return counts;
}

/** Everything the heuristic reads from the view, computed once per decision. */
interface Context {
  readonly view: PlayerView;
  readonly weights: MedioWeights;
  readonly lacks: readonly number[];
  readonly partner: number | null;
  readonly nextSeat: number;
  /** Unseen tile mask (other hands and stock). */
  readonly unknownMask: number;
  /** Seats whose piece sits at the left/right end of the line (-1 on an empty line). */
  readonly leftOwner: number;
  readonly rightOwner: number;
}

function buildContext(view: PlayerView, weights: MedioWeights): Context {
  const c = constraintsFromView(view);
  const first = view.line[0];
  const last = view.line[view.line.length - 1];
  return {
    view,
    weights,
    lacks: c.lacks,
    partner: partnerOf(view),
    nextSeat: (view.seat + 1) % view.config.players,
    unknownMask: c.unknownMask,
    leftOwner: first === undefined ? -1 : first.seat,
    rightOwner: last === undefined ? -1 : last.seat,
  };
}

function isOpponent(ctx: Context, seat: number): boolean {
  const { config } = ctx.view;
  return seat !== ctx.view.seat && sideOf(config, seat as Seat) !== sideOf(config, ctx.view.seat);
}

/** Heuristic score of one play (higher is better). */
function scorePlay(ctx: Context, move: PlayMove): number {
  const { view, weights: w } = ctx;
  const tile = move.tile;
  const rest = view.hand.filter((t) => t !== tile && !(t[0] === tile[0] && t[1] === tile[1]));
  const counts = suitCounts(rest, null);
  const ends = endsAfter(move, view.ends);
  let score = w.pips * (tile[0] + tile[1]);
  if (tile[0] === tile[1]) score += (w.double * view.hand.length) / 7;

  let fitting = 0;
  for (const t of rest) {
    if (t[0] === ends.left || t[1] === ends.left || t[0] === ends.right || t[1] === ends.right)
      fitting++;
  }
  score += w.keepPlayable * Math.min(fitting, 3);
  score += w.variety * counts.filter((n) => n > 0).length;

  if (view.ends === null) {
    const lead = suitCounts(rest, null);
    score +=
      w.leadSuit *
      ((lead[tile[0]] as number) + (tile[1] !== tile[0] ? (lead[tile[1]] as number) : 0));
  }

  const newEnds = ends.left === ends.right ? [ends.left] : [ends.left, ends.right];
  for (const pip of newEnds) {
    // Both ends showing the same pip weigh twice: nobody lacking it can play at all.
    const times = ends.left === ends.right ? 2 : 1;
    for (let s = 0; s < view.config.players; s++) {
      if (s === view.seat || !((ctx.lacks[s] as number) & (1 << pip))) continue;
      if (s === ctx.partner) score -= w.partnerLacks * times;
      else if (isOpponent(ctx, s)) score += w.opponentLacks * times * (s === ctx.nextSeat ? 2 : 1);
    }
    const othersCanHold = popcount(ctx.unknownMask & (SUIT_MASK[pip] as number)) > 0;
    if (!othersCanHold && (counts[pip] as number) > 0) score += w.lock * times;
  }

  if (view.ends !== null) {
    const covered = move.end === 'left' ? view.ends.left : view.ends.right;
    const owner = move.end === 'left' ? ctx.leftOwner : ctx.rightOwner;
    const newPip = move.end === 'left' ? ends.left : ends.right;
    if (newPip !== covered && owner >= 0) {
      if (owner === ctx.partner) score -= w.partnerEnd;
      else if (isOpponent(ctx, owner)) score += w.opponentEnd;
    }
  }
  return score;
}

/**
 * Scores every legal move of `view` with the Medio heuristic (higher is better; draws and passes,
 * always forced, score 0). Exposed for the Difícil bot's tie-breaks and for tuning.
 */
export function scoreMoves(
  view: PlayerView,
  weights: Partial<MedioWeights> = {},
): { move: Move; score: number }[] {
  const ctx = buildContext(view, { ...DEFAULT_MEDIO_WEIGHTS, ...weights });
  return movesToChoose(view).map((move) => ({
    move,
    score: move.kind === 'play' ? scorePlay(ctx, move) : 0,
  }));
}

function pickBest(scored: readonly { move: Move; score: number }[], rng: Rng): Move {
  let best = -Infinity;
  let ties: Move[] = [];
  for (const { move, score } of scored) {
    if (score > best + 1e-9) {
      best = score;
      ties = [move];
    } else if (score >= best - 1e-9) ties.push(move);
  }
  return ties[rng.int(ties.length)] as Move;
}

/**
 * Medio: the legal move of `view` with the best heuristic score (see the file comment), ties
 * broken by `rng`. `weights` overrides some of `DEFAULT_MEDIO_WEIGHTS`. Throws RangeError when
 * the view has no legal move.
 */
export function chooseMedio(
  view: PlayerView,
  rng: RngSource,
  weights: Partial<MedioWeights> = {},
): Move {
  const moves = movesToChoose(view);
  if (moves.length === 1) return moves[0] as Move;
  return pickBest(scoreMoves(view, weights), toRng(rng));
}
