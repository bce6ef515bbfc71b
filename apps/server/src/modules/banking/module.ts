import type { ServerModule } from '../realtime/server-module';
import { bankRoutes } from './routes';
import { bankingStaffRoutes } from './staff-routes';
import { BankVerifier } from './verify-worker';

/** The banking module's entry into the server (docs/decisions/054-one-entry-point-per-module.md). */
export const bankingModule: ServerModule = {
  name: 'banking',
  setup: (app) => {
    // Automatic bank verification of recharges (decision 051): built here for the app's logger
    // (test apps kick and tick it too), started by server.ts with the other workers, finished
    // before close.
    const { config, database, bank, hub, push } = app.deps;
    const verifier = new BankVerifier(
      database.db,
      bank.connectors,
      { hub, push },
      config.BANK_VERIFY_INTERVAL_MS,
      app.log,
    );
    bank.verifier = verifier;
    app.addHook('onClose', async () => verifier.stop());
  },
  routes: [bankingStaffRoutes, bankRoutes],
  workers: (app) => (app.deps.bank.verifier ? [app.deps.bank.verifier] : []),
};
