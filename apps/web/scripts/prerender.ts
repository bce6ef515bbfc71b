/**
 * Last step of `npm run build -w @domino/web` (after `vite build` and `vite build --ssr
 * src/prerender.tsx --outDir dist-ssr`): writes one HTML file per prerendered page (src/app/
 * router.tsx PRERENDERED_PAGES) — `dist/landing.html` for `/`, `dist/login.html` for `/login`, and
 * so on — each a copy of dist/index.html whose `#root` holds the page as a visitor first sees it,
 * plus their .br/.gz copies and `dist/prerendered.json` (path -> file), which tells the server
 * what to send for each path; then removes dist-ssr (decisions 011 and 036).
 *
 * Each page is marked `data-prerendered` on <html> (the preloader then fades from the first
 * paint, index.html) and on #root (main.tsx loads the page's chunk before hydrating it), links the
 * stylesheets its page needs, and loads the app from its boot script (src/prerender.tsx) with
 * `modulepreload` hints for the entry's modules and the page's own.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeCompressedCopies } from './compress';

interface PrerenderModule {
  prerenderedPaths: string[];
  renderPage(path: string): Promise<string>;
  bootScript(entry: string, preloads: readonly string[]): string;
}

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(web, 'dist');
const ssrDir = path.join(web, 'dist-ssr');

const HTML_OPEN = '<html lang="es" data-mantine-color-scheme="light">';
const ROOT = '<div id="root"></div>';

/**
 * For each prerendered path: the file written, the source modules whose chunks (and
 * stylesheets) the page needs on arrival, and modules whose stylesheets only are needed (their
 * HTML is prerendered, their script loads later), as keys of Vite's build manifest.
 */
const PAGES: Record<string, { file: string; modules: string[]; stylesOnly?: string[] }> = {
  '/': {
    file: 'landing.html',
    modules: ['src/features/landing/pages/LandingPage.tsx'],
    // The sections under the first screen load at the visitor's first scroll (below-the-fold.ts).
    stylesOnly: ['src/features/landing/components/BelowTheFold.tsx'],
  },
  '/login': { file: 'login.html', modules: ['src/features/auth/pages/LoginPage.tsx'] },
  '/register': { file: 'register.html', modules: ['src/features/auth/pages/RegisterPage.tsx'] },
  '/forgot-password': {
    file: 'forgot-password.html',
    modules: ['src/features/auth/pages/ForgotPasswordPage.tsx'],
  },
  '/privacy': { file: 'privacy.html', modules: ['src/features/legal/pages/PrivacyPage.tsx'] },
  '/terms': { file: 'terms.html', modules: ['src/features/legal/pages/TermsPage.tsx'] },
  '/faq': { file: 'faq.html', modules: ['src/features/landing/pages/FaqPage.tsx'] },
};

const { prerenderedPaths, renderPage, bootScript } = (await import(
  pathToFileURL(path.join(ssrDir, 'prerender.js')).href
)) as PrerenderModule;
const missing = prerenderedPaths.filter((p) => !PAGES[p]);
const extra = Object.keys(PAGES).filter((p) => !prerenderedPaths.includes(p));
if (missing.length > 0 || extra.length > 0) {
  throw new Error(`PAGES and PRERENDERED_PAGES differ: ${[...missing, ...extra].join(', ')}`);
}

const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
for (const marker of [HTML_OPEN, ROOT]) {
  if (!template.includes(marker)) throw new Error(`dist/index.html lacks ${marker}`);
}

/** The part of Vite's build manifest read here (dist/.vite/manifest.json). */
type Manifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;
const manifest = JSON.parse(
  fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'),
) as Manifest;

/** Manifest keys of a chunk and of everything it imports statically, the chunk first. */
function closure(key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the build manifest lacks ${key}`);
  if (seen.has(key)) return [];
  seen.add(key);
  return [key, ...(chunk.imports ?? []).flatMap((k) => closure(k, seen))];
}

const entryKey = Object.keys(manifest).find((k) => k === 'index.html');
if (!entryKey) throw new Error('the build manifest lacks index.html');
const entryChunks = new Set(closure(entryKey));

// The app's entry script, module hints and preloaded stylesheets of index.html are replaced:
// the boot script loads the entry after the first paint with the hints of this page.
const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const PRELOADED_STYLE = /\s*<link rel="preload" as="style" crossorigin href="[^"]+">/g;
const entry = ENTRY.exec(template)?.[1];
if (!entry) throw new Error('dist/index.html lacks the entry script');

const written: Record<string, string> = {};
for (const pagePath of prerenderedPaths) {
  const page = PAGES[pagePath]!;
  const pageChunks = [...new Set(page.modules.flatMap((m) => closure(m)))].filter(
    (k) => !entryChunks.has(k),
  );
  // Styled from its first paint: the stylesheets of the page's chunks are linked as
  // stylesheets (the entry's own are in index.html already).
  const styled = [...pageChunks, ...(page.stylesOnly ?? []).flatMap((m) => closure(m))];
  const styles = [...new Set(styled.flatMap((k) => manifest[k]?.css ?? []))]
    .filter((css) => !template.includes(`<link rel="stylesheet" crossorigin href="/${css}">`))
    .map((css) => `\n    <link rel="stylesheet" crossorigin href="/${css}">`)
    .join('');
  const preloads = [...[...entryChunks].filter((k) => k !== entryKey), ...pageChunks].map(
    (k) => `/${manifest[k]!.file}`,
  );
  const html = template
    .replace(ENTRY, '')
    .replace(PRELOAD, '')
    .replace(PRELOADED_STYLE, '')
    .replace('</head>', `${styles}\n  </head>`)
    .replace(HTML_OPEN, HTML_OPEN.replace('>', ' data-prerendered>'))
    .replace(
      ROOT,
      `<div id="root" data-prerendered>${await renderPage(pagePath)}</div>\n    <script>${bootScript(entry, preloads)}</script>`,
    );
  const out = path.join(dist, page.file);
  fs.writeFileSync(out, html);
  writeCompressedCopies(out);
  written[pagePath] = page.file;
  console.log(
    `prerendered ${pagePath} into ${path.relative(process.cwd(), out)} (${html.length} bytes)`,
  );
}
fs.writeFileSync(path.join(dist, 'prerendered.json'), `${JSON.stringify(written, null, 2)}\n`);
fs.rmSync(ssrDir, { recursive: true, force: true });
