/**
 * The spread of duplicate against ordinary play, with intervals, from the sets recorded by
 * `duplicate-spread.ts --record` (docs/decisions/062-duplicate-domino.md, addendum "the spread
 * measured again"; docs/performance.md "Duplicate domino").
 *
 * What is compared. The result of a comparison between two teams or two pairs of equal strength
 * has a true value of 0; its standard deviation is the luck in it. Per set (team X against Y,
 * X at side 0 of table 1 and side 1 of table 2; table 3 is ordinary play on other deals):
 * - team: duplicate = `compareDuplicate(t1, t2).teamX`; ordinary = X's margin at table 1 plus
 *   its margin at table 3 (16 hands per team in both).
 * - pair: duplicate = a pair's score as the tournament ranks it (its points minus those of the
 *   pair that held its tiles at the other table, `side0Diff`/`side1Diff`, 8 hands each);
 *   ordinary = a pair's margin over the pair it played (8 hands each), two per set (table 1's
 *   side 0 and table 3's side 1, both X against Y).
 * - field (only when the sets of a group shared the boards, `--group G`): 2G tables played the
 *   same deals, so a pair can be compared with every pair that held its tiles: `butler` (its
 *   points on a board minus the mean of theirs, Butler scoring without IMPs) and `mp`
 *   (matchpoints: 1 per pair beaten on the board, ½ per tie, as a fraction of the field). Their
 *   ordinary counterparts apply the same scoring to tables of OTHER deals (table 3 of 2G sets),
 *   so each ratio compares a scale with itself. Every pair of the field gives one score.
 *
 * - team/pair cap C: the same with each board's (ordinary: each hand's) result capped at ±C
 *   points before summing.
 *
 * Intervals: percentile bootstrap over groups (a group's sets share deals, so they are resampled
 * together), 2,000 resamples, 95%. The ratio of two standard deviations estimated on a few hundred
 * sets moves in its second digit; `--curve` prints the interval's width against the number of
 * sets.
 *
 * Run: nice -n 19 npx tsx bench/src/duplicate-spread-analysis.ts FILE.jsonl [--curve]
 */
import { readFileSync } from 'node:fs';
import { createRng } from '@domino/domino';
import type { RecordedSet } from './duplicate-spread';

type Points = readonly (readonly [number, number])[];

/** A recorded file's sets, grouped by `g` (sets of a group shared tables 1 and 2's deals). */
export function readGroups(file: string): RecordedSet[][] {
  const byGroup = new Map<number, RecordedSet[]>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const set = JSON.parse(line) as RecordedSet;
    const list = byGroup.get(set.g) ?? [];
    list.push(set);
    byGroup.set(set.g, list);
  }
  return [...byGroup.values()];
}

function margin(t: Points, side: 0 | 1): number {
  return t.reduce((a, h) => a + h[side] - h[side === 0 ? 1 : 0], 0);
}

/** Team results of a set (X's side, points): duplicate and ordinary. */
function teamResults(s: RecordedSet): { dup: number; ord: number } {
  let dup = 0;
  s.t1.forEach((h1, k) => {
    const h2 = s.t2[k] as [number, number];
    dup += h1[0] - h2[0] + (h2[1] - h1[1]);
  });
  return { dup, ord: margin(s.t1, 0) + margin(s.t3, 1) };
}

/** A board's result capped at ±`cap` points (no cap: Infinity). */
function capped(x: number, cap: number): number {
  return Math.max(-cap, Math.min(cap, x));
}

/**
 * Team and pair results with each board's swing capped at ±`cap` points (a ceiling on one
 * board's weight, as a scale's top step): duplicate per board as in `teamResults`/`pairResults`,
 * ordinary per hand (table 1's hand k, table 3's hand k), both capped before summing.
 */
