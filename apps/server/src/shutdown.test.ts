import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { PGLITE_DIR_ENV } from './test/db-images';
import { serverEntryArgs } from './test/nodes';
import { eventually, within } from './test/sockets';

/**
 * Graceful shutdown (main.ts, decision 054): a server started like `npm start`, with every
 * module's workers on their timers (sweeper, month close, table keeper, analysis runner,
 * tournament director, quick-play matcher, risk scanner, bank verifier), stops them all, closes
 * its sockets, HTTP server and database on SIGTERM and exits 0, before main.ts's watchdog kills
 * it (docs/decisions/063-cluster-and-drain.md); and a node whose main thread blocks is still
 * killed by that watchdog.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/** The DATA_DIRs this file's nodes ran in, removed at the end. */
const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * A node started like `npm start` on the embedded database, with `extra` environment: `main.ts`
 * from the run's bundle of the same code when there is one (else through tsx, as `npm start`),
 * in a DATA_DIR holding a copy of the run's migrated PGlite when there is one (else an empty one
 * it migrates). Both spare the start-up CPU only (docs/decisions/045-fast-test-databases.md,
 * "The journeys' servers"); what is tested, the signal handling of `main.ts`, is the same code.
 */
function startNode(port: number, extra: Record<string, string> = {}) {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'domino-shutdown-'));
  dataDirs.push(dataDir);
  const image = process.env[PGLITE_DIR_ENV];
  if (image && fs.existsSync(image))
    fs.cpSync(image, path.join(dataDir, 'pglite'), { recursive: true });
  const child = spawn(process.execPath, serverEntryArgs(), {
    cwd: root,
    env: {
      ...env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: '',
      LOG_LEVEL: 'error',
      ADMIN_EMAIL: 'admin@test.local',
      ADMIN_PASSWORD: 'AdminPass123',
      SWEEPER_INTERVAL_MS: '200',
      RISK_SCAN_INTERVAL_MS: '1000',
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = { stderr: '', stdout: '' };
  child.stderr.on('data', (chunk: Buffer) => (out.stderr += chunk.toString('utf8')));
  child.stdout.on('data', (chunk: Buffer) => (out.stdout += chunk.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, out, exited };
}

/** Until the node answers its health check, or its process ends without ever answering. */
async function healthy(port: number, child: ChildProcess): Promise<string> {
  return eventually(
    'the node answering its health check',
    async () =>
      child.exitCode !== null
        ? 'exited'
        : (await fetch(`http://127.0.0.1:${port}/api/health`).then(
            (r) => r.ok,
            () => false,
          )) && 'healthy',
    240_000,
    100,
  );
}

// Its own limit: a server process starting (PGlite in WebAssembly) on a loaded machine.
it('stops every worker and exits 0 on SIGTERM', { timeout: 300_000 }, async () => {
  const port = await freePort();
  const { child, out, exited } = startNode(port);
  try {
    expect(await healthy(port, child), out.stderr).toBe('healthy');
    child.kill('SIGTERM');
    // The watchdog (10 s) kills a node that hangs; 60 s only keeps the suite from hanging.
    expect(await within(60_000, exited, 'the node exiting'), out.stderr).toEqual({
      code: 0,
      signal: null,
    });
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
});

// The node answers HTTP from `listen` on, while its workers are still starting: a SIGTERM that
// arrives then (an orchestrator stopping a node the moment its health check passes) drains like
// any other instead of ending the process with Node's default action (main.ts installs its
// handlers before starting the server). TEST_SIGTERM_ON_LISTEN makes the node send itself the
// signal right after `listen`, so it lands in that window every time.
it(
  'drains and exits 0 on a SIGTERM that arrives while it is starting',
  { timeout: 300_000 },
  async () => {
    const port = await freePort();
    const { child, out, exited } = startNode(port, {
      LOG_LEVEL: 'info',
      TEST_SIGTERM_ON_LISTEN: 'true',
    });
    try {
      expect(await within(240_000, exited, 'the node exiting'), out.stderr).toEqual({
        code: 0,
        signal: null,
      });
      expect(out.stdout).toContain('Server listening');
      expect(out.stdout).toContain('shutting down');
      expect(out.stdout).toContain('draining: closing');
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  },
);

// The exit bound holds when the main thread never comes back (docs/decisions/063 "Watchdog"):
// TEST_BLOCK_ON_SIGTERM makes main.ts spin forever right after arming the watchdog, so neither
// the drain nor any timer of the main thread can run; only the watchdog thread's SIGKILL ends it.
it(
  'is killed by its watchdog when its main thread blocks on SIGTERM',
  { timeout: 300_000 },
  async () => {
    const port = await freePort();
    // The shortest drain (no notice, no reconnect window): the watchdog's bound is then 6 s
    // (drain-pace.ts exitBoundMs), spent spinning a core.
    const { child, out, exited } = startNode(port, {
      TEST_BLOCK_ON_SIGTERM: 'true',
      DRAIN_NOTICE_MS: '0',
      DRAIN_RECONNECT_MS: '0',
      DRAIN_RECONNECT_MAX_MS: '0',
    });
    try {
      expect(await healthy(port, child), out.stderr).toBe('healthy');
      child.kill('SIGTERM');
      expect(await within(60_000, exited, 'the watchdog killing the node'), out.stderr).toEqual({
        code: null,
        signal: 'SIGKILL',
      });
      expect(out.stderr).toContain('shutdown watchdog');
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  },
);
