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
import { createRng } from './rng';
import {
  DOUBLES_MASK,
  SUIT_MASK,
  TILE_HI,
  TILE_LO,
  TILE_PIPS,
  maskPips,
  popcount,
} from './tileset';

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
  /**
   * Points per double a side still holds, counted against it (a double fits one suit only, the
   * hardest tile to place); 0 or absent = not counted.
   */
  readonly doubles?: number;
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

/**
 * The partner's turns searched from the partner's own information (`HandSearch.search`;
 * Experto's `partnerSearch`, docs/decisions/058-experto.md, addendum 6): a remedy for the
 * strategy fusion of determinized search, where the partner answers as if it saw the sampled
 * deal. At its first `turns` turns with a choice in a searched line, the partner plays only the
 * tile(s) a small determinized search from its own view picks (`partnerChoice`): `worlds` deals
 * that keep its own hand and spread the tiles it cannot see (the root seat's and the opponents')
 * at random among those seats with their tile counts, avoiding the suits each seat has shown it
 * lacks (`lacks`), each searched with `nodes` nodes from the partner's seat. The pick depends only
 * on what the partner knows (its hand, the ends, the unseen tiles and counts, `lacks`, the seats
 * searched as greedy), never on the deal's other hands, so every deal of a decision shares it:
 * `cache` (one per decision) keeps the picks; `seed` makes the worlds reproducible.
 */
export interface PartnerSearch {
  /** The partner's seat (parejas). */
  readonly seat: number;
  /** Deals sampled from the partner's view per choice (>= 1). */
  readonly worlds: number;
  /** Search nodes per world. */
  readonly nodes: number;
  /** The partner's turns (with a tile to play) in each line that are chosen this way. */
  readonly turns: number;
  /** Tiles each seat cannot hold (from its public passes), indexed by seat; 0 = none known. */
  readonly lacks: readonly number[];
  /** Seed of the worlds (mixed with the partner's information). */
  readonly seed: number;
  /** The picks so far, keyed by the partner's information; share one map per decision. */
  readonly cache: Map<string, number>;
}

/**
 * Deals the tiles of `union` (mask) to the seats of `counts` (tiles each; -1 or 0 for seats that
 * take none) at random, each tile to a seat whose `lacks` mask does not contain it: tiles with
 * the fewest allowed seats first, each to an allowed seat with room, chosen with probability
 * proportional to its room. Retries up to 8 times on a dead end, then deals ignoring `lacks`.
 * An approximation of the uniform consistent deal (sampler.ts is exact but costs more), enough
 * for the partner's few worlds. Returns hands indexed by seat (0 for the others).
 */
export function dealUnseen(
  union: number,
  counts: readonly number[],
  lacks: readonly number[],
  next: () => number,
): number[] {
  const ids: number[] = [];
  for (let m = union; m !== 0;) {
    const id = 31 - Math.clz32(m);
    m ^= 1 << id;
    ids.push(id);
  }
  const seats = counts.map((_, s) => s).filter((s) => (counts[s] as number) > 0);
  const shuffle = (): void => {
    for (let i = ids.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      const t = ids[i] as number;
      ids[i] = ids[j] as number;
      ids[j] = t;
    }
  };
  if (seats.every((s) => ((lacks[s] ?? 0) & union) === 0)) {
    // No known void matters: a uniform deal, the shuffled tiles cut by the counts.
    shuffle();
    const hands = counts.map(() => 0);
    let k = 0;
    for (const s of seats)
      for (let n = 0; n < (counts[s] as number) && k < ids.length; n++)
        hands[s] = (hands[s] as number) | (1 << (ids[k++] as number));
    return hands;
  }
  for (let attempt = 0; attempt <= 8; attempt++) {
    const strict = attempt < 8;
    const allowed = (id: number, s: number): boolean =>
      !strict || (((lacks[s] ?? 0) >>> id) & 1) === 0;
    // Shuffle, then stable-sort by the number of allowed seats (most constrained first).
    shuffle();
    const order = ids
      .map((id) => ({ id, n: seats.filter((s) => allowed(id, s)).length }))
      .sort((a, b) => a.n - b.n);
    const room = counts.map((c) => Math.max(0, c));
    const hands = counts.map(() => 0);
    let ok = true;
    for (const { id } of order) {
      let total = 0;
      for (const s of seats) if (allowed(id, s)) total += room[s] as number;
      if (total === 0) {
        ok = false;
        break;
      }
      let r = next() * total;
      let pick = -1;
      for (const s of seats) {
        if (!allowed(id, s) || (room[s] as number) === 0) continue;
        pick = s;
        r -= room[s] as number;
        if (r < 0) break;
      }
      hands[pick] = (hands[pick] as number) | (1 << id);
      room[pick] = (room[pick] as number) - 1;
    }
    if (ok) return hands;
  }
  return counts.map(() => 0);
}

