import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import type { ManifestTransform } from 'workbox-build';
import { writeCompressedCopies } from './scripts/compress';

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy next to every compressible file of the build, so
 * the server sends them without compressing per request (@fastify/static `preCompressed`).
 * Decision 011: uncompressed, the landing shipped ~800 KiB more than needed on a phone connection.
 * Not for the SSR build of the prerenderer, which only runs at build time.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  let ssr = false;
  return {
    name: 'domino-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    closeBundle() {
      if (ssr) return;
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
          const full = path.join(dir, e.name);
          return e.isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(outDir)) writeCompressedCopies(file);
    },
  };
}

/**
 * Lets the browser fetch the landing page's chunk (and the chunks it imports) while the main
 * bundle is still being evaluated, instead of after: `/` is the page most first visits open, and
 * its banner is the largest paint Lighthouse waits for (decision 011). Costs other first visits a few
 * KiB of cached JavaScript.
 */
function preloadLanding(): Plugin {
  return {
    name: 'domino-preload-landing',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const entry = Object.values(bundle).find(
          (c) => c.type === 'chunk' && c.facadeModuleId?.endsWith('/landing/pages/LandingPage.tsx'),
        );
        if (!entry || entry.type !== 'chunk') return html;
        const main = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry);
        const already = new Set(
          main && main.type === 'chunk' ? [main.fileName, ...main.imports] : [],
        );
        const files = [entry.fileName, ...entry.imports].filter((f) => !already.has(f));
        const css = [...(entry.viteMetadata?.importedCss ?? [])];
        const links = [
          ...files.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
          // crossorigin like the stylesheet link Vite adds when the chunk loads, or the browser
          // cannot reuse the preloaded file (credentials mode mismatch).
          ...css.map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
        ];
        return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
      },
    },
  };
}

/** Source modules whose chunks (with their static imports and styles) offline practice needs. */
const OFFLINE_MODULES = [
  'index.html',
  'src/features/game/offline/pages/OfflineMenuPage.tsx',
  'src/features/game/offline/pages/OfflineGamePage.tsx',
];

/**
 * Workbox's precache list, narrowed to what offline practice needs (decision 041): of the
 * build's scripts and styles, only the app shell's entry, the two /sin-conexion pages, what
 * they import statically, and the match's Web Worker (Vite emits it as assets/match.worker-*.js,
 * outside the build manifest). Every other page's chunk stays on the network, as before. The
 * other files (index.html, offline.html, the web manifest, icons) are kept as globbed.
 */
function offlinePrecache(outDir: string): ManifestTransform {
  return (entries) => {
    type Chunk = { file: string; css?: string[]; imports?: string[] };
    const manifest = JSON.parse(
      fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, Chunk>;
    const keep = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || keep.has(chunk.file)) return;
      keep.add(chunk.file);
      for (const css of chunk.css ?? []) keep.add(css);
      for (const dep of chunk.imports ?? []) visit(dep);
    };
    for (const key of OFFLINE_MODULES) {
      if (!manifest[key]) throw new Error(`offline precache: the build manifest lacks ${key}`);
      visit(key);
    }
    const code = /\.(js|css)$/;
    const worker = /^assets\/match\.worker-[\w-]+\.js$/;
    const manifestOut = entries.filter(
      (e) => !code.test(e.url) || keep.has(e.url) || worker.test(e.url),
    );
    if (!manifestOut.some((e) => worker.test(e.url)))
      throw new Error('offline precache: the match worker is not in the build');
    return { manifest: manifestOut, warnings: [] };
  };
}

/**
 * The service worker (src/sw.ts, decision 041) built by vite-plugin-pwa in injectManifest mode
 * to dist/sw.js. It is registered by src/lib/pwa.ts (no generated registration) and the web
 * manifest stays public/manifest.webmanifest.
 */
function serviceWorker(): PluginOption {
  const outDir = path.resolve(import.meta.dirname, 'dist');
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: false,
    injectManifest: {
      globPatterns: [
        'index.html',
        'offline.html',
        'manifest.webmanifest',
        'favicon.svg',
        'icons/*.png',
        'assets/*.{js,css}',
      ],
      // The whole build is globbed, then narrowed: allow any single file of it.
      maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      manifestTransforms: [offlinePrecache(outDir)],
    },
    devOptions: { enabled: false },
  });
}

/**
 * The SPA is served by the API server from `dist` (same origin, docs/architecture.md). In dev mode Vite
 * proxies the API and the Socket.IO endpoint to the server on port 3000.
 */
export default defineConfig(({ isSsrBuild }) => ({
  // The service worker only in the browser build, not the prerenderer's SSR build.
  plugins: [react(), preloadLanding(), precompress(), ...(isSsrBuild ? [] : [serviceWorker()])],
  resolve: {
    // Every `import ... from 'zod'` of the app and of @domino/contracts goes through
    // src/lib/zod-csp.ts, which turns off zod's eval probe before any schema is built.
    alias: [
      { find: /^zod$/, replacement: path.resolve(import.meta.dirname, 'src/lib/zod-csp.ts') },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The SSR build (src/prerender.tsx) only renders the landing at build time.
    copyPublicDir: !isSsrBuild,
    // dist/.vite/manifest.json: scripts/prerender.ts finds the landing's stylesheets in it.
    manifest: !isSsrBuild,
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true },
      '/socket.io': { target: 'http://localhost:3000', ws: true, changeOrigin: true },
    },
  },
}));
