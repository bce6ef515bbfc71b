/**
 * Real-time load (issue: real time bench): N concurrent four-player table matches played over
 * Socket.IO against one server process on PostgreSQL. Every client moves as soon as its view says
 * it is its turn with 2+ legal moves (first legal move); forced single moves are left to the
 * server (auto-played after ~1.2 s) and counted apart. Latency is move-to-broadcast: from emitting
 * `game:move` to each of the mover's three table-mates receiving the `game:view` with the new
 * version (one sample per receiver).
 *
 * Run: npx tsx bench/src/realtime-matches.ts [--matches 100,500] [--seconds 20]
 * Needs PostgreSQL at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
 * Setup (registration is argon2-heavy, joins, connections) is timed apart and not counted.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import pg from 'pg';
import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import type { GameView, LegalMoveJson } from '@domino/contracts';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  api,
  arg,
  createDatabase,
  login,
  pct,
  pool,
  registerPlayers,
  rssBytes,
  runBench,
  startServerProcess,
} from './realtime-server';
import type { Player } from './realtime-server';

const MATCHES = arg('matches', '100,500')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => Number.isInteger(n) && n > 0);
const SECONDS = Number(arg('seconds', '20'));
/** Niceness of this (client) process once the server is started: the server keeps priority 0. */
const CLIENT_NICE = Number(arg('client-nice', '0'));
/** Extra node arguments for the server, space-separated (e.g. '--cpu-prof --cpu-prof-dir=/tmp/p'). */
const SERVER_NODE_ARGS = arg('server-node-args', '').split(' ').filter(Boolean);
/** Another checkout to run the server from (A/B against a `git worktree` of an earlier commit). */
const SERVER_ROOT = arg('server-root', '');
const ACK_TIMEOUT_MS = 10_000;

type MoveAck = { ok: true; version: number } | { ok: false; code: string };
type JoinAck = { ok: true; view: GameView } | { ok: false; code: string };

interface Pending {
  t0: number;
  mover: number;
  seen: number;
}

interface Match {
  gameId: string;
  /** Moves in flight, by the version they were made on. */
  pending: Map<number, Pending>;
  finished: boolean;
}

interface Stats {
  latencies: number[];
  moves: number;
  forced: number;
  errors: Map<string, number>;
  running: boolean;
  /** Clients move only while this is set. */
  emitting: boolean;
  measuring: boolean;
  inFlight: number;
}

/** CPU time (user + system, ms) a process has used, from /proc/<pid>/stat; 0 once it is gone. */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, USER_HZ 100
  } catch {
    return 0;
  }
}

/**
 * CPU used by the server process and by the PostgreSQL backends of the bench database: unlike
 * latency, CPU per move hardly moves when other jobs load the machine, so it compares two
 * versions fairly on a shared machine.
 */
class CpuMeter {
  private pids: number[] = [];
  private start = new Map<number, number>();
  private server0 = 0;

  constructor(
    private readonly serverPid: number,
    private readonly databaseUrl: string,
  ) {}

  private async backends(): Promise<number[]> {
    const c = new pg.Client({ connectionString: this.databaseUrl });
    await c.connect();
    try {
      const res = await c.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      return res.rows.map((r) => r.pid);
    } finally {
      await c.end();
    }
  }

  async begin(): Promise<void> {
    this.pids = await this.backends();
    this.start = new Map(this.pids.map((pid) => [pid, cpuMs(pid)]));
    this.server0 = cpuMs(this.serverPid);
  }

  /** CPU ms since `begin`: the server, and the backends alive at both ends. */
  async end(): Promise<{ server: number; postgres: number }> {
    const server = cpuMs(this.serverPid) - this.server0;
    let postgres = 0;
    for (const pid of this.pids) {
      const now = cpuMs(pid);
      if (now > 0) postgres += now - (this.start.get(pid) ?? now);
    }
    return { server, postgres };
  }
}

function addError(stats: Stats, code: string): void {
  stats.errors.set(code, (stats.errors.get(code) ?? 0) + 1);
}

class Client {
  version = -1;
  lastEmitted = -1;
  lastForced = -1;
  view: GameView | null = null;

  constructor(
    readonly socket: Socket,
    readonly seat: number,
    readonly match: Match,
    readonly stats: Stats,
  ) {
    socket.on('game:view', (v: GameView) => this.onView(v));
    socket.on('disconnect', (reason) => {
      if (stats.running) addError(stats, `disconnect:${reason}`);
    });
  }