function cappedResults(
  s: RecordedSet,
  cap: number,
): { team: { dup: number; ord: number }; pair: { dup: number[]; ord: number[] } } {
  let team = 0;
  let teamOrd = 0;
  let side0 = 0;
  let side1 = 0;
  let ord1 = 0;
  let ord3 = 0;
  s.t1.forEach((h1, k) => {
    const h2 = s.t2[k] as [number, number];
    const h3 = s.t3[k] as [number, number];
    team += capped(h1[0] - h2[0] + (h2[1] - h1[1]), cap);
    side0 += capped(h1[0] - h2[0], cap);
    side1 += capped(h2[1] - h1[1], cap);
    ord1 += capped(h1[0] - h1[1], cap);
    ord3 += capped(h3[1] - h3[0], cap);
    teamOrd += capped(h1[0] - h1[1] + (h3[1] - h3[0]), cap);
  });
  return { team: { dup: team, ord: teamOrd }, pair: { dup: [side0, side1], ord: [ord1, ord3] } };
}

/** Pair results of a set: the four duplicate pair scores and the two ordinary pair margins. */
function pairResults(s: RecordedSet): { dup: number[]; ord: number[] } {
  let side0 = 0;
  let side1 = 0;
  s.t1.forEach((h1, k) => {
    const h2 = s.t2[k] as [number, number];
    side0 += h1[0] - h2[0];
    side1 += h2[1] - h1[1];
  });
  // The four pairs: X1 = side0, Y2 = −side0, X2 = side1, Y1 = −side1. X1 and Y2 are the same
  // comparison seen from both ends, so one of each couple is enough for the spread.
  return { dup: [side0, side1], ord: [margin(s.t1, 0), margin(s.t3, 1)] };
}

/**
 * Field scores: `tables` all played the same deal on board k (or, for the ordinary counterpart,
 * each its own deal); the pair at side `d` of table j scores, summed over the boards, `butler`
 * (points minus the mean of the other pairs' points at side d) or `mp` (fraction of the other
 * pairs beaten, ties half). `xSide[j]`: the side team X sat at table j; each score says whether
 * its pair is X's. `mixSides` (ordinary fields, where X always sat at side 1 of table 3): the
 * pairs of odd tables are read from the other side, so the field mixes both teams as a duplicate
 * field does (with other deals at every table, a side holds no particular cards).
 */
function fieldScores(
  tables: readonly Points[],
  xSide: readonly (0 | 1)[],
  method: 'butler' | 'mp',
  mixSides = false,
): { score: number; x: boolean }[] {
  const out: { score: number; x: boolean }[] = [];
  const n = tables.length;
  const boards = Math.min(...tables.map((t) => t.length));
  for (const d of [0, 1] as const) {
    for (let j = 0; j < n; j++) {
      let score = 0;
      for (let k = 0; k < boards; k++) {
        const own = (tables[j] as Points)[k]?.[d] as number;
        let sum = 0;
        let mp = 0;
        for (let i = 0; i < n; i++) {
          if (i === j) continue;
          const e = mixSides && i % 2 === 1 ? 1 - d : d;
          const other = (tables[i] as Points)[k]?.[e] as number;
          sum += other;
          mp += own > other ? 1 : own === other ? 0.5 : 0;
        }
        score += method === 'butler' ? own - sum / (n - 1) : mp / (n - 1);
      }
      out.push({ score, x: xSide[j] === d });
    }
  }
  return out;
}

/**
 * A group's duplicate field (tables 1 and 2 of its sets, X at side 0 then 1) and an ordinary
 * field of the same size (table 3, X at side 1, of this group's sets and the next group's).
 */
function fields(
  groups: readonly RecordedSet[][],
  gi: number,
): { dup: Points[]; dupX: (0 | 1)[]; ord: Points[]; ordX: (0 | 1)[] } | null {
  const group = groups[gi] as RecordedSet[];
  const next = groups[(gi + 1) % groups.length] as RecordedSet[];
  const dup = group.flatMap((s) => [s.t1, s.t2]);
  const ord = [...group, ...next].map((s) => s.t3).slice(0, dup.length);
  return ord.length === dup.length && dup.length >= 3
    ? { dup, dupX: dup.map((_, j) => (j % 2) as 0 | 1), ord, ordX: ord.map(() => 1) }
    : null;
}

