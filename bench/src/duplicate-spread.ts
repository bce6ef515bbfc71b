/**
 * Duplicate domino against ordinary play (docs/decisions/062-duplicate-domino.md): how much the
 * duplicate comparison narrows the spread of results between two teams of equal strength.
 *
 * A set is two teams (X, Y) of two pairs each, every seat a bot. Per set it plays:
 * - duplicate: tables 1 and 2 on the SAME seeds (the same deal for seat s in hand k), `--boards`
 *   hands each, led in rotation; X at side 0 of table 1 and side 1 of table 2. Result =
 *   `compareDuplicate(...).teamX`, the points X's pairs made minus Y's pairs on the same cards.
 * - ordinary: table 1 again with table 3, which deals from OTHER seeds (X at side 1 there): the
 *   same number of hands per team as the duplicate, on unrelated cards. Result = X's points minus
 *   Y's over both tables. Also reported: table 1 alone (one pair per team, `--boards` hands).
 * The bots of a table draw from their own random streams, so the same level at tables 1 and 2
 * does not replay the same moves.
 *
 * Figures: the standard deviation of the per-set result (points), its ratio duplicate / ordinary
 * (goal <= 0.5), and with unequal teams (`--x` stronger than `--y`) how often the weaker team
 * comes out ahead (ties apart).
 *
 * Run: nice -n 19 npx tsx bench/src/duplicate-spread.ts [--sets 400] [--boards 8] [--x medio]
 *      [--y medio] [--seed dup] [--scales | --record FILE [--from 0] [--group 1]]
 * `--scales`: the per-board scales (`SCALES`), duplicate against ordinary on the same hands.
 * `--record`: writes every set's hands to FILE (JSON lines) for duplicate-spread-analysis.ts,
 * which gives the ratios with bootstrap intervals, the pairs' ratio and the other scorings.
 */
