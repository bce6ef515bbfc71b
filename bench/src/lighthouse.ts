/**
 * Lighthouse mobile audit of the public pages (decisions 011, 036 and 043: performance >= 90 on
 * every page a visitor can open). Uses the lighthouse package's programmatic API with Debian's
 * Chromium through chrome-launcher (installed with lighthouse), default mobile settings
 * (simulated slow 4G, 4x CPU slowdown, Moto G Power viewport).
 *
 *   npm run lighthouse -w @domino/bench                  # builds nothing: needs apps/web/dist
 *   npx tsx bench/src/lighthouse.ts --runs 5 --paths /,/login,/privacy,/terms
 *   npx tsx bench/src/lighthouse.ts --url http://localhost:3000   # audit a running app
 *   ... --details                                        # also list failing audits
 *   ... --json out.json                                  # save every run's figures
 *   ... --lhr /tmp/lhr                                   # save every full report
 *   ... --cpu-slowdown 2                                 # default 4; Lighthouse's docs (throttling.md)
 *                                                        # suggest less on a slower host, by the
 *                                                        # 'bench' (benchmarkIndex) column
 *   ... --compare /tmp/fl-before                         # also audit an earlier build, same run
 *
 * Without --url it starts the built app like `npm start` does (`node --import tsx
 * apps/server/src/main.ts`, NODE_ENV=production, embedded PGlite in a temporary directory, demo
 * catalogue) on a free port, and stops it at the end. Prints each run and the median per page.
 * Scores vary with machine load: run several times and read the medians.
 *
 * `--compare <dir>` audits an earlier build beside this one in the same run: `<dir>` is a
 * checkout whose web app is built (`<dir>/apps/web/dist`) or such a `dist` directory itself. This
 * checkout's server sends it (WEB_DIST), on its own port; for each page the runs alternate
 * between the two builds, so that the machine's load weighs on both alike. The medians are then
 * printed side by side ("before" is `<dir>`), also as a Markdown table for docs/performance.md:
 *
 *   git worktree add /tmp/fl-before main
 *   ln -s "$PWD/node_modules" /tmp/fl-before/node_modules   # same lockfile
 *   (cd /tmp/fl-before && npm run build -w @domino/web)
 *   npm run build && npx tsx bench/src/lighthouse.ts --compare /tmp/fl-before --runs 3
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { PUBLIC_PAGES, distOf, startApp } from './built-app';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** Lighthouse 12's default mobile network throttling (constants.throttling.mobileSlow4G). */
const MOBILE_SLOW_4G = {
  rttMs: 150,
  throughputKbps: 1638.4,
  requestLatencyMs: 562.5,
  downloadThroughputKbps: 1474.56,
  uploadThroughputKbps: 675,
};
const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
} as const;

interface Args {
  url: string | null;
  paths: string[];
  runs: number;
  details: boolean;
  json: string | null;
  /** Directory to write each run's full Lighthouse report (JSON) to. */
  lhr: string | null;
  /** CPU slowdown of the simulated phone; Lighthouse's default is 4 (see --cpu-slowdown). */
  cpuSlowdown: number;
  /** The web build (a `dist` directory) to audit beside this one, or null. */
  compare: string | null;
}

function parseArgs(argv: string[]): Args {
  const args: Args = {
    url: null,
    paths: PUBLIC_PAGES,
    runs: 3,
    details: false,
    json: null,
    lhr: null,
    cpuSlowdown: 4,
    compare: null,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--url') args.url = next().replace(/\/+$/, '');
    else if (a === '--paths') args.paths = next().split(',').filter(Boolean);
    else if (a === '--runs') args.runs = Math.max(1, Number(next()));
    else if (a === '--details') args.details = true;
    else if (a === '--json') args.json = next();
    else if (a === '--lhr') args.lhr = next();
    else if (a === '--cpu-slowdown') args.cpuSlowdown = Number(next());
    else if (a === '--compare') args.compare = distOf(next());
    else throw new Error(`unknown argument ${a}`);
  }
  return args;
}

interface RunResult {
  /** 'before' (the --compare build) or 'after' (this checkout's build, or --url). */
  build: Build;
  path: string;
  run: number;
  scores: Record<(typeof CATEGORIES)[number], number>;
  /** Milliseconds, except cls (unitless). */
  metrics: Record<keyof typeof METRICS, number>;
  /** Lighthouse's measure of this machine's CPU speed during the run (higher is faster). */
  benchmarkIndex: number;
  failing: string[];
}

type Build = 'before' | 'after';

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

