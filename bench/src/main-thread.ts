/**
 * Main-thread blocking of a page's first load in Chromium with a throttled CPU, measured in the
 * browser itself (decision 036): unlike Lighthouse's simulation, it reports what the page really
 * did, so it can tell which script costs what.
 *
 *   npm start                                            # or any running build
 *   npx tsx bench/src/main-thread.ts --url http://localhost:3000 --paths /,/terms --runs 6
 *   ... --cpu 4                                          # CPU slowdown (default 4, Lighthouse's)
 *   ... --top 12                                         # how many scripts to list
 *   ... --signed-in --paths /dashboard,/games,/profile    # a player's pages, signed in
 *
 * With `--signed-in`, one player is registered through the API (`/api/register_api`) and every
 * run's context starts signed in as that player (the session the login form stores: localStorage
 * `auth_token` and `user`, docs/product.md §3) with the day's Pote del Mes modal marked seen, so
 * the first load measured is the player's page itself, as for a returning player without the app
 * in the browser's cache (docs/decisions/045, "Addendum 2026-12-01 (sixth)").
 *
 * For each path and run: a fresh browser context (no cache) at Lighthouse's phone size, CPU
 * throttled with `Emulation.setCPUThrottlingRate`, the page loaded until the network is idle plus
 * 1 s, Chrome's sampling profiler on. Prints per path the median over runs of the blocking time
 * (sum over long tasks of their time beyond 50 ms, the definition of total blocking time, from
 * `PerformanceObserver('longtask')`, milliseconds of throttled time), the long tasks' count, and
 * the mean self time (ms) per script URL ("(program)" is the browser's own work: parsing, style,
 * layout; "(idle)" is waiting).
 *
 * Figures vary with the machine's load: compare runs made minutes apart on a quiet machine.
 */
import { chromium, type CDPSession } from 'playwright-core';
import { registerApiPlayer } from './api-player';
import { summarize } from './stats';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Args {
  url: string;
  paths: string[];
  runs: number;
  cpu: number;
  top: number;
  signedIn: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { url: '', paths: ['/'], runs: 6, cpu: 4, top: 10, signedIn: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--url') args.url = next().replace(/\/+$/, '');
    else if (a === '--paths') args.paths = next().split(',');
    else if (a === '--runs') args.runs = Number(next());
    else if (a === '--cpu') args.cpu = Number(next());
    else if (a === '--top') args.top = Number(next());
    else if (a === '--signed-in') args.signedIn = true;
    else throw new Error(`unknown argument ${a}`);
  }
  if (!args.url) throw new Error('--url is required (start the app with `npm start`)');
  return args;
}

/** A CPU profile as the DevTools protocol returns it (the parts read here). */
interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string } }[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time per script file name, milliseconds, from a sampled profile. */
function selfTimeByScript(profile: Profile): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const out = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    const name = frame?.url ? frame.url.replace(/^.*\//, '') : (frame?.functionName ?? '?');
    out.set(name, (out.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return out;
}

/** What a browser holds for a signed-in player, as Playwright's `storageState` takes it. */
interface StorageState {
  cookies: [];
  origins: { origin: string; localStorage: { name: string; value: string }[] }[];
}

/**
 * Registers a new player on the app at `url` and answers the storage of a browser where that
 * player signed in (the token and user of `/api/login_api`'s answer) and closed today's pot
 * modal (`pot_modal_seen`: the Caracas day and the pot's amount in céntimos, decision 050).
 */
async function signedInStorage(url: string): Promise<StorageState> {
  const player = await registerApiPlayer(url);
  const login = await fetch(`${url}/api/login_api`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: player.email, password: player.password }),
  });
  const { token, user } = (await login.json()) as { token: string; user: unknown };
  const pot = (await (await fetch(`${url}/api/monthly-pot/current`)).json()) as {
    pot?: { amount_cents?: number };
  };
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Caracas' }).format(new Date());
  return {
    cookies: [],
    origins: [
      {
        origin: new URL(url).origin,
        localStorage: [
          { name: 'auth_token', value: token },
          { name: 'user', value: JSON.stringify(user) },
          {
            name: 'pot_modal_seen',
            value: JSON.stringify({ day, amountCents: pot.pot?.amount_cents ?? 0 }),
          },
        ],
      },
    ],
  };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const storageState = args.signedIn ? await signedInStorage(args.url) : undefined;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  console.log(
    `${args.runs} run(s) per path against ${args.url}, CPU slowdown ${args.cpu}x` +
      (args.signedIn ? ', signed in' : ''),
  );
  try {
    for (const pagePath of args.paths) {
      const blocking: number[] = [];
      const counts: number[] = [];
      const scripts = new Map<string, number>();
      for (let run = 0; run < args.runs; run++) {
        const context = await browser.newContext({
          viewport: { width: 412, height: 823 },
          storageState,
        });
        const page = await context.newPage();
        const cdp: CDPSession = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: args.cpu });
        // In the page (a string: this package is compiled without the DOM's types).
        await page.addInitScript({
          content: `window.__longTasks = [];
            new PerformanceObserver((list) => {
              for (const e of list.getEntries()) window.__longTasks.push(e.duration);
            }).observe({ type: 'longtask', buffered: true });`,
        });
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
        await page.goto(`${args.url}${pagePath}`);
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(1000);
        const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
        const tasks = (await page.evaluate('window.__longTasks')) as number[];
        blocking.push(tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0));
        counts.push(tasks.length);
        for (const [name, ms] of selfTimeByScript(profile))
          scripts.set(name, (scripts.get(name) ?? 0) + ms / args.runs);
        await context.close();
      }
      const b = summarize(blocking);
      console.log(
        `\n${pagePath}: blocking median ${b.p50.toFixed(0)} ms (runs ${blocking
          .map((x) => x.toFixed(0))
          .join(', ')}), long tasks median ${summarize(counts).p50}`,
      );
      for (const [name, ms] of [...scripts].sort((x, y) => y[1] - x[1]).slice(0, args.top))
        console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${name}`);
    }
  } finally {
    await browser.close();
  }
}

await main();