import {
  DEFAULT_CONFIG,
  applyMove,
  chooseGreedy,
  chooseMove,
  compareDuplicate,
  createRng,
  playerView,
  startMatch,
  type BotLevel,
  type FairnessSeeds,
  type HandSummary,
  type Rng,
  type Seat,
  type TableConfig,
} from '@domino/domino';
import { appendFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { formatRate, percentile, wilson } from './stats';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

const SETS = Number(arg('sets', '400'));
const BOARDS = Number(arg('boards', '8'));
/**
 * A bot level, `greedy` (the heaviest playable tile, the bots bench's yardstick) or `medio-b`:
 * Medio with other weights, about as strong but not the same player. Medio is deterministic but
 * for ties, so two Medio teams play the same cards alike at both tables and the duplicate then
 * cancels more than it would between different players of equal strength; `--y medio-b` measures
 * that case.
 */
type Player = BotLevel | 'greedy' | 'medio-b' | 'dificil-b';
const MEDIO_B = {
  double: 3,
  keepPlayable: 2.5,
  variety: 1,
  opponentLacks: 3.5,
  partnerLacks: 3,
  partnerEnd: 3.5,
  opponentEnd: 2,
  lock: 1.5,
  leadSuit: 3,
};
/**
 * `dificil-b`: Difícil with another leaf evaluation and Medio's other weights for its ties, a
 * different player of about Difícil's strength (the duplicate's mean result between the two is
 * the check: docs/performance.md "Duplicate domino").
 */
const DIFICIL_B = { eval: { pips: 0.7, tiles: 3 }, medio: MEDIO_B };
const LEVEL_X = arg('x', 'medio') as Player;
const LEVEL_Y = arg('y', LEVEL_X) as Player;
const SEED = arg('seed', 'dup');

/** Plays one table to its last board: side 0 and side 1 are bots of the given levels. */
export function playTable(
  config: TableConfig,
  seeds: FairnessSeeds,
  levels: readonly [Player, Player],
  rngLabel: string,
  rngLabels: readonly string[] = [0, 1, 2, 3].map((s) => `${rngLabel}/seat${s}`),
): readonly HandSummary[] {
  let state = startMatch(config, seeds);
  const rngs: Rng[] = rngLabels.map((label) => createRng(label));
  for (let moves = 0; state.status === 'playing'; moves++) {
    if (moves > 10_000) throw new Error(`table ${rngLabel} did not end`);
    const seat = state.hand.turn as Seat;
    const level = levels[seat % 2] as Player;
    const view = playerView(state, seat);
    const rng = rngs[seat] as Rng;
    const move =
      level === 'greedy'
        ? chooseGreedy(view, rng)
        : level === 'medio-b'
          ? chooseMove(view, 'medio', rng, { medio: MEDIO_B })
          : level === 'dificil-b'
            ? chooseMove(view, 'dificil', rng, { dificil: DIFICIL_B })
            : chooseMove(view, level, rng);
    const result = applyMove(state, seat, move);
    if (!result.ok) throw new Error(`illegal bot move: ${result.code}`);
    state = result.state;
  }
  return state.history;
}

/** Points of side `side` minus the other side's over a table's hands. */
function sideMargin(history: readonly HandSummary[], side: 0 | 1): number {
  let margin = 0;
  for (const h of history) margin += (h.pointsBySide[side] ?? 0) - (h.pointsBySide[1 - side] ?? 0);
  return margin;
}

/**
 * Per-board scales (decision 062, addendum "Duplicate tournaments"): a board's result `x` in
 * points becomes `points` x, `wlt` its sign (won, tied, lost: +1/0/−1), `sqrt` sign(x)·√|x| (a
 * compression of large swings, IMP-like). A set's result is the sum over its boards.
 */
export const SCALES = {
  points: (x: number) => x,
  wlt: (x: number) => Math.sign(x),
  sqrt: (x: number) => Math.sign(x) * Math.sqrt(Math.abs(x)),
} as const;
export type Scale = keyof typeof SCALES;

function scaled(perBoard: readonly number[], scale: Scale): number {
  return perBoard.reduce((a, x) => a + SCALES[scale](x), 0);
}

/** Side `side`'s points minus the other side's on hand k (0-based) of a table. */
function handMargin(history: readonly HandSummary[], k: number, side: 0 | 1): number {
  const h = history[k];
  return h ? (h.pointsBySide[side] ?? 0) - (h.pointsBySide[1 - side] ?? 0) : 0;
}

/**
 * The results of one set, from team X's side, on every scale: `duplicate` sums the scaled board
 * results of the comparison; `ordinary` sums the scaled results of the same four hands per board
 * played on other deals (table 1's hand k plus table 3's hand k, team X at the other seats
 * there), so both count the same hands the same way.
 */
export function playSetScaled(
  index: number,
  boards: number,
  levelX: Player,
  levelY: Player,
  seed: string,
): Record<Scale, { duplicate: number; ordinary: number }> {
  const config: TableConfig = { ...DEFAULT_CONFIG, boards };
  const clientSeeds = ['c0', 'c1', 'c2', 'c3'];
  const shared: FairnessSeeds = { serverSeed: `${seed}/${index}/shared`, clientSeeds };
  const other: FairnessSeeds = { serverSeed: `${seed}/${index}/other`, clientSeeds };
  const t1 = playTable(config, shared, [levelX, levelY], `${seed}/${index}/t1`);
  const t2 = playTable(config, shared, [levelY, levelX], `${seed}/${index}/t2`);
  const t3 = playTable(config, other, [levelY, levelX], `${seed}/${index}/t3`);
  const dup = compareDuplicate(t1, t2, boards).boards.map((b) => b.teamX);
  const ord = Array.from({ length: boards }, (_, k) => handMargin(t1, k, 0) + handMargin(t3, k, 1));
  const out = {} as Record<Scale, { duplicate: number; ordinary: number }>;
  for (const scale of Object.keys(SCALES) as Scale[])
    out[scale] = { duplicate: scaled(dup, scale), ordinary: scaled(ord, scale) };
  return out;
}

/** The three results of one set, from team X's side (points). */
export function playSet(
  index: number,
  boards: number,
  levelX: Player,
  levelY: Player,
  seed: string,
): { duplicate: number; ordinary: number; single: number } {
  const config: TableConfig = { ...DEFAULT_CONFIG, boards };
  const clientSeeds = ['c0', 'c1', 'c2', 'c3'];
  const shared: FairnessSeeds = { serverSeed: `${seed}/${index}/shared`, clientSeeds };
  const other: FairnessSeeds = { serverSeed: `${seed}/${index}/other`, clientSeeds };
  const t1 = playTable(config, shared, [levelX, levelY], `${seed}/${index}/t1`);
  const t2 = playTable(config, shared, [levelY, levelX], `${seed}/${index}/t2`);
  const t3 = playTable(config, other, [levelY, levelX], `${seed}/${index}/t3`);
  const single = sideMargin(t1, 0);
  return {
    duplicate: compareDuplicate(t1, t2, boards).teamX,
    ordinary: single + sideMargin(t3, 1),
    single,
  };
}

function sd(values: readonly number[]): number {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / (values.length - 1));
}

