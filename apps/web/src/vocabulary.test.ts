import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * One vocabulary (docs/product.md "Glosario", docs/decisions/050-one-vocabulary.md): every text a
 * player can read — the web app's strings and JSX text, and the message catalogues of
 * packages/contracts — uses the glossary's words, addresses the player with "tú", and says counts
 * through the one pluralisation helper (`plural` in packages/contracts/src/plural.ts).
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const DIRS = ['apps/web/src', 'packages/contracts/src'];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

interface Text {
  where: string;
  text: string;
}

/**
 * The texts of a file that can reach a reader: JSX text, and string or template literals that
 * read as prose (a space inside, or a capital first letter); never import paths. Identifiers,
 * keys like 'deposito' and comments are not texts.
 */
function textsOf(file: string): Text[] {
  const source = ts.createSourceFile(
    file,
    fs.readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const out: Text[] = [];
  const visit = (node: ts.Node) => {
    let text: string | null = null;
    if (ts.isJsxText(node)) text = node.text.trim();
    else if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      const t = node.text.trim();
      const prose = /\s/.test(t) || /^[A-ZÁÉÍÓÚÑ¡¿]/.test(t);
      if (prose && !ts.isImportDeclaration(node.parent) && !ts.isExportDeclaration(node.parent))
        text = t;
    }
    if (text) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart());
      out.push({ where: `${path.relative(ROOT, file)}:${line + 1}`, text });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

const TEXTS = DIRS.flatMap((d) => sourceFiles(path.join(ROOT, d))).flatMap(textsOf);

/** Words the glossary replaces, and the word to use instead. */
const BANNED: { pattern: RegExp; use: string }[] = [
  { pattern: /\bratings?\b/i, use: '"Nivel" (the player\'s level, provisional at first)' },
  { pattern: /\bglicko/i, use: '"Nivel": the method is ours to know, not the player\'s' },
  { pattern: /\bcasino\b/i, use: '"Práctica" (play against the CPU)' },
  { pattern: /\be-?mails?\b/i, use: '"correo electrónico" or "correo"' },
  { pattern: /\bapuestas?\b/i, use: '"entrada" (the price of a seat)' },
  { pattern: /\bdep[oó]sitos?\b/i, use: '"recarga"' },
  {
    pattern:
      /\b(seleccione|ingrese|introduzca|verifique|intente|haga clic|presione|pulse|usted|ustedes)\b/i,
    use: 'the "tú" form (Elige, Escribe, Verifica, Inténtalo, Toca)',
  },
];

describe('one vocabulary', () => {
  it('finds the texts it checks (the scan is not empty)', () => {
    expect(TEXTS.length).toBeGreaterThan(1000);
    expect(TEXTS.some((t) => t.text.includes('Iniciar sesión'))).toBe(true);
  });

  it.each(BANNED)('no text says $pattern (use $use)', ({ pattern }) => {
    const hits = TEXTS.filter((t) => pattern.test(t.text)).map((t) => `${t.where}: ${t.text}`);
    expect(hits).toEqual([]);
  });

  it('says counts through plural(), never a hand-made singular/plural', () => {
    // `n === 1 ? 'mano' : 'manos'`, `n === 1 ? 'Queda 1 puesto' : …`, `n === 1 ? one : many`
    // in code (the server's staff messages too), "cuenta(s)" in a text.
    const ternary = /===\s*1\s*\?\s*(?:(['"`])(?:[a-záéíóúñ ]*|[^'"`]*\b1\b[^'"`]*)\1|one\b)/gi;
    const inCode = [...DIRS, 'apps/server/src']
      .flatMap((d) => sourceFiles(path.join(ROOT, d)))
      .filter((f) => !f.endsWith('plural.ts'))
      .flatMap((f) => {
        const text = fs.readFileSync(f, 'utf8');
        return [...text.matchAll(ternary)].map((m) => {
          const line = text.slice(0, m.index).split('\n').length;
          return `${path.relative(ROOT, f)}:${line}: ${m[0].replace(/\s+/g, ' ')}`;
        });
      });
    const inTexts = TEXTS.filter((t) => /[a-záéíóúñ]\((s|es)\)(?![;}\w])/i.test(t.text)).map(
      (t) => `${t.where}: ${t.text}`,
    );
    expect([...inCode, ...inTexts]).toEqual([]);
  });
});
