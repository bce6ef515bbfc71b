/**
 * Real-time load (issue: real time bench): N concurrent four-player table matches played over
 * Socket.IO against one server process on PostgreSQL. Latency is move-to-broadcast: from emitting
 * `game:move` to each of the mover's three table-mates receiving the `game:view` with the new
 * version (one sample per receiver). Forced single moves are left to the server (auto-played
 * after ~1.2 s by the sweeper) and counted apart.
 *
 * Two paces (docs/performance.md "Real time"):
 * - closed loop (default): every client moves as soon as its view says it is its turn with 2+
 *   legal moves (first legal move); each configuration is set up, measured (`--seconds`, default
 *   20) and torn down.
 * - human-paced, `--think 1500-6000`: each client waits a uniform random delay in that range (ms)
 *   before emitting its move, and moves only if the view it answers is still the current one
 *   when the timer fires. The window defaults to 60 s. The steps of `--matches` run on one server
 *   process as a capacity search: by default (`--keep`; `--no-keep` tears down as the closed
 *   loop does) each step adds only the matches it lacks and the earlier steps' matches keep
 *   playing, so step k measures k matches at once. A match that finishes is replaced (keep mode):
 *   its four players join their table again through the server's join/escrow path and the same
 *   sockets `game:join` the new match. Tables play to `--target` points (default 200 in this
 *   mode, the highest a table accepts, so fewer matches end inside a window).
 *
 * Run: npx tsx bench/src/realtime-matches.ts [--matches 100,500] [--seconds 20]
 *      npx tsx bench/src/realtime-matches.ts --matches 500,1000,1500,2000 --think 1500-6000
 * Other options: --register-concurrency 8, --client-nice 0, --server-node-args '...',
 * --no-ack-view (moves without `ack_view`: the mover's view comes as a separate `game:view`),
 * --server-root <checkout> (run another checkout's server), --server-pg-host <dir|host> (the
 * server reaches PostgreSQL there, e.g. /var/run/postgresql), --server-log <file> (the server's
 * stdout and stderr, e.g. with --server-node-args --trace-gc), --keep / --no-keep,
 * --target 100|150|200, --redis-pid <pid> (with REDIS_URL set for the server: the server runs the
 * Redis adapter, and that Redis server's CPU per move is printed too; use a Redis of your own,
 * e.g. `redis-server --port 4401 --save ''`, so other users' work is not counted),
 * --split-think 150-450[,…] / --idle-seconds 10 / --no-split (the closed loop's split of CPU into
 * fixed per second and marginal per move, see splitFixedAndMarginal; decision 070).
 * Needs PostgreSQL at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
 * Setup (registration is argon2-heavy, funding, joins, connections) is timed apart and not counted.
 * The machine's speed (machine-speed.ts) is read before the run and after its windows and printed
 * beside the figures: CPU per move is compared between runs of similar speed only.
 * Every socket is a file descriptor in this process and in the server: `ulimit -n` must exceed
 * 4 × the largest step (checked before starting).
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import type { GameView, LegalMoveJson } from '@domino/contracts';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  arg,
  connectClient,
  cpuMs,
  createDatabase,
  login,
  onCleanup,
  pct,
  pool,
  registerPlayers,
  rssBytes,
  runBench,
  startServerProcess,
} from './realtime-server';
import type { Player } from './realtime-server';
import { machineSpeed, machineSpeedLine } from './machine-speed';
import { createBenchTables, seatPlayers, thinkRange } from './table-matches';
import type { JoinAck, MoveAck } from './table-matches';

const MATCHES = arg('matches', '100,500')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => Number.isInteger(n) && n > 0);

const THINK = thinkRange();
/**
 * The clients' think time now (ms, null: closed loop): THINK, except during the paced windows of
 * the fixed/marginal split (`--split-think`), which slow the same clients down.
 */
let pace = THINK;
const SECONDS = Number(arg('seconds', THINK ? '60' : '20'));
/** Keep earlier steps' matches playing (capacity search): default in the human-paced mode. */
const KEEP = process.argv.includes('--no-keep')
  ? false
  : process.argv.includes('--keep') || THINK !== null;
/** Target points of the bench tables; the table's default (100) unless asked or human-paced. */
const TARGET = arg('target', THINK ? '200' : '');
const REGISTER_CONCURRENCY = Number(arg('register-concurrency', '8'));
/** Niceness of this (client) process once the server is started: the server keeps priority 0. */
const CLIENT_NICE = Number(arg('client-nice', '0'));
/** Extra node arguments for the server, space-separated (e.g. '--cpu-prof --cpu-prof-dir=/tmp/p'). */
const SERVER_NODE_ARGS = arg('server-node-args', '').split(' ').filter(Boolean);
/** Another checkout to run the server from (A/B against a `git worktree` of an earlier commit). */
const SERVER_ROOT = arg('server-root', '');
const SERVER_LOG = arg('server-log', '');
/**
 * The server reaches PostgreSQL through this host instead of the test URL's (e.g.
 * `/var/run/postgresql`, the Unix-domain socket of a PostgreSQL on the same machine): a deployment
 * setting compared on the same code (docs/performance.md "Cost per move: a Unix-domain socket, the
 * server on its own core, where its CPU goes").
 */
const SERVER_PG_HOST = arg('server-pg-host', '');
/** A Redis server's pid whose CPU is metered with the rest (0: none). */
const REDIS_PID = Number(arg('redis-pid', '0'));
/**
 * Moves ask for their view in the acknowledgement (`ack_view: true`, decision 068: one frame per
 * move fewer); `--no-ack-view` plays as older clients do (the mover's view comes as `game:view`).
 * A server that does not know the option ignores it and answers as before.
 */
