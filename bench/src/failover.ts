/**
 * Failover (docs/performance.md "Failover (cluster)"): N human-paced paid four-player matches on
 * two server processes sharing PostgreSQL and Redis, while something fails:
 *
 * - `kill9`: after the warm-up one node gets SIGKILL (it is not restarted);
 * - `rolling`: every node in turn gets SIGTERM, is started again on its port and answers before
 *   the next one goes;
 * - `redis-outage`: the bench's own Redis (never the shared one) is killed for `--outage` seconds
 *   (default 30) and started again, empty;
 * - `pg-restart`: the bench's own PostgreSQL cluster (initdb in a temporary directory, never the
 *   shared server) is restarted (`pg_ctl restart -m fast`) during play.
 *
 * A match's four players are spread over both nodes (seat k on node k mod 2), so every broadcast
 * crosses the Redis adapter. Clients behave like the web app (apps/web/src/lib/socket.ts): on a
 * lost socket they reconnect at the web app's own pace (apps/web/src/lib/reconnect-pace.ts: first
 * try after 0.5-1.5 s, doubling up to 10 s; directly, to the next node, as a balancer sends a new
 * connection to a live one) and `game:join` again; the time from losing the socket to holding a
 * game view again is measured per player, in three parts (back-off, handshake, join). Players are
 * written with one argon2 hash for all (bench-players.ts). No new match starts after the
 * setup: the bench waits until every match has ended (`--max-minutes`, default 25), then checks
 * from PostgreSQL:
 *
 * - every acknowledged move is in the move log exactly once (seq = version + 1, same seat, same
 *   move, actor `player`); every player move in the log was emitted by a client once (none
 *   applied twice, none applied without being sent); every log is gapless up to the game's
 *   version;
 * - every match finished and was settled: pot = entry × 4 = house fee + pot share + prizes +
 *   remainder, the seats' payouts are the prizes, one payout transaction whose postings sum to 0,
 *   the round's escrow at 0;
 * - every player's wallet = its balance before the joins - entries paid + payouts (céntimos);
 * - the ledger's own check (POST /api/admin/ledger-check) is clean.
 *
 * Latency is move-to-broadcast (emit `game:move` -> each table-mate receives the new version),
 * reported before, during and after the failure.
 *
 * Run: nice -n 10 npx tsx bench/src/failover.ts --scenario kill9|rolling|redis-outage|pg-restart|all
 *      [--matches 500] [--think 1500-6000] [--target 100] [--warmup 30] [--outage 30]
 *      [--max-minutes 25] [--port-base 4200] [--log-dir /tmp/failover-logs] [--own-postgres]
 *      [--via haproxy|direct] [--cpu-prof /tmp/prof] [--fail-at HH:MM]
 * `--scenario a,b` is two runs; `a+b` one run where `b` follows `a` on the same matches (a killed
 * node is started again in between, then `--warmup` seconds of play). `--cpu-prof <dir>`: the
 * nodes write V8 CPU profiles there when they exit (a killed node writes none).
 * `--via haproxy` (the default once scripts/cluster-lib.mjs exists) runs the nodes as
 * `npm run cluster` does, behind HAProxy on `--port-base`+5, and rolls them with its drain
 * (SIGTERM: `server:draining`, clients move within the window); `--via direct` starts the nodes
 * on `--port-base`+10 and +11 and clients pick a node themselves.
 * Ports: HAProxy `--port-base`+5 (its nodes on free ports) or nodes +10 and +11, own Redis +1,
 * own PostgreSQL +2.
 * Needs PostgreSQL at TEST_DATABASE_URL for kill9/rolling/redis-outage, redis-server on PATH, and
 * /usr/lib/postgresql/<version>/bin for pg-restart (run as root: the cluster runs as `postgres`).
 */
import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import type { GameView, LegalMoveJson } from '@domino/contracts';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  ROOT,
  api,
  arg,
  cleanupSteps,
  connectClient,
  createDatabase,
  login,
  onCleanup,
  pct,
  pool,
  startServerProcess,
  runBench,
} from './realtime-server';
import type { Player, ServerProcess } from './realtime-server';
import { LIVE_RECONNECTION, reconnectionDelayMs } from '../../apps/web/src/lib/reconnect-pace';
import { seedPlayers } from './bench-players';
import { machineSpeed, machineSpeedLine } from './machine-speed';
import { createBenchTables, moveKey, seatPlayers, thinkRange } from './table-matches';
import type { JoinAck, MoveAck } from './table-matches';

type Scenario = 'kill9' | 'rolling' | 'redis-outage' | 'pg-restart';
const ALL: Scenario[] = ['kill9', 'rolling', 'redis-outage', 'pg-restart'];
const SCENARIO_ARG = arg('scenario', 'kill9');
/**
 * Runs, each on its own cluster and matches: `a,b` is two runs; `a+b` is one run in which `b`
 * follows `a` under the same matches (after `a`, a killed node is started again and the cluster
 * plays `--warmup` seconds before `b`).
 */
const RUNS: Scenario[][] = (SCENARIO_ARG === 'all' ? ALL.join(',') : SCENARIO_ARG)
  .split(',')
  .map((run) =>
    run.split('+').map((s) => {
      if (!ALL.includes(s as Scenario)) throw new Error(`unknown --scenario ${s}`);
      return s as Scenario;
    }),
  );
