/**
 * The game screen's cost per move, measured in Chromium itself: what a player's phone spends to
 * show each move of a match (React's render and commit, style, layout, paint, raster,
 * compositing), and what every match journey of the test suite pays per page
 * (docs/performance.md "Game screen: Chromium's work per move").
 *
 *   npm run build
 *   npx tsx bench/src/game-screen.ts --matches 3
 *   ... --dist /tmp/other-build/apps/web/dist   # another web build, same server (A against B)
 *   ... --motion reduce                         # as the journeys browse (default: full motion)
 *   ... --cpu 4                                 # CPU slowdown, as Lighthouse's phone (default 1)
 *   ... --profile 25                            # also the 25 functions of most self time
 *   ... --css '.x { box-shadow: none }'         # a style added to every page (try before building)
 *   ... --matches 0 --idle 10                   # the screen at the player's turn, untouched
 *   ... --matches 0 --watch 60                  # 60 s of a match at a human pace, per second
 *
 * The built server (PGlite, CPU players moving after 150-250 ms, 600 ms between hands) sends the
 * chosen web build. One registered player logs in through /login; for each match a practice game
 * against Fácil is created through the API and opened on /games/:id at 360x740. The bench plays
 * the player's turns through `POST /api/games/:id/moves` (the first legal move, a tile before a
 * draw before a pass) as soon as the API shows the turn, so the page only shows moves, as it does
 * for the three other seats of a table; it closes each hand's summary ('Continuar') once the next
 * hand is dealt.
 *
 * Per match, Chromium's `Performance.getMetrics` (DevTools protocol) is read when the screen
 * shows the first hand and again when it shows the result: the difference in `TaskDuration`
 * (all main-thread tasks, milliseconds), `ScriptDuration`, `RecalcStyleDuration` and
 * `LayoutDuration` is divided by the moves the match had (the view's final `version`, one per
 * move and per hand change). Chromium's whole CPU per move comes from /proc: every thread of its
 * processes (Linux), grouped by process type and thread name (the renderer's main thread
 * `chromium`, its raster workers `ThreadPoolForeg…`, its `Compositor`, the GPU process's
 * `VizCompositorTh…` that composites in software without a GPU). Prints each match and the
 * medians.
 *
 * With `--profile N`, Chrome's sampling profiler runs over the matches and the N functions with
 * the most self time are printed (milliseconds per move; name, file and line). Build the web app
 * unminified to read React's and Mantine's names (`npx vite build --minify false --outDir
 * /tmp/unminified` in apps/web, then `--dist /tmp/unminified`).
 *
 * With `--idle S`, one more practice match is played (through the API) until it is the player's
 * turn with three tiles or more on the line; after 8 s (the last tile's halo has stopped
 * breathing) Chromium's CPU is read over S seconds of the player thinking, per process type, in
 * milliseconds per second: what the screen costs a phone while nothing happens.
 *
 * With `--watch S`, the CPU players move at the server's own pace (700-1,400 ms, its defaults)
 * and the bench player thinks 1.5-3 s before each of its moves; Chromium's CPU is read over S
 * seconds of one practice match from its first hand on (matches follow one another if one ends),
 * per process type in milliseconds per second: what watching a match costs a phone's battery,
 * where the per-move figures above play the moves as fast as the screen can show them.
 *
 * Figures vary with the machine's load: compare A and B alternated, on a quiet machine.
 */
import fs from 'node:fs';
import { parseArgs as parseCommandLine } from 'node:util';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { startApp } from './built-app';
import { summarize } from './stats';
import { registerApiPlayer } from './api-player';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Args {
  matches: number;
  dist: string | undefined;
  motion: 'reduce' | 'no-preference';
  cpu: number;
  profile: number;
  css: string;
  idle: number;
  watch: number;
}

function parseArgs(argv: string[]): Args {
  const { values: v } = parseCommandLine({
    args: argv,
    options: {
      matches: { type: 'string', default: '3' },
      dist: { type: 'string' },
      motion: { type: 'string', default: 'no-preference' },
      cpu: { type: 'string', default: '1' },
      profile: { type: 'string', default: '0' },
      css: { type: 'string', default: '' },
      idle: { type: 'string', default: '0' },
      watch: { type: 'string', default: '0' },
    },
  });
  return {
    matches: Number(v.matches),
    dist: v.dist,
    motion: v.motion === 'reduce' ? 'reduce' : 'no-preference',
    cpu: Number(v.cpu),
    profile: Number(v.profile),
    css: v.css,
    idle: Number(v.idle),
    watch: Number(v.watch),
  };
}