const ACK_VIEW = !process.argv.includes('--no-ack-view');
const ACK_TIMEOUT_MS = 10_000;
/** Capacity criterion (docs/performance.md "Real time"): p99 under this, and no errors. */
const P99_TARGET_MS = 50;
/** Bolívares each player gets: one entry (10) per match, replacements included in keep mode. */
const BALANCE = KEEP ? 1000 : 100;

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
  /** Matches that finished, and matches that replaced them (keep mode), while measuring. */
  completed: number;
  renewed: number;
  /** `UserJoinedTable` messages of the public tables channel received by all clients. */
  tablesChannel: number;
  running: boolean;
  /** Clients move only while this is set. */
  emitting: boolean;
  measuring: boolean;
  inFlight: number;
}

/** The name the server's job threads give themselves (apps/server/src/lib/ts-worker-bridge.mjs). */
const JOB_THREAD_NAME = 'domino-job';

/**
 * CPU time (ms) of each thread of a process, by thread id, from /proc/<pid>/task/<tid>/schedstat
 * (its first field: nanoseconds on a CPU), and whether it is one of the server's job threads
 * (named JOB_THREAD_NAME); empty once the process is gone. A thread that ended is no longer
 * listed, though its time stays in the process's total (cpuMs).
 */
function threadCpuMs(pid: number): Map<number, { ms: number; job: boolean }> {
  const out = new Map<number, { ms: number; job: boolean }>();
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const tid of tids) {
    try {
      const ns = Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
      if (Number.isFinite(ns))
        out.set(Number(tid), { ms: ns / 1e6, job: name === JOB_THREAD_NAME });
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return out;
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
  private threads0 = new Map<number, { ms: number; job: boolean }>();
  private redis0 = 0;

  constructor(
    private readonly serverPid: number,
    private readonly databaseUrl: string,
    private readonly redisPid = 0,
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

  /**
   * The `games` table's counters (pg_stat_user_tables; backends flush them about every second):
   * updates, of which HOT (no new index entries), dead row versions, and its size with indexes.
   */
  async gamesTable(): Promise<{ upd: number; hot: number; dead: number; bytes: number }> {
    const c = new pg.Client({ connectionString: this.databaseUrl });
    await c.connect();
    try {
      const res = await c.query<{ upd: string; hot: string; dead: string; bytes: string }>(
        `select n_tup_upd as upd, n_tup_hot_upd as hot, n_dead_tup as dead,
                pg_total_relation_size('games') as bytes
           from pg_stat_user_tables where relname = 'games'`,
      );
      const r = res.rows[0];
      return {
        upd: Number(r?.upd ?? 0),
        hot: Number(r?.hot ?? 0),
        dead: Number(r?.dead ?? 0),
        bytes: Number(r?.bytes ?? 0),
      };
    } finally {
      await c.end();
    }
  }

  /** The PostgreSQL backends followed since `begin`. */
  get backendPids(): readonly number[] {
    return this.pids;
  }

  /**
   * Moves written so far in the bench database, every kind (player, forced, bot): the sum of the
   * games' versions, each move adding one (docs/architecture.md#how-a-move-flows).
   */
  async movesWritten(): Promise<number> {
    const c = new pg.Client({ connectionString: this.databaseUrl });
    await c.connect();
    try {
      const res = await c.query<{ n: string }>('select coalesce(sum(version), 0) as n from games');
      return Number(res.rows[0]?.n ?? 0);
    } finally {
      await c.end();
    }
  }

  /**
   * Matches of the bench database that have ended so far. A window in which matches end also
   * pays for their ends (settlement, ratings, the table's next match), which are not per-move
   * costs: the split prints the count per window (decision 070, addendum 2026-11-30).
   */
  async matchesEnded(): Promise<number> {
    const c = new pg.Client({ connectionString: this.databaseUrl });
    await c.connect();
    try {
      const res = await c.query<{ n: string }>(
        "select count(*) as n from games where status <> 'playing'",
      );
      return Number(res.rows[0]?.n ?? 0);
    } finally {
      await c.end();
    }
  }

  async begin(): Promise<void> {
    this.pids = await this.backends();
    this.start = new Map(this.pids.map((pid) => [pid, cpuMs(pid)]));
    this.server0 = cpuMs(this.serverPid);
    this.threads0 = threadCpuMs(this.serverPid);
    this.redis0 = this.redisPid ? cpuMs(this.redisPid) : 0;
  }

  /**
   * CPU ms since `begin`: the server, and the backends alive at both ends; with how many
   * backends there were at the start, how many of them were still alive, and how many started
   * meanwhile (their CPU is not counted: a pool that reconnects hides PostgreSQL's work).
   */
  async end(): Promise<{
    server: number;
    /**
     * The server's CPU ms in its other threads (the event loop, libuv's pool, V8's helpers): the
     * server less `workers`.
     */
    serverThreads: number;
    /**
     * The server's CPU ms in its job threads (named JOB_THREAD_NAME: the hand-sharing scores and
     * analyses a settled match queues, decisions 059 and 072) and in threads that ended within
     * the window (job threads of a server that does not name them): a per-match cost apart from
     * the moves'.
     */
    workers: number;
    postgres: number;
    /** The Redis server's CPU ms (0 without `redisPid`). */
    redis: number;
    backends: { start: number; kept: number; new: number };
  }> {
    const threads = threadCpuMs(this.serverPid);
    const server = cpuMs(this.serverPid) - this.server0;
    let alive = 0;
    let jobs = 0;
    for (const [tid, now] of threads) {
      const used = now.ms - (this.threads0.get(tid)?.ms ?? 0);
      alive += used;
      if (now.job) jobs += used;
    }
    // What the listed threads do not account for ran in threads that ended meanwhile. The
    // process's total counts 10 ms ticks and schedstat nanoseconds: keep the split inside it.
    const workers = Math.min(server, jobs + Math.max(0, server - alive));
    const serverThreads = server - workers;
    const redis = this.redisPid ? cpuMs(this.redisPid) - this.redis0 : 0;
    let postgres = 0;
    let kept = 0;
    for (const pid of this.pids) {
      const now = cpuMs(pid);
      if (now > 0) {
        postgres += now - (this.start.get(pid) ?? now);
        kept += 1;
      }
    }
    const known = new Set(this.pids);
    const fresh = (await this.backends()).filter((pid) => !known.has(pid)).length;
    return {
      server,
      serverThreads,
      workers,
      postgres,
      redis,
      backends: { start: this.pids.length, kept, new: fresh },
    };
  }
}

/**
 * The server's resident set size (VmRSS, bytes), sampled every second between `start` and
 * `stop`: the peak over the window and the value at its end.
 */
class RssSampler {
  peak = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly pid: number) {}

  private sample(): number {
    const rss = rssBytes(this.pid);
    this.peak = Math.max(this.peak, rss);
    return rss;
  }

  start(): void {
    this.peak = 0;
    this.sample();
    this.timer = setInterval(() => this.sample(), 1000);
  }

  /** Stops sampling; returns the RSS at this moment (also counted in the peak). */
  stop(): number {
    clearInterval(this.timer);
    return this.sample();
  }
}

function addError(stats: Stats, code: string): void {
  stats.errors.set(code, (stats.errors.get(code) ?? 0) + 1);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One bench table: its four players and clients (seat order) and the match they play now. */
interface Slot {
  tableId: number;
  players: Player[];
  clients: Client[];
  match: Match;
  renewing: boolean;
}

class Client {
  version = -1;
  lastEmitted = -1;
  lastForced = -1;
  /** Version a think timer is running for (human-paced mode). */
  lastScheduled = -1;
  view: GameView | null = null;
  seat = -1;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    readonly socket: Socket,
    readonly slot: Slot,
    readonly stats: Stats,
  ) {
    socket.on('game:view', (v: GameView) => this.onView(v));
    socket.on('UserJoinedTable', () => {
      stats.tablesChannel += 1;
    });
    socket.on('disconnect', (reason) => {
      if (stats.running) addError(stats, `disconnect:${reason}`);
    });
    // Keep mode reconnects (counted above as an error all the same) and takes the seat back, so
    // one lost socket does not leave its match to the server's bot for the rest of the run.
    socket.io.on('reconnect', () => {
      const gameId = this.match.gameId;
      void socket
        .timeout(ACK_TIMEOUT_MS)
        .emitWithAck('game:join', { game_id: gameId })
        .then((ack: JoinAck) => {
          if (ack.ok && this.match.gameId === gameId) this.adopt(ack.view);
        })
        .catch(() => addError(stats, 'rejoin_failed'));
    });
  }

  get match(): Match {
    return this.slot.match;
  }

  /** Follows the slot's new match: forgets the old one's state and takes the join's view. */
  adopt(view: GameView): void {
    clearTimeout(this.timer);
    this.version = -1;
    this.lastEmitted = -1;
    this.lastForced = -1;
    this.lastScheduled = -1;
    this.view = null;
    this.seat = view.my_seat;
    this.onView(view);
  }

  close(): void {
    clearTimeout(this.timer);
    this.socket.close();
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
    if (v.status === 'finished' && !this.match.finished) {
      this.match.finished = true;
      if (this.stats.measuring) this.stats.completed += 1;
      if (KEEP && this.stats.running) void renew(this.slot, this.stats);
    }
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
    if (!pace) return this.emitMove(v);
    if (this.lastScheduled >= v.version) return;
    this.lastScheduled = v.version;
    const delay = pace.min + Math.random() * (pace.max - pace.min);
    this.timer = setTimeout(() => {
      // Answer only the view the delay was drawn for: a newer one (a timeout, a staff action)
      // makes this move stale.
      if (this.view === v && this.match.gameId === v.game_id && this.stats.emitting)
        this.emitMove(v);
    }, delay);
  }

  private emitMove(v: GameView): void {
    const stats = this.stats;
    if (this.lastEmitted >= v.version) return;
    this.lastEmitted = v.version;
    const move = v.legal_moves[0] as LegalMoveJson;
    const measured = stats.measuring;
    const match = this.match;
    const t0 = performance.now();
    if (measured) match.pending.set(v.version, { t0, mover: this.seat, seen: 0 });
    stats.inFlight += 1;
    this.socket.timeout(ACK_TIMEOUT_MS).emit(
      'game:move',
      {
        game_id: v.game_id,
        version: v.version,
        ...move,
        ...(ACK_VIEW ? { ack_view: true } : {}),
      },
      (err: Error | null, res: MoveAck) => {
        stats.inFlight -= 1;
        if (err) {
          if (stats.running) addError(stats, 'ack_timeout');
        } else if (!res.ok) addError(stats, res.code);
        else if (measured) stats.moves += 1;
        if (err || !res.ok) match.pending.delete(v.version);
        else if (res.view && this.match === match) this.onView(res.view);
      },
    );
  }
}

/**
 * Connects one authenticated websocket client; retried (3 tries) on a refused handshake. In keep
 * mode the socket also reconnects by itself after a later drop (see Client).
 */
async function connect(url: string, token: string): Promise<Socket> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await connectClient(url, token, { reconnection: KEEP, timeoutMs: 20_000 });
    } catch (err) {
      if (attempt >= 3) throw err;
      await sleep(500 * attempt);
    }
  }
}

