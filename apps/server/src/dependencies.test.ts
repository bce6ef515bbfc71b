import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The few semver functions used here (the package ships no types). */
const semver = createRequire(import.meta.url)('semver') as {
  minVersion(range: string): { version: string } | null;
  satisfies(version: string, range: string): boolean;
};

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));

/**
 * The declared Node and the locked dependencies agree (docs/decisions/020): every package in
 * package-lock.json that states `engines.node` accepts the oldest Node the project declares, so a
 * fresh `npm ci` warns no EBADENGINE and nothing runs on a Node its authors do not support.
 */
describe('dependencies and the declared Node', () => {
  const declared = read('package.json').engines.node as string;
  const oldest = semver.minVersion(declared)?.version;

  it('declares a Node range with an oldest version', () => {
    expect(oldest).toBe('20.19.0');
  });

  it('locks no package that needs a newer Node than the oldest declared', () => {
    const lock = read('package-lock.json') as {
      packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
    };
    const misfits = Object.entries(lock.packages)
      .filter(([, p]) => p.engines && !Array.isArray(p.engines) && p.engines.node)
      .filter(([, p]) => !semver.satisfies(oldest!, (p.engines as { node: string }).node))
      .map(
        ([name, p]) => `${name}@${p.version} wants node ${(p.engines as { node: string }).node}`,
      );
    expect(misfits).toEqual([]);
  });
});
