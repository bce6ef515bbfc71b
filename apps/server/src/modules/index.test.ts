import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SERVER_MODULES } from './index';

/**
 * The list of server modules (modules/index.ts, docs/decisions/054-one-entry-point-per-module.md)
 * against the folders and the floors: one entry per module that serves routes, sockets or
 * workers, named after its folder, in the order of the module table of docs/architecture.md.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const folders = readdirSync(here, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

/** The module column of docs/architecture.md "Modules and what each owns", bottom floor first. */
function floors(): string[] {
  const doc = readFileSync(path.join(here, '../../../../docs/architecture.md'), 'utf8');
  const start = doc.indexOf('### Modules and what each owns');
  const end = doc.indexOf('\n#', start + 1);
  return doc
    .slice(start, end)
    .split('\n')
    .flatMap((row) => /^\|\s*`([a-z-]+)`\s*\|/.exec(row)?.[1] ?? []);
}

describe('SERVER_MODULES', () => {
  const names = SERVER_MODULES.map((m) => m.name);

  it('names each module once, after its folder, in floor order', () => {
    expect(new Set(names).size).toBe(names.length);
    expect(names.filter((n) => !folders.includes(n))).toEqual([]);
    expect(names).toEqual(floors().filter((m) => names.includes(m)));
  });

  it('lists every module that has an entry, and every module with routes or sockets has one', () => {
    const withEntry = folders.filter((f) => existsSync(path.join(here, f, 'module.ts')));
    expect([...names].sort()).toEqual([...withEntry].sort());
    const serving = folders.filter((f) =>
      readdirSync(path.join(here, f)).some(
        (file) => /(^|-)routes\.ts$/.test(file) || file === 'socket.ts',
      ),
    );
    // realtime's socket.ts is the Socket.IO server itself, attached by server.ts.
    expect(serving.filter((f) => f !== 'realtime' && !names.includes(f))).toEqual([]);
  });
});
