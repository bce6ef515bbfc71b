// `npm test` (after `npm run build`): the whole suite as two vitest runs side by side, the
// browser journeys (project e2e) and everything else (unit, web, server on PGlite and real
// PostgreSQL), each with its own workers (docs/decisions/045-fast-test-databases.md, "Addendum
// 2026-11-30: two runs side by side"). The server suites spend much of their time waiting
// (PostgreSQL, child servers, timers) and the journeys on Chromium and their servers; one after
// the other they left a 2-core machine a third idle.
//
// With arguments (`npm test -- <file or filter>`) it is one plain `vitest run` with them.
// Exit status: 0 when both runs passed, else the first non-zero status.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const args = process.argv.slice(2);

/** The non-browser projects of vitest.config.ts. */
const UNIT_PROJECTS = ['contracts', 'web', 'web-isolated', 'domino', 'server', 'server-isolated'];

/**
 * Runs `vitest run ...vitestArgs`; its output goes to ours line by line, each line prefixed with
 * `label` (when there is one) so two runs' lines stay whole and tell which run they are from.
 *
 * @returns a promise of its exit status (1 when killed by a signal).
 */
function run(label, vitestArgs, env = {}) {
  const child = spawn(process.execPath, [vitest, 'run', ...vitestArgs], {
    cwd: root,
    stdio: ['ignore', label ? 'pipe' : 'inherit', label ? 'pipe' : 'inherit'],
    env: { ...process.env, ...env },
  });
  children.push(child);
  if (label) {
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let rest = '';
      from.setEncoding('utf8');
      from.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        if (lines.length > 0) to.write(lines.map((l) => `${label} ${l}\n`).join(''));
      });
      from.on('end', () => rest && to.write(`${label} ${rest}\n`));
    }
  }
  return new Promise((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))),
  );
}

const children = [];
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });

/**
 * The two runs' database images and server bundle, made once before both (e2e/run-setup.ts;
 * each run's global setup made its own before: docs/decisions/045, "Addendum 2026-12-01
 * (sixth)"). Loaded through tsx, as `npm start` loads the server.
 */
async function prepareRun() {
  const { tsImport } = await import('tsx/esm/api');
  const setup = await tsImport('../e2e/run-setup.ts', import.meta.url);
  return setup.prepareRun(
    process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  );
}

let statuses;
if (args.length > 0) statuses = [await run('', args)];
else {
  const prepared = await prepareRun();
  try {
    statuses = await Promise.all([
      run('[e2e]', ['--project', 'e2e'], prepared.env),
      // Three workers for the other projects (vitest.config.ts TEST_WORKERS): beside the
      // journeys the machine is busy anyway, and after them the last short files finish
      // sooner.
      run(
        '[unit]',
        UNIT_PROJECTS.flatMap((p) => ['--project', p]),
        { ...prepared.env, TEST_WORKERS: process.env.TEST_WORKERS ?? '3' },
      ),
    ]);
  } finally {
    await prepared.teardown();
  }
}
process.exit(statuses.find((s) => s !== 0) ?? 0);
