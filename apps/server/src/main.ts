import { loadConfig } from './config';
import { DataDirLockedError } from './db/client';
import { startServer } from './server';
import type { RunningServer } from './server';
import { startWatchdog } from './lib/watchdog';
import { exitBoundMs } from './drain-pace';

/**
 * Process entry point: start, then drain and exit on SIGTERM/SIGINT (docs/architecture.md
 * main.ts, docs/decisions/063-cluster-and-drain.md): exit 0 once drained, 1 on an error, killed
 * by the watchdog if neither happened within the exit bound (drain-pace.ts `exitBoundMs`: the
 * drain's longest waits plus 5 s to close; 9.5 s with the default settings). The watchdog
 * thread kills the process at that deadline whatever the main thread is doing.
 *
 * The signal handlers are installed before the server starts: the node answers HTTP (its
 * health check included) from `listen`, while its workers are still starting, and a SIGTERM in
 * that window must drain like any other, not end the process with Node's default action. A
 * signal that arrives before the server is up is remembered and the drain starts as soon as it is.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const watchdog = startWatchdog();
  // Set once the server is up; the handlers below may run before that.
  const started: { server?: RunningServer } = {};
  let stopping: string | undefined;
  const drainAndExit = (running: RunningServer, signal: string) => {
    running.app.log.info({ signal }, 'shutting down');
    // A test-only hook (NODE_ENV=test): the main thread blocks for good, as in the incident the
    // watchdog is for (shutdown.test.ts).
    if (config.NODE_ENV === 'test' && process.env.TEST_BLOCK_ON_SIGTERM === 'true') for (;;);
    running
      .drain()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        console.error(err);
        process.exit(1);
      });
  };
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = signal;
    // First, before anything that could block: the bound holds from here on.
    watchdog.arm(exitBoundMs(config));
    if (started.server) drainAndExit(started.server, signal);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  const server = await startServer(config);
  started.server = server;
  server.app.log.info(`Dominó listening on ${config.publicUrl}`);
  if (stopping) drainAndExit(server, stopping);
}

main().catch((err: unknown) => {
  if (err instanceof DataDirLockedError) console.error(`Error: ${err.message}`);
  else console.error(err);
  process.exit(1);
});
