/**
 * The simple bots: Fácil (a uniformly random legal move) and the greedy "heaviest tile" player
 * used as a yardstick in the bot tournament (bench/src/bot-tournament.ts).
 */
import type { Move } from '../types';
import type { PlayerView } from '../view';
import { toRng, type RngSource } from './rng';
import { movesToChoose } from './view-moves';

/** Fácil: one of `view.legalMoves`, uniformly at random. Throws RangeError when there are none. */
export function chooseFacil(view: PlayerView, rng: RngSource): Move {
  const moves = movesToChoose(view);
  return moves[toRng(rng).int(moves.length)] as Move;
}

/**
 * Greedy: plays the tile with the most pips (a common beginner's strategy: shed weight); ties
 * (same tile at two ends, or equal pips) are broken at random. Throws RangeError when there is
 * no legal move.
 */
export function chooseGreedy(view: PlayerView, rng: RngSource): Move {
  const moves = movesToChoose(view);
  let best = -1;
  let ties: Move[] = [];
  for (const m of moves) {
    const pips = m.kind === 'play' ? m.tile[0] + m.tile[1] : -1;
    if (pips > best) {
      best = pips;
      ties = [m];
    } else if (pips === best) ties.push(m);
  }
  return ties[toRng(rng).int(ties.length)] as Move;
}
