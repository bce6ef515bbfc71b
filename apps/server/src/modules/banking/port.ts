import type { Executor } from '../../db/client';
import type { BankConnector, BankHttp, ConnectorConfig } from './connector';

/**
 * The port through which the recharge flows reach a bank (docs/decisions/051-bank-connectors.md):
 * the connector of a recharge account with its decrypted configuration and the audited HTTP
 * client. It is bound at composition (server.ts `createDeps`, override `bankConnectors`) to the
 * connector configuration (bank_connectors, the vault, `makeBankHttp`) and the providers'
 * registry; until then nothing is connected and every recharge follows the manual flow.
 */
export interface BoundConnector {
  connector: BankConnector;
  /** Decrypted configuration: in memory only, never logged or returned. */
  config: ConnectorConfig;
  http: BankHttp;
}

export interface BankConnectors {
  /** The active connector of a recharge account, or null (no connector: the manual flow). */
  forAccount(db: Executor, rechargeAccountId: number): Promise<BoundConnector | null>;
  /**
   * The connector a notification address names (`/api/bank-notifications/:token`), or null when
   * no active connector has that token. Its `config.account` says which recharge account.
   */
  forNotificationToken(db: Executor, token: string): Promise<BoundConnector | null>;
}

/** Nothing connected: every account answers null (today's manual flow). */
export const NO_BANK_CONNECTORS: BankConnectors = {
  forAccount: async () => null,
  forNotificationToken: async () => null,
};

/**
 * What one account's connector can do for a player's recharge (all false without a connector),
 * and the simulated bank's page when the account is connected to Banco de pruebas (the demo).
 */
export async function automaticCapabilities(
  connectors: BankConnectors,
  db: Executor,
  rechargeAccountId: number,
  simulatorUrl?: string,
): Promise<{ verify: boolean; c2p: boolean; c2p_key: boolean; demo_bank_url: string | null }> {
  const bound = await connectors.forAccount(db, rechargeAccountId);
  const caps = bound?.connector.capabilities;
  return {
    verify: Boolean(caps?.verify && bound?.connector.verify),
    c2p: Boolean(caps?.charge && bound?.connector.charge),
    c2p_key: Boolean(caps?.charge && caps.requestKey && bound?.connector.requestKey),
    // The account is connected to Banco de pruebas (decision 052): the player pays from its page.
    demo_bank_url:
      simulatorUrl !== undefined && bound?.config.baseUrl === simulatorUrl ? simulatorUrl : null,
  };
}