  onView(v: GameView): void {
    if (v.game_id !== this.match.gameId || v.version <= this.version) return;
    const now = performance.now();
    this.version = v.version;
    this.view = v;
    for (const [from, p] of this.match.pending) {
      if (from < v.version && p.mover !== this.seat) {
        this.stats.latencies.push(now - p.t0);
        p.seen += 1;
        if (p.seen >= 3) this.match.pending.delete(from);
      }
    }
    // A pending entry older than a few versions lost a receiver: drop it (counted as an error).
    for (const [from] of this.match.pending) {
      if (from < v.version - 8) {
        this.match.pending.delete(from);
        addError(this.stats, 'missing_broadcast');
      }
    }
    if (v.status === 'finished') this.match.finished = true;
    this.maybeMove();
  }

  maybeMove(): void {
    const v = this.view;
    const stats = this.stats;
    if (!v || !stats.emitting || v.status !== 'playing' || v.turn_seat !== v.my_seat) return;
    if (v.legal_moves.length < 2) {
      if (v.legal_moves.length === 1 && this.lastForced !== v.version) {
        this.lastForced = v.version;
        if (stats.measuring) stats.forced += 1;
      }
      return;
    }
    if (this.lastEmitted >= v.version) return;
    this.lastEmitted = v.version;
    const move = v.legal_moves[0] as LegalMoveJson;
    const measured = stats.measuring;
    const t0 = performance.now();
    if (measured) this.match.pending.set(v.version, { t0, mover: this.seat, seen: 0 });
    stats.inFlight += 1;
    this.socket
      .timeout(ACK_TIMEOUT_MS)
      .emit(
        'game:move',
        { game_id: v.game_id, version: v.version, ...move },
        (err: Error | null, res: MoveAck) => {
          stats.inFlight -= 1;
          if (err) {
            if (stats.running) addError(stats, 'ack_timeout');
          } else if (!res.ok) addError(stats, res.code);
          else if (measured) stats.moves += 1;
          if (err || !res.ok) this.match.pending.delete(v.version);
        },
      );
  }
}

function connect(url: string, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = io(url, {
      transports: ['websocket'],
      auth: { token },
      forceNew: true,
      reconnection: false,
      timeout: 20_000,
    });
    s.once('connect', () => resolve(s));
    s.once('connect_error', (err) => {
      s.close();
      reject(err);
    });
  });
}

async function runConfig(base: string, adminToken: string, n: number, meter: CpuMeter) {
  const setupStart = performance.now();
  // Tables.
  const tableIds = await pool(Array.from({ length: n }), 8, async (_, i) => {
    const t = await api<{ id: number }>(
      base,
      'POST',
      '/api/admin/tables',
      { name: `Bench ${n}-${i}`, entry_price: 10, turn_seconds: 120 },
      adminToken,
    );
    return t.id;
  });
  const tTables = performance.now();
  const players = await registerPlayers(base, 4 * n, {
    adminToken,
    balance: 100,
    concurrency: 8,
  });
  const tRegister = performance.now();
  // Joins: one table at a time per worker, its four players in seat order.
  const gameIds = await pool(tableIds, 16, async (tableId, i) => {
    for (let k = 0; k < 4; k++) {
      await api(
        base,
        'POST',
        `/api/tables/${tableId}/join`,
        { entry_price: 10 },
        players[4 * i + k]!.token,
      );
    }
    const detail = await api<{ game_id: string | null }>(base, 'GET', `/api/tables/${tableId}`);
    if (!detail.game_id) throw new Error(`table ${tableId} has no game after four joins`);
    return detail.game_id;
  });
  const tJoin = performance.now();

  const stats: Stats = {
    latencies: [],
    moves: 0,
    forced: 0,
    errors: new Map(),
    running: false,
    emitting: false,
    measuring: false,
    inFlight: 0,
  };
  const matches: Match[] = gameIds.map((gameId) => ({
    gameId,
    pending: new Map(),
    finished: false,
  }));
  // Connect after the joins so the setup's table broadcasts do not reach thousands of sockets.
  const clients: Client[] = [];
  const jobs = matches.flatMap((m, i) =>
    [0, 1, 2, 3].map((k) => ({ match: m, player: players[4 * i + k] as Player, k })),
  );
  try {
    await pool(jobs, 50, async ({ match, player }) => {
      const socket = await connect(base, player.token);
      const ack = (await socket
        .timeout(ACK_TIMEOUT_MS)
        .emitWithAck('game:join', { game_id: match.gameId })) as JoinAck;
      if (!ack.ok) throw new Error(`game:join failed: ${ack.code}`);
      const c = new Client(socket, ack.view.my_seat, match, stats);
      c.onView(ack.view);
      clients.push(c);
    });
    const tConnect = performance.now();

    // Warm up (unmeasured): every match has a 5 s start countdown and opens with the forced
    // double six, so wait until every match is past version 0 (at most 20 s), plus 1 s.
    stats.running = true;
    stats.emitting = true;
    for (const c of clients) c.maybeMove();
    const warmDeadline = Date.now() + 20_000;
    while (Date.now() < warmDeadline && clients.some((c) => c.version < 1)) {
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 1000));
    const finishedBefore = matches.filter((m) => m.finished).length;
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    await meter.begin();
    const client0 = process.cpuUsage();
    stats.measuring = true;
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    stats.measuring = false;
    const cpu = await meter.end();
    const clientCpu = process.cpuUsage(client0);
    loop.disable();
    stats.emitting = false;
    const elapsed = (performance.now() - t0) / 1000;
    // Let the last moves' broadcasts arrive, then stop.
    const drain = Date.now() + 3000;
    while (stats.inFlight > 0 && Date.now() < drain) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 300));
    stats.running = false;
    for (const m of matches) {
      if (m.pending.size > 0) addError(stats, 'missing_broadcast');
    }
    const lat = stats.latencies.sort((a, b) => a - b);
    return {
      matches: n,
      sockets: clients.length,
      movesPerSec: stats.moves / elapsed,
      moves: stats.moves,
      forced: stats.forced,
      completed: matches.filter((m) => m.finished).length - finishedBefore,
      samples: lat.length,
      p50: pct(lat, 50),
      p95: pct(lat, 95),
      p99: pct(lat, 99),
      max: lat.length ? lat[lat.length - 1]! : Number.NaN,
      errors: stats.errors,
      /** The bench client's own event-loop delay (ms) during the window: part of every sample. */
      clientLoop: { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6 },
      /**
       * CPU ms per move (player + forced) in the window: the server process, PostgreSQL, and this
       * bench process (the simulated players: their sockets, parsing the views, choosing moves).
       */
      cpuPerMove: {
        server: cpu.server / Math.max(1, stats.moves + stats.forced),
        postgres: cpu.postgres / Math.max(1, stats.moves + stats.forced),
        client:
          (clientCpu.user + clientCpu.system) / 1000 / Math.max(1, stats.moves + stats.forced),
      },
      setup: {
        tables: (tTables - setupStart) / 1000,
        register: (tRegister - tTables) / 1000,
        join: (tJoin - tRegister) / 1000,
        connect: (tConnect - tJoin) / 1000,
      },
    };
  } finally {
    stats.running = false;
    for (const c of clients) c.socket.close();
  }
}

