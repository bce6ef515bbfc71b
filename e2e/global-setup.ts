import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RUN_PREPARED_ENV } from './run-setup';
import { SERVER_BUNDLE_ENV, buildServerBundle } from './server-bundle';

type Bundle = Awaited<ReturnType<typeof buildServerBundle>>;

/**
 * The bundle of this vitest process, shared by the projects whose global setup is this file:
 * vitest calls each project's global setup in its own main process (as vitest.global-setup.ts
 * shares the database images).
 */
const shared = globalThis as { dominoServerBundle?: { bundle: Promise<Bundle>; users: number } };

/**
 * Global setup of the e2e project and of the server projects (after vitest.global-setup.ts,
 * which builds the database images): bundles the server once per vitest run and hands the
 * bundle's path to the workers in {@link SERVER_BUNDLE_ENV} (./server-bundle.ts,
 * docs/decisions/045). The journeys' servers run it (support.ts `startApp`), and so do the
 * server suites' child nodes (apps/server/src/test/nodes.ts `startNodeProcess`). The last
 * project to finish removes it. Under `npm test` it was built before this run (RUN_PREPARED_ENV,
 * ./run-setup.ts): nothing is built or removed here.
 */
export default async function setup(): Promise<() => void> {
  if (process.env[RUN_PREPARED_ENV] === '1') return () => undefined;
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  shared.dominoServerBundle ??= { bundle: buildServerBundle(root), users: 0 };
  const entry = shared.dominoServerBundle;
  entry.users += 1;
  const bundle = await entry.bundle;
  process.env[SERVER_BUNDLE_ENV] = bundle.file;
  return () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    if (shared.dominoServerBundle === entry) delete shared.dominoServerBundle;
    bundle.remove();
  };
}
