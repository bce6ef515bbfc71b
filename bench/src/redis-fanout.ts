/**
 * The cost of the Socket.IO Redis adapter's fan-out (docs/scaling.md): what one broadcast costs
 * Redis and the nodes as the number of nodes grows, with the two ways the adapter can use Redis.
 *
 * - `classic`: what the server runs today (`createAdapter`, modules/realtime/socket.ts). Every
 *   node subscribes to one pattern (`<prefix>#/#*`); a broadcast to one room is a PUBLISH on
 *   `<prefix>#/#<room>#`, which Redis delivers to every node; a node that has no socket in the
 *   room drops it after a look at its room table (the adapter's `onmessage`, done here too).
 * - `sharded`: the sharded adapter (`createShardedAdapter`, subscription mode "dynamic", Redis
 *   7 sharded pub/sub): a node subscribes (SSUBSCRIBE) to the channel of each room it has sockets
 *   in, a broadcast is an SPUBLISH on that room's channel and reaches only the nodes that
 *   subscribed. Here each simulated node holds its own share of the rooms.
 *
 * `--nodes 1,4,16` simulated nodes (one subscriber connection each, all in this process), a
 * message of `--bytes` (default 2,500, about one player's view), `--messages` per configuration,
 * published over one connection with at most 256 in flight; the run waits until every delivery
 * arrived. Printed per configuration: deliveries, the Redis server's CPU per published message
 * and per delivery (`/proc/<--redis-pid>/stat`), and this process's CPU per message (publisher
 * plus every subscriber: the ioredis parsing each node pays for each message it receives).
 *
 * Use a Redis of your own, so nobody else's work is counted:
 *   redis-server --port 4401 --save '' --appendonly no --daemonize yes --pidfile /tmp/r.pid
 *   npx tsx bench/src/redis-fanout.ts --redis-url redis://127.0.0.1:4401 --redis-pid $(cat /tmp/r.pid)
 */
import { readFileSync } from 'node:fs';
import { Redis } from 'ioredis';
import { arg } from './realtime-server';

const URL = arg('redis-url', 'redis://127.0.0.1:4401');
const REDIS_PID = Number(arg('redis-pid', '0'));
const NODES = arg('nodes', '1,4,16')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => Number.isInteger(n) && n > 0);
const BYTES = Number(arg('bytes', '2500'));
const MESSAGES = Number(arg('messages', '20000'));
/** User rooms in the simulation, spread over the nodes (a room lives on one node). */
const ROOMS = 4000;
const PREFIX = `bench-fanout-${process.pid}`;

/** CPU ms (user + system) of a process from /proc; 0 when unknown. */
function cpuMs(pid: number): number {
  if (!pid) return 0;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
}

const channelOf = (room: string) => `${PREFIX}#/#${room}#`;
const roomOf = (i: number) => `user:${i}`;

interface Run {
  deliveries: number;
  /** Deliveries to a node that has the room (the others are dropped on arrival). */
  useful: number;
  redisMsPerMessage: number;
  redisUsPerDelivery: number;
  clientMsPerMessage: number;
  seconds: number;
}

async function run(mode: 'classic' | 'sharded', nodes: number): Promise<Run> {
  const subs: Redis[] = [];
  let received = 0;
  let local = 0;
  let expected = 0;
  let done: () => void = () => undefined;
  const all = new Promise<void>((r) => {
    done = r;
  });
  const onMessage = (rooms: Set<string>) => (channel: Buffer | string) => {
    // The adapter's check: the room named by the channel, dropped when this node lacks it.
    const ch = channel.toString();
    const room = ch.slice(`${PREFIX}#/#`.length, -1);
    if (rooms.has(room)) local += 1;
    received += 1;
    if (received === expected) done();
  };
  for (let n = 0; n < nodes; n++) {
    const sub = new Redis(URL, { lazyConnect: true });
    await sub.connect();
    const rooms = new Set<string>();
    for (let i = n; i < ROOMS; i += nodes) rooms.add(roomOf(i));
    if (mode === 'classic') {
      sub.on('pmessageBuffer', (_pattern: Buffer, channel: Buffer) => onMessage(rooms)(channel));
      await sub.psubscribe(`${PREFIX}#/#*`);
    } else {
      sub.on('smessageBuffer', (channel: Buffer) => onMessage(rooms)(channel));
      const list = [...rooms].map(channelOf);
      for (let i = 0; i < list.length; i += 500) await sub.ssubscribe(...list.slice(i, i + 500));
    }
    subs.push(sub);
  }
  const pub = new Redis(URL, { lazyConnect: true });
  await pub.connect();
  const payload = Buffer.alloc(BYTES, 'x');
  expected = mode === 'classic' ? MESSAGES * nodes : MESSAGES;
  const redis0 = cpuMs(REDIS_PID);
  const client0 = process.cpuUsage();
  const t0 = performance.now();
  let sent = 0;
  const inFlight = new Set<Promise<unknown>>();
  while (sent < MESSAGES) {
    const channel = channelOf(roomOf(sent % ROOMS));
    const p: Promise<unknown> =
      mode === 'classic' ? pub.publish(channel, payload) : pub.spublish(channel, payload);
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
    sent += 1;
    if (inFlight.size >= 256) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  await all;
  const seconds = (performance.now() - t0) / 1000;
  const redisMs = cpuMs(REDIS_PID) - redis0;
  const client = process.cpuUsage(client0);
  for (const s of subs) s.disconnect();
  pub.disconnect();
  return {
    deliveries: received,
    useful: local,
    redisMsPerMessage: redisMs / MESSAGES,
    redisUsPerDelivery: (redisMs * 1000) / Math.max(1, received),
    clientMsPerMessage: (client.user + client.system) / 1000 / MESSAGES,
    seconds,
  };
}

async function main(): Promise<void> {
  console.log(
    `Redis fan-out: ${MESSAGES} messages of ${BYTES} bytes per configuration, ${ROOMS} rooms spread over the nodes, ` +
      `Redis ${URL}${REDIS_PID ? ` (pid ${REDIS_PID} metered)` : ' (CPU not metered: no --redis-pid)'}`,
  );
  console.log(
    'mode    | nodes | deliveries (useful) | Redis CPU per message | per delivery | this process per message | messages/s',
  );
  for (const mode of ['classic', 'sharded'] as const) {
    for (const nodes of NODES) {
      const r = await run(mode, nodes);
      console.log(
        `${mode.padEnd(7)} | ${String(nodes).padStart(5)} | ${`${r.deliveries} (${r.useful})`.padStart(19)} | ` +
          `${`${(r.redisMsPerMessage * 1000).toFixed(1)} µs`.padStart(21)} | ${`${r.redisUsPerDelivery.toFixed(1)} µs`.padStart(12)} | ` +
          `${`${(r.clientMsPerMessage * 1000).toFixed(1)} µs`.padStart(24)} | ${(MESSAGES / r.seconds).toFixed(0)}`,
      );
    }
  }
}

main()
  .then(() => process.exit(0))
  .catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
