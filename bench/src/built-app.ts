/**
 * The built app for the first-load benches (lighthouse.ts, first-usable.ts): started like `npm
 * start` does, on a free port, sending a given web build.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** This checkout's root directory. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every page a visitor can open first (apps/web/src/app/router.tsx PRERENDERED_PAGES). */
export const PUBLIC_PAGES = [
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/privacy',
  '/terms',
  '/faq',
];

/** The `dist` directory of `dir`: `<dir>/apps/web/dist` when it exists, else `dir` itself. */
export function distOf(dir: string): string {
  const nested = path.resolve(dir, 'apps/web/dist');
  const dist = fs.existsSync(path.join(nested, 'index.html')) ? nested : path.resolve(dir);
  if (!fs.existsSync(path.join(dist, 'index.html')))
    throw new Error(`${dir} holds no built web app (apps/web/dist/index.html)`);
  return dist;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() =>
        typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts the built app on a free port with a throwaway PGlite directory; resolves when healthy.
 *
 * @param webDist The web build the server sends (WEB_DIST); this checkout's apps/web/dist by
 *   default; '' for the API alone.
 * @param options `root`: the checkout whose server runs (this one by default); `env`: settings
 *   added to or replacing the defaults (e.g. the admin's credentials).
 */
export async function startApp(
  webDist = path.join(ROOT, 'apps/web/dist'),
  options: { root?: string; env?: Record<string, string> } = {},
): Promise<{
  baseUrl: string;
  stop: () => Promise<void>;
  /** The server process, for a bench that reads its memory; `output()`: what it printed. */
  child: ChildProcess;
  output: () => string;
}> {
  if (webDist !== '' && !fs.existsSync(path.join(webDist, 'index.html')))
    throw new Error(`${webDist} is not built: run \`npm run build\` first (or pass --url)`);
  const root = options.root ?? ROOT;
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'domino-lighthouse-'));
  let output = '';
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        ADMIN_EMAIL: 'lighthouse-admin@domino.local',
        ADMIN_PASSWORD: 'LighthouseAdmin123',
        LOG_LEVEL: 'warn',
        WEB_DIST: webDist,
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not become healthy:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { baseUrl, stop, child, output: () => output };
}
