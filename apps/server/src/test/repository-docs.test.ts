import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLIENT_EVENTS, SERVER_EVENTS } from '@domino/contracts';

/**
 * The repository's documents against its code: docs/architecture.md names the server modules,
 * the socket events and files that exist (and every module and event that exists), and no
 * comment or document points to a numbered issue instead of a document of the repository
 * (docs/decisions, docs/*.md). The module table is also the order `npm run lint` enforces
 * (.dependency-cruiser.cjs, decision 019).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const read = (rel: string) => readFileSync(path.join(root, rel), 'utf8');
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git', 'data', 'artifacts']);

/** Every file and folder of the repository (folders end with '/'), relative to its root. */
function repositoryEntries(dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED_DIRS.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    const rel = path.relative(root, full).split(path.sep).join('/');
    return entry.isDirectory() ? [`${rel}/`, ...repositoryEntries(full)] : [rel];
  });
}

const entries = repositoryEntries();
const architecture = read('docs/architecture.md');

/** The module column of "Modules and what each owns", bottom floor first. */
function documentedModules(): string[] {
  const start = architecture.indexOf('### Modules and what each owns');
  const end = architecture.indexOf('\n#', start + 1);
  return architecture
    .slice(start, end)
    .split('\n')
    .flatMap((row) => /^\|\s*`([a-z-]+)`\s*\|/.exec(row)?.[1] ?? []);
}

/** Every `code span` of the architecture document, once. */
const codeSpans = [...new Set([...architecture.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!))];

describe('docs/architecture.md', () => {
  it('lists every server module folder, once, and no other', () => {
    const documented = documentedModules();
    const folders = readdirSync(path.join(root, 'apps/server/src/modules'), {
      withFileTypes: true,
    })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(new Set(documented).size).toBe(documented.length);
    expect([...documented].sort()).toEqual([...folders].sort());
  });

  it('names only files and folders that exist', () => {
    // Examples in "Adding a page" and "The one rule", not paths.
    const examples = new Set(['features/A', 'features/B', 'pages/MyPage.tsx']);
    const isPath = (t: string) =>
      !/[<>*]/.test(t) &&
      !t.startsWith('/') &&
      !t.startsWith('@') &&
      !examples.has(t) &&
      (/\.(ts|tsx|js|cjs|mjs|md|json|sql)$/.test(t) ||
        /^(apps|packages|e2e|docs|bench|scripts|modules|features|src)\//.test(t));
    // A path may be written from the repository root or from any folder under it (`games/moves.ts`
    // in the server section, `lib/socket.ts` in the web section).
    const exists = (t: string) => {
      const bare = t.replace(/\/$/, '');
      return entries.some(
        (e) => e === bare || e === `${bare}/` || e.endsWith(`/${bare}`) || e.endsWith(`/${bare}/`),
      );
    };
    const paths = codeSpans.filter(isPath);
    expect(paths.length).toBeGreaterThan(50);
    expect(paths.filter((p) => !exists(p))).toEqual([]);
  });

  it('lists exactly the socket events of contracts (SERVER_EVENTS, CLIENT_EVENTS)', () => {
    const events = new Set<string>([
      ...Object.values(SERVER_EVENTS),
      ...Object.values(CLIENT_EVENTS),
    ]);
    const named = codeSpans.filter((t) => events.has(t) || /^[a-z]+:[a-z_]+$/.test(t));
    expect(named.filter((e) => !events.has(e)).sort()).toEqual([]);
    expect([...events].filter((e) => !named.includes(e)).sort()).toEqual([]);
  });
});

/**
 * Comments and documents point to a document of the repository (a decision, docs/*.md), never
 * to an issue number: "issue 13" means nothing to a reader of the code. Applied migrations
 * are never edited, so theirs stay.
 */
const ISSUE_CITATION = /\bissues?\s*#?\d+/gi;
const LEFT_AS_THEY_ARE: Record<string, number> = {
  'apps/server/src/db/migrations/0019_friends.sql': 1,
  'apps/server/src/db/migrations/0021_ratings.sql': 1,
  'apps/server/src/db/migrations/0023_tournaments.sql': 1,
};

describe('issue numbers', () => {
  it('are cited in no comment, test or document', () => {
    const texts = entries.filter(
      (e) =>
        /\.(ts|tsx|js|cjs|mjs|sql|md|html|css)$/.test(e) &&
        e !== 'apps/server/src/test/repository-docs.test.ts',
    );
    expect(texts.length).toBeGreaterThan(300);
    const found: string[] = [];
    for (const rel of texts) {
      const count = read(rel).match(ISSUE_CITATION)?.length ?? 0;
      if (count > (LEFT_AS_THEY_ARE[rel] ?? 0)) found.push(`${rel}: ${count}`);
    }
    expect(found, 'point to the decision or document instead').toEqual([]);
  });
});