const MATCHES = Number(arg('matches', '500'));
const THINK = thinkRange('1500-6000')!;
const TARGET = arg('target', '100');
/** Seconds of play measured before the failure (after every match's start countdown). */
const WARMUP_S = Number(arg('warmup', '30'));
/**
 * `--fail-at HH:MM` (UTC): the first failure not before that time of day (a run set up while the
 * machine is busy, measured once it is quiet); play before the last `--warmup` seconds counts as
 * `early play`.
 */
const FAIL_AT = arg('fail-at', '');
const OUTAGE_S = Number(arg('outage', '30'));
const MAX_MINUTES = Number(arg('max-minutes', '25'));
const PORT_BASE = Number(arg('port-base', '4200'));
const NODES = 2;
const LOG_DIR = arg('log-dir', '');
/** `--cpu-prof <dir>`: the nodes write V8 CPU profiles there when they exit (a killed one does not). */
const CPU_PROF = arg('cpu-prof', '');
/**
 * `--own-postgres`: every scenario on the bench's own PostgreSQL cluster (pg-restart always is):
 * two nodes hold 40 connections, more than a shared server may spare.
 */
const OWN_POSTGRES = process.argv.includes('--own-postgres');
/** `--via haproxy` (default once scripts/cluster-lib.mjs exists) or `--via direct`. */
const VIA = arg(
  'via',
  existsSync(path.join(ROOT, 'scripts/cluster-lib.mjs')) ? 'haproxy' : 'direct',
);
const ACK_TIMEOUT_MS = 10_000;
/** Bolívares funded per player: one entry (10) and some spare. */
const BALANCE = 100;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const loadavg = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

