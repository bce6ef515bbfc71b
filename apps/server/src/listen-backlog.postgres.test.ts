import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { LISTEN_BACKLOG, startServer } from './server';
import { createTestDatabase, postgresAvailable } from './test/helpers';

/**
 * A node listens with a long accept queue (decision 067 addendum "Cheaper connections and a
 * paced drain"): with Node's default of 511, a survivor busy taking a thousand players dropped
 * the connections beyond it, HAProxy's connects timed out and `observe layer4` marked the only
 * live node down. Linux shows a listening socket's queue length as its Send-Q (`ss -ltn`).
 */
describe('the listening socket of a node', async () => {
  const skip =
    !(await postgresAvailable()) ||
    process.platform !== 'linux' ||
    !existsSync('/proc/sys/net/core/somaxconn');

  it.skipIf(skip)(
    'has an accept queue of LISTEN_BACKLOG, as far as the kernel allows',
    async () => {
      const database = await createTestDatabase('postgres');
      const server = await startServer(
        loadConfig({
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          WEB_DIST: '',
          DATABASE_URL: database.url!,
          PORT: '0',
          HOST: '127.0.0.1',
          SWEEPER_INTERVAL_MS: '0',
          SESSION_SWEEP_MS: '0',
        }),
      );
      try {
        const { port } = server.app.server.address() as AddressInfo;
        const out = execFileSync('ss', ['-ltnH', `sport = :${port}`], { encoding: 'utf8' });
        // State Recv-Q Send-Q Local Peer: for a listening socket Send-Q is the queue's length.
        const sendQ = Number(out.trim().split(/\s+/)[2]);
        const somaxconn = Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8').trim());
        expect(sendQ).toBe(Math.min(LISTEN_BACKLOG, somaxconn));
        if (somaxconn > 511) expect(sendQ).toBeGreaterThan(511);
      } finally {
        await server.close();
        await database.close();
      }
    },
  );
});
