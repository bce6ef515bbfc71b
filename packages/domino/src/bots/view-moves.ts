/**
 * Small helpers the bots share for reading a `PlayerView` and checking their own output.
 */
import type { Move } from '../types';
import type { PlayerView } from '../view';

/** A play move (the only kind that needs choosing). */
export type PlayMove = Extract<Move, { kind: 'play' }>;

/**
 * The moves a bot may choose from: `view.legalMoves`. Throws RangeError when there are none
 * (the match is over or it is not the view's seat's turn): asking a bot to move then is a bug.
 */
export function movesToChoose(view: PlayerView): readonly Move[] {
  if (view.legalMoves.length === 0)
    throw new RangeError(`seat ${view.seat} has no legal move (not its turn or match over)`);
  return view.legalMoves;
}

/** Ends after playing `move` on `ends` (placeTile's orientation rule, rules.ts). */
export function endsAfter(
  move: PlayMove,
  ends: { readonly left: number; readonly right: number } | null,
): { left: number; right: number } {
  const [a, b] = move.tile;
  if (ends === null) return { left: a, right: b };
  if (move.end === 'left') return { left: b === ends.left ? a : b, right: ends.right };
  return { left: ends.left, right: a === ends.right ? b : a };
}

/** Seat of the partner in parejas (0+2, 1+3); null in individual mode. */
export function partnerOf(view: PlayerView): number | null {
  return view.config.mode === 'parejas' ? (view.seat + 2) % 4 : null;
}
