/// <reference lib="dom" />
/**
 * Experto's decision time in Chromium, as offline practice computes it on a phone
 * (docs/decisions/041-offline-practice.md, docs/decisions/058-experto.md): the engine bundled for
 * the browser with esbuild (as Vite ships it), matches of Experto self-play from fixed seeds
 * (`experto-browser/<n>`, parejas defaults), and every decision timed around
 * `chooseMove(view, 'experto', '<match id>:<version>')` with `performance.now()` in the browser,
 * seeded as the offline worker seeds it (apps/web/src/features/game/offline/lib/session.ts).
 *
 *   npx tsx bench/src/experto-browser.ts                   # 400 decisions per run, ~3 minutes
 *   npx tsx bench/src/experto-browser.ts --decisions=100   # a quick look
 *   ... --rate=6                                           # another CPU slowdown (default 4)
 *
 * Three runs over the same decisions (the moves are deterministic, so every run plays the same
 * matches), each in a fresh browser context:
 * 1. in a dedicated Web Worker made from the bundle (a Blob URL), where the product computes;
 * 2. on the page's main thread, unthrottled: the same code on the thread that can be throttled;
 * 3. on the page's main thread with `Emulation.setCPUThrottlingRate` at `--rate` (4 is
 *    Lighthouse's mid-tier mobile setting). Chromium throttles a page's main thread only: the
 *    same call on a worker's session answers "Operation is only supported for pages, not
 *    workers", so the phone-class figure is the main thread's, and runs 1 and 2 show whether the
 *    thread changes the cost.
 *
 * Printed per run, in milliseconds: p50, p95, p99 and max over every decision (what a CPU turn
 * computes, forced moves included) and over the decisions with two or more legal moves (the
 * searched ones, the "decision" of bot-tournament.ts), with their counts and the first searched
 * decision's time (the engine's code not yet optimized by V8). The machine's speed
 * (machine-speed.ts) is read before and after. Figures in docs/performance.md ("Bots").
 *
 * Figures vary with the machine's load: compare runs made minutes apart on a quiet machine.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { machineSpeed, machineSpeedLine } from './machine-speed';
import { summarize } from './stats';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Args {
  /** Decisions timed per run. */
  decisions: number;
  /** CPU slowdown of the throttled run (`Emulation.setCPUThrottlingRate`). */
  rate: number;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { decisions: 400, rate: 4 };
  for (const a of argv) {
    const [name, value] = a.split('=', 2);
    const n = Number(value);
    if (value === undefined || !Number.isFinite(n) || n <= 0) throw new Error(`bad argument ${a}`);
    if (name === '--decisions') args.decisions = Math.round(n);
    else if (name === '--rate') args.rate = n;
    else throw new Error(`unknown argument ${a}`);
  }
  return args;
}

/** What one call of the bundle's `step` answers: one entry per decision, in order. */
interface Step {
  /** Milliseconds of `chooseMove` per decision (`performance.now()` in the browser). */
  ms: number[];
  /** Legal moves of the view per decision. */
  legal: number[];
}

/**
 * The bundle's entry (TypeScript, compiled by esbuild, not by this package's tsc). Each `step`
 * plays on from where the last one stopped, starting a new seeded match when one ends. In a
 * worker it answers each message (a count) with a `Step`; on a page it is `window.expertoBench`.
 */
const ENTRY = `
import {
  DEFAULT_CONFIG, applyMove, chooseMove, playerView, startMatch, type MatchState, type Seat,
} from '@domino/domino';

let state: MatchState | null = null;
let id = '';
let version = 0;
let matches = 0;

function step(count: number): { ms: number[]; legal: number[] } {
  const ms: number[] = [];
  const legal: number[] = [];
  while (ms.length < count) {
    if (state === null || state.status !== 'playing') {
      state = startMatch(DEFAULT_CONFIG, {
        serverSeed: 'experto-browser/' + matches,
        clientSeeds: ['c0', 'c1', 'c2', 'c3'],
      });
      id = 'experto-browser-' + matches;
      version = 0;
      matches += 1;
    }
    const seat = state.hand.turn as Seat;
    const view = playerView(state, seat);
    const t0 = performance.now();
    const move = chooseMove(view, 'experto', id + ':' + version);
    ms.push(performance.now() - t0);
    legal.push(view.legalMoves.length);
    const outcome = applyMove(state, seat, move);
    if (!outcome.ok) throw new Error('experto made an illegal move: ' + outcome.code);
    state = outcome.state;
    version += 1;
  }
  return { ms, legal };
}

const scope = globalThis as unknown as Record<string, unknown>;
if (typeof scope.document === 'undefined') {
  scope.onmessage = (e: MessageEvent<number>) =>
    (scope.postMessage as (m: unknown) => void)(step(e.data));
} else {
  scope.expertoBench = { step };
}
`;