/** A timestamped progress line on stderr (the figures go to stdout). */
const progress = (line: string) =>
  console.error(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

/** `before`, `during <failure>` (the failure and 15 s after it), `between`, `after`. */
type Phase = string;

/** What the clients saw during one phase. */
interface PhaseRecord {
  /** Move -> each table-mate's new view, ms, for the moves emitted in this phase. */
  latencies: number[];
  /** Lost socket -> game view again, ms, one per loss in this phase. */
  recoveries: number[];
  /**
   * The successful attempt of each recovery in three parts, ms: from the loss to the attempt's
   * start (back-off, failed attempts), the Socket.IO handshake, the `game:join` answer.
   */
  steps: { wait: number[]; handshake: number[]; join: number[] };
  /** Refusals and failures by code (acks, joins, connection attempts). */
  errors: Map<string, number>;
  /** Wall time of its start, ms (performance.now()). */
  startedAt: number;
}

/** Everything the clients saw, for one run. */
interface Record {
  phase: Phase;
  /** Clients emit moves only while this is set (after the setup). */
  playing: boolean;
  /** Every phase so far, in order. */
  phases: Map<Phase, PhaseRecord>;
  disconnects: Map<string, number>;
  emitted: Emission[];
  /** Players still without a view after their socket dropped. */
  away: Set<Client>;
}

/** Starts `phase` (or goes back to it). */
function enter(rec: Record, phase: Phase): void {
  rec.phase = phase;
  if (!rec.phases.has(phase))
    rec.phases.set(phase, {
      latencies: [],
      recoveries: [],
      steps: { wait: [], handshake: [], join: [] },
      errors: new Map(),
      startedAt: performance.now(),
    });
}

/** The record of `phase` (default: the current one). */
function phaseOf(rec: Record, phase: Phase = rec.phase): PhaseRecord {
  return rec.phases.get(phase)!;
}

interface Emission {
  gameId: string;
  version: number;
  seat: number;
  key: string;
  /** ok: acknowledged; refused: answered with a code; unknown: no answer (socket lost, timeout). */
  outcome: 'pending' | 'ok' | 'refused' | 'unknown';
}

function count(m: Map<string, number>, k: string): void {
  m.set(k, (m.get(k) ?? 0) + 1);
}

interface Match {
  tableId: number;
  gameId: string;
  players: Player[];
  clients: Client[];
  /** Version a move was emitted on -> emit time and the table-mates that saw it. */
  pending: Map<number, { t0: number; mover: number; seen: number; phase: Phase }>;
  finished: boolean;
}

/** One player's websocket, moving like a human and reconnecting like the web app. */
class Client {
  socket: Socket | null = null;
  view: GameView | null = null;
  version = -1;
  lastScheduled = -1;
  lastEmitted = -1;
  private timer: NodeJS.Timeout | undefined;
  private lostAt: number | null = null;
  /** The phase in which the socket was lost (its recovery counts there). */
  private lostIn: Phase = 'before';
  private closed = false;
  node: number;

  constructor(
    readonly match: Match,
    readonly token: string,
    readonly rec: Record,
    readonly urls: () => string[],
    node: number,
  ) {
    this.node = node;
  }

  /** First connection and `game:join` (5 tries: the shared machine may be slow to answer). */
  async open(): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        const socket = await connectClient(this.urls()[this.node]!, this.token, {
          reconnection: false,
          timeoutMs: 20_000,
        });
        this.attach(socket);
        await this.join();
        return;
      } catch (err) {
        this.socket?.removeAllListeners();
        this.socket?.close();
        this.socket = null;
        if (attempt >= 5) throw err;
        await sleep(1000 * attempt);
      }
    }
  }

  private attach(socket: Socket): void {
    this.socket = socket;
    socket.on('game:view', (v: GameView) => this.onView(v));
    // The node is stopping (decision 063): like the web app, move after a random wait within
    // its window, through the balancer to another node; the wait is not counted as lost time.
    socket.on('server:draining', (payload: { reconnect_within_ms?: number }) => {
      count(this.rec.disconnects, `${this.rec.phase}:server:draining`);
      setTimeout(
        () => {
          if (this.closed || this.socket !== socket || !socket.connected) return;
          this.markLost();
          this.rec.away.add(this);
          socket.removeAllListeners();
          socket.close();
          void this.reconnect(true);
        },
        Math.random() * (payload?.reconnect_within_ms ?? 0),
      );
    });
    socket.on('disconnect', (reason) => {
      if (this.closed || this.socket !== socket) return;
      count(this.rec.disconnects, `${this.rec.phase}:${reason}`);
      this.markLost();
      this.rec.away.add(this);
      void this.reconnect();
    });
  }

  private markLost(): void {
    if (this.lostAt !== null) return;
    this.lostAt = performance.now();
    this.lostIn = this.rec.phase;
  }

  /** `game:join` on the current socket; throws on a refusal (its code). */
  private async join(): Promise<void> {
    const ack = (await this.socket!.timeout(ACK_TIMEOUT_MS).emitWithAck('game:join', {
      game_id: this.match.gameId,
    })) as JoinAck;
    if (!ack.ok) throw new Error(`game:join ${ack.code}`);
    this.view = null;
    this.version = -1;
    this.onView(ack.view);
  }

  /**
   * Like the web app: wait 0.5-1.5 s, doubling to 10 s (`now`: the first try at once, a move
   * after `server:draining`); try the next node each time (one URL behind a balancer).
   */
  private async reconnect(now = false): Promise<void> {
    for (let attempt = 0; !this.closed; attempt++) {
      // The web app's live screens' pace, computed as socket.io-client does (reconnect-pace.ts).
      if (!(now && attempt === 0)) await sleep(reconnectionDelayMs(LIVE_RECONNECTION, attempt));
      if (this.closed) return;
      this.node = (this.node + 1) % this.urls().length;
      try {
        const tTry = performance.now();
        const socket = await connectClient(this.urls()[this.node]!, this.token, {
          reconnection: false,
          timeoutMs: 10_000,
        });
        if (this.closed) {
          socket.close();
          return;
        }
        const tConnected = performance.now();
        this.socket?.removeAllListeners();
        this.attach(socket);
        await this.join();
        if (this.lostAt !== null) {
          const now = performance.now();
          const p = phaseOf(this.rec, this.lostIn);
          p.recoveries.push(now - this.lostAt);
          p.steps.wait.push(tTry - this.lostAt);
          p.steps.handshake.push(tConnected - tTry);
          p.steps.join.push(now - tConnected);
        }
        this.lostAt = null;
        this.rec.away.delete(this);
        return;
      } catch (err) {
        count(phaseOf(this.rec).errors, `reconnect:${String(err).slice(0, 60)}`);
        if (this.socket && !this.socket.connected) continue;
        // Connected but the join failed: drop that socket and try again.
        const s = this.socket;
        this.socket = null;
        s?.removeAllListeners();
        s?.close();
      }
    }
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.socket?.close();
  }

  private get seat(): number {
    return this.view?.my_seat ?? -1;
  }

  private onView(v: GameView): void {
    if (v.game_id !== this.match.gameId || v.version <= this.version) return;
    const now = performance.now();
    this.version = v.version;
    this.view = v;
    for (const [from, p] of this.match.pending) {
      if (from < v.version && p.mover !== v.my_seat) {
        phaseOf(this.rec, p.phase).latencies.push(now - p.t0);
        p.seen += 1;
        if (p.seen >= 3) this.match.pending.delete(from);
      }
    }
    for (const [from] of this.match.pending)
      if (from < v.version - 8) this.match.pending.delete(from);
    if (v.status === 'finished') this.match.finished = true;
    this.maybeMove();
  }

  maybeMove(): void {
    const v = this.view;
    if (!v || !this.rec.playing || v.status !== 'playing' || v.turn_seat !== v.my_seat) return;
    if (v.legal_moves.length < 2 || this.lastScheduled >= v.version) return;
    this.lastScheduled = v.version;
    const delay = THINK.min + Math.random() * (THINK.max - THINK.min);
    this.timer = setTimeout(() => {
      // Play stops when the bench stops it (`rec.playing`), also for a move already scheduled.
      if (this.view === v && this.rec.playing && this.socket?.connected) this.emitMove(v);
    }, delay);
  }

  private emitMove(v: GameView): void {
    if (this.lastEmitted >= v.version) return;
    this.lastEmitted = v.version;
    const move = v.legal_moves[0] as LegalMoveJson;
    const e: Emission = {
      gameId: v.game_id,
      version: v.version,
      seat: v.my_seat,
      key: moveKey(move),
      outcome: 'pending',
    };
    this.rec.emitted.push(e);
    this.match.pending.set(v.version, {
      t0: performance.now(),
      mover: this.seat,
      seen: 0,
      phase: this.rec.phase,
    });
    this.socket!.timeout(ACK_TIMEOUT_MS).emit(
      'game:move',
      { game_id: v.game_id, version: v.version, ...move },
      (err: Error | null, res: MoveAck) => {
        if (err) {
          e.outcome = 'unknown';
          count(phaseOf(this.rec).errors, 'move:no_answer');
        } else if (!res.ok) {
          e.outcome = 'refused';
          count(phaseOf(this.rec).errors, `move:${res.code}`);
        } else e.outcome = 'ok';
        if (err || !res.ok) this.match.pending.delete(v.version);
      },
    );
  }
}