const fmtMs = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`);

function row(
  label: string,
  scores: RunResult['scores'],
  m: RunResult['metrics'],
  benchmarkIndex: number,
): string {
  return [
    label.padEnd(24),
    ...CATEGORIES.map((c) => String(Math.round(scores[c])).padStart(5)),
    fmtMs(m.fcp).padStart(9),
    fmtMs(m.lcp).padStart(9),
    fmtMs(m.tbt).padStart(9),
    m.cls.toFixed(3).padStart(7),
    fmtMs(m.si).padStart(9),
    String(Math.round(benchmarkIndex)).padStart(6),
  ].join(' ');
}

/** The medians of some runs (one page of one build). */
function medians(runs: RunResult[]): {
  scores: RunResult['scores'];
  metrics: RunResult['metrics'];
  benchmarkIndex: number;
} {
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))]),
  ) as RunResult['scores'];
  const metrics = Object.fromEntries(
    Object.keys(METRICS).map((k) => [
      k,
      median(runs.map((r) => r.metrics[k as keyof typeof METRICS])),
    ]),
  ) as RunResult['metrics'];
  return { scores, metrics, benchmarkIndex: median(runs.map((r) => r.benchmarkIndex)) };
}

/** One Lighthouse run of `url` on the Chrome at `port`, with the figures this bench prints. */
async function audit(
  url: string,
  port: number,
  args: Args,
): Promise<Omit<RunResult, 'build' | 'path' | 'run'> & { lhr: object }> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    // Lighthouse's mobile defaults (slow 4G), with the CPU slowdown made explicit.
    throttling: { ...MOBILE_SLOW_4G, cpuSlowdownMultiplier: args.cpuSlowdown },
  });
  if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  // A run Lighthouse could not finish (a protocol timeout on a busy machine, no paint) has no
  // figures: reported, and left out of the medians.
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, (lhr.categories[c]?.score ?? 0) * 100]),
  ) as RunResult['scores'];
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([k, id]) => [k, lhr.audits[id]?.numericValue ?? NaN]),
  ) as RunResult['metrics'];
  const failing = Object.values(lhr.audits)
    .filter(
      (a) =>
        a.score !== null &&
        a.score < 0.9 &&
        a.scoreDisplayMode !== 'informative' &&
        a.scoreDisplayMode !== 'notApplicable' &&
        a.scoreDisplayMode !== 'manual',
    )
    .map((a) => `${a.id} (${a.score})${a.displayValue ? `: ${a.displayValue}` : ''}`);
  return { scores, metrics, benchmarkIndex: lhr.environment.benchmarkIndex, failing, lhr };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const apps: Partial<Record<Build, { baseUrl: string; stop: () => Promise<void> }>> = {};
  const results: RunResult[] = [];
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  try {
    if (args.compare) apps.before = await startApp(args.compare);
    apps.after = args.url ? { baseUrl: args.url, stop: async () => undefined } : await startApp();
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
      ],
    });
    const builds = (['before', 'after'] as const).filter((b) => apps[b]);
    const load = os.loadavg().map((l) => l.toFixed(2));
    console.log(
      `Lighthouse ${args.runs} run(s) per page against ${builds.map((b) => `${b} ${apps[b]!.baseUrl}`).join(', ')},` +
        ` CPU slowdown ${args.cpuSlowdown}x; load average ${load.join(' ')}`,
    );
    console.log(
      `${'page/run'.padEnd(24)}  perf  a11y    bp   seo       FCP       LCP       TBT     CLS        SI  bench`,
    );
    for (const p of args.paths) {
      for (let run = 1; run <= args.runs; run++) {
        for (const build of builds) {
          let audited: Awaited<ReturnType<typeof audit>>;
          try {
            audited = await audit(`${apps[build]!.baseUrl}${p}`, chrome.port, args);
          } catch (err) {
            console.log(`${`${build} ${p} #${run}`.padEnd(24)} failed: ${String(err)}`);
            continue;
          }
          const { lhr, ...figures } = audited;
          if (args.lhr) {
            fs.mkdirSync(args.lhr, { recursive: true });
            const name = `${build}-${p.replace(/[^a-z0-9]+/gi, '_') || 'root'}-${run}.json`;
            fs.writeFileSync(path.join(args.lhr, name), JSON.stringify(lhr));
          }
          results.push({ build, path: p, run, ...figures });
          const label = builds.length > 1 ? `${build} ${p} #${run}` : `${p} #${run}`;
          console.log(row(label, figures.scores, figures.metrics, figures.benchmarkIndex));
          if (args.details) for (const f of figures.failing) console.log(`    - ${f}`);
        }
      }
    }
  } finally {
    chrome?.kill();
    for (const app of Object.values(apps)) await app.stop();
  }
  const builds = (['before', 'after'] as const).filter((b) => results.some((r) => r.build === b));
  console.log('\nMedians');
  for (const p of args.paths) {
    for (const build of builds) {
      const m = medians(results.filter((r) => r.path === p && r.build === build));
      const label = builds.length > 1 ? `${build} ${p}` : p;
      console.log(row(label, m.scores, m.metrics, m.benchmarkIndex));
    }
  }
  if (builds.length > 1) {
    // The same medians as a Markdown table (docs/performance.md).
    const cell = (build: Build, p: string) => {
      const m = medians(results.filter((r) => r.path === p && r.build === build));
      return `${Math.round(m.scores.performance)} (${fmtMs(m.metrics.lcp)}, ${fmtMs(m.metrics.tbt)})`;
    };
    console.log('\n| page | before: perf (LCP, TBT) | after: perf (LCP, TBT) |');
    console.log('| ---- | ----------------------- | ---------------------- |');
    for (const p of args.paths)
      console.log(`| \`${p}\` | ${cell('before', p)} | ${cell('after', p)} |`);
  }
  if (args.json) {
    fs.writeFileSync(
      args.json,
      JSON.stringify({ load: os.loadavg(), compare: args.compare, results }, null, 2),
    );
    console.log(`\nSaved ${args.json}`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
