/**
 * Coming back after a power cut (docs/decisions/042-absence-during-a-paid-match.md): two server
 * processes share a throwaway PostgreSQL database and Redis, as behind a load balancer. Four
 * players sit at a paid table, each with a websocket on node A, and play their first legal move
 * whenever it is their turn. The bench prints:
 *
 * - bytes per move per seat: the Socket.IO frames each seat's socket received (engine.io packet
 *   text, UTF-8 bytes, the one-byte packet type included) divided by the moves played;
 * - the wait of a reconnecting player: seat 0 drops its socket and opens a new one, alternately
 *   on node B and node A, `--rejoins` times; for each, the time from starting the new connection
 *   to having the player view (hand, line, scores, deadline) from the `game:join` answer, split
 *   into the handshake (connection open) and the join (connect -> view delivered, the server's
 *   part plus one loopback round trip). The view is checked against the other seats' latest.
 *
 * Run: npx tsx bench/src/reconnect.ts [--moves 120] [--rejoins 40] [--root <checkout>]
 * (`--root` runs another checkout's server, e.g. a `git worktree` of an earlier commit, for an
 * A/B comparison.)
 * Needs PostgreSQL at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) and
 * Redis at REDIS_URL (default redis://127.0.0.1:6379).
 */
import type { Socket } from 'socket.io-client';
import type { GameView } from '@domino/contracts';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  api,
  arg,
  connectClient,
  createDatabase,
  login,
  onCleanup,
  pct,
  registerPlayers,
  runBench,
  startServerProcess,
} from './realtime-server';

const MOVES = Number(arg('moves', '120'));
const REJOINS = Number(arg('rejoins', '40'));
const ROOT = arg('root', '');
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

type JoinAck = { ok: true; view: GameView } | { ok: false; code: string };

/** One seat's socket: the newest view it holds and the bytes its frames carried. */
interface Seat {
  socket: Socket;
  view: GameView | null;
  bytes: number;
}

/** Counts the bytes of every engine.io packet the socket receives (frames of the websocket). */
function meter(seat: Seat): void {
  seat.socket.io.engine.on('packet', (packet: { type: string; data?: unknown }) => {
    const data = typeof packet.data === 'string' ? Buffer.byteLength(packet.data) : 0;
    seat.bytes += 1 + data;
  });
}

function follow(seat: Seat, gameId: string): void {
  seat.socket.on('game:view', (v: GameView) => {
    if (v.game_id === gameId && (!seat.view || v.version >= seat.view.version)) seat.view = v;
  });
}