/**
 * One group's values of a statistic. Team and pair values are comparisons of X with Y (X's
 * side); field values are single pairs' scores, with `dupX`/`ordX` telling which are X's.
 */
export interface Sample {
  dup: number[];
  ord: number[];
  dupX?: boolean[];
  ordX?: boolean[];
}

/** The per-group samples of every statistic (so a bootstrap can resample groups). */
export function samplesByGroup(groups: readonly RecordedSet[][]): Record<string, Sample[]> {
  const out: Record<string, Sample[]> = {
    team: [],
    pair: [],
    'field butler': [],
    'field mp': [],
    'team cap 30': [],
    'pair cap 30': [],
    'team cap 15': [],
    'pair cap 15': [],
  };
  groups.forEach((group, gi) => {
    const team: Sample = { dup: [], ord: [] };
    const pair: Sample = { dup: [], ord: [] };
    for (const s of group) {
      const t = teamResults(s);
      team.dup.push(t.dup);
      team.ord.push(t.ord);
      const p = pairResults(s);
      pair.dup.push(...p.dup);
      pair.ord.push(...p.ord);
    }
    out.team?.push(team);
    out.pair?.push(pair);
    for (const cap of [30, 15]) {
      const t: Sample = { dup: [], ord: [] };
      const p: Sample = { dup: [], ord: [] };
      for (const s of group) {
        const r = cappedResults(s, cap);
        t.dup.push(r.team.dup);
        t.ord.push(r.team.ord);
        p.dup.push(...r.pair.dup);
        p.ord.push(...r.pair.ord);
      }
      out[`team cap ${cap}`]?.push(t);
      out[`pair cap ${cap}`]?.push(p);
    }
    const f = fields(groups, gi);
    for (const method of ['butler', 'mp'] as const) {
      const dup = f ? fieldScores(f.dup, f.dupX, method) : [];
      const ord = f ? fieldScores(f.ord, f.ordX, method, true) : [];
      out[`field ${method}`]?.push({
        dup: dup.map((v) => v.score),
        ord: ord.map((v) => v.score),
        dupX: dup.map((v) => v.x),
        ordX: ord.map((v) => v.x),
      });
    }
  });
  return out;
}

function sd(values: readonly number[]): number {
  const n = values.length;
  const mean = values.reduce((a, b) => a + b, 0) / n;
  return Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1));
}

