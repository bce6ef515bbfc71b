import { loadConfig } from './config';
import { DataDirLockedError } from './db/client';
import { startServer } from './server';

/** Process entry point: start, then shut down gracefully on SIGTERM/SIGINT (docs/architecture.md main.ts). */
async function main(): Promise<void> {
  const config = loadConfig();
  const server = await startServer(config);
  server.app.log.info(`Dominó listening on ${config.publicUrl}`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server
      .close()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        console.error(err);
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err: unknown) => {
  if (err instanceof DataDirLockedError) console.error(`Error: ${err.message}`);
  else console.error(err);
  process.exit(1);
});
