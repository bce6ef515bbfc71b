/// <reference lib="dom" />
/**
 * Offline practice, "Jugar sin conexión" (docs/decisions/041), measured two ways:
 *
 * 1. The match in node, with the worker's own code (apps/web/src/features/game/offline/lib/
 *    session.ts) and no delays: for each level, `--matches` whole matches where the player plays
 *    its first legal move. Prints per level the engine + CPU time of a whole match (median, p95),
 *    the moves and hands per match, and the wall-clock length of the same match at each pace
 *    (engine time + every CPU delay and hand pause the pace would wait).
 * 2. With `--url` (a running build, `npm start`): Chromium at 360x740 opens `/` online once,
 *    waits for the service worker, then with the network off: bytes in Cache Storage (what was
 *    precached: sizes of the stored bodies, as the browser decoded them), the time from
 *    navigating to /sin-conexion to the menu's buttons, and from the tap on Fácil to the dealt
 *    hand on the board ("time to first move": the player can act from then on, or as soon as
 *    the CPU seats before them have played). Median of `--runs` fresh contexts.
 *
 *   npx tsx bench/src/offline-practice.ts --matches 20
 *   npx tsx bench/src/offline-practice.ts --matches 20 --url http://localhost:3000 --runs 5
 *
 * Figures vary with the machine's load: compare runs made minutes apart on a quiet machine.
 */
import { performance } from 'node:perf_hooks';
import { chromium } from 'playwright-core';
import type { PlayerView } from '@domino/domino';
import {
  createSession,
  type MatchStore,
} from '../../apps/web/src/features/game/offline/lib/session';
import {
  PACE_TIMING,
  PACES,
  type FromWorker,
  type LocalMove,
} from '../../apps/web/src/features/game/offline/lib/protocol';
import { percentile } from './stats';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LEVELS = ['facil', 'medio', 'dificil'] as const;

interface Args {
  matches: number;
  url: string;
  runs: number;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { matches: 20, url: '', runs: 5 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--matches') args.matches = Number(next());
    else if (a === '--url') args.url = next().replace(/\/+$/, '');
    else if (a === '--runs') args.runs = Number(next());
    else throw new Error(`unknown argument ${a}`);
  }
  return args;
}

const memoryStore = (): MatchStore => ({
  loadCurrent: async () => undefined,
  saveCurrent: async () => undefined,
  clearCurrent: async () => undefined,
  addResult: async () => undefined,
});

function firstMove(view: PlayerView): LocalMove {
  const m = view.legalMoves[0]!;
  if (m.kind === 'play') return { tile: [m.tile[0], m.tile[1]], end: m.end };
  return m.kind === 'pass' ? { pass: true } : { draw: true };
}

/** One whole match with no delays: engine+CPU time, moves, hands, CPU moves and new-hand pauses. */
async function oneMatch(level: (typeof LEVELS)[number], seed: number) {
  let n = seed * 1_000;
  let last: Extract<FromWorker, { type: 'view' }> | null = null;
  let cpuMoves = 0;
  let pauses = 0;
  const session = createSession({
    post: (m) => {
      if (m.type === 'view') last = m;
    },
    store: memoryStore(),
    wait: async (ms) => {
      if (ms === PACE_TIMING.normal.handPauseMs) pauses += 1;
      else cpuMoves += 1;
    },
    randomHex: (bytes) => (++n).toString(16).padStart(bytes * 2, '0'),
    random: Math.random,
    // A clock that stands still: the session waits what remains of a delay after its search
    // (session.ts), so with a real clock a hand's pause would not be told from a CPU move by its
    // length. The paced estimates below add each whole delay to the engine time: an upper bound
    // now that the search runs inside the delay.
    now: () => 0,
  });
  const t0 = performance.now();
  await session.receive({ type: 'new', difficulty: level, pace: 'normal' });
  for (;;) {
    const view = last as Extract<FromWorker, { type: 'view' }> | null;
    if (!view) throw new Error('no view');
    if (view.view.status !== 'playing') break;
    await session.receive({ type: 'move', version: view.game.version, move: firstMove(view.view) });
  }
  const ms = performance.now() - t0;
  const end = last as unknown as Extract<FromWorker, { type: 'view' }>;
  return { ms, moves: end.game.version, hands: end.view.result!.hands, cpuMoves, pauses };
}

async function inNode(matches: number): Promise<void> {
  console.log(
    `Whole matches in node, no delays (${matches} per level; the player plays its first legal move)`,
  );
  console.log('level    engine+CPU ms median / p95   moves  hands   at Normal   at Rápido');
  for (const level of LEVELS) {
    const runs: Awaited<ReturnType<typeof oneMatch>>[] = [];
    for (let i = 0; i < matches; i++) runs.push(await oneMatch(level, i + 1));
    const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
    const med = (xs: number[]) =>
      percentile(
        [...xs].sort((a, b) => a - b),
        50,
      );
    const paced = PACES.map((p) => {
      const t = PACE_TIMING[p];
      const each = runs.map(
        (r) => r.ms + r.cpuMoves * ((t.botMinMs + t.botMaxMs) / 2) + r.pauses * t.handPauseMs,
      );
      return `${(med(each) / 1000).toFixed(0)} s`;
    });
    console.log(
      `${level.padEnd(8)} ${percentile(ms, 50).toFixed(0).padStart(8)} / ${percentile(ms, 95)
        .toFixed(0)
        .padEnd(14)} ${med(runs.map((r) => r.moves))
        .toFixed(0)
        .padStart(5)}  ${med(runs.map((r) => r.hands))
        .toFixed(0)
        .padStart(5)}   ${paced[0]!.padStart(9)}   ${paced[1]!.padStart(9)}`,
    );
  }
}

async function inBrowser(url: string, runs: number): Promise<void> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const bytes: number[] = [];
  const entries: number[] = [];
  const menu: number[] = [];
  const firstMoveMs: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({
        baseURL: url,
        viewport: { width: 360, height: 740 },
        locale: 'es-VE',
      });
      const page = await context.newPage();
      await page.goto('/');
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const stored = await page.evaluate(async () => {
        let total = 0;
        let count = 0;
        for (const name of await caches.keys()) {
          const cache = await caches.open(name);
          for (const req of await cache.keys()) {
            const res = await cache.match(req);
            total += res ? (await res.arrayBuffer()).byteLength : 0;
            count += 1;
          }
        }
        return { total, count };
      });
      bytes.push(stored.total);
      entries.push(stored.count);

      await context.setOffline(true);
      const t0 = performance.now();
      await page.goto('/sin-conexion');
      await page.getByTestId('offline-start-facil').waitFor();
      menu.push(performance.now() - t0);
      const t1 = performance.now();
      await page.getByTestId('offline-start-facil').click();
      await page.locator('[data-testid^="hand-tile-"]').first().waitFor();
      firstMoveMs.push(performance.now() - t1);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const med = (xs: number[]) =>
    percentile(
      [...xs].sort((a, b) => a - b),
      50,
    );
  console.log(`\nIn Chromium at 360x740 against ${url} (median of ${runs} fresh contexts)`);
  console.log(
    `precached: ${med(entries)} files, ${(med(bytes) / 1024).toFixed(0)} KiB (decoded bodies)`,
  );
  console.log(`offline: /sin-conexion to the menu ${med(menu).toFixed(0)} ms`);
  console.log(`offline: tap on Fácil to the dealt hand ${med(firstMoveMs).toFixed(0)} ms`);
}

const args = parseArgs(process.argv.slice(2));
await inNode(args.matches);
if (args.url) await inBrowser(args.url, args.runs);
