/**
 * Bot tournament: pairs of CPU players against pairs, through the real engine, on all cores.
 *
 *   npx tsx bench/src/bot-tournament.ts [--quick] [--only=a,b,c] [--workers=N] [--target=N]
 *     [--dificil='{"nodeBudget":200000}'] [--medio='{"pips":1.5}'] [--experto='{"samples":80}']
 *     [--pair=medio:greedy] [--mirror] [--minutes=N] [--start=N]
 *
 * --target overrides the number of hands/matches of every experiment; --dificil, --medio and
 * --experto override bot options (JSON) for tuning; --pair replaces both sides of the chosen
 * experiments (any of bot-match.ts `BOT_NAMES`, including the `sharing` yardstick:
 * `--only=e --pair=sharing:greedy` measures what knowing the partner's hand is worth); --mirror plays a, b and c on mirrored deals too (e and f always are: each deal is
 * played twice with the sides swapped); --minutes stops dispatching new matches after N minutes
 * of an experiment (a busy shared machine) and reports what was played; --start=N begins at match
 * index N (even, to keep mirrored pairs), so a stopped run can be continued on new deals and the
 * two tallies added. Deal seeds depend only on the experiment and match index,
 * so two runs with different options play the same deals (common random numbers).
 *
 * Experiments (targets from the bot brief, figures recorded in docs/performance.md "## Bots"):
 *   a  Difícil pair vs greedy heaviest-tile pair: hand win rate over 2,000 hands (>= 75%);
 *      voided hands (tranque ties) reported apart and left out of the rate.
 *   b  Difícil vs Medio: match win rate, matches to 100 (>= 60%).
 *   c  Medio vs Fácil: match win rate, matches to 100 (>= 70%).
 *   e  Experto pair vs greedy pair on mirrored deals: hand win rate over 2,000 hands (>= 80%).
 *   f  Experto vs Difícil on mirrored deals: match win rate, matches to 100 (>= 60%).
 *   d  move time percentiles per bot (p99: Medio < 2 ms, Difícil and Experto <= 300 ms), measured
 *      around every bot call with performance.now; "decisions" counts only calls with two or more
 *      legal moves. Printed with the machine's load average, since the cores are shared.
 * Seats alternate between matches so neither side always leads. Rates carry Wilson 95% intervals.
 */
import { availableParallelism, loadavg } from 'node:os';
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import type { BotOptions } from '../../packages/domino/src/bots/index';
import { playMatch, type BotName, type MatchJob, type MatchOutcome } from './bot-match';
import { formatRate, summarize, wilson } from './stats';

interface Experiment {
  readonly id: 'a' | 'b' | 'c' | 'e' | 'f';
  readonly title: string;
  readonly a: BotName;
  readonly b: BotName;
  /** Stop dispatching once this many hands (unit 'hands') or matches ('matches') are done. */
  readonly unit: 'hands' | 'matches';
  readonly target: number;
  readonly goal: number;
  /** Each deal played twice with the sides swapped (bot-match.ts `MatchJob.mirror`). */
  readonly mirror: boolean;
}

function experiments(quick: boolean): Experiment[] {
  return [
    {
      id: 'a',
      title: 'Difícil pair vs greedy heaviest-tile pair (hand win rate)',
      a: 'dificil',
      b: 'greedy',
      unit: 'hands',
      target: quick ? 120 : 2000,
      goal: 0.75,
      mirror: false,
    },
    {
      id: 'b',
      title: 'Difícil vs Medio (match win rate, matches to 100)',
      a: 'dificil',
      b: 'medio',
      unit: 'matches',
      target: quick ? 24 : 400,
      goal: 0.6,
      mirror: false,
    },
    {
      id: 'c',
      title: 'Medio vs Fácil (match win rate, matches to 100)',
      a: 'medio',
      b: 'facil',
      unit: 'matches',
      target: quick ? 100 : 1000,
      goal: 0.7,
      mirror: false,
    },
    {
      id: 'e',
      title: 'Experto pair vs greedy heaviest-tile pair, mirrored deals (hand win rate)',
      a: 'experto',
      b: 'greedy',
      unit: 'hands',
      target: quick ? 120 : 2000,
      goal: 0.8,
      mirror: true,
    },
    {
      id: 'f',
      title: 'Experto vs Difícil, mirrored deals (match win rate, matches to 100)',
      a: 'experto',
      b: 'dificil',
      unit: 'matches',
      target: quick ? 24 : 400,
      goal: 0.6,
      mirror: true,
    },
  ];
}

