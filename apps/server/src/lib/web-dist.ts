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
  /** CSP script sources (`'sha256-…'`) for the inline scripts of the page sent for `/`. */
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

/** Reads what the server needs to know about the web build in `dir` (null: no build there). */
export function readWebDist(dir: string | undefined): WebDist | null {
  if (!dir || !fs.existsSync(path.join(dir, 'index.html'))) return null;
  const landing = path.join(dir, 'landing.html');
  if (!fs.existsSync(landing)) return { root: dir, home: 'index.html', scriptHashes: [] };
  return {
    root: dir,
    home: 'landing.html',
    scriptHashes: inlineScriptHashes(fs.readFileSync(landing, 'utf8')),
  };
}
