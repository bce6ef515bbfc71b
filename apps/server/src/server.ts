import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Server } from 'socket.io';
import {
  C2P_KEY_RATE_LIMIT,
  LOGIN_LIMITS,
  PRACTICE_GAME_RATE_LIMIT,
  SERVER_EVENTS,
  TALK_RATE_LIMIT,
  type ServerDrainingEvent,
} from '@domino/contracts';
import { CLIENT_CEILING_FACTOR } from './modules/protection/request';
import type { Config } from './config';
import { openDatabase } from './db/client';
import type { Database } from './db/client';
import { buildApp } from './app';
import type { AppDeps } from './deps';
import { createLimiter } from './lib/rate-limit';
import { bootstrap } from './modules/catalog/bootstrap';
import { SERVER_MODULES } from './modules';
import { attachRealtime } from './modules/realtime/socket';
import type { Worker } from './modules/realtime/server-module';
import { RealtimeHub } from './modules/realtime/hub';
import type { BotPolicy, OffLoopBots } from './modules/games/bots';
import { engineBots } from './modules/games/bots';
import { workerBots } from './modules/games/bot-compute';
import { Sweeper } from './modules/games/sweeper';
import { flushMoveCommits } from './modules/games/commit-batch';
import { SettledMatchScans } from './modules/risk/scanner';
import type { BankConnectors } from './modules/banking/port';
import { boundBankConnectors } from './modules/banking/bind';
import { startDemoBank } from './modules/banking/demo';
import type { BankSimulator } from './modules/banking/simulator';
import { glickoRatings, type RatingSource } from './modules/quickplay/service';
import { publishTable } from './modules/tables/publish';
import { socketSessions } from './modules/auth/sessions';
import { PushNotifier } from './modules/push/notifier';
import { ServerMetrics } from './modules/metrics/metrics';
import type { PushSender } from './modules/push/sender';
import { TournamentDirector } from './modules/tournaments/director';
import { createBankVault } from './modules/banking/vault';
import { DRAIN_SOCKET_GRACE_MS, drainWindowMs } from './drain-pace';

/**
 * The listening socket's accept queue, in connections (decision 067 addendum "Cheaper
 * connections and a paced drain"); the kernel caps it at `net.core.somaxconn`.
 */
export const LISTEN_BACKLOG = 4096;

export interface RunningServer {
  app: FastifyInstance;
  io: Server;
  sweeper: Sweeper;
  /** This node's tournament director (tests tick it by hand when its timer is off). */
  director: TournamentDirector;
  /** Stops accepting work, closes sockets, the HTTP server, Redis and the database. */
  close(): Promise<void>;
  /**
   * The graceful stop of a node in a cluster (SIGTERM, docs/decisions/063-cluster-and-drain.md
   * "Drain"): not ready (/api/ready 503) and no new sockets at once; the workers stop (each
   * finishing its work, so due games go to the other nodes' sweepers); after DRAIN_NOTICE_MS
   * every socket of this node gets `server:draining` and reconnects elsewhere within a window
   * that grows with their number (drain-pace.ts `drainWindowMs`: DRAIN_RECONNECT_MS at least,
   * DRAIN_ADMIT_PER_S players a second, DRAIN_RECONNECT_MAX_MS at most); the sockets left 1 s
   * after that are closed; then `close()`. Resolves when
   * everything is closed. Bounded only by what it waits for: main.ts arms the watchdog first.
   */
  drain(): Promise<void>;
}

/** Resolves after `ms` milliseconds, or at once when `done()` turns true (checked every 50 ms). */
async function waitUntil(done: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(50, deadline - Date.now())));
  }
}

/** The one worker of class `kind` among `workers` (the games sweeper, the tournament director). */
function only<T>(workers: readonly Worker[], kind: abstract new (...args: never[]) => T): T {
  const found = workers.filter((w): w is Worker & T => w instanceof kind);
  if (found.length !== 1) throw new Error(`expected one ${kind.name} among the workers`);
  return found[0]!;
}