/** The parts of a GameView the bench reads (packages/contracts GameView). */
interface ViewJson {
  version: number;
  status: 'playing' | 'finished';
  hand_number: number;
  my_seat: number;
  turn_seat: number | null;
  legal_moves: ({ tile: [number, number]; end: string } | { pass: true } | { draw: true })[];
}

/** Main-thread figures of one match, in milliseconds per move. */
interface MatchFigures {
  moves: number;
  task: number;
  script: number;
  style: number;
  layout: number;
  /** Chromium's CPU per move (ms) by process type and thread (browserThreads). */
  threads: Map<string, number>;
}

async function api<T>(
  baseUrl: string,
  method: string,
  url: string,
  token: string | null,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  const res = await fetch(baseUrl + url, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as T };
}

/** A CPU profile as the DevTools protocol returns it (the parts read here). */
interface Profile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
  }[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time per function (name, file, line), milliseconds, added into `into`. */
function addSelfTimes(profile: Profile, into: Map<string, number>): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  profile.samples.forEach((id, i) => {
    const f = byId.get(id)?.callFrame;
    const name = f
      ? `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\//, '')}:${f.lineNumber + 1}`
      : '?';
    into.set(name, (into.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
}

const CLOCK_TICKS_PER_S = 100;

/**
 * CPU time (ms, user + system) of every thread of Chromium's processes under `rootPid` (those
 * whose command line names chrom*), keyed by process type (`--type=renderer`, `gpu-process`, ...;
 * 'browser' without one) and thread name, read from /proc (Linux only; an empty map elsewhere).
 */
function browserThreads(rootPid: number): Map<string, number> {
  const out = new Map<string, number>();
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return out;
  }
  const parent = new Map<number, number>();
  for (const e of entries) {
    try {
      const stat = fs.readFileSync(`/proc/${e}/stat`, 'utf8');
      parent.set(Number(e), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone
    }
  }
  const inTree = (pid: number): boolean => {
    for (let p = pid, i = 0; p > 1 && i < 50; p = parent.get(p) ?? 0, i++)
      if (p === rootPid) return true;
    return false;
  };
  for (const pid of parent.keys()) {
    if (!inTree(pid)) continue;
    let type: string;
    let tids: string[];
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!/chrom/i.test(cmd)) continue;
      type = /--type=([a-z-]+)/.exec(cmd)?.[1] ?? 'browser';
      tids = fs.readdirSync(`/proc/${pid}/task`);
    } catch {
      continue; // the process ended
    }
    for (const tid of tids) {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).replace(/\d+$/, '');
        const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const ms = ((Number(f[11]) + Number(f[12])) * 1000) / CLOCK_TICKS_PER_S;
        const key = `${type}/${name}`;
        out.set(key, (out.get(key) ?? 0) + ms);
      } catch {
        // gone
      }
    }
  }
  return out;
}

