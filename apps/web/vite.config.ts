import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy next to every compressible file of the build, so
 * the server sends them without compressing per request (@fastify/static `preCompressed`).
 * Issue 6: uncompressed, the landing shipped ~800 KiB more than needed on a phone connection.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'domino-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
          const full = path.join(dir, e.name);
          return e.isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(file)) continue;
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(data, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
          }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * Lets the browser fetch the landing page's chunk (and the chunks it imports) while the main
 * bundle is still being evaluated, instead of after: `/` is the page most first visits open, and
 * its banner is the largest paint Lighthouse waits for (issue 6). Costs other first visits a few
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
          ...css.map((f) => `<link rel="preload" as="style" href="/${f}">`),
        ];
        return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
      },
    },
  };
}

/**
 * The SPA is served by the API server from `dist` (same origin, DESIGN §1). In dev mode Vite
 * proxies the API and the Socket.IO endpoint to the server on port 3000.
 */
export default defineConfig({
  plugins: [react(), preloadLanding(), precompress()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true },
      '/socket.io': { target: 'http://localhost:3000', ws: true, changeOrigin: true },
    },
  },
});
