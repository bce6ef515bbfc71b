import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * A named spinner needs a role (WAI-ARIA 1.2: `aria-label` is prohibited on an element without
 * one, and Mantine's `Loader` renders a plain `span`). axe-core reports it as a serious violation
 * ("aria-prohibited-attr"), but the accessibility journey (e2e/accessibility.test.ts) only sees a
 * spinner that is still turning when the page is audited, which a fast machine rarely shows: this
 * test reads the sources instead. A `Loader` with `aria-label` must also have `role` (we use
 * `role="status"`, as for the other loading states).
 */

const WEB_SRC = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return e.name.endsWith('.tsx') ? [p] : [];
  });
}

/** The `Loader` elements of `source` named with `aria-label` but without `role`: file:line each. */
function namedLoadersWithoutRole(file: string, source: string): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) &&
      node.tagName.getText(sf) === 'Loader'
    ) {
      const names = node.attributes.properties.flatMap((p) =>
        ts.isJsxAttribute(p) ? [p.name.getText(sf)] : [],
      );
      if (names.includes('aria-label') && !names.includes('role')) {
        const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
        found.push(`${file}:${line}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe('named spinners', () => {
  it('finds a Loader named without a role, and accepts one with role="status"', () => {
    expect(namedLoadersWithoutRole('x.tsx', '<Loader size="sm" aria-label="Cargando" />')).toEqual([
      'x.tsx:1',
    ]);
    expect(
      namedLoadersWithoutRole('x.tsx', '<Loader role="status" aria-label="Cargando" />'),
    ).toEqual([]);
    expect(namedLoadersWithoutRole('x.tsx', '<Loader type="dots" />')).toEqual([]);
  });

  it('every Loader of the web app that has aria-label also has a role', () => {
    const files = sourceFiles(WEB_SRC);
    expect(files.length).toBeGreaterThan(50);
    const bad = files.flatMap((f) =>
      namedLoadersWithoutRole(path.relative(WEB_SRC, f), fs.readFileSync(f, 'utf8')),
    );
    expect(bad).toEqual([]);
  });
});
