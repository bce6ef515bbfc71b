/**
 * Lighthouse mobile audit of the public pages (decision 011: performance and accessibility >= 90 on
 * `/`, also /login and /privacy). Uses the lighthouse package's programmatic API with Debian's
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
 *
 * Without --url it starts the built app like `npm start` does (`node --import tsx
 * apps/server/src/main.ts`, NODE_ENV=production, embedded PGlite in a temporary directory, demo
 * catalogue) on a free port, and stops it at the end. Prints each run and the median per page.
 * Scores vary with machine load: run several times and read the medians.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
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
}

function parseArgs(argv: string[]): Args {
  const args: Args = {
    url: null,
    paths: ['/', '/login', '/privacy'],
    runs: 3,
    details: false,
    json: null,
    lhr: null,
    cpuSlowdown: 4,
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
    else throw new Error(`unknown argument ${a}`);
  }
  return args;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() =>
        typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Starts the built app on a free port with a throwaway PGlite directory; resolves when healthy. */
async function startApp(): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  if (!fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html')))
    throw new Error('apps/web/dist is not built: run `npm run build` first (or pass --url)');
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'domino-lighthouse-'));
  let output = '';
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        ADMIN_EMAIL: 'lighthouse-admin@domino.local',
        ADMIN_PASSWORD: 'LighthouseAdmin123',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not become healthy:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { baseUrl, stop };
}

interface RunResult {
  path: string;
  run: number;
  scores: Record<(typeof CATEGORIES)[number], number>;
  /** Milliseconds, except cls (unitless). */
  metrics: Record<keyof typeof METRICS, number>;
  /** Lighthouse's measure of this machine's CPU speed during the run (higher is faster). */
  benchmarkIndex: number;
  failing: string[];
}

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
    label.padEnd(16),
    ...CATEGORIES.map((c) => String(Math.round(scores[c])).padStart(5)),
    fmtMs(m.fcp).padStart(9),
    fmtMs(m.lcp).padStart(9),
    fmtMs(m.tbt).padStart(9),
    m.cls.toFixed(3).padStart(7),
    fmtMs(m.si).padStart(9),
    String(Math.round(benchmarkIndex)).padStart(6),
  ].join(' ');
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const app = args.url ? { baseUrl: args.url, stop: async () => undefined } : await startApp();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const results: RunResult[] = [];
  const load = os.loadavg().map((l) => l.toFixed(2));
  console.log(
    `Lighthouse ${args.runs} run(s) per page against ${app.baseUrl}, CPU slowdown ${args.cpuSlowdown}x;` +
      ` load average ${load.join(' ')}`,
  );
  console.log(
    `${'page/run'.padEnd(16)}  perf  a11y    bp   seo       FCP       LCP       TBT     CLS        SI  bench`,
  );
  try {
    for (const p of args.paths) {
      for (let run = 1; run <= args.runs; run++) {
        const result = await lighthouse(`${app.baseUrl}${p}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
          // Lighthouse's mobile defaults (slow 4G), with the CPU slowdown made explicit.
          throttling: { ...MOBILE_SLOW_4G, cpuSlowdownMultiplier: args.cpuSlowdown },
        });
        if (!result) throw new Error(`lighthouse returned nothing for ${p}`);
        const { lhr } = result;
        if (args.lhr) {
          fs.mkdirSync(args.lhr, { recursive: true });
          const name = `${p.replace(/[^a-z0-9]+/gi, '_') || 'root'}-${run}.json`;
          fs.writeFileSync(path.join(args.lhr, name), JSON.stringify(lhr));
        }
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
        const benchmarkIndex = lhr.environment.benchmarkIndex;
        results.push({ path: p, run, scores, metrics, benchmarkIndex, failing });
        console.log(row(`${p} #${run}`, scores, metrics, benchmarkIndex));
        if (args.details) for (const f of failing) console.log(`    - ${f}`);
      }
    }
  } finally {
    chrome.kill();
    await app.stop();
  }
  console.log('\nMedians');
  for (const p of args.paths) {
    const mine = results.filter((r) => r.path === p);
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, median(mine.map((r) => r.scores[c]))]),
    ) as RunResult['scores'];
    const metrics = Object.fromEntries(
      Object.keys(METRICS).map((k) => [
        k,
        median(mine.map((r) => r.metrics[k as keyof typeof METRICS])),
      ]),
    ) as RunResult['metrics'];
    console.log(row(p, scores, metrics, median(mine.map((r) => r.benchmarkIndex))));
  }
  if (args.json) {
    fs.writeFileSync(args.json, JSON.stringify({ load, results }, null, 2));
    console.log(`\nSaved ${args.json}`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
