import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { Plugin } from 'esbuild';

/**
 * The server as one JavaScript file for the browser journeys (docs/decisions/045-fast-test-databases.md,
 * "The journeys' servers"). `npm start` runs `apps/server/src/main.ts` through tsx, whose loader
 * hooks resolve and read (from its cache) every one of the server's few hundred TypeScript modules
 * at each start: about 1.8 s of CPU of the 5 s a journey's server spent starting. The e2e
 * project's global setup (e2e/global-setup.ts) bundles the server's own code once per run with
 * esbuild; `startApp` runs the bundle, except for the journeys that prove `npm start` itself.
 *
 * What the bundle keeps as it is:
 * - packages from node_modules stay imports (resolved by Node from the bundle's directory, which
 *   is under `apps/server/node_modules`, so the server's own dependency versions win);
 * - `import.meta.url` in each source file is that file's own URL, so the migrations folder, the
 *   shipped puzzles and the worker entries (`.ts`, run through tsx by `lib/ts-worker.ts`) are
 *   found where they are in the checkout.
 */

/** Environment variable holding the bundle's path for the journeys' workers. */
export const SERVER_BUNDLE_ENV = 'DOMINO_TEST_SERVER_BUNDLE';

/** Replaces `import.meta.url` in every TypeScript source with the source file's own URL. */
const ownImportMetaUrl: Plugin = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

/** Leaves every bare import external except the workspace's own packages (TypeScript sources). */
const dependenciesExternal: Plugin = {
  name: 'dependencies-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@domino/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Bundles `apps/server/src/main.ts` of the checkout at `root` into
 * `apps/server/node_modules/.cache/e2e-server/main-<random>.mjs` (with a source map beside it).
 * Takes about 1.5 s. Throws esbuild's error when the server does not build.
 *
 * @returns file: the bundle's absolute path; remove(): deletes the bundle and its map.
 */
export async function buildServerBundle(root: string): Promise<{ file: string; remove(): void }> {
  const dir = path.join(root, 'apps/server/node_modules/.cache/e2e-server');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `main-${randomBytes(4).toString('hex')}.mjs`);
  await build({
    entryPoints: [path.join(root, 'apps/server/src/main.ts')],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'error',
    plugins: [ownImportMetaUrl, dependenciesExternal],
  });
  return {
    file,
    remove() {
      fs.rmSync(file, { force: true });
      fs.rmSync(`${file}.map`, { force: true });
    },
  };
}