async function join(socket: Socket, gameId: string): Promise<GameView> {
  const ack = (await socket
    .timeout(10_000)
    .emitWithAck('game:join', { game_id: gameId })) as JoinAck;
  if (!ack.ok) throw new Error(`game:join refused: ${ack.code}`);
  return ack.view;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `cond` holds, polling every 5 ms; throws after `ms`. */
async function until(cond: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

async function main() {
  const databaseUrl = await createDatabase();
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    BOT_MIN_DELAY_MS: '0',
    BOT_MAX_DELAY_MS: '0',
    HAND_PAUSE_MS: '0',
  };
  const opts = ROOT ? { root: ROOT } : {};
  const a = await startServerProcess(env, opts);
  const b = await startServerProcess(env, opts);
  const admin = await login(a.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  const table = await api<{ id: number }>(
    a.url,
    'POST',
    '/api/admin/tables',
    { name: 'Reconexión', entry_price: 10, turn_seconds: 120, target_points: 200 },
    admin,
  );
  const players = await registerPlayers(a.url, 4, { adminToken: admin, balance: 1000 });
  for (const p of players) {
    await api(a.url, 'POST', `/api/tables/${table.id}/join`, { entry_price: 10 }, p.token);
  }
  const detail = await api<{ game_id: string | null }>(a.url, 'GET', `/api/tables/${table.id}`);
  const gameId = detail.game_id;
  if (!gameId) throw new Error('the table did not start a match');
  const seats: Seat[] = [];
  onCleanup(() => {
    for (const s of seats) s.socket.close();
  });
  for (const p of players) {
    const seat: Seat = {
      socket: await connectClient(a.url, p.token, { reconnection: false, timeoutMs: 10_000 }),
      view: null,
      bytes: 0,
    };
    follow(seat, gameId);
    seat.view = await join(seat.socket, gameId);
    seats.push(seat);
  }
  const bySeat = (n: number) => seats.find((s) => s.view?.my_seat === n);

  // Bytes per move: every seat's frames while MOVES moves are played (the players' own moves and
  // the server's forced ones), after the joins.
  for (const s of seats) meter(s);
  const start = seats[0]!.view!.version;
  let version = start;
  while (version - start < MOVES) {
    const v = seats[0]!.view!;
    if (v.status !== 'playing') break;
    const turn = v.turn_seat;
    const mover = turn === null ? undefined : bySeat(turn);
    const mine = mover?.view;
    if (mover && mine && mine.version === v.version && mine.legal_moves.length > 1) {
      const ack = (await mover.socket.timeout(10_000).emitWithAck('game:move', {
        game_id: gameId,
        version: mine.version,
        ...mine.legal_moves[0],
      })) as {
        ok: boolean;
      };
      // Refused (the table's start countdown, or a push not yet arrived): look again.
      if (!ack.ok) {
        await sleep(100);
        continue;
      }
    }
    // Wait for the move (or the server's forced move / the next hand) to reach every seat.
    await until(
      () => seats.every((s) => (s.view?.version ?? 0) > v.version || s.view?.status !== 'playing'),
      15_000,
      'the next version at every seat',
    );
    version = seats[0]!.view!.version;
  }
  const moves = version - start;
  const bytes = seats.map((s) => s.bytes / Math.max(1, moves));

  // Coming back: seat 0 drops its socket and reconnects on the other node, then the first again.
  const me = seats[0]!;
  const token = players[seats.indexOf(me)]!.token;
  const handshake: number[] = [];
  const joins: number[] = [];
  const totals: number[] = [];
  let mismatches = 0;
  for (let i = 0; i < REJOINS; i++) {
    me.socket.close();
    const node = i % 2 === 0 ? b : a;
    const t0 = performance.now();
    me.socket = await connectClient(node.url, token, { reconnection: false, timeoutMs: 10_000 });
    const t1 = performance.now();
    const view = await join(me.socket, gameId);
    const t2 = performance.now();
    handshake.push(t1 - t0);
    joins.push(t2 - t1);
    totals.push(t2 - t0);
    me.view = view;
    const other = seats[1]!.view!;
    if (
      other.version === view.version &&
      (JSON.stringify(other.line) !== JSON.stringify(view.line) ||
        JSON.stringify(other.scores) !== JSON.stringify(view.scores) ||
        other.turn_deadline !== view.turn_deadline)
    )
      mismatches += 1;
  }
  const ms = (xs: number[], q: number) =>
    pct(
      [...xs].sort((x, y) => x - y),
      q,
    ).toFixed(1);

  console.log(`Reconnect bench: 2 nodes (PostgreSQL + Redis), one paid 4-player table`);
  console.log(`moves measured: ${moves}`);
  console.log(
    `bytes per move received, per seat: ${bytes.map((x) => x.toFixed(0)).join(' / ')} (mean ${(
      bytes.reduce((s, x) => s + x, 0) / bytes.length
    ).toFixed(0)})`,
  );
  console.log(
    `rejoins: ${REJOINS} (alternately on node B and node A); views differing: ${mismatches}`,
  );
  console.log('                     p50      p95      max   (ms)');
  for (const [name, xs] of [
    ['handshake', handshake],
    ['game:join -> view', joins],
    ['total', totals],
  ] as const) {
    console.log(
      `${name.padEnd(20)} ${ms(xs, 50).padStart(6)}   ${ms(xs, 95).padStart(6)}   ${ms(xs, 100).padStart(6)}`,
    );
  }
}

runBench(main);
