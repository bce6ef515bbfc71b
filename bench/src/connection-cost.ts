/**
 * What a Socket.IO connection costs the server, by how the client opens it (docs/decisions/073-
 * websocket-first.md): one server process on a throwaway PostgreSQL database, one registered
 * player, and for each way `--sockets` authenticated connections opened 50 at a time and then
 * closed; the server's CPU time (`/proc/<pid>/stat`) over the openings, per connection, and the
 * HTTP requests each way makes.
 *
 * - `websocket`: one WebSocket upgrade (`transports: ['websocket']`, as the benches' clients);
 * - `polling, then upgrade`: Socket.IO's default (`['polling', 'websocket']`): an HTTP handshake,
 *   the CONNECT packet by POST, a long-poll GET, then the WebSocket upgrade and its probe; the
 *   connection counts as open once upgraded, as a browser's ends up;
 * - `websocket, polling as fallback`: `['websocket', 'polling']` with `tryAllTransports` (the web
 *   app since decision 073): the upgrade alone where WebSockets work.
 *
 * Run: npx tsx bench/src/connection-cost.ts [--sockets 400] [--rounds 3]
 * Needs PostgreSQL at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
 */
import { io, type Socket } from 'socket.io-client';
import {
  arg,
  cpuMs,
  createDatabase,
  pool,
  registerPlayers,
  runBench,
  startServerProcess,
} from './realtime-server';

const SOCKETS = Number(arg('sockets', '400'));
const ROUNDS = Number(arg('rounds', '3'));

interface Way {
  label: string;
  transports: ('websocket' | 'polling')[];
  tryAllTransports: boolean;
}

const WAYS: Way[] = [
  { label: 'websocket', transports: ['websocket'], tryAllTransports: false },
  { label: 'polling, then upgrade', transports: ['polling', 'websocket'], tryAllTransports: false },
  {
    label: 'websocket, polling as fallback',
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
  },
];

/** Opens one connection the given way; resolves once it is connected on a WebSocket. */
function open(url: string, token: string, way: Way): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = io(url, {
      transports: way.transports,
      tryAllTransports: way.tryAllTransports,
      auth: { token },
      forceNew: true,
      reconnection: false,
      timeout: 30_000,
    });
    const done = () => resolve(s);
    s.once('connect', () => {
      if (s.io.engine.transport.name === 'websocket') done();
      else s.io.engine.once('upgrade', done);
    });
    s.once('connect_error', (err) => {
      s.close();
      reject(err);
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const server = await startServerProcess({ DATABASE_URL: await createDatabase() });
  const [player] = await registerPlayers(server.url, 1);
  const token = player!.token;
  // Warm every path once.
  for (const way of WAYS) (await open(server.url, token, way)).close();
  await sleep(2000);
  console.log(
    `Connection cost: ${SOCKETS} connections per round, 50 at a time, ${ROUNDS} rounds per way, one user, server pid ${server.pid}`,
  );
  for (let round = 1; round <= ROUNDS; round++) {
    for (const way of WAYS) {
      const cpu0 = cpuMs(server.pid);
      const t0 = performance.now();
      const sockets = await pool(Array.from({ length: SOCKETS }), 50, () =>
        open(server.url, token, way),
      );
      const cpu = cpuMs(server.pid) - cpu0;
      const seconds = (performance.now() - t0) / 1000;
      for (const s of sockets) s.close();
      await sleep(1500);
      console.log(
        `round ${round}, ${way.label}: ${(cpu / SOCKETS).toFixed(2)} ms of server CPU per connection ` +
          `(${SOCKETS} in ${seconds.toFixed(1)} s)`,
      );
    }
  }
}

runBench(main);
