import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, onTestFinished } from 'vitest';
import { SERVER_EVENTS, type GameView } from '@domino/contracts';
import { openSocket } from '../apps/server/src/test/sockets';
import {
  PGLITE_DIR_ENV,
  PG_TEMPLATE_ENV,
  createPgDatabase,
} from '../apps/server/src/test/db-images';
import { holdsListener } from '../apps/server/src/test/listener';
import { SERVER_BUNDLE_ENV } from './server-bundle';

/**
 * Browser-journey support: the built app in a child process on a free port with a fresh data
 * directory and a database of its own (startApp), and Debian's Chromium driven by playwright-core.
 */

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/**
 * The whole browser (CHROMIUM_PATH, else `/usr/bin/chromium`), for the journeys that need what the
 * headless shell does not do: it denies the notifications permission whatever a context grants.
 */
export const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * The browser the other journeys drive: CHROMIUM_PATH, else Debian's `chromium-headless-shell`
 * (the headless-only build that Playwright itself runs headless; about half the CPU of the full
 * browser in a journey: docs/decisions/045-fast-test-databases.md, "Addendum 2026-12-01
 * (later)"), else FULL_CHROMIUM (`--headless`) where only that is installed.
 */
export const CHROMIUM =
  process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);
export const ADMIN = { email: 'admin@e2e.local', password: 'AdminE2e123' };
export const SHOTS = path.join(ROOT, 'e2e', 'artifacts');

/** Redis for the two-node journeys (TEST_REDIS_URL, default redis://127.0.0.1:6379). */
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Whether Redis answers at REDIS_URL (a TCP connection and a PING). Under CI=true it must:
 * otherwise the two-node journeys are skipped with a loud warning.
 */
export async function redisAvailable(): Promise<boolean> {
  const url = new URL(REDIS_URL);
  const ok = await new Promise<boolean>((resolve) => {
    const socket = net.connect(Number(url.port || 6379), url.hostname);
    const done = (result: boolean) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(2_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => done(d.toString().startsWith('+PONG')));
  });
  if (ok) return true;
  if (process.env.CI === 'true') throw new Error(`Redis is required under CI: ${REDIS_URL}`);
  console.warn(`\n!!! Redis at ${REDIS_URL} is unreachable: two-node browser tests SKIPPED.\n`);
  return false;
}

/**
 * Whether the browser tests can run with CHROMIUM (FULL_CHROMIUM when `full`); under CI=true a
 * missing Chromium or build is an error.
 */