interface Tally {
  matches: number;
  matchesA: number;
  hands: number;
  handsA: number;
  handsB: number;
  voided: number;
  pointsA: number;
  pointsB: number;
}

function emptyTally(): Tally {
  return {
    matches: 0,
    matchesA: 0,
    hands: 0,
    handsA: 0,
    handsB: 0,
    voided: 0,
    pointsA: 0,
    pointsB: 0,
  };
}

function done(e: Experiment, t: Tally): number {
  return e.unit === 'hands' ? t.hands : t.matches;
}

function workerBoot(): string {
  // Workers load this same file through tsx's ESM hooks.
  const api = import.meta.resolve('tsx/esm/api');
  return `import(${JSON.stringify(api)}).then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const quick = args.includes('--quick');
  const only = args
    .find((a) => a.startsWith('--only='))
    ?.slice(7)
    .split(',');
  const workersArg = args.find((a) => a.startsWith('--workers='));
  const workers = workersArg ? Number(workersArg.slice(10)) : availableParallelism();
  const targetArg = args.find((a) => a.startsWith('--target='));
  const json = (flag: string): Record<string, unknown> => {
    const arg = args.find((a) => a.startsWith(`--${flag}=`));
    return arg === undefined
      ? {}
      : (JSON.parse(arg.slice(flag.length + 3)) as Record<string, unknown>);
  };
  const options: BotOptions = {
    dificil: json('dificil'),
    medio: json('medio'),
    experto: json('experto'),
  };
  const mirrorAll = args.includes('--mirror');
  const minutesArg = args.find((a) => a.startsWith('--minutes='));
  const budgetMs = minutesArg ? Number(minutesArg.slice(10)) * 60_000 : Infinity;
  const startArg = args.find((a) => a.startsWith('--start='));
  const start = startArg ? Number(startArg.slice(8)) : 0;
  const list = experiments(quick)
    .filter((e) => only === undefined || only.includes(e.id))
    .map((e) => (targetArg ? { ...e, target: Number(targetArg.slice(9)) } : e))
    .map((e) => {
      // --pair=medio:greedy replaces the two sides (for calibration runs).
      const pair = args
        .find((a) => a.startsWith('--pair='))
        ?.slice(7)
        .split(':');
      return pair === undefined ? e : { ...e, a: pair[0] as BotName, b: pair[1] as BotName };
    })
    .map((e) => (mirrorAll ? { ...e, mirror: true } : e));
  console.log(
    `bot tournament (${quick ? 'quick' : 'full'}), ${workers} worker(s), experiments ${list.map((e) => e.id).join(',')}, options ${JSON.stringify(options)}`,
  );
  const started = performance.now();
  const times: Partial<Record<BotName, number[]>> = {};
  const decisions: Partial<Record<BotName, number[]>> = {};
  const cpu: Partial<Record<BotName, number[]>> = {};
  const tallies = new Map<string, Tally>();

  for (const e of list) {
    const tally = emptyTally();
    tallies.set(e.id, tally);
    let next = start;
    let inFlight = 0;
    let lastPrint = performance.now();
    const t0 = performance.now();
    await new Promise<void>((resolve, reject) => {
      const pool: Worker[] = [];
      const dispatch = (w: Worker): void => {
        // Mirrored deals are dispatched in pairs: a deal's second match is never left out.
        const pairOpen = e.mirror && (next - start) % 2 === 1;
        const outOfTime = performance.now() - t0 > budgetMs;
        const reached = done(e, tally) + (e.unit === 'matches' ? inFlight : 0) >= e.target;
        if (!pairOpen && (reached || outOfTime)) {
          if (inFlight === 0) {
            for (const p of pool) void p.terminate();
            resolve();
          }
          return;
        }
        const job: MatchJob = {
          experiment: e.id,
          index: next++,
          a: e.a,
          b: e.b,
          options,
          mirror: e.mirror,
        };
        inFlight++;
        w.postMessage(job);
      };
      for (let i = 0; i < workers; i++) {
        const w = new Worker(workerBoot(), { eval: true });
        pool.push(w);
        w.on('error', reject);
        w.on('message', (o: MatchOutcome) => {
          inFlight--;
          tally.matches++;
          if (o.aWon) tally.matchesA++;
          tally.hands += o.handsA + o.handsB + o.voided;
          tally.handsA += o.handsA;
          tally.handsB += o.handsB;
          tally.voided += o.voided;
          tally.pointsA += o.pointsA;
          tally.pointsB += o.pointsB;
          for (const [bot, ms] of Object.entries(o.times))
            (times[bot as BotName] ??= []).push(...ms);
          for (const [bot, ms] of Object.entries(o.decisions))
            (decisions[bot as BotName] ??= []).push(...ms);
          for (const [bot, ms] of Object.entries(o.cpu)) (cpu[bot as BotName] ??= []).push(...ms);
          if (performance.now() - lastPrint > 10_000) {
            lastPrint = performance.now();
            const secs = ((lastPrint - t0) / 1000).toFixed(0);
            const rate =
              e.unit === 'hands'
                ? wilson(tally.handsA, tally.handsA + tally.handsB)
                : wilson(tally.matchesA, tally.matches);
            console.log(
              `  [${e.id}] ${done(e, tally)}/${e.target} ${e.unit} after ${secs} s: A ${formatRate(rate)}`,
            );
          }
          dispatch(w);
        });
        dispatch(w);
      }
    });
    const secs = ((performance.now() - t0) / 1000).toFixed(0);
    console.log(`\n(${e.id}) ${e.title}: ${e.a} = side A, ${e.b} = side B, ${secs} s`);
    const decided = tally.handsA + tally.handsB;
    console.log(
      `  hands: ${tally.hands} played, A won ${formatRate(wilson(tally.handsA, decided))} of decided hands, ${tally.voided} voided (${formatRate(wilson(tally.voided, tally.hands))} of all)`,
    );
    console.log(
      `  matches: ${tally.matches}, A won ${formatRate(wilson(tally.matchesA, tally.matches))}; points A ${tally.pointsA} vs B ${tally.pointsB}`,
    );
    const rate =
      e.unit === 'hands' ? wilson(tally.handsA, decided) : wilson(tally.matchesA, tally.matches);
    console.log(
      `  target ${(e.goal * 100).toFixed(0)}%: ${rate.rate >= e.goal ? 'met' : 'NOT met'}`,
    );
  }

  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  console.log(
    `\n(d) move times in ms (all calls | decisions with 2+ legal moves); load average ${load}`,
  );
  for (const bot of ['facil', 'greedy', 'medio', 'dificil', 'experto'] as const) {
    const all = times[bot];
    if (all === undefined) continue;
    const s = summarize(all);
    const d = summarize(decisions[bot] ?? []);
    const f = (x: number) => x.toFixed(3);
    console.log(
      `  ${bot.padEnd(8)} calls ${s.n}: p50 ${f(s.p50)} p95 ${f(s.p95)} p99 ${f(s.p99)} max ${f(s.max)} | decisions ${d.n}: p50 ${f(d.p50)} p95 ${f(d.p95)} p99 ${f(d.p99)} max ${f(d.max)}`,
    );
    const c = summarize(cpu[bot] ?? []);
    console.log(
      `  ${''.padEnd(8)} process CPU per decision${workers === 1 ? '' : ` (${workers} workers: includes the others')`}: p50 ${f(c.p50)} p95 ${f(c.p95)} p99 ${f(c.p99)} max ${f(c.max)}`,
    );
  }
  console.log(`\ntotal ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

if (isMainThread) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
} else {
  parentPort?.on('message', (job: MatchJob) => parentPort?.postMessage(playMatch(job)));
}
