/**
 * What a seat can deduce about the hidden tiles from its `PlayerView` alone (docs/architecture.md#how-a-move-flows: bots get
 * the same view as players): which tiles are unseen, how many each other seat and the stock hold,
 * and which pips each seat has shown it lacks by passing.
 */
import { MAX_PIP, type Seat } from '../tiles';
import type { PlayerView } from '../view';
import { FULL_MASK, SUIT_MASK, maskOf } from './tileset';

/** The hidden part of a hand as seen from one seat. Masks are 28-bit tile sets (tileset.ts). */
export interface DealConstraints {
  /** The seat that deduces. */
  readonly seat: Seat;
  readonly players: number;
  /** The deducing seat's own tiles. */
  readonly ownMask: number;
  /** Tiles neither in the own hand nor on the line: in other hands or the stock. */
  readonly unknownMask: number;
  /** Tiles each seat holds (`needs[seat]` is 0 for the deducing seat: its tiles are known). */
  readonly needs: readonly number[];
  /** Tiles in the stock (individual mode; 0 in parejas). */
  readonly stockNeed: number;
  /**
   * Pips each seat holds no tile of, as a 7-bit set (bit p = lacks pip p). Source: every pass in
   * `view.passes` lists the two ends the seat could not match. Hands only shrink after a pass
   * (parejas has no stock; in individual mode with drawing a seat passes only once the stock is
   * empty), so the deduction still holds for the seat's current tiles.
   */
  readonly lacks: readonly number[];
}

/** Pips `lacks` bit set as a tile mask: the tiles a seat lacking those pips cannot hold. */
export function lackedTiles(lackBits: number): number {
  let mask = 0;
  for (let p = 0; p <= MAX_PIP; p++) if (lackBits & (1 << p)) mask |= SUIT_MASK[p] as number;
  return mask;
}

/** Builds the deal constraints of `view.seat` from its view (and nothing else). */
export function constraintsFromView(view: PlayerView): DealConstraints {
  const players = view.config.players;
  const ownMask = maskOf(view.hand);
  const lineMask = maskOf(view.line.map((p) => p.tile));
  const needs = Array.from({ length: players }, (_, s) =>
    s === view.seat ? 0 : (view.tileCounts[s] ?? 0),
  );
  const lacks = new Array<number>(players).fill(0);
  for (const pass of view.passes) {
    // A pass on an empty line records -1 ends: it tells nothing.
    let bits = 0;
    if (pass.left >= 0) bits |= 1 << pass.left;
    if (pass.right >= 0) bits |= 1 << pass.right;
    lacks[pass.seat] = (lacks[pass.seat] ?? 0) | bits;
  }
  return {
    seat: view.seat,
    players,
    ownMask,
    unknownMask: FULL_MASK & ~ownMask & ~lineMask,
    needs,
    stockNeed: view.stockCount,
    lacks,
  };
}

/** The same constraints without the pass deductions (fallback if a view is inconsistent). */
export function withoutPasses(c: DealConstraints): DealConstraints {
  return { ...c, lacks: c.lacks.map(() => 0) };
}
