/**
 * Perfect-information search of one hand, the core of the Difícil bot: given every seat's tiles
 * (a determinized deal) it plays the hand out with alpha-beta, the bot's side maximising and the
 * other side minimising the bot side's score difference (in individual mode every other seat
 * minimises it: a "paranoid" search).
 *
 * The rules mirror the engine exactly (rules.ts, match.ts, scoring.ts): automatic passes, drawing
 * from the (sampled) stock, tranque as soon as nobody can play or draw, dominó and tranque scoring
 * under the table's counting and tranque rules, capicúa, pase corrido and pase de salida bonuses
 * when the table plays them (pase corrido and pase de salida: parejas only, config.ts).
 * `search.test.ts` checks the terminal scores against `scoreHand`.
 *
 * Effort is bounded by a node count, never by a clock (the package has none): iterative
 * deepening by plies until the hand is solved or the node budget runs out; positions at the depth
 * limit are scored by a heuristic (`evaluate`).
 */
import {
  BONUS_POINTS,
  PASE_SALIDA_DOUBLE_POINTS,
  PASE_SALIDA_POINTS,
  playsPaseCorrido,
  playsPaseSalida,
  type TableConfig,
} from '../config';
import type { Seat } from '../tiles';
import { SUIT_MASK, TILE_HI, TILE_LO, TILE_PIPS, maskPips, popcount } from './tileset';

/** A root move in search terms: tile id and the end it goes to. */
export interface SearchMove {
  readonly id: number;
  readonly end: 'left' | 'right';
}

/** Position to search: every hand known, the bot (`seat`) to play. */
export interface SearchPosition {
  readonly hands: readonly number[];
  readonly stock: readonly number[];
  /** Open ends, or null on an empty line (the bot leads). */
  readonly ends: { readonly left: number; readonly right: number } | null;
}

/** Result of one search: a value per root move and whether the hand was solved exactly. */
export interface SearchResult {
  readonly values: Float64Array;
  readonly exact: boolean;
  readonly nodes: number;
}

const INF = 1e9;

/** The tiles of `mask` with the most pips. */
function heaviestOf(mask: number): number {
  let top = -1;
  let out = 0;
  let m = mask;
  while (m !== 0) {
    const id = 31 - Math.clz32(m);
    const bit = 1 << id;
    m ^= bit;
    const pips = TILE_PIPS[id] as number;
    if (pips > top) {
      top = pips;
      out = bit;
    } else if (pips === top) out |= bit;
  }
  return out;
}

/**
 * The tiles of `playable` (a subset of `hand`, tile masks) that a player choosing from its own
 * tiles and the ends alone would play: the best by a one-ply score in Medio's spirit (medio.ts:
 * its first three terms, the ones that need no other seat's information), scaled to integers by
 * 14: 14 per pip of the tile, plus 8 × the tiles in hand for a double (Medio's 4 × hand / 7),
 * plus 21 per distinct suit (number 0 to 6) left in hand after the play (Medio's 1.5). Ties are
 * all returned. The search's "own-view" seats play only these (`HandSearch.search`), so their
 * choice in a sampled deal cannot depend on the other hands of that deal: a remedy for strategy
 * fusion (docs/decisions/058-experto.md, addendum 5). Returns 0 when `playable` is 0.
 */
export function ownViewPlays(hand: number, playable: number): number {
  const size = popcount(hand);
  let top = -1;
  let out = 0;
  let m = playable;
  while (m !== 0) {
    const id = 31 - Math.clz32(m);
    const bit = 1 << id;
    m ^= bit;
    const rest = hand & ~bit;
    let suits = 0;
    for (let suit = 0; suit < SUIT_MASK.length; suit++)
      if (rest & (SUIT_MASK[suit] as number)) suits++;
    const score =
      14 * (TILE_PIPS[id] as number) + (TILE_LO[id] === TILE_HI[id] ? 8 * size : 0) + 21 * suits;
    if (score > top) {
      top = score;
      out = bit;
    } else if (score === top) out |= bit;
  }
  return out;
}

/**
 * Weights of the leaf heuristic, in points: `pips` per pip of difference between the sides'
 * hands, `tiles` per tile of difference between the sides' shortest hands.
 */
export interface EvalWeights {
  readonly pips: number;
  readonly tiles: number;
}

export const DEFAULT_EVAL: EvalWeights = { pips: 0.5, tiles: 4 };

