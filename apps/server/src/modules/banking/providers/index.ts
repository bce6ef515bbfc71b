import type { BankConnector, BankProvider } from '../connector';
import { bdvConnector } from './bdv';
import { mercantilConnector } from './mercantil';
import { r4Connector } from './r4';

/**
 * Every provider's connector (docs/banks.md "Providers"; decision 052 for the simulator that
 * speaks all of them). A recharge account's `provider` picks one; its base URL is the bank's or
 * Banco de pruebas'.
 */
export const BANK_CONNECTORS: Record<BankProvider, BankConnector> = {
  bdv: bdvConnector,
  mercantil: mercantilConnector,
  r4: r4Connector,
};

export { fetchBankHttp, centsToDecimal, amountToCents } from './common';