/** A server node on a fixed port, restartable. */
interface Node {
  name: string;
  port: number;
  url: string;
  proc: ServerProcess | null;
  exited: Promise<number | null> | null;
}

async function startNode(node: Node, env: { [k: string]: string }): Promise<void> {
  const proc = await startServerProcess(
    { ...env, PORT: String(node.port) },
    {
      quietExit: true,
      // The machine is shared: a start (tsx, migrations) may take minutes under load.
      startTimeoutMs: 300_000,
      ...(LOG_DIR ? { logFile: path.join(LOG_DIR, `${node.name}.log`) } : {}),
    },
  );
  node.proc = proc;
  node.exited = new Promise((r) => {
    if (proc.child.exitCode !== null) r(proc.child.exitCode);
    else proc.child.once('exit', (code) => r(code));
  });
}

/** The shape of scripts/cluster-lib.mjs's `startCluster` (decision 063), as this bench uses it. */
interface Cluster {
  url: string;
  nodes: {
    name: string;
    pid: number | undefined;
    url: string;
    kill(signal?: NodeJS.Signals): void;
    restart(): Promise<void>;
    exited: Promise<number | null>;
  }[];
  stop(): Promise<void>;
}

/** Two server nodes, behind HAProxy or reached directly, and the failures done to them. */
interface Topology {
  label: string;
  /** Where clients connect: HAProxy's front, or each node (a client tries the next one). */
  urls: string[];
  /** Where the i-th setup call goes. */
  setupUrl(i: number): string;
  /** A node (or the front) that answers now. */
  liveUrl(): string;
  /** SIGKILL to the first node; what happened, in words. */
  kill9(): Promise<string>;
  /** Every node in turn: SIGTERM, started again, ready; `between` runs after each. */
  roll(between: () => Promise<void>): Promise<string[]>;
  /** Starts the node `kill9` killed again, on its port; resolves when it is ready. */
  revive(): Promise<void>;
}