function mean(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

/**
 * How well a statistic separates X from Y, scale-free: the expected difference between the
 * scores of an X pair (or team) and a Y pair from different sets over the sd of that difference.
 * A team or pair comparison S scores S for X's side and −S for Y's, so that is √2·mean/sd; field
 * scores: (mean of X's pairs − mean of Y's) / √(var X + var Y). With teams of unequal strength, a larger value means
 * less luck for the same skill; duplicate / ordinary > 1 means the duplicate separates better.
 */
export function separation(samples: readonly Sample[], which: 'dup' | 'ord'): number {
  const values = samples.flatMap((s) => s[which]);
  const labels = samples.flatMap((s) => s[which === 'dup' ? 'dupX' : 'ordX'] ?? []);
  if (labels.length === 0) return (Math.SQRT2 * mean(values)) / sd(values);
  const xs = values.filter((_, i) => labels[i]);
  const ys = values.filter((_, i) => !labels[i]);
  return (mean(xs) - mean(ys)) / Math.sqrt(sd(xs) ** 2 + sd(ys) ** 2);
}

/** The statistic's figures: the sds, their ratio and its percentile-bootstrap 95% interval. */
export function ratioWithInterval(
  samples: readonly Sample[],
  resamples = 2000,
  seed = 'duplicate-spread-analysis',
): {
  n: number;
  sdOrd: number;
  sdDup: number;
  ratio: number;
  low: number;
  high: number;
  /** 95% interval of the duplicate's `separation` (meaningful with unequal teams). */
  sepLow: number;
  sepHigh: number;
} {
  const flat = (pick: (s: Sample) => number[], from: readonly Sample[]) => from.flatMap(pick);
  const sdDup = sd(flat((s) => s.dup, samples));
  const sdOrd = sd(flat((s) => s.ord, samples));
  const rng = createRng(seed);
  const ratios: number[] = [];
  const seps: number[] = [];
  for (let b = 0; b < resamples; b++) {
    const pick = Array.from(
      { length: samples.length },
      () => samples[Math.floor(rng.next() * samples.length)] as Sample,
    );
    ratios.push(sd(flat((s) => s.dup, pick)) / sd(flat((s) => s.ord, pick)));
    seps.push(separation(pick, 'dup'));
  }
  ratios.sort((a, b) => a - b);
  seps.sort((a, b) => a - b);
  return {
    n: samples.reduce((a, s) => a + s.dup.length, 0),
    sdOrd,
    sdDup,
    ratio: sdDup / sdOrd,
    low: ratios[Math.floor(0.025 * resamples)] as number,
    high: ratios[Math.ceil(0.975 * resamples) - 1] as number,
    sepLow: seps[Math.floor(0.025 * resamples)] as number,
    sepHigh: seps[Math.ceil(0.975 * resamples) - 1] as number,
  };
}

function main(): void {
  const file = process.argv[2];
  if (!file) throw new Error('usage: duplicate-spread-analysis.ts FILE.jsonl [--curve]');
  const groups = readGroups(file);
  const sets = groups.flat();
  const first = sets[0] as RecordedSet;
  const teams = sets.map(teamResults);
  const dupMean = mean(teams.map((t) => t.dup));
  const dupMeanSe = sd(teams.map((t) => t.dup)) / Math.sqrt(teams.length);
  console.log(
    `${file}: ${sets.length} sets in ${groups.length} groups of up to ${Math.max(...groups.map((g) => g.length))}, ${first.t1.length} boards, X=${first.x} Y=${first.y}`,
  );
  console.log(
    `team X's mean duplicate result ${dupMean.toFixed(1)} points [${(dupMean - 1.96 * dupMeanSe).toFixed(1)}, ${(dupMean + 1.96 * dupMeanSe).toFixed(1)}] (0 = equal strength)`,
  );
  const samples = samplesByGroup(groups);
  for (const [name, all] of Object.entries(samples)) {
    const s = all.filter((x) => x.dup.length > 0);
    if (s.length === 0) continue;
    const r = ratioWithInterval(s);
    const sepDup = separation(s, 'dup');
    const sepOrd = separation(s, 'ord');
    console.log(
      `${name.padEnd(13)} n ${String(r.n).padStart(5)}  sd ord ${r.sdOrd.toFixed(2).padStart(7)}  sd dup ${r.sdDup.toFixed(2).padStart(7)}  ratio ${r.ratio.toFixed(3)} [${r.low.toFixed(3)}, ${r.high.toFixed(3)}]  variance ratio ${(r.ratio ** 2).toFixed(3)} [${(r.low ** 2).toFixed(3)}, ${(r.high ** 2).toFixed(3)}]  separation X-Y ord ${sepOrd.toFixed(3)} dup ${sepDup.toFixed(3)} [${r.sepLow.toFixed(3)}, ${r.sepHigh.toFixed(3)}]`,
    );
  }
  if (process.argv.includes('--curve')) {
    for (const n of [25, 50, 100, 200, 400, 800].filter((n) => n <= groups.length)) {
      const part = samplesByGroup(groups.slice(0, n));
      const line = ['team', 'pair']
        .map((name) => {
          const r = ratioWithInterval(part[name] as Sample[], 1000);
          return `${name} ${r.ratio.toFixed(3)} [${r.low.toFixed(3)}, ${r.high.toFixed(3)}] width ${(r.high - r.low).toFixed(3)}`;
        })
        .join('   ');
      console.log(`first ${String(n * (groups[0]?.length ?? 1)).padStart(5)} sets: ${line}`);
    }
  }
}

main();
