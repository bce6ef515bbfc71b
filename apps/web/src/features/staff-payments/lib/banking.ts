import type {
  BankCallOutcome,
  BankConnectorAccount,
  BankConnectorCapabilities,
  BankConnectorInput,
  BankConnectorProvider,
  BankProviderInfo,
} from '@domino/contracts';

/** Pure rules of the bank connectors page (docs/decisions/051-bank-connectors.md). */

export interface ConnectorForm {
  provider: BankConnectorProvider;
  base_url: string;
  /** What staff typed; empty = keep the stored value (credentials are never sent to the browser). */
  credentials: Record<string, string>;
  enabled: boolean;
  capabilities: BankConnectorCapabilities;
}

const NO_CAPABILITIES: BankConnectorCapabilities = {
  verify: false,
  charge: false,
  notify: false,
  payout: false,
};

/** The bank each provider's API belongs to (docs/banks.md): a new connector starts with it. */
const PROVIDER_BANK: Record<string, string> = { bdv: '0102', mercantil: '0105', r4: '0169' };

/** A provider's production address, the base URL a new connector starts with ('' if unknown). */
export function defaultBaseUrl(provider: BankProviderInfo | undefined): string {
  const host = provider?.hosts[0];
  return host ? `https://${host}` : '';
}

/**
 * The form of an account: its stored connector, or a new one for the provider of the account's
 * bank (else the first), at that provider's production address.
 */
export function connectorToForm(
  account: BankConnectorAccount,
  providers: readonly BankProviderInfo[],
): ConnectorForm {
  const c = account.connector;
  if (c)
    return {
      provider: c.provider,
      base_url: c.base_url,
      credentials: {},
      enabled: c.enabled,
      capabilities: { ...c.capabilities },
    };
  const own = providers.find((p) => PROVIDER_BANK[p.provider] === account.bank_code);
  const chosen = own ?? providers[0];
  return {
    provider: chosen?.provider ?? 'bdv',
    base_url: defaultBaseUrl(chosen),
    credentials: {},
    enabled: false,
    capabilities: { ...NO_CAPABILITIES },
  };
}

/**
 * The PUT body: only typed credentials of the chosen provider (untouched ones keep their stored
 * value), and only capabilities the provider supports.
 */
export function formToInput(form: ConnectorForm, provider: BankProviderInfo | undefined) {
  const names = new Set(provider?.credential_fields.map((f) => f.name) ?? []);
  const credentials: Record<string, string> = {};
  for (const [k, v] of Object.entries(form.credentials))
    if (names.has(k) && v.trim() !== '') credentials[k] = v;
  const can = provider?.capabilities ?? NO_CAPABILITIES;
  return {
    provider: form.provider,
    base_url: form.base_url.trim(),
    credentials,
    enabled: form.enabled,
    capabilities: {
      verify: can.verify && form.capabilities.verify,
      charge: can.charge && form.capabilities.charge,
      notify: can.notify && form.capabilities.notify,
      payout: can.payout && form.capabilities.payout,
    },
  } satisfies BankConnectorInput;
}

/** Placeholder of a credential input: "Guardada" when the stored connector has it. */
export function credentialPlaceholder(
  account: BankConnectorAccount,
  form: ConnectorForm,
  name: string,
): string {
  const c = account.connector;
  return c && c.provider === form.provider && c.credentials_set.includes(name) ? 'Guardada' : '';
}

/** Badge colour of a call outcome. */
export function outcomeColor(outcome: BankCallOutcome): string {
  switch (outcome) {
    case 'ok':
      return 'green';
    case 'not_found':
      return 'gray';
    case 'declined':
      return 'orange';
    default:
      return 'red';
  }
}