let baseUrl = '';

/**
 * Replaces a slot's finished match (keep mode): the same four players join the same table again
 * (entry fee to escrow, the server's own path) and their sockets `game:join` the new match.
 * Failures are counted as errors `renew:<message>` and leave the slot idle.
 */
async function renew(slot: Slot, stats: Stats): Promise<void> {
  if (slot.renewing) return;
  slot.renewing = true;
  try {
    const gameId = await seatPlayers(
      baseUrl,
      slot.tableId,
      slot.players.map((p) => p.token),
      true,
    );
    slot.match = { gameId, pending: new Map(), finished: false };
    await Promise.all(
      slot.clients.map(async (c) => {
        const ack = (await c.socket
          .timeout(ACK_TIMEOUT_MS)
          .emitWithAck('game:join', { game_id: gameId })) as JoinAck;
        if (!ack.ok) throw new Error(`game:join failed: ${ack.code}`);
        c.adopt(ack.view);
      }),
    );
    if (stats.measuring) stats.renewed += 1;
  } catch (err) {
    if (stats.running) addError(stats, `renew:${String(err).slice(0, 80)}`);
  } finally {
    slot.renewing = false;
  }
}

/**
 * Creates `n` tables and registers and funds 4×n players, before any client connects: every table
 * created (and every join) is announced on the public tables channel to every connected socket,
 * so doing this first keeps that fan-out out of the setup. Returns the slots (not yet seated) and
 * the seconds each part took.
 */