/** Server settings of the bench nodes (both topologies). */
function nodeEnv(databaseUrl: string, redisUrl: string): { [k: string]: string } {
  return {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `bench-failover-${process.pid}:`,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    SEED_DEMO: 'false',
    WEB_DIST: '',
    LOG_LEVEL: 'error',
    AVAILABILITY_LIMIT_PER_MINUTE: '1000000',
  };
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** Two nodes started directly on ports PORT_BASE+10 and +11 (before `npm run cluster` existed). */
async function directNodes(env: { [k: string]: string }): Promise<Topology> {
  const nodes: Node[] = Array.from({ length: NODES }, (_, i) => ({
    name: `node${i + 1}`,
    port: PORT_BASE + 10 + i,
    url: `http://127.0.0.1:${PORT_BASE + 10 + i}`,
    proc: null,
    exited: null,
  }));
  for (const n of nodes) await startNode(n, env);
  const alive = (n: Node) =>
    n.proc !== null && n.proc.child.exitCode === null && !n.proc.child.signalCode;
  return {
    label: `${NODES} nodes reached directly (no balancer)`,
    urls: nodes.map((n) => n.url),
    setupUrl: (i) => nodes[i % NODES]!.url,
    liveUrl: () => nodes.find(alive)!.url,
    revive: () => startNode(nodes[0]!, env),
    async kill9() {
      const victim = nodes[0]!;
      process.kill(victim.proc!.pid, 'SIGKILL');
      await victim.exited;
      return `SIGKILL to ${victim.name} (pid ${victim.proc!.pid})`;
    },
    async roll(between) {
      const notes: string[] = [];
      for (const n of nodes) {
        const ts = performance.now();
        process.kill(n.proc!.pid, 'SIGTERM');
        const code = await n.exited;
        const tStopped = performance.now();
        await startNode(n, env);
        notes.push(
          `${n.name}: SIGTERM -> exit ${code} in ${seconds(tStopped - ts)} s, answering again ` +
            `${seconds(performance.now() - tStopped)} s later`,
        );
        await between();
      }
      return notes;
    },
  };
}

/** `npm run cluster`'s two nodes behind HAProxy on PORT_BASE+5 (scripts/cluster-lib.mjs). */
async function haproxyCluster(env: { [k: string]: string }): Promise<Topology> {
  const lib = (await import(pathToFileURL(path.join(ROOT, 'scripts/cluster-lib.mjs')).href)) as {
    startCluster(opts: {
      nodes: number;
      port: number;
      databaseUrl: string;
      redisUrl: string;
      env: { [k: string]: string };
      nodeArgs: string[];
      log: (line: string) => void;
    }): Promise<Cluster>;
  };
  const log = LOG_DIR ? createWriteStream(path.join(LOG_DIR, 'cluster.log'), { flags: 'a' }) : null;
  const cluster = await lib.startCluster({
    nodes: NODES,
    port: PORT_BASE + 5,
    databaseUrl: env.DATABASE_URL!,
    redisUrl: env.REDIS_URL!,
    env,
    nodeArgs: CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROF)}`] : [],
    // Lines may still come in after the cleanup ended the file (a child flushing its output).
    log: (line) => {
      if (log && !log.writableEnded) log.write(`${line}\n`);
    },
  });
  onCleanup(async () => {
    await cluster.stop();
    log?.end();
  });
  return {
    label: `${NODES} nodes behind HAProxy (scripts/cluster-lib.mjs)`,
    urls: [cluster.url],
    setupUrl: () => cluster.url,
    liveUrl: () => cluster.url,
    revive: () => cluster.nodes[0]!.restart(),
    async kill9() {
      const victim = cluster.nodes[0]!;
      const pid = victim.pid;
      victim.kill('SIGKILL');
      await victim.exited;
      return `SIGKILL to ${victim.name} (pid ${pid})`;
    },
    async roll(between) {
      const notes: string[] = [];
      for (const n of cluster.nodes) {
        const ts = performance.now();
        const exited = n.exited;
        void exited.then((code) =>
          notes.push(
            `${n.name}: SIGTERM -> drained and exited ${code} in ${seconds(performance.now() - ts)} s`,
          ),
        );
        await n.restart();
        notes.push(
          `${n.name}: restarted and ready ${seconds(performance.now() - ts)} s after SIGTERM`,
        );
        await between();
      }
      return notes;
    },
  };
}

/** Starts a child process that stays (redis-server, postgres); stopped at cleanup. */
function daemon(
  cmd: string,
  args: string[],
  opts: { uid?: number; gid?: number } = {},
): ChildProcess {
  const child = spawn(cmd, args, { stdio: 'ignore', ...opts });
  onCleanup(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return child;
}

async function waitFor(cond: () => Promise<boolean> | boolean, ms: number, what: string) {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

async function redisUp(port: number): Promise<boolean> {
  try {
    execFileSync('redis-cli', ['-p', String(port), 'ping'], { stdio: 'pipe', timeout: 2000 });
    return true;
  } catch {
    return false;
  }
}

/** The bench's own Redis on `port` (no persistence); `kill` and `start` for the outage. */
function ownRedis(port: number) {
  let child: ChildProcess | null = null;
  return {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = daemon('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no']);
      await waitFor(() => redisUp(port), 10_000, 'redis-server');
    },
    async kill() {
      const c = child!;
      const gone = new Promise((r) => c.once('exit', r));
      c.kill('SIGKILL');
      await gone;
    },
  };
}

/** The bench's own PostgreSQL cluster (initdb, trust) on `port`, run as the `postgres` user. */
function ownPostgres(port: number) {
  const bin = `/usr/lib/postgresql/${readdirSync('/usr/lib/postgresql').sort().at(-1)}/bin`;
  const dir = `/tmp/pg-failover-${port}`;
  const asPostgres = (cmd: string, args: string[]) =>
    execFileSync('runuser', ['-u', 'postgres', '--', `${bin}/${cmd}`, ...args], {
      stdio: 'pipe',
      timeout: 120_000,
    });
  const ctl = (...args: string[]) =>
    asPostgres('pg_ctl', ['-D', dir, '-w', '-l', `${dir}.log`, ...args]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start() {
      if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir);
      execFileSync('chown', ['postgres:postgres', dir]);
      asPostgres('initdb', ['-D', dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
      ctl('-o', `-p ${port} -k /tmp -c max_connections=200`, 'start');
      onCleanup(() => {
        try {
          ctl('-m', 'immediate', 'stop');
        } catch {
          // already stopped
        }
        rmSync(dir, { recursive: true, force: true });
        rmSync(`${dir}.log`, { force: true });
      });
    },
    restart() {
      ctl('-m', 'fast', '-o', `-p ${port} -k /tmp -c max_connections=200`, 'restart');
    },
  };
}

const ms = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? pct(s, q).toFixed(0) : '-';
};
const dist = (xs: number[]) =>
  `n ${xs.length}, p50 ${ms(xs, 50)}, p95 ${ms(xs, 95)}, p99 ${ms(xs, 99)}, max ${ms(xs, 100)} ms`;
const text = (m: Map<string, number>) => [...m].map(([k, v]) => `${k}=${v}`).join(' ') || 'none';

/** The checks from PostgreSQL after every match ended; returns the report lines and whether all passed. */
async function verify(
  databaseUrl: string,
  matches: Match[],
  rec: Record,
  balancesBefore: Map<number, number>,
  liveUrl: string,
  adminToken: string,
): Promise<{ ok: boolean; lines: string[] }> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const ids = matches.map((m) => m.gameId);
    // A run cut short (`--max-minutes`) may still have moves in flight: an answer that arrives
    // while the log is being read is not a lost move when its row is missing from that read.
    const answeredBeforeRead = new Set(rec.emitted.filter((e) => e.outcome === 'ok'));
    const moves = await c.query<{
      game_id: string;
      seq: number;
      seat: number;
      move: unknown;
      actor: string;
    }>('select game_id, seq, seat, move, actor from game_moves where game_id = any($1)', [ids]);
    const bySeq = new Map<string, (typeof moves.rows)[number]>();
    let duplicateSeqs = 0;
    for (const r of moves.rows) {
      const k = `${r.game_id}:${r.seq}`;
      if (bySeq.has(k)) duplicateSeqs += 1;
      bySeq.set(k, r);
    }
    // Acknowledged moves: each exactly where its ack said.
    let acked = 0;
    let lost = 0;
    let answeredDuringRead = 0;
    let appliedUnanswered = 0;
    let refusedApplied = 0;
    const emittedAt = new Map<string, Emission[]>();
    for (const e of rec.emitted) {
      const k = `${e.gameId}:${e.version + 1}`;
      emittedAt.set(k, [...(emittedAt.get(k) ?? []), e]);
      const row = bySeq.get(k);
      const here =
        row !== undefined &&
        row.actor === 'player' &&
        row.seat === e.seat &&
        moveKey(row.move) === e.key;
      if (e.outcome === 'ok') {
        acked += 1;
        if (!here && answeredBeforeRead.has(e)) lost += 1;
        else if (!here) answeredDuringRead += 1;
      } else if (here && e.outcome === 'refused') refusedApplied += 1;
      else if (here) appliedUnanswered += 1;
    }
    // Player moves in the log: each emitted once, by that seat, on the version before.
    let unexplained = 0;
    let twice = 0;
    for (const r of moves.rows) {
      if (r.actor !== 'player') continue;
      const es = (emittedAt.get(`${r.game_id}:${r.seq}`) ?? []).filter(
        (e) => e.seat === r.seat && e.key === moveKey(r.move),
      );
      if (es.length === 0) unexplained += 1;
      if (es.length > 1) twice += 1;
    }
    const games = await c.query<{
      id: string;
      table_id: number;
      round: number;
      status: string;
      version: number;
      entry_cents: number;
      settlement: {
        potCents: number;
        houseFeeCents: number;
        potShareCents: number;
        prizeCents: number;
        remainderCents: number;
        winnerSeats: number[];
      } | null;
      moves: number;
      max_seq: number | null;
      payouts: string;
    }>(
      `select g.id, g.table_id, g.round, g.status, g.version, g.entry_cents, g.settlement,
              (select count(*)::int from game_moves m where m.game_id = g.id) as moves,
              (select max(seq) from game_moves m where m.game_id = g.id) as max_seq,
              (select coalesce(sum(payout_cents), 0) from game_players p where p.game_id = g.id) as payouts
         from games g where g.id = any($1)`,
      [ids],
    );
    let unfinished = 0;
    let unsettled = 0;
    let gaps = 0;
    let wrongSplit = 0;
    for (const g of games.rows) {
      if (g.status !== 'finished') unfinished += 1;
      if (g.moves !== g.version || (g.max_seq ?? 0) !== g.version) gaps += 1;
      const s = g.settlement;
      if (!s) {
        if (g.status === 'finished') unsettled += 1;
        continue;
      }
      const winners = s.winnerSeats.length;
      if (
        s.potCents !== Number(g.entry_cents) * 4 ||
        s.houseFeeCents + s.potShareCents + s.prizeCents * winners + s.remainderCents !==
          s.potCents ||
        Number(g.payouts) !== s.prizeCents * winners
      )
        wrongSplit += 1;
    }
    // One payout transaction per settled match, balanced; every round's escrow back at 0.
    const payouts = await c.query<{ n: number; unbalanced: number }>(
      `select count(*)::int as n,
              count(*) filter (where (select sum(amount_cents) from ledger_entries e
                                       where e.transaction_id = t.id) <> 0)::int as unbalanced
         from ledger_transactions t
        where t.idempotency_key = any($1)`,
      [ids.map((id) => `settle:${id}`)],
    );
    const escrows = await c.query<{ nonzero: number }>(
      `select count(*)::int as nonzero from accounts
        where kind = 'table_escrow' and ref = any($1) and balance_cents <> 0`,
      [games.rows.map((g) => `table:${g.table_id}:${g.round}`)],
    );
    // Each player's wallet: before the joins - entries + payouts.
    const wallets = await c.query<{
      user_id: number;
      balance: string;
      entries: string;
      payouts: string;
    }>(
      `select a.owner_user_id as user_id, a.balance_cents as balance,
              (select coalesce(sum(g.entry_cents), 0) from game_players p join games g on g.id = p.game_id
                where p.user_id = a.owner_user_id) +
              (select coalesce(sum(s.entry_cents), 0) from table_seats s
                where s.user_id = a.owner_user_id and not exists (select 1 from games g
                  where g.table_id = s.table_id and g.status = 'playing')) as entries,
              (select coalesce(sum(p.payout_cents), 0) from game_players p
                where p.user_id = a.owner_user_id) as payouts
         from accounts a where a.kind = 'wallet' and a.owner_user_id = any($1)`,
      [[...balancesBefore.keys()]],
    );
    let walletsOff = 0;
    let centsOff = 0;
    for (const w of wallets.rows) {
      const expected =
        balancesBefore.get(Number(w.user_id))! - Number(w.entries) + Number(w.payouts);
      if (expected !== Number(w.balance)) {
        walletsOff += 1;
        centsOff += Math.abs(expected - Number(w.balance));
      }
    }
    const check = await api<{ ok: boolean; unbalanced_transactions: number }>(
      liveUrl,
      'POST',
      '/api/admin/ledger-check',
      undefined,
      adminToken,
    );
    const settled = games.rows.length - unfinished - unsettled;
    const ok =
      lost === 0 &&
      twice === 0 &&
      unexplained === 0 &&
      refusedApplied === 0 &&
      duplicateSeqs === 0 &&
      gaps === 0 &&
      unfinished === 0 &&
      unsettled === 0 &&
      wrongSplit === 0 &&
      payouts.rows[0]!.n === settled &&
      payouts.rows[0]!.unbalanced === 0 &&
      escrows.rows[0]!.nonzero === 0 &&
      walletsOff === 0 &&
      check.ok;
    const lines = [
      `moves: ${rec.emitted.length} emitted, ${acked} acknowledged, ${lost} acknowledged but not in the log (lost), ` +
        `${answeredDuringRead} answered while the log was read (run cut short), ` +
        `${twice} applied twice, ${unexplained} player moves in the log no client sent, ` +
        `${appliedUnanswered} applied whose answer was lost (socket gone), ${refusedApplied} refused but applied, ` +
        `${duplicateSeqs} duplicate seqs, ${gaps} games whose log is not gapless; ${moves.rows.length} log rows ` +
        `(${moves.rows.filter((r) => r.actor !== 'player').length} by the server: forced, autoplay)`,
      `matches: ${games.rows.length}, unfinished ${unfinished}, finished unsettled ${unsettled}, ` +
        `wrong split ${wrongSplit}, payout transactions ${payouts.rows[0]!.n} (unbalanced ${payouts.rows[0]!.unbalanced}), ` +
        `escrows not at 0: ${escrows.rows[0]!.nonzero}`,
      `wallets: ${wallets.rows.length} checked, ${walletsOff} off the expected balance (${centsOff} céntimos in all); ` +
        `ledger check (POST /api/admin/ledger-check): ${check.ok ? 'clean' : JSON.stringify(check)}`,
      `VERIFIED: ${ok ? 'yes' : 'NO'}`,
    ];
    return { ok, lines };
  } finally {
    await c.end();
  }
}

/**
 * One run: its own database (or PostgreSQL), Redis, two nodes, N matches, the failures of
 * `steps` one after another, the checks.
 */
async function runScenario(steps: Scenario[]): Promise<boolean> {
  const scenario = steps.join('+');
  const t0 = performance.now();
  const redis = ownRedis(PORT_BASE + 1);
  await redis.start();
  let postgres: ReturnType<typeof ownPostgres> | null = null;
  if (steps.includes('pg-restart') || OWN_POSTGRES) {
    postgres = ownPostgres(PORT_BASE + 2);
    postgres.start();
  }
  const databaseUrl = await createDatabase(postgres?.url);
  const env = nodeEnv(databaseUrl, redis.url);
  const topo = VIA === 'haproxy' ? await haproxyCluster(env) : await directNodes(env);
  const adminToken = await login(topo.setupUrl(0), ADMIN_EMAIL, ADMIN_PASSWORD);
  const tableIds = await createBenchTables(topo.setupUrl(0), adminToken, MATCHES, TARGET);
  progress(`${tableIds.length} tables created`);
  // Straight into the app's tables, one argon2 hash for all (bench-players.ts).
  const tPlayers = performance.now();
  const players = await seedPlayers(databaseUrl, 4 * MATCHES, {
    adminEmail: ADMIN_EMAIL,
    balanceCents: BALANCE * 100,
  });
  progress(`${players.length} players written in ${seconds(performance.now() - tPlayers)} s`);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const before = await db.query<{ user_id: number; balance: string }>(
    `select owner_user_id as user_id, balance_cents as balance from accounts
      where kind = 'wallet' and owner_user_id = any($1)`,
    [players.map((p) => p.id)],
  );
  await db.end();
  const balancesBefore = new Map(before.rows.map((r) => [Number(r.user_id), Number(r.balance)]));
  const rec: Record = {
    phase: 'before',
    playing: false,
    phases: new Map(),
    disconnects: new Map(),
    emitted: [],
    away: new Set(),
  };
  enter(rec, FAIL_AT ? 'early play' : 'before');
  const matches: Match[] = tableIds.map((tableId, i) => ({
    tableId,
    gameId: '',
    players: players.slice(4 * i, 4 * i + 4),
    clients: [],
    pending: new Map(),
    finished: false,
  }));
  // Seat every table (4 joins each) on both nodes, then connect seat k to node k mod 2.
  await pool(matches, 16, async (m, i) => {
    m.gameId = await seatPlayers(
      topo.setupUrl(i),
      m.tableId,
      m.players.map((p) => p.token),
      false,
    );
  });
  progress(`${matches.length} tables seated (${4 * matches.length} joins)`);
  const jobs = matches.flatMap((m) => m.players.map((p, k) => ({ m, p, k })));
  await pool(jobs, 50, async ({ m, p, k }) => {
    const client = new Client(m, p.token, rec, () => topo.urls, k % topo.urls.length);
    m.clients.push(client);
    await client.open();
  });
  onCleanup(() => {
    for (const m of matches) for (const c of m.clients) c.close();
  });
  const setupS = (performance.now() - t0) / 1000;
  // Every 10 s while it runs: where it stands (a stall shows which step it is in).
  const ticker = setInterval(() => {
    const acked = rec.emitted.filter((e) => e.outcome === 'ok').length;
    progress(
      `${rec.phase}: ${matches.filter((m) => m.finished).length}/${MATCHES} matches ended, ` +
        `${acked} moves acknowledged, ${rec.away.size} players away, load ${loadavg()}`,
    );
  }, 10_000);
  onCleanup(() => clearInterval(ticker));
  console.log(
    `\n== ${scenario}: ${MATCHES} matches (${4 * MATCHES} sockets) on ${topo.label}, think ${THINK.min}-${THINK.max} ms, ` +
      `tables to ${TARGET} points; setup ${setupS.toFixed(0)} s; load average ${loadavg()}`,
  );
  rec.playing = true;
  for (const m of matches) for (const c of m.clients) c.maybeMove();
  await waitFor(
    () => matches.every((m) => m.clients.every((c) => c.version >= 1)),
    300_000,
    'every match past its start',
  );
  if (FAIL_AT) {
    const [h, m] = FAIL_AT.split(':').map(Number);
    const at = new Date();
    at.setUTCHours(h!, m!, 0, 0);
    const early = at.getTime() - WARMUP_S * 1000 - Date.now();
    if (early > 0) {
      progress(`waiting until ${FAIL_AT} UTC for the first failure`);
      await sleep(early);
    }
    enter(rec, 'before');
  }
  await sleep(WARMUP_S * 1000);
  const tFail = performance.now();
  const notes: string[] = [];
  const note = (...lines: string[]) => {
    notes.push(...lines);
    for (const l of lines) progress(l);
  };
  const recovered = (phase: Phase) => {
    const p = phaseOf(rec, phase);
    return (
      `lost socket -> view again: ${dist(p.recoveries)}; of which waiting ${dist(p.steps.wait)}; ` +
      `handshake ${dist(p.steps.handshake)}; game:join ${dist(p.steps.join)}`
    );
  };
  // The failure's disconnections reach the clients a moment after it: wait for the first one
  // (or 10 s, when nobody was on the node), then for the last player to hold a view again.
  const everyoneBack = () =>
    waitFor(() => rec.away.size > 0, 10_000, 'a player away')
      .catch(() => undefined)
      .then(() => waitFor(() => rec.away.size === 0, 120_000, 'every player back'))
      .catch((e: unknown) => {
        note(String(e));
      });
  for (const [i, step] of steps.entries()) {
    if (i > 0) {
      // Between two failures: the cluster whole again (only a kill leaves a node down: reviving
      // a running node would restart it, a drain the run did not ask for), then the warm-up.
      enter(rec, 'between');
      if (steps[i - 1] === 'kill9') {
        const ts = performance.now();
        await topo.revive();
        note(`killed node started again and ready in ${seconds(performance.now() - ts)} s`);
      }
      await sleep(WARMUP_S * 1000);
    }
    const phase = `during ${step}`;
    enter(rec, phase);
    const t = performance.now();
    const load0 = loadavg();
    if (step === 'kill9') {
      note(`${await topo.kill9()} at load ${load0}`);
      await everyoneBack();
      note(
        `every player had a view again ${seconds(performance.now() - t)} s after the kill; ${recovered(phase)}`,
      );
    } else if (step === 'rolling') {
      note(`rolling restart from load ${load0}:`, ...(await topo.roll(everyoneBack)));
      note(
        `roll done ${seconds(performance.now() - t)} s after the first SIGTERM; ${recovered(phase)}`,
      );
    } else if (step === 'redis-outage') {
      await redis.kill();
      note(`Redis killed at load ${load0}; restarted empty after ${OUTAGE_S} s`);
      await sleep(OUTAGE_S * 1000);
      await redis.start();
    } else {
      const ts = performance.now();
      postgres!.restart();
      note(
        `pg_ctl restart -m fast took ${((performance.now() - ts) / 1000).toFixed(1)} s at load ${load0}`,
      );
    }
    // "During" lasts the failure and 15 s after it (reconnections, retries, catching up).
    await sleep(15_000);
  }
  enter(rec, 'after');
  const deadline = Date.now() + MAX_MINUTES * 60_000;
  while (Date.now() < deadline && !matches.every((m) => m.finished)) await sleep(1000);
  const waitedS = (performance.now() - tFail) / 1000;
  rec.playing = false;
  const stuck = matches.filter((m) => !m.finished).length;
  // Give the last settlement a moment, then check.
  await sleep(2000);
  const result = await verify(
    databaseUrl,
    matches,
    rec,
    balancesBefore,
    topo.liveUrl(),
    adminToken,
  );
  console.log(notes.join('\n'));
  const starts = [...rec.phases.values()].map((p) => p.startedAt);
  for (const [i, [phase, p]] of [...rec.phases].entries()) {
    const length = ((starts[i + 1] ?? performance.now()) - p.startedAt) / 1000;
    console.log(
      `${phase} (${length.toFixed(0)} s): move-to-broadcast ${dist(p.latencies)}\n` +
        `  ${recovered(phase)}\n  refusals and failures: ${text(p.errors)}`,
    );
  }
  console.log(
    `disconnects ${text(rec.disconnects)}; players still away at the end ${rec.away.size}`,
  );
  console.log(
    `matches ended ${MATCHES - stuck}/${MATCHES} within ${waitedS.toFixed(0)} s of the first failure; load average ${loadavg()}`,
  );
  console.log(result.lines.join('\n'));
  for (const m of matches) for (const c of m.clients) c.close();
  return result.ok && stuck === 0;
}

async function main() {
  const limit = Number(execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim());
  if (Number.isFinite(limit) && 8 * MATCHES + 500 > limit)
    throw new Error(`ulimit -n is ${limit}: ${4 * MATCHES} sockets (both ends here) need more`);
  if (LOG_DIR) mkdirSync(LOG_DIR, { recursive: true });
  // The machine's speed before and after (machine-speed.ts): recovery times are read beside it.
  const speedBefore = machineSpeed();
  let ok = true;
  for (const s of RUNS) {
    // Each scenario cleans up after itself before the next: nodes, Redis, PostgreSQL, database.
    const passed = await runScenario(s);
    ok &&= passed;
    if (RUNS.length > 1) await cleanupSteps();
  }
  await cleanupSteps();
  const speed = machineSpeedLine(
    { label: 'before the scenarios', handsPerSecond: speedBefore },
    { label: 'after them', handsPerSecond: machineSpeed() },
  );
  console.log(`${speed}; load average ${loadavg()}`);
  if (!ok) throw new Error('a failover check failed (see VERIFIED above)');
}

runBench(main);
