import { startBankSimulator } from './index';

/**
 * Runs Banco de pruebas on its own (decision 052), for the demo and the bench:
 *   npx tsx apps/server/src/modules/banking/simulator/main.ts
 * Environment: BANK_SIMULATOR_PORT (default 4100), BANK_SIMULATOR_HOST (default 127.0.0.1),
 * BANK_SIMULATOR_CALLBACK_URL (where R4 notifications go), BANK_SIMULATOR_SEED (fault seed).
 * Credentials are the demo ones (DEMO_SECRETS).
 */
const sim = await startBankSimulator({
  port: Number(process.env.BANK_SIMULATOR_PORT ?? 4100),
  host: process.env.BANK_SIMULATOR_HOST ?? '127.0.0.1',
  callbackUrl: process.env.BANK_SIMULATOR_CALLBACK_URL,
  faults: process.env.BANK_SIMULATOR_SEED
    ? { seed: Number(process.env.BANK_SIMULATOR_SEED) }
    : undefined,
});
process.stdout.write(`Banco de pruebas escuchando en ${sim.url}\n`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    void sim.close().then(() => process.exit(0));
  });
