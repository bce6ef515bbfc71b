/**
 * Memory per socket: one server process (on a throwaway PostgreSQL database; PGlite's WASM heap
 * made the RSS baseline swing by hundreds of MiB) and up to `--sockets` authenticated idle
 * Socket.IO connections, opened in batches. Reads the server's VmRSS (`/proc`) and its V8 heap in
 * use (`nodejs_heap_size_used_bytes` from its own `GET /metrics`, decision 061; not after a forced
 * collection, so approximate) before and after, and prints bytes per socket
 * (target: 10,000 sockets per process under 1 GB).
 *
 * `--room` (docs/scaling.md): the sockets belong to the four players seated at one running
 * match (a table created by the admin, entry 10, 120 s turns), and after the idle reading every
 * socket sends `game:join` for that match, so it joins the game's room as a playing client's
 * socket does; the second reading is the cost of being in a game room. Without `--room` all
 * sockets belong to one user, as the first measurements did.
 *
 * Run: npx tsx bench/src/realtime-sockets.ts [--sockets 10000] [--batch 500] [--room]
 * Needs PostgreSQL at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
 * Each socket is a file descriptor on both sides: `ulimit -n` must exceed the socket count.
 */
import { execFileSync } from 'node:child_process';
import type { Socket } from 'socket.io-client';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  api,
  arg,
  connectClient,
  createDatabase,
  login,
  onCleanup,
  pool,
  registerPlayers,
  rssBytes,
  runBench,
  startServerProcess,
} from './realtime-server';

const WANTED = Number(arg('sockets', '10000'));
const BATCH = Number(arg('batch', '500'));
const ROOM = process.argv.includes('--room');
/** The server's METRICS_TOKEN for this run (32+ characters, decision 061). */
const METRICS_TOKEN = `bench-metrics-${'x'.repeat(32)}`;

function connect(url: string, token: string): Promise<Socket> {
  return connectClient(url, token, { reconnection: false, timeoutMs: 30_000 });
}

const mib = (b: number) => `${(b / 2 ** 20).toFixed(0)} MiB`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The server's V8 heap in use (bytes), from its Prometheus text. */
async function heapUsed(url: string): Promise<number> {
  const res = await fetch(`${url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await res.text();
  const m = /^nodejs_heap_size_used_bytes (\d+(?:\.\d+)?)/m.exec(text);
  if (!m) throw new Error('no nodejs_heap_size_used_bytes in /metrics');
  return Number(m[1]);
}

/** RSS and heap in use of the server now. */
async function reading(pid: number, url: string): Promise<{ rss: number; heap: number }> {
  return { rss: rssBytes(pid), heap: await heapUsed(url) };
}

/** One line: the delta of `now` over `from`, in total and per 1,000 sockets. */
function perThousand(
  label: string,
  from: { rss: number; heap: number },
  now: { rss: number; heap: number },
  sockets: number,
): string {
  const k = Math.max(1, sockets) / 1000;
  return (
    `${label}: ${sockets} sockets, server RSS ${mib(now.rss)} (delta ${mib(now.rss - from.rss)}, ` +
    `${mib((now.rss - from.rss) / k)} per 1,000 sockets), heap in use ${mib(now.heap)} ` +
    `(delta ${mib(now.heap - from.heap)}, ${mib((now.heap - from.heap) / k)} per 1,000 sockets)`
  );
}

/**
 * `--room`: four funded players seated at one new table, so its match starts; their tokens and
 * the match's game id.
 */
async function seatedMatch(url: string): Promise<{ tokens: string[]; gameId: string }> {
  const admin = await login(url, ADMIN_EMAIL, ADMIN_PASSWORD);
  const table = await api<{ id: number }>(
    url,
    'POST',
    '/api/admin/tables',
    { name: 'Bench sockets', entry_price: 10, turn_seconds: 120 },
    admin,
  );
  const players = await registerPlayers(url, 4, { adminToken: admin, balance: 100 });
  for (const p of players) {
    await api(url, 'POST', `/api/tables/${table.id}/join`, { entry_price: 10 }, p.token);
  }
  const detail = await api<{ game_id: string | null }>(url, 'GET', `/api/tables/${table.id}`);
  if (!detail.game_id) throw new Error('the table has no game after four joins');
  return { tokens: players.map((p) => p.token), gameId: detail.game_id };
}

async function main() {
  const limit = Number(execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim());
  // Each side holds one descriptor per socket; leave room for the process's own files.
  const target = Math.min(WANTED, Number.isFinite(limit) ? limit - 200 : WANTED);
  if (target < WANTED) {
    console.log(`ulimit -n is ${limit}: measuring ${target} sockets instead of ${WANTED}`);
  }
  const server = await startServerProcess({
    DATABASE_URL: await createDatabase(),
    METRICS_TOKEN,
  });
  const seated = ROOM ? await seatedMatch(server.url) : null;
  const tokens = seated?.tokens ?? [(await registerPlayers(server.url, 1))[0]!.token];
  const tokenOf = (i: number) => tokens[i % tokens.length]!;
  const sockets: Socket[] = [];
  onCleanup(() => {
    for (const s of sockets) s.close();
  });
  // Warm the server (one connection through the whole path), then settle.
  (await connect(server.url, tokenOf(0))).close();
  await sleep(2000);
  const before = rssBytes(server.pid);
  const before0 = await reading(server.pid, server.url);
  console.log(
    `Idle sockets: ${ROOM ? 'the four players of one running match' : 'one user'}, ${target} sockets in batches of ${BATCH}, ` +
      `server pid ${server.pid} (PostgreSQL), ulimit -n ${limit}`,
  );
  console.log(`server RSS before: ${mib(before)}, heap in use ${mib(before0.heap)}`);
  console.log('sockets | server RSS | delta    | bytes/socket | batch s');
  let failures = 0;
  const start = Date.now();
  while (sockets.length < target) {
    const n = Math.min(BATCH, target - sockets.length);
    const t = Date.now();
    const first = sockets.length;
    const got = await pool(Array.from({ length: n }), 100, async (_, i) => {
      try {
        return await connect(server.url, tokenOf(first + i));
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
  const idle = await reading(server.pid, server.url);
  console.log(perThousand('idle, authenticated', before0, idle, alive));
  if (seated) {
    // Every socket joins the match's room (its player's view, one database read each).
    const t = Date.now();
    let refused = 0;
    await pool(sockets, 50, async (s) => {
      const ack = (await s
        .timeout(30_000)
        .emitWithAck('game:join', { game_id: seated.gameId })
        .catch(() => ({ ok: false }))) as { ok: boolean };
      if (!ack.ok) refused += 1;
    });
    const joinSeconds = (Date.now() - t) / 1000;
    await sleep(10_000);
    const joined = await reading(server.pid, server.url);
    console.log(
      `game:join for every socket in ${joinSeconds.toFixed(1)} s (${refused} refused), then 10 s idle`,
    );
    console.log(perThousand('in the game room, over idle', idle, joined, alive - refused));
    console.log(perThousand('in the game room, over none', before0, joined, alive - refused));
  }
  console.log(
    `target 10,000 sockets under 1 GB: ${alive >= 10_000 && after < 2 ** 30 ? 'met' : 'see figures'}`,
  );
}

runBench(main);
