import type { BankConnector, BankProvider, ConnectorCapabilities } from './connector';
import { BANK_CONNECTORS } from './providers';

/**
 * The registry of provider implementations (docs/decisions/051-bank-connectors.md): it starts
 * with every provider of ./providers (BANK_CONNECTORS); staff routes, the URL policy and the
 * recharge flows find one with `connectorFor`. Tests may register a fake and restore the real one.
 */
export const connectorProviders = new Map<BankProvider, BankConnector>(
  Object.values(BANK_CONNECTORS).map((c) => [c.provider, c]),
);

/** Registers (or replaces) the implementation of `c.provider`. */
export function registerConnector(c: BankConnector): void {
  connectorProviders.set(c.provider, c);
}

/** Removes a provider's implementation (tests). */
export function unregisterConnector(p: BankProvider): void {
  connectorProviders.delete(p);
}

/** The implementation of a provider, or undefined while none is registered. */
export function connectorFor(p: BankProvider): BankConnector | undefined {
  return connectorProviders.get(p);
}

/** What staff need to know of a provider to configure it (from its connector, or the fallback). */
export interface ProviderInfo {
  provider: BankProvider;
  label: string;
  hosts: readonly string[];
  credentialFields: readonly { name: string; label: string }[];
  capabilities: ConnectorCapabilities;
  /** False while no implementation is registered: it can be configured but not called. */
  available: boolean;
}

/**
 * A provider as staff configure it: the registered connector's facts (each provider module cites
 * its sources, docs/banks.md). `available` is false only while a test removed the implementation.
 */
export function providerInfo(p: BankProvider): ProviderInfo {
  const c = connectorFor(p) ?? BANK_CONNECTORS[p];
  return {
    provider: p,
    label: c.label,
    hosts: c.hosts,
    credentialFields: c.credentialFields,
    capabilities: c.capabilities,
    available: connectorFor(p) !== undefined,
  };
}