/** What tests may swap in when building an app instance. */
export interface DepsOverrides {
  /** Delivers push messages (default: web-push); tests pass a recording fake. */
  pushSender?: PushSender;
  /** Players' ratings for quick play (default: the ratings module); tests inject their own. */
  ratings?: RatingSource;
  /** The bank connectors port (default: none connected, decision 051); tests pass fakes. */
  bankConnectors?: BankConnectors;
  /**
   * The off-loop bots (default: the worker pool when `bots` is the engine's, none otherwise,
   * docs/decisions/082); null chooses every move inline.
   */
  offLoopBots?: OffLoopBots | null;
}

/** Builds the dependencies of one app instance (limiters in Redis when configured). */
export function createDeps(
  config: Config,
  database: Database,
  redis?: Redis,
  bots: BotPolicy = engineBots,
  overrides: DepsOverrides = {},
): AppDeps {
  const hub = new RealtimeHub();
  const tournaments = { wake: () => undefined as void };
  const bankVault = createBankVault(config);
  const push = new PushNotifier({ database, hub, config, sender: overrides.pushSender });
  return {
    config,
    database,
    redis,
    hub,
    lifecycle: { draining: false },
    bots,
    offLoopBots:
      overrides.offLoopBots !== undefined
        ? overrides.offLoopBots
        : bots === engineBots
          ? workerBots
          : null,
    tableMatchFinished: (tableId) => {
      void publishTable(database.db, hub, tableId);
      tournaments.wake();
    },
    tournaments,
    duplicate: { handEnded: () => undefined, tournamentBoardCompared: () => undefined },
    riskFollowUp: new SettledMatchScans(database.db, {}, config.COMPUTE_JOBS),
    push,
    metrics: new ServerMetrics(
      { database, hub, pushPending: () => push.pending },
      config.METRICS_TOKEN !== undefined,
    ),
    ratings: overrides.ratings ?? glickoRatings,
    bankVault,
    bank: {
      connectors:
        overrides.bankConnectors ??
        boundBankConnectors(database.db, bankVault, config.BANK_HTTP_TIMEOUT_MS),
      verifier: null,
    },
    limiters: {
      loginBackoff: createLimiter(
        {
          keyPrefix: 'login_backoff',
          points: 1,
          durationSec: LOGIN_LIMITS.maxBackoffSeconds,
        },
        redis,
      ),
      loginDeviceFailures: createLimiter(
        {
          keyPrefix: 'login_device',
          points: LOGIN_LIMITS.perDevice,
          durationSec: LOGIN_LIMITS.windowMinutes * 60,
        },
        redis,
      ),
      loginIp: createLimiter(
        {
          keyPrefix: 'login_ip',
          points: config.LOGIN_ADDRESS_LIMIT,
          durationSec: LOGIN_LIMITS.windowMinutes * 60,
        },
        redis,
      ),
      loginAccountBurst: createLimiter(
        {
          keyPrefix: 'login_account_burst',
          points: LOGIN_LIMITS.accountBurst,
          durationSec: LOGIN_LIMITS.windowMinutes * 60,
        },
        redis,
      ),
      availability: createLimiter(
        {
          keyPrefix: 'availability',
          points: config.AVAILABILITY_LIMIT_PER_MINUTE,
          durationSec: 60,
        },
        redis,
      ),
      availabilityAddress: createLimiter(
        {
          keyPrefix: 'availability_ip',
          points: config.AVAILABILITY_LIMIT_PER_MINUTE * CLIENT_CEILING_FACTOR,
          durationSec: 60,
        },
        redis,
      ),
      inviteCodes: createLimiter(
        { keyPrefix: 'invite_codes', points: 30, durationSec: 600 },
        redis,
      ),
      spectateCodes: createLimiter(
        { keyPrefix: 'spectate_codes', points: 10, durationSec: 600 },
        redis,
      ),
      talk: createLimiter(
        {
          keyPrefix: 'talk',
          points: TALK_RATE_LIMIT.points,
          durationSec: TALK_RATE_LIMIT.windowSeconds,
        },
        redis,
      ),
      c2pKey: createLimiter(
        {
          keyPrefix: 'c2p_key',
          points: C2P_KEY_RATE_LIMIT.points,
          durationSec: C2P_KEY_RATE_LIMIT.windowSeconds,
        },
        redis,
      ),
      practiceGames: createLimiter(
        {
          keyPrefix: 'practice_games',
          points: PRACTICE_GAME_RATE_LIMIT.points,
          durationSec: PRACTICE_GAME_RATE_LIMIT.windowSeconds,
        },
        redis,
      ),
    },
  };
}

