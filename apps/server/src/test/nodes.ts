import fs from 'node:fs';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { holdsListener } from './listener';

/**
 * Test support for several server processes sharing PostgreSQL and Redis (README "Several server
 * processes"): a Redis probe and a server node in a process of its own, as `npm start` runs it
 * (from the run's bundle of the same code when there is one).
 */

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * Whether Redis answers at TEST_REDIS_URL. Off CI a missing Redis is reported loudly and the
 * caller skips; with CI=true it is an error.
 */
export async function redisAvailable(): Promise<boolean> {
  const r = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
  });
  try {
    await r.connect();
    await r.ping();
    return true;
  } catch (err) {
    if (process.env.CI === 'true')
      throw new Error(`Redis is required under CI but ${TEST_REDIS_URL} is unreachable`, {
        cause: err,
      });
    console.warn(`\n!!! Redis at ${TEST_REDIS_URL} is unreachable: multi-node suites SKIPPED.\n`);
    return false;
  } finally {
    r.disconnect();
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/** A server process on its own port. */
export interface NodeProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Where the run's bundle of the server is (`DOMINO_TEST_SERVER_BUNDLE`, set by the global setup
 * e2e/global-setup.ts, which builds it with e2e/server-bundle.ts): one JavaScript file of
 * `apps/server/src/main.ts` that starts with half the CPU of tsx (docs/decisions/045).
 */
const SERVER_BUNDLE_ENV = 'DOMINO_TEST_SERVER_BUNDLE';

/**
 * Node's arguments to run a server: the run's bundle when there is one (SERVER_BUNDLE_ENV), else
 * `apps/server/src/main.ts` through tsx, as `npm start` runs it.
 */
export function serverEntryArgs(): string[] {
  const bundle = process.env[SERVER_BUNDLE_ENV];
  return bundle && fs.existsSync(bundle)
    ? ['--enable-source-maps', bundle]
    : ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')];
}

/**
 * Starts the server on PostgreSQL `databaseUrl` and Redis, from the run's bundle when there is
 * one, else `apps/server/src/main.ts` through tsx (serverEntryArgs); waits for /api/health.
 */
export async function startNodeProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<NodeProcess> {
  // The port was free when chosen; another process of the run may take it before the node binds
  // it (the node then exits): the health answer counts only from this child's own listener
  // (listener.ts), and a node that exited is started again on a new port.
  for (let attempt = 1; attempt <= 3; attempt++) {
    const port = await freePort();
    const child = spawn(process.execPath, serverEntryArgs(), {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        REDIS_URL: TEST_REDIS_URL,
        WEB_DIST: '',
        LOG_LEVEL: 'error',
        ADMIN_EMAIL: 'admin@test.local',
        ADMIN_PASSWORD: 'AdminPass123',
        ...env,
      },
      stdio: 'ignore',
    });
    const url = `http://127.0.0.1:${port}`;
    const stop = async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    };
    for (let i = 0; i < 400 && child.exitCode === null; i++) {
      try {
        const ok = (await fetch(`${url}/api/health`)).ok;
        if (ok && holdsListener(child.pid ?? -1, port)) return { url, child, stop };
      } catch {
        // starting
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    if (child.exitCode === null) {
      child.kill('SIGKILL');
      break;
    }
  }
  throw new Error('node did not start');
}
