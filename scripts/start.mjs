// `npm start`: builds the web app if it has not been built (or its sources are newer than the
// build), then runs the server, which migrates, bootstraps and serves API + sockets + SPA on one
// port (README.md).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuilt } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const built = ensureWebBuilt();
if (built !== 0) process.exit(built);

const server = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
  {
    cwd: root,
    stdio: 'inherit',
    // Banco de pruebas, the simulated bank the demo recharge accounts are connected to
    // (docs/decisions/052-banco-de-pruebas.md); BANK_SIMULATOR_PORT= (empty) turns it off.
    env: { NODE_ENV: 'production', BANK_SIMULATOR_PORT: '4100', ...process.env },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