/** The entry bundled as one classic script (an IIFE), minified as the app's build is. */
async function bundle(): Promise<string> {
  const out = await build({
    stdin: {
      contents: ENTRY,
      loader: 'ts',
      resolveDir: path.dirname(fileURLToPath(import.meta.url)),
      sourcefile: 'experto-browser-entry.ts',
    },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    logLevel: 'silent',
  });
  const file = out.outputFiles[0];
  if (!file) throw new Error('esbuild wrote nothing');
  return file.text;
}

/** Decisions asked of the browser per call, so the run reports progress and no call is long. */
const CHUNK = 20;

type Where = 'worker' | 'page';

interface Run {
  label: string;
  where: Where;
  rate: number;
}

/** One run in a fresh context: `decisions` decisions from the first seeded match. */
async function measure(
  browser: Browser,
  code: string,
  run: Run,
  decisions: number,
): Promise<Step & { seconds: number }> {
  const context = await browser.newContext();
  try {
    const page: Page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: run.rate });
    if (run.where === 'worker') {
      await page.evaluate((source) => {
        const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
        (window as unknown as { benchWorker: Worker }).benchWorker = new Worker(url);
      }, code);
    } else {
      await page.addScriptTag({ content: code });
    }
    const ms: number[] = [];
    const legal: number[] = [];
    const t0 = performance.now();
    while (ms.length < decisions) {
      const count = Math.min(CHUNK, decisions - ms.length);
      const step: Step =
        run.where === 'worker'
          ? await page.evaluate(
              (n) =>
                new Promise<Step>((resolve, reject) => {
                  const w = (window as unknown as { benchWorker: Worker }).benchWorker;
                  w.onmessage = (e: MessageEvent<Step>) => resolve(e.data);
                  w.onerror = (e) => reject(new Error(e.message));
                  w.postMessage(n);
                }),
              count,
            )
          : await page.evaluate(
              (n) =>
                (
                  window as unknown as { expertoBench: { step(n: number): Step } }
                ).expertoBench.step(n),
              count,
            );
      ms.push(...step.ms);
      legal.push(...step.legal);
      if (process.stderr.isTTY)
        process.stderr.write(`\r${run.label}: ${ms.length}/${decisions} decisions`);
    }
    if (process.stderr.isTTY) process.stderr.write('\n');
    return { ms, legal, seconds: (performance.now() - t0) / 1000 };
  } finally {
    await context.close();
  }
}

/** `n p50 / p95 / p99 / max` of `values`, milliseconds. */
function line(values: number[]): string {
  const s = summarize(values);
  const f = (x: number) => x.toFixed(1).padStart(7);
  return `${String(s.n).padStart(5)}  ${f(s.p50)} ${f(s.p95)} ${f(s.p99)} ${f(s.max)}`;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const code = await bundle();
  const runs: Run[] = [
    { label: 'Web Worker, unthrottled', where: 'worker', rate: 1 },
    { label: 'main thread, unthrottled', where: 'page', rate: 1 },
    { label: `main thread, CPU ${args.rate}x slower`, where: 'page', rate: args.rate },
  ];
  const speedBefore = machineSpeed();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const results: { run: Run; figures: Step & { seconds: number } }[] = [];
  try {
    console.log(
      `Experto in ${browser.version()}: ${args.decisions} decisions per run from the same seeded ` +
        `self-play matches; engine bundle ${(code.length / 1024).toFixed(0)} KiB`,
    );
    for (const run of runs)
      results.push({ run, figures: await measure(browser, code, run, args.decisions) });
  } finally {
    await browser.close();
  }
  const speedAfter = machineSpeed();
  // The moves are deterministic: every run must have timed the same decisions.
  const reference = JSON.stringify(results[0]?.figures.legal);
  for (const { run, figures } of results)
    if (JSON.stringify(figures.legal) !== reference)
      throw new Error(`${run.label} played other decisions than ${runs[0]?.label}`);

  console.log('\nchooseMove ms                              n      p50     p95     p99     max');
  for (const { run, figures } of results) {
    const searched = figures.ms.filter((_, i) => (figures.legal[i] ?? 0) > 1);
    const firstSearched = figures.ms.find((_, i) => (figures.legal[i] ?? 0) > 1) ?? Number.NaN;
    console.log(`${run.label} (${figures.seconds.toFixed(0)} s)`);
    console.log(`  every decision                       ${line(figures.ms)}`);
    console.log(`  2+ legal moves (searched)            ${line(searched)}`);
    console.log(`  first searched decision ${firstSearched.toFixed(1)} ms`);
  }
  console.log(
    machineSpeedLine(
      { label: 'before the runs', handsPerSecond: speedBefore },
      { label: 'after them', handsPerSecond: speedAfter },
    ),
  );
}

await main();