export function browserAvailable(full = false): boolean {
  const problems: string[] = [];
  const bin = full ? FULL_CHROMIUM : CHROMIUM;
  if (!fs.existsSync(bin)) problems.push(`Chromium not found at ${bin}`);
  if (!fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html')))
    problems.push('apps/web/dist is not built (npm run build)');
  if (problems.length === 0) return true;
  if (process.env.CI === 'true')
    throw new Error(`Browser tests cannot run: ${problems.join('; ')}`);
  console.warn(`\n!!! Browser tests SKIPPED: ${problems.join('; ')}\n`);
  return false;
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

export interface RunningApp {
  baseUrl: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  logs: () => string;
  stop(): Promise<void>;
}

/** How a journey's server runs (see {@link startApp}). */
export interface StartOptions {
  /**
   * Run the server exactly as `npm start` does: `node --import tsx apps/server/src/main.ts` on the
   * embedded database (PGlite in DATA_DIR). For the journeys that prove `npm start` itself.
   */
  npmStart?: boolean;
}

/** The PostgreSQL server the journeys' databases are created on (README.md, `TEST_DATABASE_URL`). */
const PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Starts the built app's server in a child process on a free port with a fresh DATA_DIR, with
 * NODE_ENV=production like `npm start`, and waits for /api/health. Which database and which
 * build of the server (docs/decisions/045-fast-test-databases.md, "The journeys' servers"):
 * - `env.DATABASE_URL` given: that database;
 * - `npmStart`, or no migrated PostgreSQL template in this run: the embedded PGlite, copied from
 *   the run's migrated image when there is one;
 * - otherwise a database of its own on the local PostgreSQL (`domino_e2e_<random>`, copied from
 *   the run's migrated template), dropped by `stop()`: PGlite runs every query of a journey in
 *   WebAssembly inside the server's process, several times the CPU of PostgreSQL.
 * The server runs from the run's bundle (./server-bundle.ts) unless `npmStart` or there is none
 * (then through tsx, as `npm start`).
 */
export async function startApp(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'domino-e2e-'));
  let database: { url: string; drop(): Promise<void> } | undefined;
  if (!env.DATABASE_URL && !options.npmStart && process.env[PG_TEMPLATE_ENV]) {
    database = await createPgDatabase(PG_ADMIN_URL, 'domino_e2e');
  }
  // The run's migrated PGlite (docs/decisions/045-fast-test-databases.md): the server finds every
  // migration applied instead of spending seconds of CPU on them.
  const image = process.env[PGLITE_DIR_ENV];
  if (image && !env.DATABASE_URL && !database && fs.existsSync(image)) {
    fs.cpSync(image, path.join(dataDir, 'pglite'), { recursive: true });
  }
  const bundle = process.env[SERVER_BUNDLE_ENV];
  const entry =
    bundle && !options.npmStart && fs.existsSync(bundle)
      ? ['--enable-source-maps', bundle]
      : ['--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')];
  const spawnOn = (port: number) => {
    const child = spawn(process.execPath, entry, {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: database?.url ?? '',
        // Three journeys at once, some with two nodes, on one PostgreSQL of 100 connections that
        // the server suites and other runs share (docs/decisions/045).
        DATABASE_POOL_MAX: '8',
        // On PostgreSQL in production the bank credential vault needs its key from the
        // environment (modules/banking/vault.ts, decision 051), as a deployment on PostgreSQL
        // configures it; on PGlite the server keeps a development key in DATA_DIR.
        ...(database ? { BANK_CREDENTIALS_KEY: randomBytes(32).toString('base64') } : {}),
        REDIS_URL: '',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const started = { child, output: '' };
    child.stdout?.on('data', (d: Buffer) => (started.output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (started.output += d.toString()));
    return started;
  };
  // The port was free when chosen; another process of the run may take it before the server
  // binds it (the server then exits with EADDRINUSE): the health check only counts when this
  // child holds the listener (apps/server/src/test/listener.ts), and a lost port is chosen again.
  let started: ReturnType<typeof spawnOn> | undefined;
  let port = 0;
  for (let attempt = 1; started === undefined; attempt++) {
    port = await freePort();
    const candidate = spawnOn(port);
    const { child } = candidate;
    const baseUrl = `http://127.0.0.1:${port}`;
    try {
      await waitUntil(
        'the server to answer /api/health',
        async () => {
          if (child.exitCode !== null) throw new Error(`server exited early:\n${candidate.output}`);
          try {
            const ok = (await fetch(`${baseUrl}/api/health`)).ok;
            return ok && holdsListener(child.pid ?? -1, port) ? true : undefined;
          } catch {
            return undefined; // not listening yet
          }
        },
        // A start is 1.5 s of CPU from the bundle on PostgreSQL, 5 s through tsx on PGlite: at
        // the loads of a shared machine (25-35 on 2 cores) the latter took over 60 s (decision
        // 045).
        { timeoutMs: 120_000, everyMs: 200 },
      );
      started = candidate;
    } catch (err) {
      const exited = child.exitCode !== null;
      if (!exited) child.kill('SIGKILL');
      if (exited && attempt < 3 && candidate.output.includes('EADDRINUSE')) continue;
      await database?.drop().catch(() => undefined);
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (exited) throw err; // exited early, with its output
      throw new Error(`server did not become healthy:\n${candidate.output}`, { cause: err });
    }
  }
  const { child } = started;
  const baseUrl = `http://127.0.0.1:${port}`;
  let stopping = false;
  // A server that dies while its journey runs says why in the run's output.
  child.once('exit', (code, signal) => {
    if (!stopping)
      process.stderr.write(
        `journey server on port ${port} exited (code ${code}, signal ${signal}):\n${started.output}\n`,
      );
  });
  return {
    baseUrl,
    port,
    dataDir,
    process: child,
    logs: () => started.output,
    async stop() {
      // Killed, not drained: a journey's server keeps nothing its database does not, and the
      // database is dropped next. The graceful drain (SIGTERM: a 1.5 s notice, then sockets,
      // workers and pools closed) took 3 to 5 s a server, about 4 minutes of a full run; the
      // server suites prove it (shutdown.test.ts, drain.multinode.test.ts; decision 045,
      // "Addendum 2026-11-30").
      stopping = true;
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGKILL');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    },
  };
}

/**
 * A JSON API caller for one app: GET without a body, POST with one, the token as Bearer.
 * Answers the status and the parsed body (an object; cast arrays where a route answers one).
 */
export function apiCaller(baseUrl: string) {
  return async (pathname: string, token: string, body?: unknown) => {
    const res = await fetch(`${baseUrl}${pathname}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
}

/** The seeded admin's API token (POST /api/login_api). */
export async function staffToken(baseUrl: string): Promise<string> {
  const login = await fetch(`${baseUrl}/api/login_api`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  return ((await login.json()) as { token: string }).token;
}

/**
 * Chromium's launcher: CHROMIUM run without the right to raise its threads' priority
 * (./chromium-at-normal-priority.sh says why).
 */
const CHROMIUM_LAUNCHER = path.join(ROOT, 'e2e', 'chromium-at-normal-priority.sh');

/**
 * Launches Debian's Chromium headless with the flags this machine needs, at the default
 * priority (CHROMIUM_LAUNCHER): the headless shell (CHROMIUM), or the whole browser
 * (FULL_CHROMIUM) when `full`.
 */
export function launchBrowser(full = false): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_LAUNCHER,
    env: { ...process.env, DOMINO_CHROMIUM: full ? FULL_CHROMIUM : CHROMIUM },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      // More flags to try on a journey's browser (space-separated), for measuring one against
      // another (docs/decisions/045); none by default.
      ...(process.env.E2E_CHROMIUM_ARGS?.split(' ').filter(Boolean) ?? []),
    ],
  });
}

/** What a journey's hooks started: read its fields inside tests (they are set in beforeAll). */
export interface Journey {
  /** False when Chromium or the build is missing (or `available` said no): skip the tests. */
  readonly ok: boolean;
  /** The app (the first node when `start` runs several). Throws before beforeAll ran. */
  readonly app: RunningApp;
  /** Every node `start` started (just `app` otherwise). */
  readonly nodes: RunningApp[];
  /** The headless Chromium. Throws before beforeAll ran. */
  readonly browser: Browser;
  /** Contexts a test registers here are closed after the tests, before the browser. */
  readonly contexts: BrowserContext[];
}

export interface JourneyOptions {
  /**
   * Server environment on top of startApp's defaults; a function runs in beforeAll first (to
   * start something the server needs, e.g. a mail inbox).
   */
  env?: Record<string, string> | (() => Promise<Record<string, string>>);
  /**
   * Run the server as `npm start` does (tsx, embedded PGlite): for the journeys that prove it
   * (startApp's `npmStart`). Otherwise the run's server bundle on a PostgreSQL database of its own.
   */
  npmStart?: boolean;
  /** Starts the servers instead of one `startApp(env)`, e.g. two nodes sharing PostgreSQL. */
  start?: () => Promise<{ nodes: RunningApp[]; stop: () => Promise<void> }>;
  /**
   * Whether the journey's other needs are met (e.g. Redis answers); default true. When false,
   * the browser and the build are not checked (nor warned about) again.
   */
  available?: boolean;
  /** Runs once the app and the browser are up (e.g. a staff login). */
  ready?: (journey: Journey) => Promise<void>;
  /** Runs last in afterAll, after the browser and the app stopped (e.g. closing a mail inbox). */
  cleanup?: () => Promise<void>;
}

/**
 * The start-up every browser journey shares, called inside its `describe`: registers a beforeAll
 * that starts the built app (startApp) and Chromium (launchBrowser) and an afterAll that closes
 * the registered contexts, the browser and the app, in that order. Nothing starts when
 * `ok` is false (browserAvailable and `available`); `it.skipIf(!journey.ok)` skips the tests.
 */
export function useJourney(options: JourneyOptions = {}): Journey {
  const ok = (options.available ?? true) && browserAvailable();
  let nodes: RunningApp[] | undefined;
  let stopNodes: (() => Promise<void>) | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const journey: Journey = {
    ok,
    get app() {
      const app = nodes?.[0];
      if (!app) throw new Error('the journey has not started its app (read it inside a test)');
      return app;
    },
    get nodes() {
      if (!nodes) throw new Error('the journey has not started its app (read it inside a test)');
      return nodes;
    },
    get browser() {
      if (!browser) throw new Error('the journey has not launched its browser (read it in a test)');
      return browser;
    },
    contexts,
  };
  beforeAll(async () => {
    if (!ok) return;
    if (options.start) {
      ({ nodes, stop: stopNodes } = await options.start());
    } else {
      const env = typeof options.env === 'function' ? await options.env() : options.env;
      const app = await startApp(env, { npmStart: options.npmStart });
      nodes = [app];
      stopNodes = () => app.stop();
    }
    browser = await launchBrowser();
    await options.ready?.(journey);
  });
  afterAll(async () => {
    if (!ok) return;
    // A context's console errors fail the journey even when it is closed here (failOnConsoleErrors).
    const consoleErrors: unknown[] = [];
    for (const c of contexts)
      await c.close().catch((e: unknown) => {
        if (e instanceof ConsoleErrors) consoleErrors.push(e);
      });
    await browser?.close();
    await stopNodes?.();
    await options.cleanup?.();
    if (consoleErrors.length > 0) throw consoleErrors[0];
  });
  return journey;
}

/**
 * For journeys about withdrawals, not identity (docs/decisions/031): staff raise the identity
 * verification threshold to its highest (Bs. 1.000.000) through the real staff route, so players
 * withdraw without verifying. e2e/identity.test.ts covers the gate itself.
 */
export async function liftIdentityGate(baseUrl: string): Promise<void> {
  const login = await fetch(`${baseUrl}/api/login_api`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${baseUrl}/api/admin/identity/settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ threshold: 1_000_000 }),
  });
  if (!res.ok) throw new Error(`identity threshold not set: ${await res.text()}`);
}

/**
 * The signed-in player's main screens, for the journeys that look at every one of them (buttons
 * that fit at 360 px, pages that hold still while they load).
 */
export const PLAYER_SCREENS = [
  '/dashboard',
  '/games',
  '/recharge',
  '/withdraw',
  '/transactions',
  '/profile',
  '/history',
  '/pote',
  '/clasificacion',
  '/amigos',
  '/jugar-ahora',
  '/torneos',
  '/mesas/nueva',
  '/problema-del-dia',
  '/verificacion',
  '/verificar',
];

export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1366, height: 900 };

/**
 * A fresh context (own localStorage) at phone size unless told otherwise, with reduced motion
 * unless `full`, and without the app's service worker unless `serviceWorkers` is 'allow'; fails
 * the test on any console error or uncaught page error of its pages (failOnConsoleErrors).
 */
export async function newContext(
  browser: Browser,
  baseUrl: string,
  viewport = PHONE,
  motion: 'reduce' | 'full' = 'reduce',
  serviceWorkers: 'block' | 'allow' = 'block',
): Promise<BrowserContext> {
  // Journeys browse as a player who asked for reduced motion: the app then stops its endless
  // animations (turn pulses, waiting dots), which Chromium without a GPU otherwise repaints in
  // software on every frame of every open page. The landing and the first day keep the full
  // motion (docs/decisions/045-fast-test-databases.md "Journeys with reduced motion").
  // The service worker is blocked unless asked for: in every fresh context it installed and
  // precached the whole app, a quarter of Chromium's CPU in a journey about something else
  // (docs/decisions/045, "Addendum 2026-11-30 (third)"); the PWA and offline journeys allow it.
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport,
    locale: 'es-VE',
    reducedMotion: motion === 'reduce' ? 'reduce' : 'no-preference',
    serviceWorkers,
  });
  failOnConsoleErrors(context);
  return context;
}

/**
 * Marks the Pote del Mes modal as seen today in the context's browser (the mark the app writes
 * when it is closed: localStorage `pot_modal_seen`, `{day, amountCents}` with the Caracas day and
 * the pot as it is now; decision 050), for journeys about something else. The mark is written
 * before the app runs on every page of the app's origin, never on `about:blank` (no storage
 * there). If the pot changes during the journey, the modal opens again, as it would for a player.
 */
export async function skipPotModal(context: BrowserContext, baseUrl: string): Promise<void> {
  const res = await fetch(`${baseUrl}/api/monthly-pot/current`);
  const body = (await res.json()) as { pot?: { amount_cents?: number } };
  const mark = {
    day: new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Caracas',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date()),
    amountCents: body.pot?.amount_cents ?? 0,
  };
  await context.addInitScript(
    ({ origin, value }) => {
      if (location.origin === origin) localStorage.setItem('pot_modal_seen', value);
    },
    { origin: new URL(baseUrl).origin, value: JSON.stringify(mark) },
  );
}

/** A console error a journey expects, with the reason it is deliberate. */
export interface ConsoleAllowance {
  pattern: RegExp;
  reason: string;
}

const allowances = new WeakMap<BrowserContext, ConsoleAllowance[]>();

/**
 * Lets a context's pages log errors matching `pattern` — only for a deliberate, named case (the
 * journey provokes it on purpose), with the reason. Everything else still fails the test.
 */
export function allowConsoleErrors(context: BrowserContext, ...allowed: ConsoleAllowance[]): void {
  for (const a of allowed)
    if (a.reason.trim() === '') throw new Error(`allowConsoleErrors ${a.pattern}: give a reason`);
  allowances.set(context, [...(allowances.get(context) ?? []), ...allowed]);
}

/**
 * Cuts Socket.IO off for every page of `context`, on purpose: its long-polling requests are
 * aborted and its WebSockets closed before they reach the server (the app opens a WebSocket
 * first, decision 073, which `context.route` alone does not intercept). The pages then hear no
 * push; the console errors of the refused connections are allowed with `reason`.
 */
export async function cutSocketIo(context: BrowserContext, reason: string): Promise<void> {
  allowConsoleErrors(context, { pattern: /net::ERR_FAILED|WebSocket connection/, reason });
  await context.route('**/socket.io/**', (route) => route.abort());
  await context.routeWebSocket('**/socket.io/**', (ws) => ws.close());
}

/** The errors a context's pages reported; thrown at the test's end or at the context's close. */
export class ConsoleErrors extends Error {
  constructor(readonly errors: string[]) {
    super(`The browser reported ${errors.length} console error(s):\n${errors.join('\n')}`);
    this.name = 'ConsoleErrors';
  }
}

/**
 * Chromium's own line for an HTTP answer of 4xx ("Failed to load resource: the server responded
 * with a status of 409 (Conflict)"): a refusal the app asked for and shows in Spanish, which the
 * journey checks on screen. A 5xx, a failed connection and anything the app logs still count.
 */
const BROWSER_4XX = /^Failed to load resource: the server responded with a status of 4\d\d\b/;

/**
 * Chromium's own line when the app closes a socket that was still connecting: the app reconnects
 * on purpose when the session changes (lib/socket.ts, a login or a session ended elsewhere), and
 * how far the old handshake got is a matter of timing. Any other WebSocket failure still counts.
 */
const BROWSER_WS_CLOSED_EARLY = /WebSocket is closed before the connection is established/;

/**
 * Collects every `console.error` and uncaught `pageerror` of the context's pages (present and
 * future) and fails: at the end of the test that made the context (vitest's onTestFinished), and
 * when the context is closed (for contexts made in hooks or kept across tests). Only Chromium's
 * own lines for what the app does on purpose (a 4xx it shows in Spanish, a connecting socket it
 * closed to reconnect) pass here; a journey's deliberate cases go through
 * {@link allowConsoleErrors}.
 */
export function failOnConsoleErrors(context: BrowserContext): void {
  const errors: string[] = [];
  const allowed = (text: string) =>
    BROWSER_4XX.test(text) ||
    BROWSER_WS_CLOSED_EARLY.test(text) ||
    (allowances.get(context) ?? []).some((a) => a.pattern.test(text));
  const watch = (page: Page) => {
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      if (!allowed(text)) errors.push(`[console.error] ${page.url()} ${text}`);
    });
    page.on('pageerror', (error) => {
      const text = String(error);
      if (!allowed(text)) errors.push(`[pageerror] ${page.url()} ${text}`);
    });
  };
  for (const page of context.pages()) watch(page);
  context.on('page', watch);
  const check = () => {
    if (errors.length > 0) throw new ConsoleErrors(errors.splice(0));
  };
  const close = context.close.bind(context);
  context.close = async (options?: Parameters<BrowserContext['close']>[0]) => {
    await close(options);
    check();
  };
  try {
    onTestFinished(check);
  } catch {
    // Made in a hook, outside a test: checked when the context closes.
  }
}

/** Collects uncaught page errors so a test can assert there were none. */
export function trackErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

/**
 * Polls `probe` every `everyMs` milliseconds (default 100) until it answers something other than
 * undefined, and resolves with that; rejects with `what` after `timeoutMs` milliseconds (default
 * 10 s). For conditions the page cannot be asked about (the API, the database through a route):
 * the interval is how often to look, never a wait for the thing itself.
 */
export async function waitUntil<T>(
  what: string,
  probe: () => T | undefined | Promise<T | undefined>,
  opts: { timeoutMs?: number; everyMs?: number } = {},
): Promise<T> {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    // The interval between looks (this helper is allowed it: src/test/no-fixed-sleeps.test.ts).
    await new Promise((r) => setTimeout(r, opts.everyMs ?? 100));
  }
}

/** Resolves after the page has drawn two more frames (a change made now is on screen). */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))),
  );
}

/**
 * Keeps the text of every notification `page` shows from now on, this document and the next
 * ones, in `window.shownToasts`: a toast closes after 5 s, and on a loaded machine the test may
 * look after it closed.
 */
export async function recordToasts(page: Page): Promise<void> {
  const record = () => {
    const w = window as unknown as { shownToasts?: string[] };
    w.shownToasts ??= [];
    const seen = w.shownToasts;
    const look = () => {
      for (const n of document.querySelectorAll('.mantine-Notification-root')) {
        const text = n.textContent ?? '';
        if (!seen.includes(text)) seen.push(text);
      }
    };
    const start = () =>
      new MutationObserver(look).observe(document.documentElement, {
        childList: true,
        subtree: true,
        characterData: true,
      });
    if (document.documentElement) start();
    else document.addEventListener('DOMContentLoaded', start);
  };
  await page.addInitScript(record);
  await page.evaluate(record);
}

/**
 * Records, on every frame from the next page load on, where the element with `data-testid`
 * `testId` sits in the document (its top-left corner in CSS pixels, scrolling aside). A button
 * that moves after it appeared can take a tap meant for it elsewhere (a panel loading above it
 * pushes it down between the finger and the screen); `positionsSeen` reads the distinct places.
 */
export async function recordPositions(page: Page, testId: string): Promise<void> {
  await page.addInitScript((id: string) => {
    const w = window as unknown as { seenPositions?: Record<string, string[]> };
    w.seenPositions ??= {};
    const seen = (w.seenPositions[id] = [] as string[]);
    const look = () => {
      const el = document.querySelector(`[data-testid="${id}"]`);
      if (el) {
        const r = el.getBoundingClientRect();
        const at = `${Math.round(r.left + window.scrollX)},${Math.round(r.top + window.scrollY)}`;
        if (seen.at(-1) !== at) seen.push(at);
      }
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  }, testId);
}

/** The distinct document positions ('x,y') the element took since `recordPositions`, in order. */
export function positionsSeen(page: Page, testId: string): Promise<string[]> {
  return page.evaluate(
    (id) =>
      (window as unknown as { seenPositions?: Record<string, string[]> }).seenPositions?.[id] ?? [],
    testId,
  );
}

/** Every notification text `page` showed since `recordToasts`, oldest first. */
export function toastsShown(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { shownToasts?: string[] }).shownToasts ?? []);
}

/** The first notification text `page` showed since `recordToasts` that contains `text`. */
export async function toastShown(page: Page, text: string): Promise<string | null> {
  return (await toastsShown(page)).find((s) => s.includes(text)) ?? null;
}

/**
 * Waits until the page is still, for a look or a picture: two frames drawn (a transition that
 * starts on the next frame, a layout after a viewport change, has started), every finite CSS
 * transition and animation of the document finished (a dialog opening, a sheet sliding in, a
 * collapse expanding: `document.getAnimations()`), then two more frames painted. Endless
 * animations (a spinner, a turn pulse) are not waited for. Rejects after `timeoutMs` (default
 * 5 s) if an animation is still running.
 */
export async function settled(page: Page, timeoutMs = 5_000): Promise<void> {
  await nextFrames(page);
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: timeoutMs, polling: 'raf' },
  );
  await nextFrames(page);
}

/**
 * Whether the journeys save their screenshots: `E2E_SHOTS=1` or `0` when set, else not under
 * CI=true. The pictures are for people to look at; CI keeps no files, and there they cost about a
 * twentieth of the suite's browser CPU (some 300 pictures, 400 megapixels to paint and encode:
 * docs/decisions/045-fast-test-databases.md, "Addendum 2026-12-01 (third)").
 */
export const SHOTS_WANTED =
  process.env.E2E_SHOTS !== undefined ? process.env.E2E_SHOTS === '1' : process.env.CI !== 'true';

/**
 * Saves a picture of a page (the whole page unless `fullPage: false`) or of one element as
 * `e2e/artifacts/<name>.png` (kept out of git) for people to look at; nothing when SHOTS_WANTED
 * is false.
 */
export async function capture(
  target: Page | Locator,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (!SHOTS_WANTED) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  const file = path.join(SHOTS, `${name}.png`);
  if ('goto' in target) await target.screenshot({ path: file, fullPage: options.fullPage ?? true });
  else await target.screenshot({ path: file });
}

/** Saves a picture of the whole page under e2e/artifacts (capture). */
export async function shot(page: Page, name: string): Promise<void> {
  await capture(page, name);
}

/**
 * Photographs `page` at phone size (`<name>-phone.png`) and then at desktop size
 * (`<name>-desktop.png`), each once the layout has settled, and leaves the page at `end`
 * (desktop unless told).
 */
export async function shotsAtBothSizes(page: Page, name: string, end = DESKTOP): Promise<void> {
  if (!SHOTS_WANTED) {
    // The page ends at `end`, settled, as it would after the pictures.
    await page.setViewportSize(end);
    await settled(page);
    return;
  }
  await page.setViewportSize(PHONE);
  await settled(page);
  await shot(page, `${name}-phone`);
  await page.setViewportSize(DESKTOP);
  await settled(page);
  await shot(page, `${name}-desktop`);
  if (end !== DESKTOP) await page.setViewportSize(end);
}

let n = 0;
/** A unique valid player for registration forms. */
export function uniquePlayer() {
  n += 1;
  const r = Math.floor(Math.random() * 1e7);
  return {
    name: `María Pérez ${n}`,
    email: `maria${n}.${r}@example.com`,
    identification: String(10_000_000 + ((r * 7 + n) % 89_999_999)),
    areaCode: '0414',
    phone: String((r * 3 + n) % 10_000_000).padStart(7, '0'),
    password: 'Secreto123!',
    /**
     * Chosen at registration (decision 040): never derived from the e-mail. Consonants without
     * "w": the offensive-word filter reads "blwjb" as a word (about one name in 100,000 with a
     * "w" was refused; none in a million of these letters).
     */
    username: `Jp${[...Array(10)].map(() => 'bdfghjlmnpqrsvxz'[Math.floor(Math.random() * 16)]).join('')}`,
    /** An adult's date of birth, "YYYY-MM-DD" (decision 040). */
    birthDate: '1994-03-08',
  };
}

/**
 * Logs in through the /login form and waits until the app leaves it: for the dashboard, or for
 * `target` (a path, with its query) when given.
 */
export async function loginViaUi(
  page: Page,
  email: string,
  password: string,
  target?: string,
): Promise<void> {
  // With a target the login form is opened as a visitor sent to it is (`/login?redirect=`), and
  // the app goes there itself once signed in: one page load instead of the login's and then the
  // target's (about 2 s of a slow machine's CPU each; docs/decisions/045, "Addendum 2026-12-01
  // (sixth)").
  await page.goto(target ? `/login?${new URLSearchParams({ redirect: target })}` : '/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel(/^Contraseña/).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/**
 * Registers a player through the API; returns the credentials and token. `headers` go with the
 * request (an `X-Device-Id` to register two accounts from one phone).
 */
export async function registerViaApi(baseUrl: string, headers: Record<string, string> = {}) {
  const p = uniquePlayer();
  const res = await fetch(`${baseUrl}/api/register_api`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({
      name: p.name,
      email: p.email,
      type_identification: 'V',
      n_identification: p.identification,
      phone: p.areaCode + p.phone,
      password: p.password,
      password_confirmation: p.password,
      username: p.username,
      birth_date: p.birthDate,
      adult_declaration: true,
    }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { token: string; user: { id: number } };
  return { ...p, token: body.token, id: body.user.id };
}

/** A 1x1 PNG, for proof uploads. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

/** What a player's game screen shows, read in one round trip (see {@link readPlaySnapshot}). */
export interface PlaySnapshot {
  /** The result overlay is on screen: the match is over for this player. */
  done: boolean;
  /** A hand summary waits to be closed. */
  handSummary: boolean;
  /** The player chose a tile that fits both ends: the end buttons are showing. */
  endChoice: boolean;
  /** It is this player's turn (`turn-status[data-my-turn]`). */
  myTurn: boolean;
  /** The draw button shows, and whether it can be pressed. */
  drawVisible: boolean;
  drawEnabled: boolean;
  /** The test id of the first playable tile in the hand, if any. */
  playable: string | null;
}

/**
 * Reads the game screen in one `page.evaluate` (a player's state used to take four to six
 * Playwright round trips per look, and a match is thousands of looks; docs/decisions/045).
 * Visible means laid out with a box and not `visibility: hidden`, as Playwright's isVisible.
 * Null while the page navigates.
 */
export async function readPlaySnapshot(page: Page): Promise<PlaySnapshot | null> {
  return page
    .evaluate(() => {
      const byId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
      const visible = (el: HTMLElement | null) => {
        if (!el) return false;
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
      };
      const draw = byId('move-draw') as HTMLButtonElement | null;
      const tile = [
        ...document.querySelectorAll<HTMLElement>(
          '[data-testid^="hand-tile-"][data-playable="true"]',
        ),
      ].find(visible);
      return {
        done: visible(byId('result-overlay')),
        handSummary: visible(byId('hand-summary-close')),
        endChoice: visible(byId('end-choice-left')),
        myTurn: byId('turn-status')?.getAttribute('data-my-turn') === 'true',
        drawVisible: visible(draw),
        drawEnabled: !!draw && !draw.disabled && draw.getAttribute('aria-disabled') !== 'true',
        playable: tile?.getAttribute('data-testid') ?? null,
      };
    })
    .catch(() => null);
}

/**
 * One step of a player's part in a match on the game screen: 'done' when the result overlay
 * shows; otherwise closes a hand summary, picks the left end when asked, draws when it must, or
 * plays the first playable tile when it is this player's turn ('acted'); else 'idle'. The page is
 * read in one round trip; every action is a real Playwright click. `seen` gets what was read.
 */
export async function playStep(
  page: Page,
  seen?: (snapshot: PlaySnapshot) => void,
): Promise<'done' | 'acted' | 'idle'> {
  const s = await readPlaySnapshot(page);
  if (!s) return 'idle';
  seen?.(s);
  if (s.done) return 'done';
  const click = async (testId: string) => {
    // The element can go between the read and the click (the turn moved on): then it is not
    // ours to press, rather than a 30 s wait for an element that is gone.
    await page
      .getByTestId(testId)
      .click({ timeout: 2_000 })
      .then(
        () => lastClickFailure.delete(page),
        (err: unknown) =>
          lastClickFailure.set(
            page,
            `${testId}: ${String(err).split('\n').slice(0, 6).join(' / ')}`,
          ),
      );
    return 'acted' as const;
  };
  if (s.handSummary) return click('hand-summary-close');
  if (s.endChoice) return click('end-choice-left');
  if (!s.myTurn) return 'idle';
  if (s.drawVisible && s.drawEnabled) return click('move-draw');
  if (s.playable) return click(s.playable);
  return 'idle';
}

/**
 * Per page, why `playStep`'s last click did not happen, if it did not (Playwright's reason: the
 * element gone, another element taking the pointer, ...); cleared by a click that did.
 */
const lastClickFailure = new WeakMap<Page, string>();

/**
 * Plays every page's part of a match at once until each shows its result or the deadline (epoch
 * ms) passes. Each page has its own loop, so a page whose turn it is never waits for the others
 * to be looked at; an idle page waits in the browser for something to do (its turn, a summary,
 * the result), up to 2 s at a time. `seen(i, snapshot)` gets every read of page i.
 *
 * @returns the indexes of the pages that reached the result (all of them: otherwise it throws,
 *   with what each unfinished page showed and why its last click failed).
 */
export async function playUntilDone(
  pages: Page[],
  opts: { deadline: number; seen?: (index: number, snapshot: PlaySnapshot) => void },
): Promise<Set<number>> {
  const done = new Set<number>();
  await Promise.all(
    pages.map(async (page, i) => {
      while (Date.now() < opts.deadline) {
        let myTurn = false;
        const r = await playStep(page, (s) => {
          myTurn = s.myTurn;
          opts.seen?.(i, s);
        });
        if (r === 'done') {
          done.add(i);
          return;
        }
        if (r === 'idle') await waitForSomethingToDo(page, myTurn);
      }
    }),
  );
  if (done.size < pages.length) {
    // Say what each unfinished page showed and why its last click failed, not only that time ran
    // out: a match that cannot finish is a product bug or a journey's, and either needs the why.
    const why = await Promise.all(
      pages.map(async (page, i) =>
        done.has(i)
          ? null
          : `page ${i} at ${page.url()}: ${JSON.stringify(await readPlaySnapshot(page))}; last click failure: ${lastClickFailure.get(page) ?? 'none'}`,
      ),
    );
    throw new Error(`no result before the deadline:\n${why.filter(Boolean).join('\n')}`);
  }
  return done;
}

/**
 * Waits in the page (up to 2 s) for something a player can do: a summary, the end choice or the
 * result; the player's turn (when it was not); a playable tile, an enabled draw button or the
 * turn moving on (when it was the player's turn with nothing to press yet).
 */
export async function waitForSomethingToDo(page: Page, wasMyTurn: boolean): Promise<void> {
  await page
    .waitForFunction(
      (mine) => {
        const has = (selector: string) => document.querySelector(selector) !== null;
        if (
          has('[data-testid="hand-summary-close"]') ||
          has('[data-testid="end-choice-left"]') ||
          has('[data-testid="result-overlay"]')
        )
          return true;
        const myTurn = has('[data-testid="turn-status"][data-my-turn="true"]');
        if (!mine) return myTurn;
        const draw = document.querySelector<HTMLButtonElement>('[data-testid="move-draw"]');
        return (
          !myTurn ||
          has('[data-testid^="hand-tile-"][data-playable="true"]') ||
          (!!draw && !draw.disabled)
        );
      },
      wasMyTurn,
      { timeout: 2_000, polling: 100 },
    )
    .catch(() => undefined);
}

/**
 * A player's socket, and what it was pushed of the player's games: the server sends each seated
 * user their own view after every change (`game:view` to the user's room), as the app receives
 * it. `latest(gameId)` is the newest view pushed of a game; `next(ms)` resolves true at the next
 * push, false when none came within `ms` (one waiter at a time: a later `next` replaces an earlier
 * one, which then resolves false at its own time); `close()` closes the socket.
 */
export interface SeatFeed {
  latest(gameId: string): GameView | undefined;
  next(ms: number): Promise<boolean>;
  close(): void;
}

/** Opens the socket of the player whose API token is `token` on `baseUrl` ({@link SeatFeed}). */
export async function openSeatFeed(baseUrl: string, token: string): Promise<SeatFeed> {
  const { socket } = await openSocket(baseUrl, token);
  const latest = new Map<string, GameView>();
  let wake: ((pushed: boolean) => void) | null = null;
  socket.on(SERVER_EVENTS.gameView, (view: GameView) => {
    const had = latest.get(view.game_id);
    if (!had || view.version > had.version) latest.set(view.game_id, view);
    wake?.(true);
  });
  return {
    latest: (gameId) => latest.get(gameId),
    next: (ms) =>
      new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => done(false), ms);
        const done = (pushed: boolean) => {
          clearTimeout(timer);
          if (wake === done) wake = null;
          resolve(pushed);
        };
        wake = done;
      }),
    close: () => socket.close(),
  };
}

/**
 * An API client playing its seat of `gameId` to the end, the first legal move on each of its
 * turns: GET its view (which also marks the seat present), POST a move on its turn (the answer is
 * the new view), and between turns wait for the pushes of `feed` (the player's own socket), as the
 * app does, rather than asking again and again (seven clients asking every 150 ms were most of
 * the tournament journey's server CPU: docs/decisions/045, "Addendum 2026-12-02 (third)"). The
 * view is read again after a refused move (the server played a forced move first, or the
 * version moved) and whenever no push came for 2 s. Without a `feed` it opens one for the game
 * and closes it at the end. Throws after `maxSteps` looks.
 */
export async function playSeatViaApi(
  baseUrl: string,
  token: string,
  gameId: string,
  feed?: SeatFeed,
  maxSteps = 5000,
): Promise<void> {
  const pushes = feed ?? (await openSeatFeed(baseUrl, token));
  try {
    const headers = { authorization: `Bearer ${token}` };
    const read = async () => {
      const res = await fetch(`${baseUrl}/api/games/${gameId}/view`, { headers });
      if (res.status !== 200) throw new Error(`view ${res.status}`);
      return (await res.json()) as GameView;
    };
    let view = await read();
    for (let i = 0; i < maxSteps; i++) {
      const pushed = pushes.latest(gameId);
      if (pushed && pushed.version > view.version) view = pushed;
      if (view.status !== 'playing') return;
      if (view.turn_seat === view.my_seat && view.legal_moves.length > 0) {
        const res = await fetch(`${baseUrl}/api/games/${gameId}/moves`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ version: view.version, ...view.legal_moves[0] }),
        });
        view = res.status === 200 ? ((await res.json()) as GameView) : await read();
        continue;
      }
      if (!(await pushes.next(2_000))) view = await read();
    }
    throw new Error(`game ${gameId} did not end`);
  } finally {
    if (!feed) pushes.close();
  }
}