async function prepareSlots(
  base: string,
  adminToken: string,
  n: number,
): Promise<{ slots: Slot[]; tables: number; register: number }> {
  const t0 = performance.now();
  const tableIds = await createBenchTables(base, adminToken, n, TARGET);
  const tTables = performance.now();
  const players = await registerPlayers(base, 4 * n, {
    adminToken,
    balance: BALANCE,
    concurrency: REGISTER_CONCURRENCY,
  });
  const tRegister = performance.now();
  const slots: Slot[] = tableIds.map((tableId, i) => ({
    tableId,
    players: players.slice(4 * i, 4 * i + 4),
    clients: [],
    match: { gameId: '', pending: new Map(), finished: false },
    renewing: false,
  }));
  return { slots, tables: (tTables - t0) / 1000, register: (tRegister - tTables) / 1000 };
}

/**
 * Seats the prepared `slots` (four joins per table, 16 tables at a time) and then connects their
 * clients (`game:join`, 50 at a time). Returns the seconds of each part, how many tables-channel
 * messages the clients already connected received during the joins (each join is announced to
 * every socket) and the server's CPU seconds over the joins.
 */
async function startSlots(
  base: string,
  slots: Slot[],
  stats: Stats,
  serverPid: number,
): Promise<{ join: number; connect: number; fanout: number; joinServerCpu: number }> {
  const t0 = performance.now();
  const heard0 = stats.tablesChannel;
  const cpu0 = cpuMs(serverPid);
  // Joins: one table at a time per worker, its four players in seat order.
  await pool(slots, 16, async (slot) => {
    slot.match.gameId = await seatPlayers(
      base,
      slot.tableId,
      slot.players.map((p) => p.token),
      false,
    );
  });
  const tJoin = performance.now();
  const fanout = stats.tablesChannel - heard0;
  const joinServerCpu = (cpuMs(serverPid) - cpu0) / 1000;
  // Connect after the joins so the setup's table broadcasts do not reach these sockets.
  const jobs = slots.flatMap((slot) => slot.players.map((player) => ({ slot, player })));
  await pool(jobs, 50, async ({ slot, player }) => {
    const socket = await connect(base, player.token);
    const c = new Client(socket, slot, stats);
    slot.clients.push(c);
    const ack = (await socket
      .timeout(ACK_TIMEOUT_MS)
      .emitWithAck('game:join', { game_id: slot.match.gameId })) as JoinAck;
    if (!ack.ok) throw new Error(`game:join failed: ${ack.code}`);
    c.adopt(ack.view);
  });
  return {
    join: (tJoin - t0) / 1000,
    connect: (performance.now() - tJoin) / 1000,
    fanout,
    joinServerCpu,
  };
}

/**
 * Warms up the given slots (unmeasured) and measures all `slots` for SECONDS: latency, moves,
 * CPU per move, the server's RSS. Clients keep playing afterwards when `keepPlaying`.
 */