/** How the search values hands, beyond the points scored (see `HandSearch`). */
export interface SearchParams {
  readonly eval: EvalWeights;
  /**
   * Extra points counted for winning the hand (lost for losing it; 0 for a voided hand): values
   * winning often over winning big. 0 = pure point difference.
   */
  readonly winBonus: number;
}

export const DEFAULT_SEARCH_PARAMS: SearchParams = { eval: DEFAULT_EVAL, winBonus: 0 };

/** Reusable searcher for one table config and root seat. Not re-entrant. */
export class HandSearch {
  private readonly players: number;
  private readonly parejas: boolean;
  private readonly drawing: boolean;
  private readonly countsAll: boolean;
  private readonly pairTotals: boolean;
  private readonly paseCorrido: boolean;
  private readonly paseSalida: boolean;
  private readonly capicua: boolean;
  /** us[s] = 1 when seat s plays for the root seat's side. */
  private readonly us: Uint8Array;
  private readonly weights: EvalWeights;
  private readonly winBonus: number;
  private readonly nextOf: Uint8Array;
  private readonly hands = new Int32Array(4);
  private stock = new Int32Array(28);
  private stockLen = 0;
  private stockPos = 0;
  private left = -1;
  private right = -1;
  /** Net pase corrido and pase de salida bonus earned in the searched line (+ for the root side). */
  private bonus = 0;
  /**
   * Points of a pase de salida the next pass would earn: set while the line holds only the hand's
   * first tile and nobody has moved since (0 otherwise).
   */
  private salida = 0;
  private nodes = 0;
  private limit = 0;
  private aborted = false;
  private cutoff = false;
  /** Bit s set: seat s is modelled as the greedy heaviest-tile player (see `search`). */
  private heaviest = 0;
  /** Bit s set: seat s plays `ownViewPlays` (see `search`). */
  private ownView = 0;

  constructor(
    config: TableConfig,
    private readonly seat: Seat,
    params: SearchParams = DEFAULT_SEARCH_PARAMS,
  ) {
    this.weights = params.eval;
    this.winBonus = params.winBonus;
    this.players = config.players;
    this.parejas = config.mode === 'parejas';
    this.drawing = config.mode === 'individual' && config.drawing;
    this.countsAll = config.mode === 'individual' || config.countingRule === 'all_hands';
    this.pairTotals = this.parejas && config.tranqueRule === 'pair_totals';
    this.paseCorrido = playsPaseCorrido(config);
    this.paseSalida = playsPaseSalida(config);
    this.capicua = config.bonuses.capicua;
    this.us = new Uint8Array(4);
    this.nextOf = new Uint8Array(4);
    for (let s = 0; s < this.players; s++) {
      this.us[s] = this.parejas ? (s % 2 === seat % 2 ? 1 : 0) : s === seat ? 1 : 0;
      this.nextOf[s] = (s + 1) % this.players;
    }
  }

  /**
   * Values (root side's points minus the others', bonuses included) of each root move in
   * `position`, searched with at most about `budget` nodes. Moves must be legal for the root seat.
   * `heaviestSeats` (bit s for seat s, never the root seat) names seats modelled as greedy
   * heaviest-tile players instead of perfect ones: at their turn the search only considers their
   * playable tiles of the most pips (ties, and the end, still searched as minimax/maximax) — an
   * opponent-model search (docs/decisions/058-experto.md, addendum). `ownViewSeats` (same
   * form) names seats that only consider the tiles `ownViewPlays` picks from their own hand and
   * the ends (ties and the end still searched), a policy that does not see the deal (addendum
   * 5); a seat in both masks plays as greedy.
   */
  search(
    position: SearchPosition,
    moves: readonly SearchMove[],
    budget: number,
    heaviestSeats = 0,
    ownViewSeats = 0,
  ): SearchResult {
    this.load(position);
    this.heaviest = heaviestSeats & ~(1 << this.seat);
    this.ownView = ownViewSeats & ~(1 << this.seat) & ~this.heaviest;
    let remaining = 0;
    for (let s = 0; s < this.players; s++) remaining += popcount(this.hands[s] as number);
    remaining += this.stockLen;
    let best: Float64Array | null = null;
    let exact = false;
    this.nodes = 0;
    for (let depth = 1; depth <= remaining + 1; depth++) {
      // The first iteration always completes so there is a value for every move.
      this.limit = depth === 1 ? INF : budget;
      this.aborted = false;
      this.cutoff = false;
      const values = new Float64Array(moves.length);
      for (let i = 0; i < moves.length && !this.aborted; i++) {
        values[i] = this.rootMove(moves[i] as SearchMove, depth);
      }
      if (this.aborted) break;
      best = values;
      if (!this.cutoff) {
        exact = true;
        break;
      }
    }
    return { values: best ?? new Float64Array(moves.length), exact, nodes: this.nodes };
  }

