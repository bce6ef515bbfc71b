import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildDbImages } from '../apps/server/src/test/db-images';
import { SERVER_BUNDLE_ENV, buildServerBundle } from './server-bundle';

/**
 * Set to '1' in the environment of vitest runs whose images and server bundle were made before
 * them by {@link prepareRun} (scripts/test.mjs): their global setups (vitest.global-setup.ts,
 * e2e/global-setup.ts) then use what the environment names and build and remove nothing.
 */
export const RUN_PREPARED_ENV = 'DOMINO_TEST_RUN_PREPARED';

/**
 * What the global setups of the server and e2e projects make, made once for `npm test`'s two
 * vitest runs side by side (docs/decisions/045-fast-test-databases.md, "Addendum 2026-12-01
 * (sixth)"): the migrated database images (apps/server/src/test/db-images.ts) and the server
 * bundle (./server-bundle.ts). Each run built its own before: about 12 s of CPU twice, at the
 * moment both runs start.
 *
 * @param adminUrl the PostgreSQL server's URL (database `test`), as the global setup reads it
 * @returns env: the variables the runs need (the images', the bundle's and RUN_PREPARED_ENV);
 *   teardown(): drops the template and removes the files, once both runs are over
 */
export async function prepareRun(adminUrl: string): Promise<{
  env: Record<string, string>;
  teardown(): Promise<void>;
}> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const [images, bundle] = await Promise.all([buildDbImages(adminUrl), buildServerBundle(root)]);
  return {
    env: { ...images.env, [SERVER_BUNDLE_ENV]: bundle.file, [RUN_PREPARED_ENV]: '1' },
    async teardown() {
      bundle.remove();
      await images.teardown();
    },
  };
}