function describe(label: string, values: readonly number[], weakerIsX: boolean | null): string {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  let line = `${label.padEnd(28)} sd ${sd(values).toFixed(1).padStart(6)}  mean ${mean.toFixed(1).padStart(6)}  p5 ${String(percentile(sorted, 5)).padStart(5)}  p95 ${String(percentile(sorted, 95)).padStart(5)}`;
  if (weakerIsX !== null) {
    const decided = values.filter((v) => v !== 0);
    const weakerAhead = decided.filter((v) => (weakerIsX ? v > 0 : v < 0)).length;
    line += `  weaker ahead ${formatRate(wilson(weakerAhead, decided.length))} (ties ${values.length - decided.length})`;
  }
  return line;
}

/** `--scales`: the per-board scales, duplicate against ordinary play on the same hands. */
function mainScales(): void {
  const results: Record<Scale, { duplicate: number[]; ordinary: number[] }> = {
    points: { duplicate: [], ordinary: [] },
    wlt: { duplicate: [], ordinary: [] },
    sqrt: { duplicate: [], ordinary: [] },
  };
  const cpu = process.cpuUsage();
  for (let i = 0; i < SETS; i++) {
    const r = playSetScaled(i, BOARDS, LEVEL_X, LEVEL_Y, SEED);
    for (const scale of Object.keys(SCALES) as Scale[]) {
      results[scale].duplicate.push(r[scale].duplicate);
      results[scale].ordinary.push(r[scale].ordinary);
    }
  }
  const used = process.cpuUsage(cpu);
  console.log(
    `duplicate-spread --scales: ${SETS} sets, ${BOARDS} boards a table, X=${LEVEL_X} Y=${LEVEL_Y}, CPU ${((used.user + used.system) / 1e6).toFixed(0)} s, load average ${(loadavg()[0] ?? 0).toFixed(1)}`,
  );
  for (const scale of Object.keys(SCALES) as Scale[]) {
    const { duplicate, ordinary } = results[scale];
    console.log(
      `${scale.padEnd(7)} sd ordinary ${sd(ordinary).toFixed(2).padStart(7)}  sd duplicate ${sd(duplicate).toFixed(2).padStart(7)}  ratio ${(sd(duplicate) / sd(ordinary)).toFixed(3)}`,
    );
  }
}

/** One recorded set: each table's `pointsBySide` per hand ([side 0, side 1]). */
export interface RecordedSet {
  /** Set index and its group (the sets of a group share table 1/2's seeds: the same boards). */
  i: number;
  g: number;
  x: Player;
  y: Player;
  t1: [number, number][];
  t2: [number, number][];
  t3: [number, number][];
}

/**
 * `--record FILE`: plays sets `--from`..`--from + --sets - 1` and appends one JSON line per set
 * (`RecordedSet`) as soon as it is played, so a long run can be stopped and its sets analysed
 * (bench/src/duplicate-spread-analysis.ts). `--group G`: the G sets of a group deal tables 1 and
 * 2 from the same seeds, as a tournament whose sets all played the same boards would; table 3
 * (ordinary play) always has its own seeds.
 */
