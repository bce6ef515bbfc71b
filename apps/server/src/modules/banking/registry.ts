import type { BankConnector, BankProvider, ConnectorCapabilities } from './connector';

/**
 * The registry of provider implementations (docs/decisions/051-bank-connectors.md): each
 * provider module calls `registerConnector` once at import; staff routes, the URL policy and the
 * recharge flows find it with `connectorFor`. Tests may register a fake and remove it again.
 */
export const connectorProviders = new Map<BankProvider, BankConnector>();

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

const none: ConnectorCapabilities = {
  verify: false,
  charge: false,
  requestKey: false,
  notify: false,
  payout: false,
};

/**
 * What each provider is, until its implementation registers itself (the providers' own
 * `BankConnector` values replace these rows field for field). Sources:
 * - bdv: Banco de Venezuela "API de Conciliación", POST /getMovement/v2 with header `X-API-Key`;
 *   production host bdvconciliacion.banvenez.com, quality host bdvconciliacionqa.banvenez.com:444
 *   (the bank's technical document "API Conciliación DUMMY (Calidad)", version 6, 17/11/2025, as
 *   transcribed in public repositories; no official public URL).
 * - mercantil: github.com/apimercantil/api-playground (c2p/config.js and c2p/modules/c2p.js:
 *   MERCHANTID, CLIENTID sent as `X-IBM-Client-ID`, SECRETKEY for field encryption, INTEGRATORID,
 *   TERMINALID; host apimbu.mercantilbanco.com). Search of mobile payments (search-c2p), C2P and
 *   "vuelto" (c2p, trx_type), payment key request (scp).
 * - r4: R4 Conecta (Mi Banco), host r4conecta.mibanco.com.ve, commerce token and HMAC-SHA256
 *   signed notifications ("R4notifica"); no public official document, the shape is minimal.
 */
export const FALLBACK_PROVIDERS: Record<BankProvider, Omit<ProviderInfo, 'available'>> = {
  bdv: {
    provider: 'bdv',
    label: 'Banco de Venezuela — API de Conciliación',
    hosts: ['bdvconciliacion.banvenez.com', 'bdvconciliacionqa.banvenez.com:444'],
    credentialFields: [{ name: 'apiKey', label: 'Clave de la API (X-API-Key)' }],
    capabilities: { ...none, verify: true },
  },
  mercantil: {
    provider: 'mercantil',
    label: 'Mercantil — Búsqueda de Pagos Móviles y C2P',
    hosts: ['apimbu.mercantilbanco.com'],
    credentialFields: [
      { name: 'clientId', label: 'Client ID (X-IBM-Client-ID)' },
      { name: 'secretKey', label: 'Clave secreta de cifrado' },
      { name: 'merchantId', label: 'Código de comercio (merchantId)' },
      { name: 'integratorId', label: 'Código de integrador (integratorId)' },
      { name: 'terminalId', label: 'Terminal (terminalId)' },
    ],
    capabilities: { verify: true, charge: true, requestKey: true, notify: false, payout: true },
  },
  r4: {
    provider: 'r4',
    label: 'R4 Conecta — notificaciones de Pago Móvil',
    hosts: ['r4conecta.mibanco.com.ve'],
    credentialFields: [
      { name: 'commerceToken', label: 'Token del comercio' },
      { name: 'hmacKey', label: 'Clave HMAC de las notificaciones' },
    ],
    capabilities: { ...none, verify: true, notify: true },
  },
};

/** A provider as staff configure it: the registered connector's facts, else the fallback row. */
export function providerInfo(p: BankProvider): ProviderInfo {
  const c = connectorFor(p);
  if (c)
    return {
      provider: p,
      label: c.label,
      hosts: c.hosts,
      credentialFields: c.credentialFields,
      capabilities: c.capabilities,
      available: true,
    };
  return { ...FALLBACK_PROVIDERS[p], available: false };
}