async function measure(
  slots: Slot[],
  fresh: Slot[],
  stats: Stats,
  meter: CpuMeter,
  rss: RssSampler,
  keepPlaying: boolean,
) {
  stats.running = true;
  stats.emitting = true;
  const freshClients = fresh.flatMap((s) => s.clients);
  for (const c of freshClients) c.maybeMove();
  // Warm up (unmeasured): every match has a 5 s start countdown and opens with the forced
  // double six, so wait until every new match is past version 0 (at most 20 s), plus 1 s; at
  // human pace also one longest think time, so the first moves are spread as later ones are.
  const warmDeadline = Date.now() + 20_000;
  while (Date.now() < warmDeadline && freshClients.some((c) => c.version < 1)) await sleep(100);
  await sleep(1000 + (THINK?.max ?? 0));
  // Errors so far (setup, warm-up, earlier steps' tails) are reported apart from the window's.
  const before = stats.errors;
  stats.errors = new Map();
  stats.latencies = [];
  stats.moves = 0;
  stats.forced = 0;
  stats.completed = 0;
  stats.renewed = 0;
  stats.tablesChannel = 0;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const table0 = await meter.gamesTable();
  const written0 = await meter.movesWritten();
  await meter.begin();
  rss.start();
  const client0 = process.cpuUsage();
  stats.measuring = true;
  const t0 = performance.now();
  await sleep(SECONDS * 1000);
  stats.measuring = false;
  const cpu = await meter.end();
  const written = (await meter.movesWritten()) - written0;
  const rssEnd = rss.stop();
  const table1 = await meter.gamesTable();
  const clientCpu = process.cpuUsage(client0);
  loop.disable();
  const elapsed = (performance.now() - t0) / 1000;
  const windowStats = {
    moves: stats.moves,
    forced: stats.forced,
    completed: stats.completed,
    renewed: stats.renewed,
    tablesChannel: stats.tablesChannel,
  };
  if (!keepPlaying) stats.emitting = false;
  // Let the last measured moves' broadcasts arrive.
  const drain = Date.now() + 3000;
  const waiting = () =>
    keepPlaying ? slots.some((s) => s.match.pending.size > 0) : stats.inFlight > 0;
  while (waiting() && Date.now() < drain) await sleep(50);
  await sleep(300);
  if (!keepPlaying) stats.running = false;
  for (const s of slots) {
    if (s.match.pending.size > 0) addError(stats, 'missing_broadcast');
    s.match.pending.clear();
  }
  const windowErrors = stats.errors;
  stats.errors = new Map();
  const lat = stats.latencies.sort((a, b) => a - b);
  stats.latencies = [];
  const movesAll = Math.max(1, windowStats.moves + windowStats.forced);
  return {
    matches: slots.length,
    sockets: slots.reduce((n, s) => n + s.clients.length, 0),
    elapsed,
    movesPerSec: windowStats.moves / elapsed,
    forcedPerSec: windowStats.forced / elapsed,
    ...windowStats,
    samples: lat.length,
    p50: pct(lat, 50),
    p95: pct(lat, 95),
    p99: pct(lat, 99),
    max: lat.length ? lat[lat.length - 1]! : Number.NaN,
    errors: windowErrors,
    errorsOutside: before,
    /** The bench client's own event-loop delay (ms) during the window: part of every sample. */
    clientLoop: { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6 },
    /** Server RSS (bytes) at the window's end and its peak, sampled every second. */
    rss: { end: rssEnd, peak: rss.peak },
    /**
     * CPU ms per move (player + forced) in the window: the server process, PostgreSQL, and this
     * bench process (the simulated players: their sockets, parsing the views, choosing moves).
     */
    /** The window as a point of the fixed/marginal split (moves counted in the database). */
    point: {
      label: 'closed loop',
      seconds: elapsed,
      moves: written,
      ended: windowStats.completed,
      server: cpu.server,
      workers: cpu.workers,
      postgres: cpu.postgres,
      instructions: null,
    } satisfies CpuPoint as CpuPoint,
    cpuPerMove: {
      server: cpu.server / movesAll,
      /** The server less the worker threads of settled matches (CpuMeter.end). */
      serverThreads: cpu.serverThreads / movesAll,
      postgres: cpu.postgres / movesAll,
      redis: cpu.redis / movesAll,
      client: (clientCpu.user + clientCpu.system) / 1000 / movesAll,
    },
    /**
     * The `games` table in the window: row updates, the share of them that were HOT (a new row
     * version on the same page and no new index entries), and at the window's end its dead row
     * versions and size with its indexes (bytes).
     */
    /** PostgreSQL backends of the bench database: at the start, still alive at the end, new. */
    backends: cpu.backends,
    gamesTable: {
      updates: table1.upd - table0.upd,
      hotShare: (table1.hot - table0.hot) / Math.max(1, table1.upd - table0.upd),
      dead: table1.dead,
      bytes: table1.bytes,
    },
    /** Cores busy on average over the window: server, PostgreSQL, bench clients. */
    cores: {
      server: cpu.server / 1000 / elapsed,
      postgres: cpu.postgres / 1000 / elapsed,
      client: (clientCpu.user + clientCpu.system) / 1e6 / elapsed,
    },
  };
}

/**
 * One window of the fixed/marginal split: its length (s), the moves written in it (all kinds,
 * counted in the database), the CPU ms of the server and of the bench database's backends, and
 * their instructions (`perf stat`) where the machine counts them (null otherwise).
 */
interface CpuPoint {
  label: string;
  seconds: number;
  moves: number;
  /** Matches that ended in the window (null: not counted). */
  ended: number | null;
  /** The server process's CPU ms, its worker threads included. */
  server: number;
  /**
   * Of `server`, the CPU ms of threads that started or ended in the window: the worker threads
   * of the hand-sharing scores and analyses a settled match queues (CpuMeter.end), a cost per
   * match, not per move.
   */
  workers: number;
  postgres: number;
  instructions: { server: number; postgres: number } | null;
}

/**
 * The split of the CPU into a fixed part per second and a marginal part per move (docs/performance.md
 * "Fixed and marginal cost of a move"): after the closed-loop window the same sockets play paced
 * windows (`--split-think 150-450,600-1800`: each a think range in ms, '' for none) and one idle
 * window (`--idle-seconds`, default 10: every client stops, forced moves are left to settle),
 * and a least-squares line CPU/s = fixed + marginal × moves/s goes through all the windows. On
 * by default in the closed loop; `--no-split` leaves it out.
 */
const SPLIT = !THINK && !process.argv.includes('--no-split');
const IDLE_SECONDS = Number(arg('idle-seconds', '10'));
const SPLIT_THINK = arg('split-think', '150-450')
  .split(',')
  .map((r) => r.trim())
  .filter(Boolean)
  .map((r) => {
    const m = /^(\d+)-(\d+)$/.exec(r);
    if (!m || Number(m[1]) > Number(m[2])) throw new Error(`--split-think wants MIN-MAX, got ${r}`);
    return { min: Number(m[1]), max: Number(m[2]) };
  });
/**
 * Socket-seconds per move at human pace (docs/scaling.md §1: 10,000 players make 775 moves/s):
 * what each socket's fixed upkeep per second adds to the cost of a move in that model.
 */
const HUMAN_SOCKET_SECONDS_PER_MOVE = 10_000 / 775;

/**
 * Whether `perf stat` counts instructions here (a virtual machine without a PMU answers
 * `<not supported>`): instructions do not grow when other jobs load the machine, CPU time can
 * (caches, frequency), so where they are counted they are printed beside the CPU time.
 */
