/**
 * Bytes and time to the first usable screen of the public pages on a phone's network (decision
 * 043), in Chromium with the network and CPU throttled through the DevTools protocol
 * (`Network.emulateNetworkConditions`, `Emulation.setCPUThrottlingRate`), not simulated.
 *
 *   npm run build
 *   npx tsx bench/src/first-usable.ts                          # regular 3G, 4x CPU, 3 runs
 *   ... --profile slow4g                                       # Lighthouse's default network
 *   ... --compare /tmp/fl-before                               # an earlier build, same run
 *   ... --paths /login,/register --runs 5 --cpu 1
 *
 * "Usable" is the moment the page's H1 is on screen and, on a page with a form, its first field
 * accepts input (not disabled, itself or through its fieldset); the field is then typed into to
 * check it keeps the text. For each page and build, the medians over runs (each a fresh browser
 * context, no cache) of:
 * - time: milliseconds from the start of the navigation (`performance.now()` in the page);
 * - bytes: what went over the wire for the responses complete by then (Resource Timing
 *   `transferSize`: compressed bodies and headers), all of it and JavaScript alone;
 * - requests complete by then.
 *
 * The network profiles are Lighthouse 12's (constants.throttling): "regular 3G" is 300 ms round
 * trips and 700 Kbps, "slow 4G" 150 ms and 1.6 Mbps, each with the latency and throughput
 * adjustments Lighthouse applies for DevTools throttling. Figures in docs/performance.md ("First
 * load: bytes to a usable screen").
 */
import { chromium, type Browser } from 'playwright-core';
import { PUBLIC_PAGES, distOf, startApp } from './built-app';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Lighthouse 12's DevTools-throttling network profiles (constants.throttling). */
const PROFILES = {
  '3g': { label: 'regular 3G', latencyMs: 300 * 3.75, downKbps: 700 * 0.9, upKbps: 700 * 0.9 },
  slow4g: {
    label: 'slow 4G',
    latencyMs: 150 * 3.75,
    downKbps: 1.6 * 1024 * 0.9,
    upKbps: 750 * 0.9,
  },
} as const;

/**
 * Evaluated in the page at each animation frame (a string: this package has no DOM types): false
 * until the screen is usable, then the figures of that moment ({@link Usable}).
 */
const USABLE = `(() => {
  const h1 = document.querySelector('#root h1');
  if (!h1 || h1.getBoundingClientRect().height === 0) return false;
  // Styled: every stylesheet linked so far has loaded (the browser paints after them).
  if (![...document.querySelectorAll('link[rel="stylesheet"]')].every((l) => l.sheet)) return false;
  const field = document.querySelector('#root form input:not([type="hidden"])');
  if (field && field.matches(':disabled')) return false;
  const ms = performance.now();
  const done = [
    ...performance.getEntriesByType('navigation'),
    ...performance.getEntriesByType('resource'),
  ].filter((e) => e.responseEnd > 0 && e.responseEnd <= ms);
  const sum = (list) => list.reduce((total, e) => total + e.transferSize, 0);
  return {
    ms,
    bytes: sum(done),
    jsBytes: sum(done.filter((e) => /\\.m?js$/.test(new URL(e.name).pathname))),
    requests: done.length,
  };
})()`;

/** Lighthouse's mobile screen (Moto G Power). */
const PHONE = { width: 412, height: 823 };

interface Args {
  paths: string[];
  runs: number;
  cpu: number;
  profile: keyof typeof PROFILES;
  compare: string | null;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { paths: PUBLIC_PAGES, runs: 3, cpu: 4, profile: '3g', compare: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--paths') args.paths = next().split(',').filter(Boolean);
    else if (a === '--runs') args.runs = Math.max(1, Number(next()));
    else if (a === '--cpu') args.cpu = Number(next());
    else if (a === '--profile') {
      const p = next();
      if (!(p in PROFILES))
        throw new Error(`--profile is one of ${Object.keys(PROFILES).join(', ')}`);
      args.profile = p as keyof typeof PROFILES;
    } else if (a === '--compare') args.compare = distOf(next());
    else throw new Error(`unknown argument ${a}`);
  }
  return args;
}

interface Usable {
  /** Milliseconds from the start of the navigation. */
  ms: number;
  /** Bytes over the wire of the responses complete by then. */
  bytes: number;
  /** The same, JavaScript only. */
  jsBytes: number;
  requests: number;
}

/** One load of `url` in a fresh context; resolves with the figures at the usable moment. */
async function measure(browser: Browser, url: string, args: Args): Promise<Usable> {
  // bypassCSP: the page's CSP forbids the string evaluation of USABLE (no 'unsafe-eval').
  const context = await browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    bypassCSP: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const profile = PROFILES[args.profile];
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.latencyMs,
      downloadThroughput: (profile.downKbps * 1024) / 8,
      uploadThroughput: (profile.upKbps * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: args.cpu });
    await page.goto(url, { waitUntil: 'commit' });
    const handle = await page.waitForFunction(USABLE, undefined, {
      polling: 'raf',
      timeout: 120_000,
    });
    const usable = (await handle.jsonValue()) as Usable;
    // The field keeps what is typed into it (the app may take the form over meanwhile).
    const field = page.locator('#root form input:not([type="hidden"])').first();
    if ((await field.count()) > 0) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await field.pressSequentially('ana@');
      const kept = await field.inputValue();
      if (kept !== 'ana@') throw new Error(`${url}: the first field holds "${kept}", not "ana@"`);
    }
    return usable;
  } finally {
    await context.close();
  }
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const apps: { build: string; baseUrl: string; stop: () => Promise<void> }[] = [];
  const results: { build: string; path: string; usable: Usable }[] = [];
  let browser: Browser | null = null;
  try {
    if (args.compare) apps.push({ build: 'before', ...(await startApp(args.compare)) });
    apps.push({ build: 'after', ...(await startApp()) });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    const profile = PROFILES[args.profile];
    console.log(
      `First usable screen, ${profile.label} (${profile.latencyMs} ms, ${profile.downKbps.toFixed(0)} Kbps down),` +
        ` CPU ${args.cpu}x, ${args.runs} run(s) per page`,
    );
    for (const p of args.paths) {
      for (let run = 1; run <= args.runs; run++) {
        for (const app of apps) {
          const usable = await measure(browser, `${app.baseUrl}${p}`, args);
          results.push({ build: app.build, path: p, usable });
          console.log(
            `${`${app.build} ${p} #${run}`.padEnd(28)} ${String(Math.round(usable.ms)).padStart(6)} ms` +
              ` ${kb(usable.bytes).padStart(10)} (JS ${kb(usable.jsBytes)}) ${usable.requests} requests`,
          );
        }
      }
    }
  } finally {
    await browser?.close();
    for (const app of apps) await app.stop();
  }
  console.log('\n| page | build | usable at | bytes by then | of which JS | requests |');
  console.log('| ---- | ----- | --------- | ------------- | ----------- | -------- |');
  for (const p of args.paths) {
    for (const app of apps) {
      const mine = results
        .filter((r) => r.path === p && r.build === app.build)
        .map((r) => r.usable);
      const m = (k: keyof Usable) => median(mine.map((u) => u[k]));
      console.log(
        `| \`${p}\` | ${app.build} | ${(m('ms') / 1000).toFixed(2)} s | ${kb(m('bytes'))} | ${kb(m('jsBytes'))} | ${m('requests')} |`,
      );
    }
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
