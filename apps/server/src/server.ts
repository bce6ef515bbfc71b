import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Server } from 'socket.io';
import type { Config } from './config';
import { openDatabase } from './db/client';
import type { Database } from './db/client';
import { buildApp } from './app';
import type { AppDeps } from './lib/deps';
import { createLimiter } from './lib/rate-limit';
import { bootstrap } from './modules/catalog/bootstrap';
import { attachRealtime } from './modules/realtime/socket';

export interface RunningServer {
  app: FastifyInstance;
  io: Server;
  /** Stops accepting work, closes sockets, the HTTP server, Redis and the database. */
  close(): Promise<void>;
}

/** Builds the dependencies of one app instance (limiters in Redis when configured). */
export function createDeps(config: Config, database: Database, redis?: Redis): AppDeps {
  return {
    config,
    database,
    redis,
    limiters: {
      loginEmail: createLimiter({ keyPrefix: 'login_email', points: 5, durationSec: 900 }, redis),
      loginIp: createLimiter({ keyPrefix: 'login_ip', points: 30, durationSec: 900 }, redis),
      availability: createLimiter(
        { keyPrefix: 'availability', points: 60, durationSec: 60 },
        redis,
      ),
    },
  };
}

/**
 * Opens the database, migrates, bootstraps first-start data, builds the app, attaches Socket.IO
 * and listens (DESIGN §2). Used by main.ts and by multi-process tests.
 */
export async function startServer(config: Config): Promise<RunningServer> {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
  });
  let redis: Redis | undefined;
  let redisSub: Redis | undefined;
  try {
    await database.migrate();
    const boot = await bootstrap(database.db, {
      adminEmail: config.ADMIN_EMAIL,
      adminPassword: config.ADMIN_PASSWORD,
      seedDemo: config.SEED_DEMO,
    });
    if (config.REDIS_URL) {
      redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 3 });
      redisSub = redis.duplicate();
    }
    const app = await buildApp(createDeps(config, database, redis));
    if (boot.generatedAdminPassword) {
      // Printed once, on the start that created the admin; it is not stored anywhere in clear.
      app.log.warn(
        `Admin user created: ${config.ADMIN_EMAIL} / ${boot.generatedAdminPassword} (set ADMIN_PASSWORD to choose it)`,
      );
    }
    await app.ready();
    const io = attachRealtime(
      app.server,
      database.db,
      redis && redisSub ? { pub: redis, sub: redisSub } : undefined,
    );
    await app.listen({ port: config.PORT, host: config.HOST });
    let closing: Promise<void> | undefined;
    return {
      app,
      io: io as unknown as Server,
      close: () =>
        (closing ??= (async () => {
          await new Promise<void>((resolve) => io.close(() => resolve()));
          await app.close();
          redisSub?.disconnect();
          redis?.disconnect();
          await database.close();
        })()),
    };
  } catch (err) {
    redisSub?.disconnect();
    redis?.disconnect();
    await database.close();
    throw err;
  }
}
