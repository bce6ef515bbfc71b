import { buildDbImages } from './apps/server/src/test/db-images';

/**
 * Builds the run's migrated database images once, before any test worker starts, and hands them
 * to the workers through environment variables (docs/decisions/045-fast-test-databases.md).
 * Used by the server and e2e projects; the unit projects need no database.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const images = await buildDbImages(
    process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  );
  Object.assign(process.env, images.env);
  return () => images.teardown();
}