async function main() {
  const databaseUrl = await createDatabase();
  const server = await startServerProcess(
    { DATABASE_URL: databaseUrl },
    {
      nodeArgs: SERVER_NODE_ARGS,
      ...(SERVER_ROOT ? { root: path.resolve(SERVER_ROOT) } : {}),
    },
  );
  if (CLIENT_NICE !== 0) os.setPriority(CLIENT_NICE);
  const base = server.url;
  const adminToken = await login(base, ADMIN_EMAIL, ADMIN_PASSWORD);
  console.log(
    `Real-time matches: ${SECONDS} s measured per configuration (after the start countdown), server pid ${server.pid}` +
      `${SERVER_ROOT ? ` from ${SERVER_ROOT}` : ''}, PostgreSQL, client niceness ${os.getPriority()}`,
  );
  const rows: string[] = [];
  for (const n of MATCHES) {
    const r = await runConfig(base, adminToken, n, new CpuMeter(server.pid, databaseUrl));
    const errors = [...r.errors].map(([k, v]) => `${k}=${v}`).join(' ') || '0';
    console.log(
      `setup ${n} matches: tables ${r.setup.tables.toFixed(1)} s, register+fund ${r.setup.register.toFixed(1)} s, ` +
        `joins ${r.setup.join.toFixed(1)} s, connect+game:join ${r.setup.connect.toFixed(1)} s; ` +
        `player moves ${r.moves}, forced (server) ${r.forced}, latency samples ${r.samples}, ` +
        `matches completed in window ${r.completed}, server RSS ${(rssBytes(server.pid) / 2 ** 20).toFixed(0)} MiB, ` +
        `client event-loop delay p50 ${r.clientLoop.p50.toFixed(1)} ms p99 ${r.clientLoop.p99.toFixed(1)} ms; ` +
        `CPU per move: server ${r.cpuPerMove.server.toFixed(2)} ms, PostgreSQL ${r.cpuPerMove.postgres.toFixed(2)} ms, ` +
        `bench clients ${r.cpuPerMove.client.toFixed(2)} ms`,
    );
    rows.push(
      `${String(r.matches).padStart(7)} | ${String(r.sockets).padStart(7)} | ${r.movesPerSec.toFixed(0).padStart(7)} | ` +
        `${r.p50.toFixed(1).padStart(6)} | ${r.p95.toFixed(1).padStart(6)} | ${r.p99.toFixed(1).padStart(6)} | ` +
        `${r.max.toFixed(1).padStart(7)} | ${String(r.completed).padStart(9)} | ${errors}`,
    );
  }
  console.log(
    'matches | sockets | moves/s |    p50 |    p95 |    p99 |     max | completed | errors',
  );
  for (const row of rows) console.log(row);
}

runBench(main);
