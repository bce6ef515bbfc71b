import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * Worker threads whose entry is a TypeScript module, loaded through tsx like the server itself
 * (README.md: the server runs TypeScript through tsx). Used by the post-game analysis
 * (docs/decisions/029-post-game-analysis.md) and the reading of statement files
 * (docs/decisions/046-bounded-file-parsing.md).
 */

/** tsx's ESM register API (the `import` build beside the `require` one Node resolves here). */
const TSX_API_URL = pathToFileURL(
  createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs'),
).href;

/**
 * The source of a worker entry (for `new Worker(source, { eval: true })`) that registers tsx's
 * loader in the worker, then imports `moduleUrl`. Node 20 refuses a `.ts` file as a worker's
 * entry (ERR_UNKNOWN_FILE_EXTENSION), and `execArgv: ['--import', 'tsx']` does not reach a
 * worker's own module loading there, so the loader is registered by the entry itself (tsx's
 * documented `register()` API).
 */
export function tsWorkerScript(moduleUrl: URL): string {
  return `import(${JSON.stringify(TSX_API_URL)})
  .then((tsx) => tsx.register())
  .then(() => import(${JSON.stringify(moduleUrl.href)}));`;
}