/**
 * The search's heuristic value of an unfinished hand, from the root side's view, in points
 * (docs/decisions/058-experto.md, addendum 9): `pips` per pip the other side holds more, `tiles`
 * per tile the other side's shortest hand holds more (who is closer to dominó), `doubles` per
 * double the other side holds more (a double fits one suit only). In individual mode the other
 * side's pips and doubles are those of the average opponent.
 *
 * @param hands tile masks by seat (tileset.ts); only the first `players` are read
 * @param us 1 for the seats of the root side, 0 for the others
 */
export function evaluateHands(
  hands: ArrayLike<number>,
  us: ArrayLike<number>,
  players: number,
  parejas: boolean,
  weights: EvalWeights,
): number {
  let pipsUs = 0;
  let pipsThem = 0;
  let themSeats = 0;
  let minUs = INF;
  let minThem = INF;
  let doublesUs = 0;
  let doublesThem = 0;
  // Counted only when weighed: the default leaf value (no weight) is on every leaf of every search.
  const doubles = weights.doubles ?? 0;
  for (let s = 0; s < players; s++) {
    const h = hands[s] as number;
    const p = maskPips(h);
    const n = popcount(h);
    const d = doubles === 0 ? 0 : popcount(h & DOUBLES_MASK);
    if (us[s] === 1) {
      pipsUs += p;
      doublesUs += d;
      if (n < minUs) minUs = n;
    } else {
      pipsThem += p;
      doublesThem += d;
      themSeats++;
      if (n < minThem) minThem = n;
    }
  }
  if (!parejas && themSeats > 0) {
    pipsThem /= themSeats;
    doublesThem /= themSeats;
  }
  return (
    weights.pips * (pipsThem - pipsUs) +
    weights.tiles * (minThem - minUs) +
    doubles * (doublesThem - doublesUs)
  );
}

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
  /** The partner's own-information search, or null (see `search`). */
  private partner: PartnerSearch | null = null;
  /** The partner's turns with a tile to play so far in the searched line. */
  private partnerTurns = 0;
  /** Searcher of the partner's worlds (created on first use; never itself uses `partner`). */
  private inner: HandSearch | null = null;
  /** Nodes spent by `inner` during the current `search`. */
  private innerNodes = 0;
  /**
   * Information-set mode (`infoSetSearch`): 0 off, 1 record the values at the root seat's next
   * turn, 2 replay them with one move per information set.
   */
  private vmode = 0;
  /** The public line since the root in the current walk (plays and passes): the set's key. */
  private vkey = '';
  /** Per key, the values of the root seat's moves there in the current deal. */
  private vleaves = new Map<string, Float64Array>();
  /** Replay: per key, the index of the move chosen for every deal. */
  private vchoice = new Map<string, number>();
  /** Record: nodes per search of a move at the root seat's next turn. */
  private vleafBudget = 0;
  /** Record: softmax temperature of the other seats' plays on the path (0 = every path 1). */
  private vbeta = 0;
  /** Record: log-likelihood of the other seats' plays since the root in the current deal. */
  private vlogl = 0;
  /** Per key, the path's log-likelihood in the current deal (`vbeta`). */
  private vlogls = new Map<string, number>();

  private readonly config: TableConfig;
  private readonly params: SearchParams;

  constructor(
    config: TableConfig,
    private readonly seat: Seat,
    params: SearchParams = DEFAULT_SEARCH_PARAMS,
  ) {
    this.config = config;
    this.params = params;
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
   * 5); a seat in both masks plays as greedy. `partner` (optional, parejas without a stock):
   * the partner's first turns by a search from its own information (`PartnerSearch`, addendum
   * 6), before the own-view policy; a partner searched as greedy stays greedy. The nodes of the
   * partner's searches are counted in the result's `nodes` but not against `budget`.
   */
  search(
    position: SearchPosition,
    moves: readonly SearchMove[],
    budget: number,
    heaviestSeats = 0,
    ownViewSeats = 0,
    partner: PartnerSearch | null = null,
  ): SearchResult {
    this.load(position);
    this.heaviest = heaviestSeats & ~(1 << this.seat);
    this.ownView = ownViewSeats & ~(1 << this.seat) & ~this.heaviest;
    this.partner =
      partner !== null &&
      this.parejas &&
      !this.drawing &&
      partner.seat !== this.seat &&
      partner.turns > 0 &&
      partner.worlds > 0 &&
      ((this.heaviest >> partner.seat) & 1) === 0
        ? partner
        : null;
    this.partnerTurns = 0;
    this.innerNodes = 0;
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
    return {
      values: best ?? new Float64Array(moves.length),
      exact,
      nodes: this.nodes + this.innerNodes,
    };
  }

  /** `partnerPick` at the current ends and hands (see `PartnerSearch`). */
  private partnerPickHere(seat: number, hand: number, playable: number): number {
    const counts: number[] = [];
    let union = 0;
    for (let s = 0; s < this.players; s++) {
      const h = this.hands[s] as number;
      counts.push(s === seat ? 0 : popcount(h));
      if (s !== seat) union |= h;
    }
    const inner = (this.inner ??= new HandSearch(this.config, seat as Seat, this.params));
    const { pick, nodes } = partnerPick(
      inner,
      this.partner as PartnerSearch,
      { hand, playable, union, counts, left: this.left, right: this.right },
      this.heaviest,
    );
    this.innerNodes += nodes;
    return pick;
  }

  /**
   * Information-set search of the root seat's next turn (Frank and Basin's "vector minimax",
   * I. Frank and D. Basin, Artificial Intelligence 100 (1998); the one-move-per-information-set
   * rule of P. Cowling, E. Powley and D. Whitehouse, "Information Set Monte Carlo Tree Search",
   * IEEE TCIAIG 4(2) (2012)), a remedy for the root seat's own strategy fusion.
   *
   * Determinized search lets the root seat play its later turns as if it saw each deal. Here,
   * for each root move, every deal of `positions` (weights `weights`, >= 0) is played out
   * through the other seats' turns, every branch (no pruning), up to the root seat's next turn
   * with a tile to play; there the root seat knows only its own tiles and the public line since
   * the root, so every deal that reaches the same line is in the same information set. Each of
   * its moves there is searched to the end of the hand in each deal (iterative deepening with
   * `leafBudget` nodes per move, as `search`), and one move per information set is chosen for
   * all of its deals: the best weighted sum of their values (ties to the first, heaviest tile
   * and left end first). The other seats then take, deal by deal, their best reply against
   * those choices (min or max per deal, as in `search`). With `pathBeta` > 0 a deal's weight in
   * an information set is also multiplied by the likelihood of the other seats' plays on the way
   * there under a softmax by pips (each play's probability exp(pathBeta × pips) over the seat's
   * playable tiles in that deal): the posterior the root seat would hold at that turn, so a
   * deal in which the others would not have played that line counts less (the "non-locality"
   * of vector minimax; Frank and Basin, and T. Cazenave and V. Ventos, "The αμ Search Algorithm
   * for the Game of Bridge", 2019). Later turns of the root seat stay
   * determinized. `heaviestSeats[k]` and `ownViewSeats` as in `search`; no partner search;
   * not with a stock (individual drawing): use `search` there.
   *
   * Returns the weighted mean value per root move (points for the root side, as `search`), and
   * the nodes spent; `exact` when every move search at the next turn was solved.
   */
  infoSetSearch(
    positions: readonly SearchPosition[],
    weights: readonly number[],
    moves: readonly SearchMove[],
    leafBudget: number,
    heaviestSeats: readonly number[] | undefined,
    ownViewSeats = 0,
    pathBeta = 0,
  ): SearchResult {
    const values = new Float64Array(moves.length);
    this.vbeta = pathBeta;
    let weightSum = 0;
    for (const w of weights) weightSum += w;
    this.nodes = 0;
    this.innerNodes = 0;
    this.vleafBudget = leafBudget;
    this.vexact = true;
    const setUp = (k: number): void => {
      this.load(positions[k] as SearchPosition);
      this.heaviest = (heaviestSeats?.[k] ?? 0) & ~(1 << this.seat);
      this.ownView = ownViewSeats & ~(1 << this.seat) & ~this.heaviest;
      this.partner = null;
      this.partnerTurns = 0;
    };
    moves.forEach((move, i) => {
      const records: (Map<string, Float64Array> | null)[] = [];
      const sums = new Map<string, Float64Array>();
      positions.forEach((_, k) => {
        const w = weights[k] as number;
        if (w <= 0) {
          records.push(null);
          return;
        }
        setUp(k);
        this.vmode = 1;
        this.vkey = `${i}`;
        this.vleaves = new Map();
        this.vlogls = new Map();
        this.vlogl = 0;
        this.rootMove(move, INF);
        records.push(this.vleaves);
        for (const [key, vals] of this.vleaves) {
          let sum = sums.get(key);
          if (sum === undefined) sums.set(key, (sum = new Float64Array(vals.length)));
          const wp = w * Math.exp(this.vlogls.get(key) ?? 0);
          for (let j = 0; j < vals.length; j++)
            sum[j] = (sum[j] as number) + wp * (vals[j] as number);
        }
      });
      const choice = new Map<string, number>();
      for (const [key, sum] of sums) {
        let best = 0;
        for (let j = 1; j < sum.length; j++)
          if ((sum[j] as number) > (sum[best] as number) + 1e-9) best = j;
        choice.set(key, best);
      }
      let total = 0;
      positions.forEach((_, k) => {
        const record = records[k];
        if (record === null || record === undefined) return;
        setUp(k);
        this.vmode = 2;
        this.vkey = `${i}`;
        this.vleaves = record;
        this.vchoice = choice;
        total += (weights[k] as number) * this.rootMove(move, INF);
      });
      values[i] = weightSum > 0 ? total / weightSum : 0;
    });
    this.vmode = 0;
    this.vkey = '';
    this.vleaves = new Map();
    this.vchoice = new Map();
    return { values, exact: this.vexact, nodes: this.nodes };
  }

  /** Whether every move search of the current `infoSetSearch` was solved exactly. */
  private vexact = true;

  /**
   * `infoSetSearch` at a node of another seat: every child, no pruning, the key extended by the
   * play (tile id and end); in replay the minimum or maximum per deal.
   */
  private fullChildren(seat: number, playable: number, depth: number): number {
    const L = this.left;
    const R = this.right;
    const key = this.vkey;
    const max = this.us[seat] === 1;
    let best = max ? -INF : INF;
    this.nodes++;
    const logl = this.vlogl;
    // Softmax over the tiles by pips: log of the normaliser.
    let norm = 0;
    if (this.vmode === 1 && this.vbeta > 0) {
      let z = 0;
      for (let t = playable; t !== 0;) {
        const id = 31 - Math.clz32(t);
        t ^= 1 << id;
        z += Math.exp(this.vbeta * ((TILE_PIPS[id] as number) - 12));
      }
      norm = Math.log(z);
    }
    let m = playable;
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
          if (L === R || (lo !== R && hi !== R)) continue;
          newL = L;
          newR = lo === R ? hi : lo;
        }
        this.vkey = `${key},${id}${e}`;
        if (this.vbeta > 0)
          this.vlogl = logl + this.vbeta * ((TILE_PIPS[id] as number) - 12) - norm;
        const v = this.play(seat, bit, newL, newR, cap, depth, -INF, INF);
        this.left = L;
        this.right = R;
        if (max ? v > best : v < best) best = v;
      }
    }
    this.vkey = key;
    this.vlogl = logl;
    return best;
  }

  /**
   * `infoSetSearch` at the root seat's next turn: record mode searches each of its moves here to
   * the end of the hand (plain search, `vleafBudget` nodes per iteration past the first) and
   * stores the values under the key; replay mode returns the value of the chosen move.
   */
  private infoSetLeaf(playable: number): number {
    const L = this.left;
    const R = this.right;
    if (this.vmode === 2) {
      const vals = this.vleaves.get(this.vkey) as Float64Array;
      return vals[this.vchoice.get(this.vkey) ?? 0] as number;
    }
    const moves: SearchMove[] = [];
    for (let m = playable; m !== 0;) {
      const id = 31 - Math.clz32(m);
      m ^= 1 << id;
      const lo = TILE_LO[id] as number;
      const hi = TILE_HI[id] as number;
      if (lo === L || hi === L) moves.push({ id, end: 'left' });
      if (L !== R && (lo === R || hi === R)) moves.push({ id, end: 'right' });
    }
    let remaining = 0;
    for (let s = 0; s < this.players; s++) remaining += popcount(this.hands[s] as number);
    this.vmode = 0;
    const start = this.nodes;
    let best: Float64Array | null = null;
    let exact = false;
    for (let depth = 1; depth <= remaining + 1; depth++) {
      this.limit = depth === 1 ? INF : start + this.vleafBudget * moves.length;
      this.aborted = false;
      this.cutoff = false;
      const vals = new Float64Array(moves.length);
      for (let i = 0; i < moves.length && !this.aborted; i++) {
        vals[i] = this.rootMove(moves[i] as SearchMove, depth);
        this.left = L;
        this.right = R;
      }
      if (this.aborted) break;
      best = vals;
      if (!this.cutoff) {
        exact = true;
        break;
      }
    }
    this.left = L;
    this.right = R;
    this.vmode = 1;
    if (!exact) this.vexact = false;
    this.vleaves.set(this.vkey, best ?? new Float64Array(moves.length));
    this.vlogls.set(this.vkey, this.vlogl);
    return 0;
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
    const fits = hand & ((SUIT_MASK[L] as number) | (SUIT_MASK[R] as number));
    let playable = fits;
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
      const key = this.vkey;
      if (this.vmode !== 0) this.vkey = key + ',p';
      const v = this.node(this.nextOf[seat] as number, np, last, depth, alpha, beta);
      this.vkey = key;
      this.bonus -= award;
      return v;
    }
    if (this.vmode !== 0)
      return seat === this.seat
        ? this.infoSetLeaf(playable)
        : this.fullChildren(seat, playable, depth);
    // Leaves count as nodes too, so the budget tracks time.
    if (++this.nodes > this.limit) {
      this.aborted = true;
      return this.evaluate();
    }
    if (depth <= 0) {
      this.cutoff = true;
      return this.evaluate();
    }
    const partnerTurn = this.partner !== null && seat === this.partner.seat && popcount(fits) > 1;
    if (partnerTurn) {
      if (this.partnerTurns < (this.partner as PartnerSearch).turns)
        playable = this.partnerPickHere(seat, hand, fits);
      this.partnerTurns++;
    }
    const best = this.children(seat, playable, depth, alpha, beta);
    if (partnerTurn) this.partnerTurns--;
    return best;
  }

  /** Minimax over `seat`'s `playable` tiles at the current ends (part of `node`). */
  private children(
    seat: number,
    playable: number,
    depth: number,
    alpha: number,
    beta: number,
  ): number {
    const L = this.left;
    const R = this.right;
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
    return (
      evaluateHands(this.hands, this.us, this.players, this.parejas, this.weights) + this.bonus
    );
  }
}

