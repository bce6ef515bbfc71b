import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
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

/**
 * The SPA is served by the API server from `dist` (same origin, docs/architecture.md). In dev mode Vite
 * proxies the API and the Socket.IO endpoint to the server on port 3000.
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), preloadLanding(), precompress()],
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
