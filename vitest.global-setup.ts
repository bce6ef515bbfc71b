import { buildDbImages } from './apps/server/src/test/db-images';
import { RUN_PREPARED_ENV } from './e2e/run-setup';

type Images = Awaited<ReturnType<typeof buildDbImages>>;

/**
 * The images of this run, shared by the projects whose global setup is this file (server,
 * server-isolated, e2e): vitest calls each project's global setup in its own main process, and
 * each call used to build the images again (about 10 s of CPU and a PostgreSQL template each).
 */
const shared = globalThis as { dominoDbImages?: { images: Promise<Images>; users: number } };

/**
 * Builds the run's migrated database images once, before any test worker starts, and hands them
 * to the workers through environment variables (docs/decisions/045-fast-test-databases.md).
 * Used by the server and e2e projects; the unit projects need no database. The last project to
 * finish removes them. Under `npm test` they were built before this run (RUN_PREPARED_ENV,
 * e2e/run-setup.ts): nothing is built or removed here.
 */
export default async function setup(): Promise<() => Promise<void>> {
  if (process.env[RUN_PREPARED_ENV] === '1') return async () => undefined;
  shared.dominoDbImages ??= {
    images: buildDbImages(
      process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    ),
    users: 0,
  };
  const entry = shared.dominoDbImages;
  entry.users += 1;
  const images = await entry.images;
  Object.assign(process.env, images.env);
  return async () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    if (shared.dominoDbImages === entry) delete shared.dominoDbImages;
    await images.teardown();
  };
}
