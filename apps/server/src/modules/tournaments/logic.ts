import { createHmac } from 'node:crypto';

/**
 * The pure rules of a tournament (docs/decisions/028-tournaments.md): the recorded random draw,
 * the single-elimination bracket with byes, Swiss pairing without repeats, standings with their
 * tie-break, and the prize arithmetic to the céntimo. No database here: the director feeds it rows.
 */

/**
 * A deterministic shuffle from the tournament's recorded `seed` (hex) and a `label` (what is being
 * drawn): Fisher–Yates driven by HMAC-SHA256(seed, label:i). Anyone with the seed can redo it.
 */
export function seededShuffle<T>(items: readonly T[], seed: string, label: string): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const h = createHmac('sha256', seed).update(`${label}:${i}`).digest();
    const j = h.readUInt32BE(0) % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** The smallest power of two >= n (n >= 1). */
export function bracketSize(n: number): number {
  let s = 1;
  while (s < n) s *= 2;
  return s;
}

/**
 * Standard bracket order of seeds for a bracket of `size` (a power of two): position i holds
 * seed order[i] (1-based); 1 and 2 can only meet in the final, and so on
 * ([1,4,2,3] for 4; [1,8,4,5,2,7,3,6] for 8).
 */
export function bracketOrder(size: number): number[] {
  let order = [1];
  while (order.length < size) {
    const n = order.length * 2;
    order = order.flatMap((s) => [s, n + 1 - s]);
  }
  return order;
}

/**
 * Round 1 of single elimination: `entrants` in seed order (index 0 = seed 1). Returns the
 * matches by slot, `b` null for a bye. Seeds beyond the entrants are byes, which thus face the
 * top seeds, and no match is bye against bye.
 */
export function firstRound<T>(entrants: readonly T[]): { slot: number; a: T; b: T | null }[] {
  const size = bracketSize(Math.max(2, entrants.length));
  const order = bracketOrder(size);
  const out: { slot: number; a: T; b: T | null }[] = [];
  for (let i = 0; i < size; i += 2) {
    const s1 = order[i] as number;
    const s2 = order[i + 1] as number;
    const top = Math.min(s1, s2);
    const low = Math.max(s1, s2);
    out.push({
      slot: i / 2,
      a: entrants[top - 1] as T,
      b: low <= entrants.length ? (entrants[low - 1] as T) : null,
    });
  }
  return out;
}

/** Rounds of a single-elimination tournament for n entrants: log2 of the bracket size. */
export function eliminationRounds(n: number): number {
  return Math.log2(bracketSize(Math.max(2, n)));
}

/** Default Swiss rounds: ceil(log2(n)), at most n - 1 (no repeated pairing is then possible). */
export function swissRounds(n: number, staffSet?: number | null): number {
  const auto = Math.ceil(Math.log2(Math.max(2, n)));
  return Math.max(1, Math.min(staffSet ?? auto, n - 1));
}

/** One decided match as the standings see it. */
export interface DecidedMatch {
  round: number;
  a: number;
  /** null = bye for `a`. */
  b: number | null;
  /** null = nobody won (double forfeit). */
  winner: number | null;
}

/** A Swiss standing row: points (win or bye 1), Buchholz, wins and losses. */
export interface SwissRow {
  entrant: number;
  seed: number;
  points: number;
  buchholz: number;
  wins: number;
  losses: number;
  byes: number;
  opponents: number[];
}

/**
 * Swiss standings after `matches`: points (a win or a bye = 1, a loss or double forfeit = 0),
 * Buchholz = the sum of the opponents' points (a bye adds nothing). Order: points, Buchholz, then
 * seed (the recorded draw). Source: FIDE Swiss tie-break, simplified (docs/decisions/028).
 */
export function swissStandings(
  entrants: readonly { id: number; seed: number }[],
  matches: readonly DecidedMatch[],
): SwissRow[] {
  const rows = new Map<number, SwissRow>();
  for (const e of entrants)
    rows.set(e.id, {
      entrant: e.id,
      seed: e.seed,
      points: 0,
      buchholz: 0,
      wins: 0,
      losses: 0,
      byes: 0,
      opponents: [],
    });
  for (const m of matches) {
    const a = rows.get(m.a);
    if (!a) continue;
    if (m.b === null) {
      a.points += 1;
      a.byes += 1;
      a.wins += 1;
      continue;
    }
    const b = rows.get(m.b);
    if (!b) continue;
    a.opponents.push(b.entrant);
    b.opponents.push(a.entrant);
    if (m.winner === a.entrant) {
      a.points += 1;
      a.wins += 1;
      b.losses += 1;
    } else if (m.winner === b.entrant) {
      b.points += 1;
      b.wins += 1;
      a.losses += 1;
    } else {
      a.losses += 1;
      b.losses += 1;
    }
  }
  for (const r of rows.values())
    r.buchholz = r.opponents.reduce((sum, o) => sum + (rows.get(o)?.points ?? 0), 0);
  return [...rows.values()].sort(
    (x, y) => y.points - x.points || y.buchholz - x.buchholz || x.seed - y.seed,
  );
}

/**
 * Pairs the next Swiss round from the current standings (best first): if the count is odd, the
 * lowest-ranked entrant without a bye yet gets the bye (1 point); then the best unpaired entrant
 * meets the best next one it has not met, backtracking when a later entrant would be left without
 * a new opponent. When no pairing without repeats exists, it pairs in order (repeats allowed).
 * Returns [a, b] pairs (`b` null = bye), best pairing first.
 */
