import type { AddressInfo } from 'node:net';
import { loadConfig } from '../config';
import type { RunningServer } from '../server';
import { startServer } from '../server';
import { pgliteImage } from './db-images';

/**
 * A whole server (HTTP and Socket.IO) on a free port of 127.0.0.1 over an in-memory PGlite, for
 * the socket tests: no web app, no sweeper (tests play due turns themselves), silent logs. The
 * database starts from the run's migrated image when there is one (db-images.ts): an empty
 * cluster took about 3 s more of CPU to create and migrate at every start.
 * `env` overrides or adds configuration (e.g. SESSION_SWEEP_MS). Close it with `server.close()`.
 */
export async function startMemoryServer(
  adminEmail: string,
  env: Record<string, string> = {},
): Promise<{ server: RunningServer; base: string }> {
  const server = await startServer(
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST: '',
      DATA_DIR: 'memory://',
      PORT: '0',
      HOST: '127.0.0.1',
      SWEEPER_INTERVAL_MS: '0',
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: 'AdminPass123',
      ...env,
    }),
    {},
    pgliteImage(),
  );
  const { port } = server.app.server.address() as AddressInfo;
  return { server, base: `http://127.0.0.1:${port}` };
}