  private load(position: SearchPosition): void {
    this.hands.fill(0);
    position.hands.forEach((m, s) => (this.hands[s] = m));
    if (this.stock.length < position.stock.length) this.stock = new Int32Array(28);
    position.stock.forEach((id, i) => (this.stock[i] = id));
    this.stockLen = position.stock.length;
    this.stockPos = 0;
    this.left = position.ends === null ? -1 : position.ends.left;
    this.right = position.ends === null ? -1 : position.ends.right;
    this.bonus = 0;
    this.salida = 0;
  }

  private rootMove(move: SearchMove, depth: number): number {
    const seat = this.seat;
    const id = move.id;
    const lo = TILE_LO[id] as number;
    const hi = TILE_HI[id] as number;
    const L = this.left;
    const R = this.right;
    let newL: number;
    let newR: number;
    let cap = false;
    if (L < 0) {
      newL = lo;
      newR = hi;
    } else {
      cap = lo !== hi && (lo === L || hi === L) && (lo === R || hi === R);
      if (move.end === 'left') {
        newL = hi === L ? lo : hi;
        newR = R;
      } else {
        newL = L;
        newR = lo === R ? hi : lo;
      }
    }
    const v = this.play(seat, 1 << id, newL, newR, cap, depth, -INF, INF);
    this.left = L;
    this.right = R;
    return v;
  }

  /** Plays a tile for `seat` and returns the value; restores hands (ends by the caller). */
  private play(
    seat: number,
    bit: number,
    newL: number,
    newR: number,
    cap: boolean,
    depth: number,
    alpha: number,
    beta: number,
  ): number {
    const hand = this.hands[seat] as number;
    const salida = this.salida;
    this.salida =
      this.paseSalida && this.left < 0
        ? newL === newR
          ? PASE_SALIDA_DOUBLE_POINTS
          : PASE_SALIDA_POINTS
        : 0;
    this.hands[seat] = hand ^ bit;
    this.left = newL;
    this.right = newR;
    let v: number;
    if (hand === bit) v = this.domino(seat, cap);
    else if (this.blocked()) v = this.tranque(seat);
    else v = this.node(this.nextOf[seat] as number, 0, seat, depth - 1, alpha, beta);
    this.hands[seat] = hand;
    this.salida = salida;
    return v;
  }

  private node(
    seat: number,
    passes: number,
    last: number,
    depth: number,
    alpha: number,
    beta: number,
  ): number {
    const L = this.left;
    const R = this.right;
    const hand = this.hands[seat] as number;
    let playable = hand & ((SUIT_MASK[L] as number) | (SUIT_MASK[R] as number));
    if (playable !== 0 && (this.heaviest >> seat) & 1) playable = heaviestOf(playable);
    else if (playable !== 0 && (this.ownView >> seat) & 1) playable = ownViewPlays(hand, playable);
    if (playable === 0) {
      if (this.drawing && this.stockPos < this.stockLen) {
        const id = this.stock[this.stockPos++] as number;
        this.hands[seat] = hand | (1 << id);
        const v =
          this.stockPos === this.stockLen && this.blocked()
            ? this.tranque(seat)
            : this.node(seat, passes, last, depth, alpha, beta);
        this.hands[seat] = hand;
        this.stockPos--;
        return v;
      }
      const np = passes + 1;
      let points = 0;
      if (this.salida > 0 && last >= 0 && np === 1) points += this.salida;
      if (this.paseCorrido && last >= 0 && np === this.players - 1) points += BONUS_POINTS;
      const award = last >= 0 && this.us[last] === 1 ? points : -points;
      this.bonus += award;
      const v = this.node(this.nextOf[seat] as number, np, last, depth, alpha, beta);
      this.bonus -= award;
      return v;
    }
    // Leaves count as nodes too, so the budget tracks time.
    if (++this.nodes > this.limit) {
      this.aborted = true;
      return this.evaluate();
    }
    if (depth <= 0) {
      this.cutoff = true;
      return this.evaluate();
    }
    const max = this.us[seat] === 1;
    let best = max ? -INF : INF;
    let m = playable;
    // Highest ids first: heavier tiles, a cheap move ordering.
    while (m !== 0) {
      const id = 31 - Math.clz32(m);
      const bit = 1 << id;
      m ^= bit;
      const lo = TILE_LO[id] as number;
      const hi = TILE_HI[id] as number;
      const cap = lo !== hi && (lo === L || hi === L) && (lo === R || hi === R);
      for (let e = 0; e < 2; e++) {
        let newL: number;
        let newR: number;
        if (e === 0) {
          if (lo !== L && hi !== L) continue;
          newL = hi === L ? lo : hi;
          newR = R;
        } else {
          // With equal ends both sides give the same position.
          if (L === R || (lo !== R && hi !== R)) continue;
          newL = L;
          newR = lo === R ? hi : lo;
        }
        const v = this.play(seat, bit, newL, newR, cap, depth, alpha, beta);
        this.left = L;
        this.right = R;
        if (max) {
          if (v > best) best = v;
          if (best > alpha) alpha = best;
        } else {
          if (v < best) best = v;
          if (best < beta) beta = best;
        }
        if (alpha >= beta || this.aborted) return best;
      }
    }
    return best;
  }

