import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The built web app the server sends (docs/architecture.md), or none when WEB_DIST has no index.html. */
export interface WebDist {
  /** Absolute directory of the build (apps/web/dist). */
  root: string;
  /**
   * What `/` sends: `landing.html` (the landing prerendered for visitors, decision 011) when the
   * build has it, else `index.html`.
   */
  home: 'landing.html' | 'index.html';
  /**
   * The other prerendered pages (decision 036): path (`/login`) -> file of the build
   * (`login.html`), from the build's `prerendered.json`. Sent for a GET of exactly that path
   * without a query string; any other path gets `index.html`.
   */
  pages: ReadonlyMap<string, string>;
  /** CSP script sources (`'sha256-…'`) for the inline scripts of the prerendered pages. */
  scriptHashes: string[];
}

/**
 * CSP hash sources for the inline `<script>` elements (without attributes) of an HTML page: the
 * base64 SHA-256 of each script's exact text, as CSP Level 2 defines them.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
  );
}

/** A file name of the build's top directory (no path, no `..`): what prerendered.json may name. */
const PAGE_FILE = /^[a-z0-9-]+\.html$/;

/**
 * Reads what the server needs to know about the web build in `dir` (null: no build there).
 *
 * @throws Error when `prerendered.json` names a file that is not a plain `.html` name of the
 *   build's top directory or does not exist (a broken build must not start).
 */
export function readWebDist(dir: string | undefined): WebDist | null {
  if (!dir || !fs.existsSync(path.join(dir, 'index.html'))) return null;
  const landing = path.join(dir, 'landing.html');
  const home = fs.existsSync(landing) ? 'landing.html' : 'index.html';
  const listed = path.join(dir, 'prerendered.json');
  const pages = new Map<string, string>();
  if (fs.existsSync(listed)) {
    const entries = Object.entries(JSON.parse(fs.readFileSync(listed, 'utf8')) as object);
    for (const [pagePath, file] of entries) {
      if (pagePath === '/') continue; // sent as the directory index (`home`)
      if (typeof file !== 'string' || !PAGE_FILE.test(file) || !fs.existsSync(path.join(dir, file)))
        throw new Error(`prerendered.json: bad file for ${pagePath}`);
      pages.set(pagePath, file);
    }
  }
  const files = [...(home === 'landing.html' ? [home] : []), ...pages.values()];
  const scriptHashes = [
    ...new Set(
      files.flatMap((f) => inlineScriptHashes(fs.readFileSync(path.join(dir, f), 'utf8'))),
    ),
  ];
  return { root: dir, home, pages, scriptHashes };
}