export function swissPairs(standings: readonly SwissRow[]): [number, number | null][] {
  const pool = standings.map((r) => r.entrant);
  const met = new Map(standings.map((r) => [r.entrant, new Set(r.opponents)]));
  let bye: number | null = null;
  if (pool.length % 2 === 1) {
    const candidates = [...standings].reverse();
    const pick = candidates.find((r) => r.byes === 0) ?? candidates[0];
    bye = pick?.entrant ?? null;
    pool.splice(pool.indexOf(bye as number), 1);
  }
  const pairs: [number, number][] = [];
  const solve = (rest: number[]): boolean => {
    if (rest.length === 0) return true;
    const [first, ...others] = rest as [number, ...number[]];
    for (let i = 0; i < others.length; i++) {
      const other = others[i] as number;
      if (met.get(first)?.has(other)) continue;
      pairs.push([first, other]);
      if (solve(others.filter((_, j) => j !== i))) return true;
      pairs.pop();
    }
    return false;
  };
  if (!solve(pool)) {
    pairs.length = 0;
    for (let i = 0; i + 1 < pool.length; i += 2)
      pairs.push([pool[i] as number, pool[i + 1] as number]);
  }
  const out: [number, number | null][] = [...pairs];
  if (bye !== null) out.push([bye, null]);
  return out;
}

/** A final standings group: entrants sharing places `place`..`place + entrants.length - 1`. */
export interface PlaceGroup {
  place: number;
  /** Best first (the odd céntimo of a shared prize goes to the first). */
  entrants: number[];
}

/**
 * Final places of a single-elimination bracket with `rounds` rounds: the champion 1, the
 * finalist 2, the losers of round r share place 2^(rounds - r) + 1 (semifinal losers 3, quarter-
 * final losers 5, ...), best seed first within a group.
 */
export function eliminationPlaces(
  rounds: number,
  entrants: readonly { id: number; seed: number }[],
  matches: readonly DecidedMatch[],
): PlaceGroup[] {
  const seedOf = new Map(entrants.map((e) => [e.id, e.seed]));
  const final = matches.find((m) => m.round === rounds);
  const champion = final?.winner ?? null;
  const groups = new Map<number, number[]>();
  const add = (place: number, id: number) => groups.set(place, [...(groups.get(place) ?? []), id]);
  if (champion !== null) add(1, champion);
  for (const m of matches) {
    if (m.b === null || m.winner === null) continue;
    const loser = m.winner === m.a ? m.b : m.a;
    add(2 ** (rounds - m.round) + 1, loser);
  }
  return [...groups.entries()]
    .sort((x, y) => x[0] - y[0])
    .map(([place, ids]) => ({
      place,
      entrants: ids.sort((p, q) => (seedOf.get(p) ?? 0) - (seedOf.get(q) ?? 0)),
    }));
}

/** What a finished tournament pays, in céntimos. */
export interface PrizePlan {
  poolCents: number;
  houseFeeCents: number;
  /** The pool after the house fee. */
  netCents: number;
  /** Per place (1-based index - 1): floor(net × bps / 10000), plus the undivided céntimos on place 1. */
  placeCents: number[];
  /** Céntimos per entrant (sum = netCents). */
  byEntrant: Map<number, number>;
}

/**
 * The prize arithmetic (docs/decisions/028-tournaments.md "Money"): house fee = floor(pool ×
 * fee_bps / 10000); each place's prize = floor(net × split_bps / 10000); the céntimos that the
 * floors leave go to place 1. Entrants sharing places (`groups`) share the sum of those places'
 * prizes equally, the odd céntimos to the first of the group (one each, in order). A place
 * nobody holds (fewer entrants than places) adds its prize to place 1. The house fee plus the
 * prizes equal the pool exactly.
 */
export function planPrizes(
  poolCents: number,
  houseFeeBps: number,
  splitBps: readonly number[],
  groups: readonly PlaceGroup[],
): PrizePlan {
  const houseFeeCents = Math.floor((poolCents * houseFeeBps) / 10_000);
  const netCents = poolCents - houseFeeCents;
  const placeCents = splitBps.map((bps) => Math.floor((netCents * bps) / 10_000));
  const floors = placeCents.reduce((a, b) => a + b, 0);
  if (placeCents.length > 0) placeCents[0] = (placeCents[0] as number) + (netCents - floors);
  const byEntrant = new Map<number, number>();
  let unheld = 0;
  const held = new Set<number>();
  for (const g of groups) {
    let sum = 0;
    for (let p = g.place; p < g.place + g.entrants.length; p++) {
      sum += placeCents[p - 1] ?? 0;
      held.add(p);
    }
    const each = Math.floor(sum / g.entrants.length);
    let odd = sum - each * g.entrants.length;
    for (const id of g.entrants) {
      byEntrant.set(id, each + (odd > 0 ? 1 : 0));
      if (odd > 0) odd -= 1;
    }
  }
  placeCents.forEach((c, i) => {
    if (!held.has(i + 1)) unheld += c;
  });
  const first = groups.find((g) => g.place === 1)?.entrants[0];
  if (unheld > 0 && first !== undefined) byEntrant.set(first, (byEntrant.get(first) ?? 0) + unheld);
  return { poolCents, houseFeeCents, netCents, placeCents, byEntrant };
}

/** Splits an entrant's prize between two partners: half each, the odd céntimo to the first. */
export function splitBetweenPartners(cents: number): [number, number] {
  const half = Math.floor(cents / 2);
  return [cents - half, half];
}
