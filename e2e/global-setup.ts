import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_BUNDLE_ENV, buildServerBundle } from './server-bundle';

/**
 * The e2e project's own global setup (after vitest.global-setup.ts, which builds the database
 * images): bundles the server once for the run's journeys and hands the bundle's path to the
 * workers in {@link SERVER_BUNDLE_ENV} (./server-bundle.ts, docs/decisions/045).
 */
export default async function setup(): Promise<() => void> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const bundle = await buildServerBundle(root);
  process.env[SERVER_BUNDLE_ENV] = bundle.file;
  return () => bundle.remove();
}
