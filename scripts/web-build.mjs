// Builds the web app when it has not been built or its sources are newer than the build; shared
// by `npm start` (scripts/start.mjs) and `npm run cluster` (scripts/cluster.mjs).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist/index.html');

/**
 * The newest modification time (ms since epoch) of a file under `dir`, outside node_modules and dist.
 * @param {string} dir
 * @returns {number}
 */
function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

/**
 * Runs `npm run build -w @domino/web` when apps/web/dist is missing or older than the sources of
 * apps/web and packages/. Returns the build's exit status (0 when nothing had to be built).
 * @returns {number}
 */
export function ensureWebBuilt() {
  const sources = Math.max(
    newestMtime(path.join(root, 'apps/web')),
    newestMtime(path.join(root, 'packages')),
  );
  if (fs.existsSync(dist) && fs.statSync(dist).mtimeMs >= sources) return 0;
  console.log('Building the web app...');
  const build = spawnSync('npm', ['run', 'build', '-w', '@domino/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  return build.status ?? 1;
}
