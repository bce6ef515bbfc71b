/**
 * A disclosed partnership convention for the Experto bot, "jugar a su data": of the plays that are
 * (nearly) as good as the best, a player makes the one that leaves open the number it holds most
 * of, so its partner can read its hand from its plays (docs/decisions/058-experto.md, addendum
 * 14, where it is measured; off by default).
 *
 * Why: a searching player's plays say almost nothing a pip-shedding model can read (addendum 10),
 * while knowing the partner's tiles is worth most of the gap between a determinized search and a
 * player that sees every hand (addendum 14's measurement). A convention both partners follow makes
 * part of that information public through the play itself, the way partnership card games disclose
 * their signalling conventions (bridge's "attitude" and "count" signals). It uses no channel but
 * the moves every seat sees, and the opponents may read it as well as the partner.
 *
 * - Sender (`signalScore`, `signalChoice`): the signal of a play is the number of tiles the player
 *   still holds, after it, of the number the play leaves open (the tile's other number; for a
 *   double, its number; for a free lead, the better of the tile's two numbers). Among the plays
 *   whose searched value is within `margin` points of the best, the play with the strongest
 *   signal is made (ties to the better value).
 * - Receiver (`partnerSignalTerm`): the partner's plays this hand are read as a softmax over the
 *   signals of every play it could have made (each tile it held that fitted, on each end it fitted):
 *   P(play) = exp(gamma × signal(play)) / sum over its options of exp(gamma × signal(option)), the
 *   hand it held at the time being its tiles in the deal plus those it played since. The product
 *   over its plays is a deal's likelihood term, added to the pip model's (inference.ts).
 */
import type { Move } from '../types';
import type { PlayerView } from '../view';
import { tileId } from '../tiles';
import type { PastPlay } from './history';
import { SUIT_MASK, TILE_HI, TILE_LO, fitMask, maskOf, popcount } from './tileset';

/** Tiles of `held` (mask) showing pip `pip`. */
function suitCount(held: number, pip: number): number {
  return popcount(held & (SUIT_MASK[pip] as number));
}

/**
 * The signal of playing tile `id` against the open end `matched` (a pip 0-6; null for a free
 * lead) while holding `heldAfter` (tile mask, without the played tile): tiles held of the number
 * the play leaves open (file comment). A count from 0 to 6.
 */
export function signalScore(id: number, matched: number | null, heldAfter: number): number {
  const lo = TILE_LO[id] as number;
  const hi = TILE_HI[id] as number;
  if (matched === null) return Math.max(suitCount(heldAfter, lo), suitCount(heldAfter, hi));
  if (lo === hi) return suitCount(heldAfter, lo);
  return suitCount(heldAfter, lo === matched ? hi : lo);
}

/** The signal of `move` (a play) made from `view`'s hand. */
function moveSignal(view: PlayerView, move: Move): number {
  if (move.kind !== 'play') return 0;
  const id = tileId(move.tile);
  const heldAfter = maskOf(view.hand) & ~(1 << id);
  const ends = view.ends;
  if (ends === null || view.line.length === 0) return signalScore(id, null, heldAfter);
  return signalScore(id, move.end === 'left' ? ends.left : ends.right, heldAfter);
}

/**
 * The sender's choice (file comment): among `values` (each play with its searched value, in
 * points or the search's utility), those within `margin` of the best; of them, the ones with the
 * strongest signal; of them, the ones with the best value. Returns that short list (never empty
 * when `values` is not), for the caller's usual tie-break. `margin` <= 0 keeps exact ties only.
 */
export function signalChoice<T extends { readonly move: Move; readonly value: number }>(
  view: PlayerView,
  values: readonly T[],
  margin: number,
): T[] {
  if (values.length === 0) return [];
  const top = Math.max(...values.map((v) => v.value));
  const near = values.filter((v) => v.value >= top - Math.max(margin, 0) - 1e-6);
  const signals = near.map((v) => moveSignal(view, v.move));
  const strongest = Math.max(...signals);
  const loud = near.filter((_, i) => signals[i] === strongest);
  const best = Math.max(...loud.map((v) => v.value));
  return loud.filter((v) => v.value >= best - 1e-6);
}

/** One of the partner's plays as the receiver reads it. */
interface ReadPlay {
  /** The tile played. */
  readonly id: number;
  /** The open end it matched (null for a free lead). */
  readonly matched: number | null;
  /** The open ends before it (null for a free lead). */
  readonly before: { readonly left: number; readonly right: number } | null;
  /** Tiles the partner played from this play on (it held them at the time). */
  readonly later: number;
}

/** The pip the play matched: the end whose value changed, or any end for a double. */
function matchedEnd(
  p: PastPlay,
  after: { readonly left: number; readonly right: number },
): number | null {
  if (p.before === null) return null;
  const lo = TILE_LO[p.id] as number;
  const hi = TILE_HI[p.id] as number;
  if (lo === hi) return lo;
  // The end the tile went on now shows the tile's other number.
  if (after.left !== p.before.left) return after.left === lo ? hi : lo;
  return after.right === lo ? hi : lo;
}

/**
 * The receiver's log-likelihood term for `view`'s partner's plays this hand (file comment), as a
 * function of a deal (`hands[seat]`: tile mask), or null when there is nothing to read (no
 * partner, no play of the partner's with a choice, `gamma` <= 0, or no order of play). `plays` is
 * the hand's order of play (history.ts `reconstructPlays`); the lead of hand 1 is prescribed and
 * never read.
 */
export function partnerSignalTerm(
  view: PlayerView,
  plays: readonly PastPlay[] | null,
  partner: number | null,
  gamma: number,
): ((hands: readonly number[]) => number) | null {
  if (plays === null || partner === null || !(gamma > 0)) return null;
  const read: ReadPlay[] = [];
  let later = 0;
  for (let i = plays.length - 1; i >= 0; i--) {
    const p = plays[i] as PastPlay;
    if (p.seat !== partner) continue;
    later |= 1 << p.id;
    if (p.before === null && view.handNumber === 1) continue;
    const next = plays[i + 1];
    const after = next?.before ?? view.ends;
    if (p.before !== null && after === null) continue;
    read.push({
      id: p.id,
      matched: after === null ? null : matchedEnd(p, after),
      before: p.before,
      later,
    });
  }
  if (read.length === 0) return null;
  return (hands) => {
    let logL = 0;
    for (const r of read) {
      const held = (hands[partner] as number) | r.later;
      const fit = r.before === null ? held : held & fitMask(r.before.left, r.before.right);
      let total = 0;
      let m = fit;
      while (m !== 0) {
        const id = 31 - Math.clz32(m);
        m ^= 1 << id;
        const after = held & ~(1 << id);
        if (r.before === null) {
          total += Math.exp(gamma * signalScore(id, null, after));
          continue;
        }
        const { left, right } = r.before;
        const lo = TILE_LO[id] as number;
        const hi = TILE_HI[id] as number;
        if (lo === left || hi === left) total += Math.exp(gamma * signalScore(id, left, after));
        if (right !== left && (lo === right || hi === right))
          total += Math.exp(gamma * signalScore(id, right, after));
      }
      const chosen = signalScore(r.id, r.matched, held & ~(1 << r.id));
      logL += gamma * chosen - Math.log(total);
    }
    return logL;
  };
}
