import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { eventually } from './test/sockets';

/**
 * Graceful shutdown (main.ts, decision 054): a server started like `npm start`, with every
 * module's workers on their timers (sweeper, month close, table keeper, analysis runner,
 * tournament director, quick-play matcher, risk scanner, bank verifier), stops them all, closes
 * its sockets, HTTP server and database on SIGTERM and exits 0, before main.ts's 10 s force exit
 * (which exits 1).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

// Its own limit: a server process starting (tsx, migrations on PGlite) on a loaded machine.
it('stops every worker and exits 0 on SIGTERM', { timeout: 300_000 }, async () => {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
    {
      cwd: root,
      env: {
        ...env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: 'memory://',
        WEB_DIST: '',
        LOG_LEVEL: 'error',
        ADMIN_EMAIL: 'admin@test.local',
        ADMIN_PASSWORD: 'AdminPass123',
        SWEEPER_INTERVAL_MS: '200',
        RISK_SCAN_INTERVAL_MS: '1000',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  try {
    // Until the node answers its health check, or its process ends without ever answering.
    const state = await eventually(
      'the node answering its health check',
      async () =>
        child.exitCode !== null
          ? 'exited'
          : (await fetch(`http://127.0.0.1:${port}/api/health`).then(
              (r) => r.ok,
              () => false,
            )) && 'healthy',
      240_000,
      100,
    );
    expect(state, stderr).toBe('healthy');
    child.kill('SIGTERM');
    expect(await exited, stderr).toEqual({ code: 0, signal: null });
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
});
