import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Tests wait for conditions, never for fixed time: a browser journey (e2e/) or a test file
 * (`*.test.ts`, `*.test.tsx`) that sleeps a fixed time (`page.waitForTimeout(…)`, an awaited
 * `new Promise((r) => setTimeout(r, N))`, a `sleep(…)` or `delay(…)` helper,
 * `node:timers/promises`) fails here. It waits instead for what the sleep stood
 * for: `settled(page)`, `waitUntil`, `waitForSomethingToDo` (e2e/support.ts), `eventually`,
 * `roundTrip` (src/test/sockets.ts), a response, an event. Only tests of time itself, and the
 * polling interval of a waiting helper, are allowed, each by file, line text and reason below.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git', 'data', 'artifacts']);
const SELF = 'apps/server/src/test/no-fixed-sleeps.test.ts';

/** A fixed wait the rule lets stand: where (file and a piece of the line) and why. */
interface Allowance {
  file: string;
  line: string;
  reason: string;
}

const ALLOWED: Allowance[] = [
  {
    file: 'e2e/support.ts',
    line: 'setTimeout(r, opts.everyMs ?? 100)',
    reason: "waitUntil's interval between two looks at its condition",
  },
  {
    file: 'e2e/pot.test.ts',
    line: 'page.waitForTimeout(2_000)',
    reason: 'a test of a timer: no pot modal comes once its 800 ms delay has long passed',
  },
  {
    file: 'e2e/firstday.test.ts',
    line: 'page.waitForTimeout(300)',
    reason: "a test of time: the last tile's outline stays lit over six looks 300 ms apart",
  },
];

/** What a fixed sleep looks like on one line of TypeScript. */
const FIXED_SLEEPS: { name: string; pattern: RegExp }[] = [
  { name: 'waitForTimeout', pattern: /\.waitForTimeout\(/ },
  {
    // Awaited, returned or made a function: `await new Promise((r) => setTimeout(r, 100))`,
    // `=> new Promise((resolve) => setTimeout(resolve, ms))`. A timer raced against a
    // condition (Promise.race([done, new Promise(...)])) is a bound, not a sleep.
    name: 'bare setTimeout sleep',
    pattern:
      /(?:await|=>|return)\s+new Promise(?:<\w+>)?\(\s*\(?\s*(\w+)\s*\)?\s*=>\s*(?:window\.)?setTimeout\(\s*\1\s*,/,
  },
  { name: 'sleep or delay helper', pattern: /\b(?:sleep|delay)\(\s*[\d_]+\s*\)/ },
  { name: 'timers/promises', pattern: /from ['"](?:node:)?timers\/promises['"]/ },
];

/** The fixed sleeps of `text`: line number, the line and which kind. */
function fixedSleeps(text: string): { line: number; text: string; kind: string }[] {
  return text.split('\n').flatMap((line, i) => {
    if (/^\s*(?:\/\/|\*)/.test(line)) return [];
    const kind = FIXED_SLEEPS.find((s) => s.pattern.test(line));
    return kind ? [{ line: i + 1, text: line.trim(), kind: kind.name }] : [];
  });
}

/** The files the rule covers: everything under e2e/, and every test file elsewhere. */
function coveredFiles(dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED_DIRS.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    const rel = path.relative(root, full).split(path.sep).join('/');
    if (entry.isDirectory()) return coveredFiles(full);
    if (rel === SELF || !/\.tsx?$/.test(rel)) return [];
    return rel.startsWith('e2e/') || /\.test\.tsx?$/.test(rel) ? [rel] : [];
  });
}

describe('no fixed sleeps in tests', () => {
  const files = coveredFiles();
  const found = files.flatMap((file) =>
    fixedSleeps(readFileSync(path.join(root, file), 'utf8')).map((s) => ({ file, ...s })),
  );
  const allowed = (s: { file: string; text: string }) =>
    ALLOWED.some((a) => a.file === s.file && s.text.includes(a.line));

  it('covers the journeys and the test files of every workspace', () => {
    expect(files).toContain('e2e/support.ts');
    for (const dir of ['e2e/', 'apps/server/', 'apps/web/', 'packages/domino/'])
      expect(files.some((f) => f.startsWith(dir) && f !== 'e2e/support.ts')).toBe(true);
  });

  it('finds no fixed sleep outside the allowed tests of time', () => {
    expect(found.filter((s) => !allowed(s)).map((s) => `${s.file}:${s.line} ${s.text}`)).toEqual(
      [],
    );
  });

  it('allows only what is still there, each with a reason', () => {
    for (const a of ALLOWED) {
      expect(a.reason.trim(), `${a.file}: give a reason`).not.toBe('');
      expect(
        found.some((s) => s.file === a.file && s.text.includes(a.line)),
        `${a.file} "${a.line}" is allowed but no longer there: remove it from ALLOWED`,
      ).toBe(true);
    }
  });

  it('recognises a fixed sleep, and lets a timer raced against a condition pass', () => {
    const kinds = (line: string) => fixedSleeps(line).map((s) => s.kind);
    expect(kinds('    await page.waitForTimeout(400); // the dialog')).toEqual(['waitForTimeout']);
    expect(kinds('await new Promise((r) => setTimeout(r, 50));')).toEqual([
      'bare setTimeout sleep',
    ]);
    expect(kinds('await new Promise<void>((resolve) => setTimeout(resolve, 1_000));')).toEqual([
      'bare setTimeout sleep',
    ]);
    expect(kinds('const settle = () => new Promise((r) => setTimeout(r, 300));')).toEqual([
      'bare setTimeout sleep',
    ]);
    expect(kinds('  await sleep(200);')).toEqual(['sleep or delay helper']);
    expect(kinds("import { setTimeout } from 'node:timers/promises';")).toEqual([
      'timers/promises',
    ]);
    expect(
      kinds('await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);'),
    ).toEqual([]);
    expect(kinds('// await page.waitForTimeout(300) was here')).toEqual([]);
    expect(kinds('await settled(page);')).toEqual([]);
  });
});
