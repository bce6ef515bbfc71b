/**
 * Idle socket capacity: one server process (on a throwaway PostgreSQL database; PGlite's WASM heap
 * made the RSS baseline swing by hundreds of MiB), ONE registered
 * user, and up to `--sockets` authenticated idle Socket.IO connections with that user's token,
 * opened in batches. Reads the server's VmRSS before and after and prints bytes per socket
 * (target: 10,000 sockets per process under 1 GB).
 *
 * Run: npx tsx bench/src/realtime-sockets.ts [--sockets 10000] [--batch 500]
 * Needs PostgreSQL at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
 * Each socket is a file descriptor on both sides: `ulimit -n` must exceed the socket count.
 */
import { execFileSync } from 'node:child_process';
import type { Socket } from 'socket.io-client';
import {
  arg,
  connectClient,
  createDatabase,
  onCleanup,
  pool,
  registerPlayers,
  rssBytes,
  runBench,
  startServerProcess,
} from './realtime-server';

const WANTED = Number(arg('sockets', '10000'));
const BATCH = Number(arg('batch', '500'));

function connect(url: string, token: string): Promise<Socket> {
  return connectClient(url, token, { reconnection: false, timeoutMs: 30_000 });
}

const mib = (b: number) => `${(b / 2 ** 20).toFixed(0)} MiB`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const limit = Number(execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim());
  // Each side holds one descriptor per socket; leave room for the process's own files.
  const target = Math.min(WANTED, Number.isFinite(limit) ? limit - 200 : WANTED);
  if (target < WANTED) {
    console.log(`ulimit -n is ${limit}: measuring ${target} sockets instead of ${WANTED}`);
  }
  const server = await startServerProcess({ DATABASE_URL: await createDatabase() });
  const [player] = await registerPlayers(server.url, 1);
  const sockets: Socket[] = [];
  onCleanup(() => {
    for (const s of sockets) s.close();
  });
  // Warm the server (one connection through the whole path), then settle.
  (await connect(server.url, player!.token)).close();
  await sleep(2000);
  const before = rssBytes(server.pid);
  console.log(
    `Idle sockets: one user, ${target} sockets in batches of ${BATCH}, server pid ${server.pid} (PostgreSQL), ulimit -n ${limit}`,
  );
  console.log(`server RSS before: ${mib(before)}`);
  console.log('sockets | server RSS | delta    | bytes/socket | batch s');
  let failures = 0;
  const start = Date.now();
  while (sockets.length < target) {
    const n = Math.min(BATCH, target - sockets.length);
    const t = Date.now();
    const got = await pool(Array.from({ length: n }), 100, async () => {
      try {
        return await connect(server.url, player!.token);
      } catch {
        failures += 1;
        return null;
      }
    });
    for (const s of got) if (s) sockets.push(s);
    if (got.every((s) => s === null)) break;
    if (sockets.length % 2000 === 0 || sockets.length === target) {
      const rss = rssBytes(server.pid);
      console.log(
        `${String(sockets.length).padStart(7)} | ${mib(rss).padStart(10)} | ${mib(rss - before).padStart(8)} | ` +
          `${((rss - before) / sockets.length).toFixed(0).padStart(12)} | ${((Date.now() - t) / 1000).toFixed(1)}`,
      );
    }
  }
  const connectSeconds = (Date.now() - start) / 1000;
  // Idle for a while (one ping interval is 25 s), then read again.
  await sleep(10_000);
  const after = rssBytes(server.pid);
  const alive = sockets.filter((s) => s.connected).length;
  console.log(
    `after 10 s idle: sockets connected ${alive}, failures ${failures}, connect time ${connectSeconds.toFixed(1)} s, ` +
      `server RSS ${mib(after)}, delta ${mib(after - before)}, ${((after - before) / Math.max(1, alive)).toFixed(0)} bytes/socket, ` +
      `client RSS ${mib(process.memoryUsage().rss)}`,
  );
  console.log(
    `target 10,000 sockets under 1 GB: ${alive >= 10_000 && after < 2 ** 30 ? 'met' : 'see figures'}`,
  );
}

runBench(main);