function perfCountsInstructions(): boolean {
  try {
    const out = execFileSync('perf', ['stat', '-x,', '-e', 'instructions', '--', 'true'], {
      encoding: 'utf8',
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    return parseInstructions(out) !== null;
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr;
    return typeof stderr === 'string' && parseInstructions(stderr) !== null;
  }
}

/** The instruction count of `perf stat -x,` output, or null when not counted. */
function parseInstructions(csv: string): number | null {
  for (const line of csv.split('\n')) {
    const fields = line.split(',');
    if (fields[2] === 'instructions' || fields[2]?.startsWith('instructions:')) {
      const n = Number(fields[0]);
      return Number.isFinite(n) && fields[0] !== '' ? n : null;
    }
  }
  return null;
}

/**
 * Counts the instructions of `pids` (user and kernel) for `seconds` with `perf stat`; resolves
 * with the count, or null when perf cannot count them.
 */
function countInstructions(pids: readonly number[], seconds: number): Promise<number | null> {
  if (pids.length === 0) return Promise.resolve(0);
  return new Promise((resolve) => {
    const child = spawn(
      'perf',
      ['stat', '-x,', '-e', 'instructions', '-p', pids.join(','), '--', 'sleep', String(seconds)],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', () => resolve(null));
    child.on('close', () => resolve(parseInstructions(err)));
  });
}

/** Measures one window of `seconds` as it runs now (see CpuPoint). */
async function cpuWindow(
  label: string,
  meter: CpuMeter,
  serverPid: number,
  seconds: number,
  perf: boolean,
): Promise<CpuPoint> {
  const written0 = await meter.movesWritten();
  const ended0 = await meter.matchesEnded();
  await meter.begin();
  const t0 = performance.now();
  const counted = perf
    ? Promise.all([
        countInstructions([serverPid], seconds),
        countInstructions(meter.backendPids, seconds),
      ])
    : Promise.resolve(null);
  await sleep(seconds * 1000);
  const cpu = await meter.end();
  const elapsed = (performance.now() - t0) / 1000;
  const moves = (await meter.movesWritten()) - written0;
  const ended = (await meter.matchesEnded()) - ended0;
  const instr = await counted;
  return {
    label,
    seconds: elapsed,
    moves,
    ended,
    server: cpu.server,
    workers: cpu.workers,
    postgres: cpu.postgres,
    instructions:
      instr && instr[0] !== null && instr[1] !== null
        ? { server: instr[0], postgres: instr[1] }
        : null,
  };
}

/**
 * Waits until no move has been written for 2 s and the server's CPU has settled (at most 60 s):
 * three one-second readings within one clock tick (10 ms) of each other. When the moves stop,
 * V8 collects the garbage they left (its memory reducer runs full collections once the process
 * goes quiet), which belongs to the moves, not to the idle window.
 */
async function settle(meter: CpuMeter, serverPid: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  let last = await meter.movesWritten();
  let quietSince = Date.now();
  const readings: number[] = [];
  let cpu = cpuMs(serverPid);
  while (Date.now() < deadline) {
    await sleep(1000);
    const now = await meter.movesWritten();
    if (now !== last) {
      last = now;
      quietSince = Date.now();
    }
    const cpuNow = cpuMs(serverPid);
    readings.push(cpuNow - cpu);
    cpu = cpuNow;
    const recent = readings.slice(-3);
    if (
      Date.now() - quietSince >= 2000 &&
      recent.length === 3 &&
      Math.max(...recent) - Math.min(...recent) <= 10
    )
      return;
  }
}

/**
 * Least-squares line y = a + b·x through (x, y) points: `a` the intercept, `b` the slope; with
 * one distinct x the slope is NaN.
 */
export function fitLine(points: { x: number; y: number }[]): { a: number; b: number } {
  const n = points.length;
  const mx = points.reduce((t, p) => t + p.x, 0) / n;
  const my = points.reduce((t, p) => t + p.y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const p of points) {
    sxy += (p.x - mx) * (p.y - my);
    sxx += (p.x - mx) ** 2;
  }
  const b = sxx === 0 ? Number.NaN : sxy / sxx;
  return { a: my - b * mx, b };
}

/**
 * The fixed/marginal split after a closed-loop window (`closed`): the same sockets play the
 * paced windows and an idle one, and each party's CPU per second is fitted against the moves per
 * second. Prints every window and the fit: fixed ms of CPU per second (and per socket), marginal
 * ms per move, and the cost of a move at human pace (marginal + each socket's fixed share,
 * HUMAN_SOCKET_SECONDS_PER_MOVE), the figure the 0.8 ms target is compared with.
 */
async function splitFixedAndMarginal(
  slots: Slot[],
  stats: Stats,
  meter: CpuMeter,
  serverPid: number,
  closed: CpuPoint,
): Promise<void> {
  const perf = perfCountsInstructions();
  const clients = slots.flatMap((s) => s.clients);
  const sockets = clients.length;
  const points: CpuPoint[] = [closed];
  for (const range of SPLIT_THINK) {
    pace = range;
    stats.running = true;
    stats.emitting = true;
    for (const c of clients) c.maybeMove();
    await sleep(range.max + 1000);
    points.push(
      await cpuWindow(`think ${range.min}-${range.max} ms`, meter, serverPid, SECONDS, perf),
    );
    stats.emitting = false;
  }
  pace = THINK;
  stats.emitting = false;
  await settle(meter, serverPid);
  stats.running = false;
  points.push(await cpuWindow('idle', meter, serverPid, IDLE_SECONDS, perf));
  const idle = points.at(-1)!;
  // The moves' own cost leaves out the worker threads of the matches that ended in a window
  // (hand-sharing scores, analyses): printed apart, per ended match.
  const perSecond = (p: CpuPoint) => ({
    server: (p.server - p.workers) / p.seconds,
    workers: p.workers / p.seconds,
    postgres: p.postgres / p.seconds,
  });
  for (const p of points) {
    const i = p.instructions;
    const rate = p.moves / p.seconds;
    // Idle-anchored: this window's CPU per second less the idle window's, per move.
    const marginal =
      p === idle || p.moves === 0
        ? ''
        : `; less the idle window, per move: server ${((perSecond(p).server - perSecond(idle).server) / rate).toFixed(3)} ms, ` +
          `PostgreSQL ${((perSecond(p).postgres - perSecond(idle).postgres) / rate).toFixed(3)} ms`;
    console.log(
      `  split window ${p.label}: ${p.seconds.toFixed(1)} s, ${rate.toFixed(1)} moves/s ` +
        `(database)${p.ended === null ? '' : `, ${p.ended} matches ended`}, CPU ms/s server ${perSecond(p).server.toFixed(1)} ` +
        `(and its match-end workers ${perSecond(p).workers.toFixed(1)}), PostgreSQL ${perSecond(p).postgres.toFixed(1)}` +
        (i
          ? `, instructions/s server ${(i.server / p.seconds / 1e6).toFixed(1)} M, PostgreSQL ${(i.postgres / p.seconds / 1e6).toFixed(1)} M`
          : '') +
        marginal,
    );
  }
  const fit = (y: (p: CpuPoint) => number) =>
    fitLine(points.map((p) => ({ x: p.moves / p.seconds, y: y(p) / p.seconds })));
  const server = fit((p) => p.server - p.workers);
  const ended = points.reduce((n, p) => n + (p.ended ?? 0), 0);
  const workerMs = points.reduce((n, p) => n + p.workers, 0);
  const postgres = fit((p) => p.postgres);
  const human = (f: { a: number; b: number }) =>
    f.b + (f.a / sockets) * HUMAN_SOCKET_SECONDS_PER_MOVE;
  const ms = (x: number) => x.toFixed(3);
  console.log(
    `fixed/marginal split (${points.length} windows, ${sockets} sockets, least squares CPU/s = fixed + marginal × moves/s): ` +
      `server fixed ${server.a.toFixed(1)} ms/s (${ms(server.a / sockets)} ms per socket per s), marginal ${ms(server.b)} ms per move; ` +
      `PostgreSQL fixed ${postgres.a.toFixed(1)} ms/s, marginal ${ms(postgres.b)} ms per move; ` +
      `marginal server + PostgreSQL ${ms(server.b + postgres.b)} ms per move; ` +
      `at human pace (${HUMAN_SOCKET_SECONDS_PER_MOVE.toFixed(1)} socket-seconds per move, docs/scaling.md) ` +
      `server ${ms(human(server))} + PostgreSQL ${ms(human(postgres))} = ${ms(human(server) + human(postgres))} ms per move; ` +
      `server not counted above, the match-end workers: ${workerMs.toFixed(0)} ms for ${ended} matches ended` +
      `${ended > 0 ? ` (${(workerMs / ended).toFixed(0)} ms per match)` : ''}; ` +
      `instructions: ${perf ? 'counted (above)' : 'not counted on this machine (perf stat: <not supported>)'}; load average ${loadavg()}`,
  );
  if (perf && points.every((p) => p.instructions)) {
    const iserver = fit((p) => p.instructions!.server);
    const ipg = fit((p) => p.instructions!.postgres);
    console.log(
      `instructions split: server fixed ${(iserver.a / 1e6).toFixed(1)} M/s, marginal ${(iserver.b / 1e6).toFixed(2)} M per move; ` +
        `PostgreSQL fixed ${(ipg.a / 1e6).toFixed(1)} M/s, marginal ${(ipg.b / 1e6).toFixed(2)} M per move`,
    );
  }
}

const mib = (b: number) => (b / 2 ** 20).toFixed(0);
const loadavg = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const errText = (m: Map<string, number>) => [...m].map(([k, v]) => `${k}=${v}`).join(' ') || '0';

/** `url` with its `host` query parameter set (node-postgres: a directory is a Unix-domain socket). */
function withHost(url: string, host: string): string {
  const u = new URL(url);
  u.searchParams.set('host', host);
  return u.toString();
}

async function main() {
  const limit = Number(execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim());
  const most = Math.max(...MATCHES);
  if (Number.isFinite(limit) && 4 * most + 500 > limit)
    throw new Error(`ulimit -n is ${limit}: ${4 * most} sockets need more descriptors`);
  // The machine's speed, read before anything of the bench runs and again after its windows
  // (machine-speed.ts): figures of runs at different hours are compared through it.
  const speedBefore = machineSpeed();
  const databaseUrl = await createDatabase();
  const server = await startServerProcess(
    { DATABASE_URL: SERVER_PG_HOST ? withHost(databaseUrl, SERVER_PG_HOST) : databaseUrl },
    {
      nodeArgs: SERVER_NODE_ARGS,
      ...(SERVER_LOG ? { logFile: path.resolve(SERVER_LOG) } : {}),
      ...(SERVER_ROOT ? { root: path.resolve(SERVER_ROOT) } : {}),
    },
  );
  if (CLIENT_NICE !== 0) os.setPriority(CLIENT_NICE);
  const base = server.url;
  baseUrl = base;
  const adminToken = await login(base, ADMIN_EMAIL, ADMIN_PASSWORD);
  const paceText = THINK ? `human-paced (think ${THINK.min}-${THINK.max} ms)` : 'closed loop';
  console.log(
    `Real-time matches, ${paceText}: ${SECONDS} s measured per configuration (after the start countdown), ` +
      `${KEEP ? 'earlier steps keep playing (finished matches replaced)' : 'each configuration set up apart'}, ` +
      `tables to ${TARGET || 'the default'} points, server pid ${server.pid}` +
      `${SERVER_ROOT ? ` from ${SERVER_ROOT}` : ''}, PostgreSQL database ${new URL(databaseUrl).pathname.slice(1)}` +
      `${process.env.REDIS_URL ? `, Redis adapter${REDIS_PID ? ` (Redis pid ${REDIS_PID} metered)` : ''}` : ''}, client niceness ${os.getPriority()}, moves ${ACK_VIEW ? 'with' : 'without'} ack_view`,
  );
  const stats: Stats = {
    latencies: [],
    moves: 0,
    forced: 0,
    errors: new Map(),
    completed: 0,
    renewed: 0,
    tablesChannel: 0,
    running: false,
    emitting: false,
    measuring: false,
    inFlight: 0,
  };
  // Every step's tables and players are made up front (timed apart); each step seats and
  // connects only the matches it adds (keep) or its own matches (no keep).
  const total = KEEP ? Math.max(...MATCHES) : MATCHES.reduce((a, b) => a + b, 0);
  const prep = await prepareSlots(base, adminToken, total);
  console.log(
    `setup for all steps: ${total} tables ${prep.tables.toFixed(1)} s, register+fund ${4 * total} players ` +
      `${prep.register.toFixed(1)} s (concurrency ${REGISTER_CONCURRENCY}); load average ${loadavg()}`,
  );
  const unused = prep.slots;
  let slots: Slot[] = [];
  const closeAll = () => {
    stats.running = false;
    for (const s of slots) for (const c of s.clients) c.close();
    slots = [];
  };
  onCleanup(closeAll);
  const rss = new RssSampler(server.pid);
  const rows: string[] = [];
  const results: { matches: number; sockets: number; ok: boolean; peak: number }[] = [];
  for (const n of MATCHES) {
    if (!KEEP) closeAll();
    const add = n - slots.length;
    if (add < 0) throw new Error(`with --keep, --matches must grow (${n} after ${slots.length})`);
    const fresh = unused.splice(0, add);
    slots.push(...fresh);
    const setup = await startSlots(base, fresh, stats, server.pid);
    const meter = new CpuMeter(server.pid, databaseUrl, REDIS_PID);
    const r = await measure(slots, fresh, stats, meter, rss, KEEP);
    console.log(
      `step ${n} matches (+${add}): joins ${setup.join.toFixed(1)} s (server CPU ${setup.joinServerCpu.toFixed(1)} s, ` +
        `tables-channel messages received meanwhile ${setup.fanout}), connect+game:join ${setup.connect.toFixed(1)} s; ` +
        `player moves ${r.moves}, forced (server) ${r.forced}, latency samples ${r.samples} ` +
        `(p50 ${r.p50.toFixed(1)}, p95 ${r.p95.toFixed(1)}, p99 ${r.p99.toFixed(1)}, max ${r.max.toFixed(1)} ms), ` +
        `errors in the window ${errText(r.errors)}, ` +
        `matches completed in window ${r.completed}, replaced ${r.renewed}, ` +
        `tables-channel messages received ${(r.tablesChannel / r.elapsed).toFixed(0)}/s, ` +
        `server RSS ${mib(r.rss.end)} MiB (peak ${mib(r.rss.peak)} MiB), bench RSS ${mib(process.memoryUsage().rss)} MiB, ` +
        `client event-loop delay p50 ${r.clientLoop.p50.toFixed(1)} ms p99 ${r.clientLoop.p99.toFixed(1)} ms; ` +
        `CPU per move: server ${r.cpuPerMove.server.toFixed(2)} ms (${r.cpuPerMove.serverThreads.toFixed(2)} without the match-end workers), PostgreSQL ${r.cpuPerMove.postgres.toFixed(2)} ms, ` +
        `bench clients ${r.cpuPerMove.client.toFixed(2)} ms` +
        `${REDIS_PID ? `, Redis ${r.cpuPerMove.redis.toFixed(3)} ms` : ''}; cores busy: server ${r.cores.server.toFixed(2)}, ` +
        `PostgreSQL ${r.cores.postgres.toFixed(2)}, bench ${r.cores.client.toFixed(2)}; ` +
        `PostgreSQL backends ${r.backends.start} (${r.backends.kept} alive at the end, ${r.backends.new} new); ` +
        `games table: ${r.gamesTable.updates} updates, ${(100 * r.gamesTable.hotShare).toFixed(0)}% HOT, ` +
        `${r.gamesTable.dead} dead row versions, ${mib(r.gamesTable.bytes)} MiB with indexes; ` +
        `errors outside the window ${errText(r.errorsOutside)}; load average ${loadavg()}`,
    );
    if (SPLIT) await splitFixedAndMarginal(slots, stats, meter, server.pid, r.point);
    rows.push(
      `${String(r.matches).padStart(7)} | ${String(r.sockets).padStart(7)} | ${r.movesPerSec.toFixed(0).padStart(7)} | ` +
        `${r.forcedPerSec.toFixed(0).padStart(8)} | ` +
        `${r.p50.toFixed(1).padStart(6)} | ${r.p95.toFixed(1).padStart(6)} | ${r.p99.toFixed(1).padStart(6)} | ` +
        `${r.max.toFixed(1).padStart(7)} | ${mib(r.rss.end).padStart(7)} | ${mib(r.rss.peak).padStart(8)} | ` +
        `${`${r.cpuPerMove.server.toFixed(2)} / ${r.cpuPerMove.postgres.toFixed(2)} / ${r.cpuPerMove.client.toFixed(2)}`.padStart(18)} | ` +
        `${String(r.completed).padStart(9)} | ${errText(r.errors)}`,
    );
    results.push({
      matches: r.matches,
      sockets: r.sockets,
      ok: r.p99 < P99_TARGET_MS && r.errors.size === 0,
      peak: r.rss.peak,
    });
  }
  // The clients leave before the second reading, so that it does not measure the load.
  closeAll();
  await new Promise((r) => setTimeout(r, 2000));
  const speed = machineSpeedLine(
    { label: 'before the run', handsPerSecond: speedBefore },
    { label: 'after its windows', handsPerSecond: machineSpeed() },
  );
  console.log(`${speed}; load average ${loadavg()}`);
  console.log(
    'matches | sockets | moves/s | forced/s |    p50 |    p95 |    p99 |     max | RSS MiB | peak MiB | CPU/move srv/pg/cli | completed | errors',
  );
  for (const row of rows) console.log(row);
  const best = results.filter((r) => r.ok).at(-1);
  console.log(
    best
      ? `capacity: largest step with p99 < ${P99_TARGET_MS} ms and no errors = ${best.matches} matches ` +
          `(${best.sockets} sockets), server peak RSS ${mib(best.peak)} MiB`
      : `capacity: no step had p99 < ${P99_TARGET_MS} ms and no errors`,
  );
}

runBench(main);