/** What the partner knows at its turn (`partnerPick`): masks of tiles, counts by seat. */
export interface PartnerInfo {
  /** The partner's tiles, and those of them that fit the ends. */
  readonly hand: number;
  readonly playable: number;
  /** Tiles the partner cannot see (every other hand), and how many each seat holds (0 for it). */
  readonly union: number;
  readonly counts: readonly number[];
  readonly left: number;
  readonly right: number;
}

/**
 * The tiles (mask, a subset of `info.playable`, ties kept) the partner picks from its own
 * information (`PartnerSearch`): `p.worlds` deals of `info.union` to the other seats
 * (`dealUnseen`, seeded by `p.seed` and the information itself), each searched by `inner` (a
 * `HandSearch` rooted at `p.seat`, for the same table) with `p.nodes` nodes, with `heaviest`
 * seats as greedy; a tile is worth the mean value of its better end. The ends are taken in
 * ascending order (a mirrored line is the same situation). Cached in `p.cache`, keyed
 * by the information, so the pick is a function of it. `nodes`: spent by this call (0 if cached).
 */
export function partnerPick(
  inner: HandSearch,
  p: PartnerSearch,
  info: PartnerInfo,
  heaviest: number,
): { pick: number; nodes: number } {
  const { hand, playable, union, counts } = info;
  // The ends in a canonical order: mirrored lines are the same situation.
  const L = Math.min(info.left, info.right);
  const R = Math.max(info.left, info.right);
  const key = `${hand},${union},${L},${R},${counts.join(',')},${heaviest}`;
  const hit = p.cache.get(key);
  if (hit !== undefined) return { pick: hit & playable, nodes: 0 };
  const moves: SearchMove[] = [];
  for (let m = playable; m !== 0;) {
    const id = 31 - Math.clz32(m);
    m ^= 1 << id;
    const lo = TILE_LO[id] as number;
    const hi = TILE_HI[id] as number;
    if (lo === L || hi === L) moves.push({ id, end: 'left' });
    if (L !== R && (lo === R || hi === R)) moves.push({ id, end: 'right' });
  }
  const rng = createRng(`${p.seed}:${key}`);
  const next = (): number => rng.next();
  const totals = new Float64Array(moves.length);
  let nodes = 0;
  for (let w = 0; w < p.worlds; w++) {
    const hands = dealUnseen(union, counts, p.lacks, next);
    hands[p.seat] = hand;
    const result = inner.search(
      { hands, stock: [], ends: { left: L, right: R } },
      moves,
      p.nodes,
      heaviest & ~(1 << p.seat),
    );
    nodes += result.nodes;
    result.values.forEach((v, i) => (totals[i] = (totals[i] as number) + v));
  }
  let top = -INF;
  for (const v of totals) if (v > top) top = v;
  let pick = 0;
  moves.forEach((m, i) => {
    if ((totals[i] as number) >= top - 1e-6) pick |= 1 << m.id;
  });
  p.cache.set(key, pick);
  return { pick, nodes };
}