  private blocked(): boolean {
    if (this.drawing && this.stockPos < this.stockLen) return false;
    const fit = (SUIT_MASK[this.left] as number) | (SUIT_MASK[this.right] as number);
    for (let s = 0; s < this.players; s++) if ((this.hands[s] as number) & fit) return false;
    return true;
  }

  /** Points the winner's side scores from the other hands (scoring.ts `pointsFor`). */
  private pointsFor(winner: number, pips: readonly number[]): number {
    let points = 0;
    for (let s = 0; s < this.players; s++) {
      if (s === winner) continue;
      if (this.countsAll || this.us[s] !== this.us[winner]) points += pips[s] as number;
    }
    return points;
  }

  private pipsBySeat(): number[] {
    const pips: number[] = [];
    for (let s = 0; s < this.players; s++) pips.push(maskPips(this.hands[s] as number));
    return pips;
  }

  private domino(seat: number, cap: boolean): number {
    const points =
      this.pointsFor(seat, this.pipsBySeat()) +
      (cap && this.capicua ? BONUS_POINTS : 0) +
      this.winBonus;
    return (this.us[seat] === 1 ? points : -points) + this.bonus;
  }

  /** Tranque after `lastSeat`'s move (scoring.ts `tranqueWinner`). */
  private tranque(lastSeat: number): number {
    const pips = this.pipsBySeat();
    let winner = -1;
    if (this.pairTotals) {
      const p0 = (pips[0] as number) + (pips[2] as number);
      const p1 = (pips[1] as number) + (pips[3] as number);
      if (p0 !== p1) {
        const side = p0 < p1 ? 0 : 1;
        let bestPips = INF;
        let s = this.nextOf[lastSeat] as number;
        for (let i = 0; i < this.players; i++, s = this.nextOf[s] as number) {
          if (s % 2 === side && (pips[s] as number) < bestPips) {
            bestPips = pips[s] as number;
            winner = s;
          }
        }
      }
    } else {
      let lowest = INF;
      for (const p of pips) if (p < lowest) lowest = p;
      let s = this.nextOf[lastSeat] as number;
      let sideSeen = -1;
      let mixed = false;
      for (let i = 0; i < this.players; i++, s = this.nextOf[s] as number) {
        if (pips[s] !== lowest) continue;
        const side = this.parejas ? s % 2 : s;
        if (winner < 0) {
          winner = s;
          sideSeen = side;
        } else if (side !== sideSeen) mixed = true;
      }
      if (mixed) winner = -1;
    }
    if (winner < 0) return this.bonus;
    const points = this.pointsFor(winner, pips) + this.winBonus;
    return (this.us[winner] === 1 ? points : -points) + this.bonus;
  }

  /** Heuristic value of an unfinished position (root side's view, in points). */
  private evaluate(): number {
    let pipsUs = 0;
    let pipsThem = 0;
    let themSeats = 0;
    let minUs = INF;
    let minThem = INF;
    for (let s = 0; s < this.players; s++) {
      const h = this.hands[s] as number;
      const p = maskPips(h);
      const n = popcount(h);
      if (this.us[s] === 1) {
        pipsUs += p;
        if (n < minUs) minUs = n;
      } else {
        pipsThem += p;
        themSeats++;
        if (n < minThem) minThem = n;
      }
    }
    // Individual mode: compare with the average opponent.
    if (!this.parejas && themSeats > 0) pipsThem /= themSeats;
    return (
      this.weights.pips * (pipsThem - pipsUs) + this.weights.tiles * (minThem - minUs) + this.bonus
    );
  }
}
