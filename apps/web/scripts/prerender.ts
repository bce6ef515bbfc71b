/**
 * Last step of `npm run build -w @domino/web` (after `vite build` and `vite build --ssr
 * src/prerender.tsx --outDir dist-ssr`): writes `dist/landing.html`, a copy of dist/index.html
 * whose `#root` holds the landing as a visitor first sees it, plus its .br/.gz copies, then
 * removes dist-ssr. The server sends it for `/` (decision 011).
 *
 * The page is marked `data-prerendered` on <html> (the preloader then fades from the first
 * paint, index.html) and on #root (main.tsx loads the landing chunk before its first render).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeCompressedCopies } from './compress';

interface PrerenderModule {
  renderLanding(): Promise<string>;
  landingBootScript(entry: string, preloads: readonly string[]): string;
}

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(web, 'dist');
const ssrDir = path.join(web, 'dist-ssr');

const HTML_OPEN = '<html lang="es" data-mantine-color-scheme="light">';
const ROOT = '<div id="root"></div>';

const { renderLanding, landingBootScript } = (await import(
  pathToFileURL(path.join(ssrDir, 'prerender.js')).href
)) as PrerenderModule;

const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
for (const marker of [HTML_OPEN, ROOT]) {
  if (!template.includes(marker)) throw new Error(`dist/index.html lacks ${marker}`);
}

/** The part of Vite's build manifest read here (dist/.vite/manifest.json). */
type Manifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;

/** Stylesheets a chunk needs before it renders: its own and those of its static imports. */
function stylesheetsOf(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [
    ...(chunk.css ?? []),
    ...(chunk.imports ?? []).flatMap((k) => stylesheetsOf(manifest, k, seen)),
  ];
}

// The prerendered page is styled from its first paint: the stylesheets of the landing and of
// its sections under the first screen are linked as stylesheets (index.html only preloads the
// landing's, for the app).
const manifest = JSON.parse(
  fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'),
) as Manifest;
const pageStyles = [
  ...new Set(
    [
      'src/features/landing/pages/LandingPage.tsx',
      'src/features/landing/components/BelowTheFold.tsx',
    ].flatMap((key) => {
      if (!manifest[key]) throw new Error(`the build manifest lacks ${key}`);
      return stylesheetsOf(manifest, key);
    }),
  ),
].filter((css) => !template.includes(`<link rel="stylesheet" crossorigin href="/${css}">`));
const PRELOADED_STYLE = /\s*<link rel="preload" as="style" crossorigin href="[^"]+">/g;
const styleLinks = pageStyles
  .map((css) => `\n    <link rel="stylesheet" crossorigin href="/${css}">`)
  .join('');

// The app's entry script and module hints move into the boot script, which loads them after the
// first paint (src/prerender.tsx).
const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const entry = ENTRY.exec(template)?.[1];
if (!entry) throw new Error('dist/index.html lacks the entry script');
const preloads = [...template.matchAll(PRELOAD)].map((m) => m[1] ?? '');

const html = template
  .replace(ENTRY, '')
  .replace(PRELOAD, '')
  .replace(PRELOADED_STYLE, '')
  .replace('</head>', `${styleLinks}\n  </head>`)
  .replace(HTML_OPEN, HTML_OPEN.replace('>', ' data-prerendered>'))
  .replace(
    ROOT,
    `<div id="root" data-prerendered>${await renderLanding()}</div>\n    <script>${landingBootScript(entry, preloads)}</script>`,
  );
const out = path.join(dist, 'landing.html');
fs.writeFileSync(out, html);
writeCompressedCopies(out);
fs.rmSync(ssrDir, { recursive: true, force: true });
console.log(`prerendered / into ${path.relative(process.cwd(), out)} (${html.length} bytes)`);