function mainRecord(file: string): void {
  const from = Number(arg('from', '0'));
  const group = Number(arg('group', '1'));
  const config: TableConfig = { ...DEFAULT_CONFIG, boards: BOARDS };
  const clientSeeds = ['c0', 'c1', 'c2', 'c3'];
  const points = (h: readonly HandSummary[]) =>
    h.map((x) => [x.pointsBySide[0] ?? 0, x.pointsBySide[1] ?? 0] as [number, number]);
  const cpu = process.cpuUsage();
  for (let i = from; i < from + SETS; i++) {
    const g = Math.floor(i / group);
    const shared: FairnessSeeds = {
      serverSeed: group === 1 ? `${SEED}/${i}/shared` : `${SEED}/g${g}/shared`,
      clientSeeds,
    };
    const other: FairnessSeeds = { serverSeed: `${SEED}/${i}/other`, clientSeeds };
    const t1 = playTable(config, shared, [LEVEL_X, LEVEL_Y], `${SEED}/${i}/t1`);
    const t2 = playTable(config, shared, [LEVEL_Y, LEVEL_X], `${SEED}/${i}/t2`);
    const t3 = playTable(config, other, [LEVEL_Y, LEVEL_X], `${SEED}/${i}/t3`);
    const row: RecordedSet = {
      i,
      g,
      x: LEVEL_X,
      y: LEVEL_Y,
      t1: points(t1),
      t2: points(t2),
      t3: points(t3),
    };
    appendFileSync(file, `${JSON.stringify(row)}\n`);
  }
  const used = process.cpuUsage(cpu);
  console.log(
    `duplicate-spread --record: sets ${from}..${from + SETS - 1}, group ${group}, ${BOARDS} boards, X=${LEVEL_X} Y=${LEVEL_Y}, CPU ${((used.user + used.system) / 1e6).toFixed(0)} s, load average ${(loadavg()[0] ?? 0).toFixed(1)}`,
  );
}

function main(): void {
  const record = arg('record', '');
  if (record !== '') {
    mainRecord(record);
    return;
  }
  if (process.argv.includes('--scales')) {
    mainScales();
    return;
  }
  const duplicate: number[] = [];
  const ordinary: number[] = [];
  const single: number[] = [];
  const started = Date.now();
  for (let i = 0; i < SETS; i++) {
    const r = playSet(i, BOARDS, LEVEL_X, LEVEL_Y, SEED);
    duplicate.push(r.duplicate);
    ordinary.push(r.ordinary);
    single.push(r.single);
  }
  const seconds = (Date.now() - started) / 1000;
  const unequal = LEVEL_X !== LEVEL_Y;
  const ranks: Player[] = ['facil', 'greedy', 'medio', 'dificil', 'experto'];
  const rx = ranks.indexOf(LEVEL_X);
  const ry = ranks.indexOf(LEVEL_Y);
  const weakerIsX = unequal && rx >= 0 && ry >= 0 ? rx < ry : null;
  console.log(
    `duplicate-spread: ${SETS} sets, ${BOARDS} boards a table, X=${LEVEL_X} Y=${LEVEL_Y}, ${seconds.toFixed(0)} s, load average ${(loadavg()[0] ?? 0).toFixed(1)}`,
  );
  console.log(describe('ordinary (2 tables, X-Y)', ordinary, weakerIsX));
  console.log(describe('ordinary (table 1 alone)', single, weakerIsX));
  console.log(describe('duplicate (tables 1+2)', duplicate, weakerIsX));
  console.log(
    `ratio sd duplicate / ordinary (2 tables): ${(sd(duplicate) / sd(ordinary)).toFixed(3)}`,
  );
  console.log(
    `ratio sd duplicate / table 1 alone:       ${(sd(duplicate) / sd(single)).toFixed(3)}`,
  );
}

main();
