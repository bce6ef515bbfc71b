/**
 * Rebuilding the order of play of the current hand from a `PlayerView`, and judging how likely a
 * deal makes what the other seats did (the Difícil bot's inference).
 *
 * The view has no move log, but the line and the passes pin the order down: the leader laid the
 * first tile; every later tile extends one arm of the line outwards, so each arm is in play order
 * from the first tile out; turns go round the table; a seat either plays the next tile of an arm
 * (by that seat, matching the open end) or passes (the next pass record, by that seat, on exactly
 * the open ends). A short search over which tile was first and over the rare ambiguous steps
 * finds the unique (or an equivalent) order.
 */
import type { Seat } from '../tiles';
import type { HandSummary, LinePiece, PassRecord } from '../types';
import { tileId } from '../tiles';
import type { PlayerView } from '../view';
import { FULL_MASK, TILE_PIPS, fitMask, popcount } from './tileset';

/** One play of the current hand, in order. */
export interface PastPlay {
  readonly seat: Seat;
  readonly id: number;
  /** Open ends before the play; null for the lead. */
  readonly before: { readonly left: number; readonly right: number } | null;
}

/** Gives up on pathological inputs after this many search steps (never reached in play). */
const STEP_LIMIT = 20_000;

/**
 * The plays of the current hand in the order they were made, or null when the view admits no
 * consistent order (a hand-built view, say).
 */
export function reconstructPlays(view: PlayerView): PastPlay[] | null {
  return playOrder(view.line, view.passes, view.leader, view.config.players, view.turn);
}

/**
 * The plays of a finished hand in order, from its public summary (`HandSummary.line` and
 * `passes`, decision 058 addendum 2), or null when the summary lacks them (stored before they
 * existed) or admits no consistent order.
 */
export function reconstructHandPlays(summary: HandSummary, players: number): PastPlay[] | null {
  if (summary.line === undefined || summary.passes === undefined) return null;
  return playOrder(summary.line, summary.passes, summary.leader, players, null);
}

/**
 * The order of play rebuilt from a line, its passes and the leader (file comment); `turn` is the
 * seat to move after the last play or pass (null: the hand is over, any seat may be next).
 */
function playOrder(
  line: readonly LinePiece[],
  passes: readonly PassRecord[],
  leader: Seat,
  players: number,
  turn: Seat | null,
): PastPlay[] | null {
  const n = line.length;
  if (n === 0) return [];
  const plays: PastPlay[] = [];
  let steps = 0;

  const go = (li: number, ri: number, pi: number, seat: number, L: number, R: number): boolean => {
    if (++steps > STEP_LIMIT) return false;
    if (li < 0 && ri >= n && pi === passes.length) return turn === null || seat === turn;
    const next = (seat + 1) % players;
    const left = line[li];
    if (left !== undefined && left.seat === seat && left.right === L) {
      plays.push({ seat: seat as Seat, id: tileId(left.tile), before: { left: L, right: R } });
      if (go(li - 1, ri, pi, next, left.left, R)) return true;
      plays.pop();
    }
    const right = line[ri];
    if (right !== undefined && right.seat === seat && right.left === R) {
      plays.push({ seat: seat as Seat, id: tileId(right.tile), before: { left: L, right: R } });
      if (go(li, ri + 1, pi, next, L, right.right)) return true;
      plays.pop();
    }
    const pass = passes[pi];
    if (pass !== undefined && pass.seat === seat && pass.left === L && pass.right === R) {
      if (go(li, ri, pi + 1, next, L, R)) return true;
    }
    return false;
  };

  for (let f = 0; f < n; f++) {
    const first = line[f];
    if (first === undefined || first.seat !== leader) continue;
    plays.length = 0;
    plays.push({ seat: first.seat, id: tileId(first.tile), before: null });
    if (go(f - 1, f + 1, 0, (first.seat + 1) % players, first.left, first.right)) return plays;
  }
  return null;
}

/**
 * A soft "shed the heaviest tile" model of the other seats: a seat picks among the tiles it could
 * play with probability proportional to exp(beta × pips). beta = 0 is uniform (no inference);
 * large beta is the greedy heaviest-tile player. Human players shed heavy tiles too, which is why
 * this is the default model; the partner (`partner`, parejas) may get its own `partnerBeta`.
 * Returns, for a deal, the log-likelihood of every play the other seats made (the deducing
 * seat's own plays carry no information; a forced lead neither), or null when nothing informs.
 */
export function playLikelihood(
  plays: readonly PastPlay[],
  seat: Seat,
  beta: number,
  options: {
    readonly partnerBeta?: number;
    readonly leadIsForced?: boolean;
    readonly partner?: number | null;
  } = {},
): ((hands: readonly number[]) => number) | null {
  const partner = options.partner ?? null;
  const partnerBeta = options.partnerBeta ?? beta;
  const weightOf = TILE_PIPS.map((pips) => Math.exp(beta * pips));
  const informative: {
    seat: number;
    id: number;
    fit: number;
    later: number;
    weight: readonly number[];
  }[] = [];
  const laterBySeat = new Map<number, number>();
  for (let i = plays.length - 1; i >= 0; i--) {
    const p = plays[i] as PastPlay;
    const later = (laterBySeat.get(p.seat) ?? 0) | (1 << p.id);
    laterBySeat.set(p.seat, later);
    // The lead of hand 1 is forced (6-6, or the highest tile); later leads choose among all
    // the leader's tiles.
    if (p.seat === seat || (p.before === null && options.leadIsForced === true)) continue;
    const b = p.seat === partner ? partnerBeta : beta;
    if (b === 0) continue;
    informative.push({
      seat: p.seat,
      id: p.id,
      fit: p.before === null ? FULL_MASK : fitMask(p.before.left, p.before.right),
      later,
      weight: b === beta ? weightOf : TILE_PIPS.map((pips) => Math.exp(b * pips)),
    });
  }
  if (informative.length === 0) return null;
  return (hands) => {
    let logL = 0;
    for (const p of informative) {
      const weight = p.weight;
      const legal = ((hands[p.seat] as number) | p.later) & p.fit;
      if (popcount(legal) <= 1) continue;
      let total = 0;
      let m = legal;
      while (m !== 0) {
        const id = 31 - Math.clz32(m);
        total += weight[id] as number;
        m ^= 1 << id;
      }
      logL += Math.log((weight[p.id] as number) / total);
    }
    return logL;
  };
}
