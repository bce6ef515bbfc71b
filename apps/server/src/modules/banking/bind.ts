import type { Db, Executor } from '../../db/client';
import type { BankConnectors, BoundConnector } from './port';
import { httpFor, loadConnector, loadConnectorByToken, type LoadedConnector } from './config';
import { connectorFor } from './registry';
import type { BankVault } from './vault';

/**
 * The recharge flows' port bound to the connector configuration (docs/decisions/051-bank-connectors.md):
 * a recharge account's enabled connector (`bank_connectors`, credentials opened by the vault),
 * its provider's implementation from the registry with the capabilities staff turned on (never
 * more than the provider supports), and the audited HTTP client writing call rows with `db` (the
 * pool, never the caller's transaction). Null when the account has no enabled connector, its
 * credentials do not open, or its provider has no implementation: the manual flow.
 *
 * `timeoutMs` is BANK_HTTP_TIMEOUT_MS (milliseconds per bank call).
 */
export function boundBankConnectors(db: Db, vault: BankVault, timeoutMs: number): BankConnectors {
  const bind = (loaded: LoadedConnector | null): BoundConnector | null => {
    if (!loaded) return null;
    const impl = connectorFor(loaded.provider);
    if (!impl) return null;
    return {
      connector: { ...impl, capabilities: loaded.enabled },
      config: loaded,
      http: httpFor(db, loaded, undefined, { timeoutMs }),
    };
  };
  return {
    forAccount: async (ex: Executor, id: number) => bind(await loadConnector(ex, id, vault)),
    forNotificationToken: async (ex: Executor, token: string) =>
      bind(await loadConnectorByToken(ex, token, vault)),
  };
}