/**
 * Ends a Redis client once it has the replies to what it already sent: QUIT queues behind them
 * (the adapter's closing PUNSUBSCRIBE and UNSUBSCRIBE, which it does not await, would otherwise
 * reject with ioredis's "Connection is closed." as unhandled rejections). A Redis that does not
 * answer within `ms` milliseconds (1,000 by default) is dropped.
 */
async function endRedis(client: Redis, ms = 1000): Promise<void> {
  const timer = setTimeout(() => client.disconnect(), ms);
  try {
    await client.quit();
  } catch {
    client.disconnect();
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Opens the database, migrates, bootstraps first-start data, builds the app, attaches Socket.IO
 * and listens (README.md). Used by main.ts and by multi-process tests. `pgliteImage`, for an
 * in-memory database only (DATA_DIR 'memory://'), starts it from a migrated data directory image
 * instead of an empty cluster, as the test databases do (openDatabase; the socket tests' servers,
 * src/test/memory-server.ts).
 */
export async function startServer(
  config: Config,
  overrides: DepsOverrides = {},
  pgliteImage?: Blob,
): Promise<RunningServer> {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolMax: config.DATABASE_POOL_MAX,
    pgliteImage,
  });
  let redis: Redis | undefined;
  let redisSub: Redis | undefined;
  let redisPub: Redis | undefined;
  const endRedisClients = () =>
    Promise.all([redisSub, redisPub, redis].map((r) => r && endRedis(r)));
  let demoBank: BankSimulator | null = null;
  try {
    await database.migrate();
    const boot = await bootstrap(database.db, {
      adminEmail: config.ADMIN_EMAIL,
      adminPassword: config.ADMIN_PASSWORD,
      seedDemo: config.SEED_DEMO,
    });
    if (config.BANK_SIMULATOR_PORT !== undefined && config.SEED_DEMO) {
      demoBank = await startDemoBank(database.db, createBankVault(config), {
        port: config.BANK_SIMULATOR_PORT,
        adminEmail: config.ADMIN_EMAIL,
      });
      config = { ...config, BANK_SIMULATOR_URL: config.BANK_SIMULATOR_URL ?? demoBank.url };
    }
    if (config.REDIS_URL) {
      // Every key this deployment writes starts with its prefix (config REDIS_PREFIX; ioredis
      // adds it to keys, not to pub/sub channels: the adapter gets it separately below).
      redis = new Redis(config.REDIS_URL, {
        maxRetriesPerRequest: 3,
        keyPrefix: config.redisPrefix,
      });
      redisSub = redis.duplicate();
      // The adapter's own publisher, its commands pipelined per turn of the event loop: a move's
      // views go to Redis in one write, which halves Redis's CPU per move (decision 076,
      // addendum). The app's other commands keep the plain client.
      redisPub = redis.duplicate({ enableAutoPipelining: true });
    }
    const app = await buildApp(createDeps(config, database, redis, engineBots, overrides));
    if (boot.generatedAdminPassword) {
      // Printed once, on the start that created the admin; it is not stored anywhere in clear.
      app.log.warn(
        `Admin user created: ${config.ADMIN_EMAIL} / ${boot.generatedAdminPassword} (set ADMIN_PASSWORD to choose it)`,
      );
    }
    await app.ready();
    // Every module's socket handlers and workers, from the one list (modules/index.ts, decision 054).
    const handlers = SERVER_MODULES.flatMap((m) => (m.sockets ? [m.sockets(app)] : []));
    const onHandlerError = (err: unknown) => app.log.error({ err }, 'socket handler failed');
    const io = attachRealtime(app.server, socketSessions(database.db), {
      redis:
        redisPub && redisSub
          ? { pub: redisPub, sub: redisSub, channelPrefix: config.redisPrefix }
          : undefined,
      onConnection: (socket) => {
        for (const h of handlers) h.onConnection?.(socket);
      },
      onAuthenticated: (socket, session) => {
        for (const h of handlers) h.onAuthenticated?.(socket, session, onHandlerError);
      },
      sessionSweepMs: config.SESSION_SWEEP_MS,
      onError: (err) => app.log.error({ err }, 'socket session check failed'),
      accepting: () => !app.deps.lifecycle.draining,
    });
    app.deps.hub.attach(io as unknown as Server, { clustered: Boolean(redisPub && redisSub) });
    const workers: Worker[] = SERVER_MODULES.flatMap((m) => m.workers?.(app) ?? []);
    // A long accept queue: a node taking a lost node's players gets a thousand connections in a
    // second; with Node's default (511) the kernel drops the SYNs beyond it while the event loop
    // is busy, the balancer's connects time out, and HAProxy's `observe layer4` takes the only
    // live node out (decision 067 addendum). The kernel caps it at net.core.somaxconn.
    await app.listen({ port: config.PORT, host: config.HOST, backlog: LISTEN_BACKLOG });
    // A test-only hook (NODE_ENV=test): the signal an orchestrator sends the moment the health
    // check passes, handled while the workers below are still starting, as on a loaded machine
    // where a worker's first query takes a while (main.ts, shutdown.test.ts). The pause lets the
    // event loop take the signal before the workers start; a fixed time stands in for slow workers.
    if (config.NODE_ENV === 'test' && process.env.TEST_SIGTERM_ON_LISTEN === 'true') {
      process.kill(process.pid, 'SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    for (const worker of workers) await worker.start();
    let closing: Promise<void> | undefined;
    let stoppingWorkers: Promise<void> | undefined;
    let draining: Promise<void> | undefined;
    const stopWorkers = () =>
      (stoppingWorkers ??= (async () => {
        // Ports the workers bound are unbound first: a match settling meanwhile wakes no
        // stopped job. Then every worker stops, top floor first, each finishing its work.
        app.deps.tournaments.wake = () => undefined;
        for (const worker of [...workers].reverse()) await worker.stop();
      })());
    const close = () =>
      (closing ??= (async () => {
        await stopWorkers();
        await new Promise<void>((resolve) => io.close(() => resolve()));
        await app.close();
        // Moves still waiting in the group commit are written before the pool ends.
        await flushMoveCommits(database.db);
        await endRedisClients();
        await demoBank?.close();
        await database.close();
      })());
    const drain = () =>
      (draining ??= (async () => {
        app.deps.lifecycle.draining = true;
        app.log.info('draining: not ready, no new sockets');
        const workersStopped = stopWorkers();
        await waitUntil(() => false, config.DRAIN_NOTICE_MS);
        // This node's sockets only (`local`): with the Redis adapter a plain emit would reach
        // every node's.
        const sockets = io.of('/').sockets;
        // Many players are spread over a longer window, so the other nodes take them at a pace
        // they can answer (decision 067 addendum).
        const windowMs = drainWindowMs(sockets.size, config);
        app.log.info(
          { sockets: sockets.size, reconnect_within_ms: windowMs },
          'draining: telling the sockets to reconnect',
        );
        io.local.emit(SERVER_EVENTS.serverDraining, {
          reconnect_within_ms: windowMs,
        } satisfies ServerDrainingEvent);
        await waitUntil(() => sockets.size === 0, windowMs + DRAIN_SOCKET_GRACE_MS);
        await workersStopped;
        app.log.info({ sockets: sockets.size }, 'draining: closing');
        await close();
      })());
    return {
      app,
      io: io as unknown as Server,
      sweeper: only(workers, Sweeper),
      director: only(workers, TournamentDirector),
      close,
      drain,
    };
  } catch (err) {
    await endRedisClients();
    await demoBank?.close();
    await database.close();
    throw err;
  }
}