async function metrics(cdp: CDPSession): Promise<Map<string, number>> {
  const { metrics: list } = (await cdp.send('Performance.getMetrics')) as {
    metrics: { name: string; value: number }[];
  };
  return new Map(list.map((m) => [m.name, m.value]));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Plays the bench player's turns through the API until the match is finished, and closes each
 * hand's summary on the page as a player does ('Continuar'); returns the last version seen.
 * `thinkMs` [min, max]: the player waits that long (uniform) before each of its moves (none by
 * default); `until`: a `performance.now()` time at which it stops, finished or not (by default it
 * fails after 5 minutes).
 */
async function playThrough(
  page: Page,
  baseUrl: string,
  token: string,
  gameId: string,
  options: { thinkMs?: [number, number]; until?: number } = {},
): Promise<number> {
  const deadline = Date.now() + 300_000;
  let hand = 1;
  let version = 0;
  for (;;) {
    if (options.until !== undefined && performance.now() >= options.until) return version;
    if (options.until === undefined && Date.now() > deadline)
      throw new Error(`match ${gameId} did not finish in 5 minutes`);
    const { json: view } = await api<ViewJson>(baseUrl, 'GET', `/api/games/${gameId}/view`, token);
    version = view.version;
    if (view.status === 'finished') return view.version;
    if (view.hand_number !== hand) {
      hand = view.hand_number;
      await page
        .getByTestId('hand-summary-close')
        .click({ timeout: 5_000 })
        .catch(() => undefined);
    }
    if (view.turn_seat === view.my_seat && view.legal_moves.length > 0) {
      if (options.thinkMs) {
        const [min, max] = options.thinkMs;
        await sleep(min + Math.random() * (max - min));
      }
      const move =
        view.legal_moves.find((m) => 'tile' in m) ??
        view.legal_moves.find((m) => 'draw' in m) ??
        view.legal_moves[0];
      // A 409 (the version moved on) is read again on the next turn of the loop.
      await api(baseUrl, 'POST', `/api/games/${gameId}/moves`, token, {
        version: view.version,
        ...move,
      });
      continue;
    }
    await sleep(40);
  }
}

async function oneMatch(
  page: Page,
  cdp: CDPSession,
  baseUrl: string,
  token: string,
): Promise<MatchFigures> {
  const { json } = await api<{ game_id: string }>(baseUrl, 'POST', '/api/practice-games', token, {
    difficulty: 'facil',
  });
  await page.goto(`/games/${json.game_id}`);
  await page.locator('[data-testid="game-screen"][data-status="playing"]').waitFor();
  const before = await metrics(cdp);
  const threadsBefore = browserThreads(process.pid);
  const moves = await playThrough(page, baseUrl, token, json.game_id);
  await page.getByTestId('result-overlay').waitFor({ timeout: 30_000 });
  const after = await metrics(cdp);
  const threads = new Map<string, number>();
  for (const [k, ms] of browserThreads(process.pid))
    threads.set(k, (ms - (threadsBefore.get(k) ?? 0)) / Math.max(1, moves));
  const per = (name: string) =>
    (((after.get(name) ?? 0) - (before.get(name) ?? 0)) * 1000) / Math.max(1, moves);
  return {
    moves,
    task: per('TaskDuration'),
    script: per('ScriptDuration'),
    style: per('RecalcStyleDuration'),
    layout: per('LayoutDuration'),
    threads,
  };
}

/** Chromium's CPU (ms per second, by process type) over `seconds` at the player's turn. */
async function idleAtTurn(
  page: Page,
  baseUrl: string,
  token: string,
  seconds: number,
): Promise<Map<string, number>> {
  const { json } = await api<{ game_id: string }>(baseUrl, 'POST', '/api/practice-games', token, {
    difficulty: 'facil',
  });
  await page.goto(`/games/${json.game_id}`);
  for (let i = 0; ; i++) {
    if (i > 2_000) throw new Error('the idle match never reached a turn with three tiles down');
    const { json: view } = await api<ViewJson & { line: unknown[] }>(
      baseUrl,
      'GET',
      `/api/games/${json.game_id}/view`,
      token,
    );
    if (view.turn_seat === view.my_seat && view.legal_moves.length > 0) {
      if (view.line.length >= 3 && view.legal_moves.some((m) => 'tile' in m)) break;
      const move = view.legal_moves.find((m) => 'tile' in m) ?? view.legal_moves[0];
      await api(baseUrl, 'POST', `/api/games/${json.game_id}/moves`, token, {
        version: view.version,
        ...move,
      });
    } else await sleep(40);
  }
  await page.locator('[data-testid="turn-status"][data-my-turn="true"]').waitFor();
  await sleep(8_000);
  const before = browserThreads(process.pid);
  const start = performance.now();
  await sleep(seconds * 1000);
  return perType(rates(before, browserThreads(process.pid), (performance.now() - start) / 1000));
}

/** CPU between two `browserThreads` readings, ms per second of `elapsed` s, by thread. */
function rates(
  before: Map<string, number>,
  after: Map<string, number>,
  elapsed: number,
): Map<string, number> {
  return new Map([...after].map(([k, ms]) => [k, (ms - (before.get(k) ?? 0)) / elapsed] as const));
}

/** Thread rates (`rates`) summed by process type (the key's part before '/'). */
function perType(threads: Map<string, number>): Map<string, number> {
  const byType = new Map<string, number>();
  for (const [k, ms] of threads) {
    const type = k.split('/')[0]!;
    byType.set(type, (byType.get(type) ?? 0) + ms);
  }
  return byType;
}

/**
 * Chromium's CPU (ms per second, by process type) over `seconds` of practice matches at a human
 * pace: the CPU players at the server's pace, the bench player thinking 1.5-3 s per move.
 */
async function watchAtPace(
  page: Page,
  baseUrl: string,
  token: string,
  seconds: number,
): Promise<{ cpu: Map<string, number>; threads: Map<string, number>; moves: number }> {
  const before = browserThreads(process.pid);
  const start = performance.now();
  const end = start + seconds * 1000;
  let moves = 0;
  while (performance.now() < end) {
    const { json } = await api<{ game_id: string }>(baseUrl, 'POST', '/api/practice-games', token, {
      difficulty: 'facil',
    });
    await page.goto(`/games/${json.game_id}`);
    moves += await playThrough(page, baseUrl, token, json.game_id, {
      thinkMs: [1_500, 3_000],
      until: end,
    });
  }
  const threads = rates(before, browserThreads(process.pid), (performance.now() - start) / 1000);
  return { cpu: perType(threads), threads, moves };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const app = await startApp(args.dist, {
    env:
      args.watch > 0
        ? {}
        : { BOT_MIN_DELAY_MS: '150', BOT_MAX_DELAY_MS: '250', HAND_PAUSE_MS: '600' },
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const player = await registerApiPlayer(app.baseUrl);
    const context = await browser.newContext({
      baseURL: app.baseUrl,
      viewport: { width: 360, height: 740 },
      locale: 'es-VE',
      reducedMotion: args.motion,
      serviceWorkers: 'block',
    });
    if (args.css)
      await context.addInitScript({
        content: `addEventListener('DOMContentLoaded', () => {
          const style = document.createElement('style');
          style.textContent = ${JSON.stringify(args.css)};
          document.head.append(style);
        });`,
      });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Correo electrónico').fill(player.email);
    await page.getByLabel(/^Contraseña/).fill(player.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    if (args.cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: args.cpu });
    console.log(
      `game screen, ${args.motion === 'reduce' ? 'reduced' : 'full'} motion, CPU x${args.cpu}, ` +
        `web build ${args.dist ?? 'apps/web/dist'}`,
    );
    console.log('match  moves  task ms/move  script  style  layout  Chromium CPU ms/move');
    const all: MatchFigures[] = [];
    const selfTimes = new Map<string, number>();
    if (args.profile > 0) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
    }
    for (let m = 1; m <= args.matches; m++) {
      if (args.profile > 0) await cdp.send('Profiler.start');
      const f = await oneMatch(page, cdp, app.baseUrl, player.token);
      if (args.profile > 0) {
        const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
        addSelfTimes(profile, selfTimes);
      }
      all.push(f);
      console.log(
        `${String(m).padStart(5)}  ${String(f.moves).padStart(5)}  ${f.task.toFixed(1).padStart(12)}` +
          `  ${f.script.toFixed(1).padStart(6)}  ${f.style.toFixed(1).padStart(5)}  ${f.layout.toFixed(1).padStart(6)}` +
          `  ${[...f.threads.values()]
            .reduce((a, b) => a + b, 0)
            .toFixed(1)
            .padStart(20)}`,
      );
    }
    if (all.length > 0) {
      const threads = new Map<string, number[]>();
      for (const f of all)
        for (const [k, ms] of f.threads) threads.set(k, [...(threads.get(k) ?? []), ms]);
      console.log('Chromium CPU per move by process/thread, ms (median over matches):');
      for (const [k, list] of [...threads]
        .map(([k, v]) => [k, summarize(v).p50] as const)
        .filter(([, ms]) => ms >= 0.05)
        .sort((x, y) => y[1] - x[1]))
        console.log(`  ${list.toFixed(2).padStart(7)}  ${k}`);
      const med = (k: 'task' | 'script' | 'style' | 'layout') =>
        summarize(all.map((f) => f[k])).p50.toFixed(1);
      console.log(
        `median task ${med('task')} ms/move (script ${med('script')}, style ${med('style')}, ` +
          `layout ${med('layout')}) over ${all.length} matches`,
      );
    }
    if (args.idle > 0) {
      const idle = await idleAtTurn(page, app.baseUrl, player.token, args.idle);
      const total = [...idle.values()].reduce((a, b) => a + b, 0);
      console.log(
        `idle at the player's turn, ${args.idle} s: Chromium ${total.toFixed(0)} ms of CPU per s (` +
          [...idle]
            .filter(([, ms]) => ms >= 0.5)
            .map(([type, ms]) => `${type} ${ms.toFixed(0)}`)
            .join(', ') +
          ')',
      );
    }
    if (args.watch > 0) {
      const { cpu, threads, moves } = await watchAtPace(
        page,
        app.baseUrl,
        player.token,
        args.watch,
      );
      const total = [...cpu.values()].reduce((a, b) => a + b, 0);
      console.log(
        `watching at a human pace, ${args.watch} s, ${moves} moves: Chromium ${total.toFixed(0)} ms ` +
          `of CPU per s (` +
          [...cpu]
            .filter(([, ms]) => ms >= 0.5)
            .map(([type, ms]) => `${type} ${ms.toFixed(0)}`)
            .join(', ') +
          ')',
      );
      for (const [k, ms] of [...threads].filter(([, ms]) => ms >= 1).sort((x, y) => y[1] - x[1]))
        console.log(`  ${ms.toFixed(1).padStart(7)}  ${k}`);
    }
    if (args.profile > 0) {
      const moves = all.reduce((sum, f) => sum + f.moves, 0);
      console.log(`\nself time, ms per move (profiler on: figures above include its cost)`);
      for (const [name, ms] of [...selfTimes].sort((x, y) => y[1] - x[1]).slice(0, args.profile))
        console.log(`  ${(ms / moves).toFixed(2).padStart(7)}  ${name}`);
    }
  } finally {
    await browser.close();
    await app.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
