/**
 * Bank connectors, staff side (docs/decisions/051-bank-connectors.md): each recharge account may
 * be connected to its bank's API (Banco de Venezuela, Mercantil, R4) so that Pago Móvil recharges
 * are verified, charged (C2P) or notified in seconds. Staff choose the provider, its base URL,
 * the credentials (write-only: never answered back, only their names) and what the connector may
 * do; every call to a bank is listed for them.
 *
 * Change policy: the web builds against this file; changes stay additive.
 */
import { z } from 'zod';

/** The providers a recharge account can be connected to (same list as the server's connector.ts). */
export const BANK_CONNECTOR_PROVIDERS = ['bdv', 'mercantil', 'r4'] as const;
export type BankConnectorProvider = (typeof BANK_CONNECTOR_PROVIDERS)[number];

/**
 * What staff may turn on for a connector, each only when the provider can: verify a Pago Móvil
 * received (P2C), charge with a payment key (C2P; includes asking the bank to send the key by SMS
 * where the provider needs it), receive signed notifications, pay withdrawals (outgoing Pago Móvil).
 */
export const BANK_CONNECTOR_CAPABILITIES = ['verify', 'charge', 'notify', 'payout'] as const;
export type BankConnectorCapability = (typeof BANK_CONNECTOR_CAPABILITIES)[number];

export const BANK_CONNECTOR_CAPABILITY_LABELS: Record<BankConnectorCapability, string> = {
  verify: 'Verificar Pago Móvil recibido',
  charge: 'Cobrar con clave de pago (C2P)',
  notify: 'Recibir notificaciones del banco',
  payout: 'Pagar retiros por Pago Móvil',
};

/** How one call to a bank ended (bank_connector_calls.outcome). */
export const BANK_CALL_OUTCOMES = [
  'ok',
  'not_found',
  'declined',
  'refused',
  'unavailable',
  'error',
] as const;
export type BankCallOutcome = (typeof BANK_CALL_OUTCOMES)[number];

export const BANK_CALL_OUTCOME_LABELS: Record<BankCallOutcome, string> = {
  ok: 'Correcta',
  not_found: 'No encontrado',
  declined: 'Rechazada por el banco',
  refused: 'Credenciales rechazadas',
  unavailable: 'Sin respuesta',
  error: 'Error',
};

/** Longest base URL and credential value staff may type. */
export const BANK_BASE_URL_MAX = 300;
export const BANK_CREDENTIAL_MAX = 1000;

export const MSG_BANKING = {
  accountNotFound: 'La cuenta de recarga no existe.',
  notConnected: 'Esta cuenta no tiene conexión bancaria.',
  providerInvalid: 'Elige un banco de la lista.',
  baseUrlRequired: 'Indica la dirección de la API del banco.',
  baseUrlTooLong: `La dirección no puede tener más de ${BANK_BASE_URL_MAX} caracteres.`,
  urlInvalid: 'La dirección no es una URL válida.',
  urlNotHttps: 'La dirección debe empezar por https://.',
  urlUserinfo: 'La dirección no puede llevar usuario ni contraseña.',
  urlIpLiteral: 'La dirección debe usar el nombre del banco, no una dirección IP.',
  urlPort: 'La dirección no puede indicar un puerto distinto de 443.',
  urlDotDot: 'La dirección no puede contener «..».',
  urlQuery: 'La dirección no puede llevar parámetros (?) ni fragmentos (#).',
  urlCharacters: 'La dirección contiene espacios o caracteres no permitidos.',
  /** `hosts`: the allowed hosts, already joined with ", ". */
  urlHost: (label: string, hosts: string) =>
    `Esa dirección no es de ${label}. Direcciones permitidas: ${hosts}.`,
  credentialUnknown: (name: string) => `Este banco no usa la credencial «${name}».`,
  credentialTooLong: `Cada credencial puede tener hasta ${BANK_CREDENTIAL_MAX} caracteres.`,
  /** `labels`: the missing credentials' labels, already joined with ", ". */
  credentialsMissing: (labels: string) =>
    `Para activar la conexión faltan estas credenciales: ${labels}.`,
  capabilityUnsupported: (label: string) =>
    `Este banco no permite: ${String(label).toLowerCase()}.`,
  vaultUnavailable:
    'El servidor no puede guardar credenciales bancarias: falta la clave de cifrado ' +
    '(la variable «BANK_CREDENTIALS_KEY»). Pide a quien administra el servidor que la configure.',
  providerUnavailable: 'La conexión con este banco aún no está disponible en el servidor.',
  testUnsupported: 'Este banco no permite una consulta de prueba.',
  testCredentialsUnreadable:
    'No pudimos leer las credenciales guardadas (la clave de cifrado cambió). Escríbelas de nuevo.',
  testOk:
    'La conexión funciona: el banco respondió y no encontró la referencia de prueba, como se esperaba.',
  testFound:
    'El banco respondió, pero encontró un movimiento con la referencia de prueba. Revísalo.',
  testRefused: (detail: string) =>
    `El banco rechazó las credenciales o la configuración: ${detail}`,
  testUnavailable: (detail: string) => `No pudimos comunicarnos con el banco: ${detail}`,
  saved: 'Conexión bancaria guardada',
  deleted: 'Conexión bancaria eliminada',
  httpTimeout: (ms: number) => `El banco no respondió en ${ms} ms.`,
  httpNetwork: 'No se pudo conectar con el banco.',
  httpTooLarge: 'La respuesta del banco es demasiado grande.',
  httpOtherOrigin: 'La llamada apunta fuera de la dirección configurada del banco.',
} as const;

/** Spanish labels of this module's audit actions (merged into AUDIT_ACTION_LABELS). */
export const BANKING_AUDIT_ACTION_LABELS: Record<string, string> = {
  'bank_connector.create': 'Conexión bancaria creada',
  'bank_connector.update': 'Conexión bancaria modificada',
  'bank_connector.delete': 'Conexión bancaria eliminada',
};

const capabilitiesSchema = z.object({
  verify: z.boolean(),
  charge: z.boolean(),
  notify: z.boolean(),
  payout: z.boolean(),
});
export type BankConnectorCapabilities = z.infer<typeof capabilitiesSchema>;

/**
 * PUT /api/admin/recharge-accounts/{id}/bank-connector. `credentials` are write-only: a field
 * omitted or empty keeps its stored value; names are the provider's credential fields.
 */
export const bankConnectorInputSchema = z.object({
  provider: z.enum(BANK_CONNECTOR_PROVIDERS, { error: MSG_BANKING.providerInvalid }),
  base_url: z
    .string({ error: MSG_BANKING.baseUrlRequired })
    .trim()
    .min(1, MSG_BANKING.baseUrlRequired)
    .max(BANK_BASE_URL_MAX, MSG_BANKING.baseUrlTooLong),
  credentials: z
    .record(
      z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/),
      z.string().max(BANK_CREDENTIAL_MAX, MSG_BANKING.credentialTooLong),
    )
    .default({}),
  enabled: z.boolean(),
  capabilities: capabilitiesSchema,
});
export type BankConnectorInput = z.input<typeof bankConnectorInputSchema>;

/** A provider as the staff form offers it. `available`: its implementation is on the server. */
export const bankProviderSchema = z.object({
  provider: z.enum(BANK_CONNECTOR_PROVIDERS),
  label: z.string(),
  hosts: z.array(z.string()),
  credential_fields: z.array(z.object({ name: z.string(), label: z.string() })),
  capabilities: capabilitiesSchema,
  available: z.boolean(),
});
export type BankProviderInfo = z.infer<typeof bankProviderSchema>;

/** One call to a bank (bank_connector_calls). `detail` is redacted, at most 300 characters. */
export const bankConnectorCallSchema = z.object({
  id: z.number().int(),
  operation: z.string(),
  started_at: z.string(),
  duration_ms: z.number().int(),
  outcome: z.enum(BANK_CALL_OUTCOMES),
  http_status: z.number().int().nullable(),
  detail: z.string().nullable(),
  related_type: z.string().nullable(),
  related_id: z.number().int().nullable(),
});
export type BankConnectorCall = z.infer<typeof bankConnectorCallSchema>;

/** A stored connector: never its credentials, only their names. */
export const bankConnectorSchema = z.object({
  id: z.number().int(),
  provider: z.enum(BANK_CONNECTOR_PROVIDERS),
  base_url: z.string(),
  enabled: z.boolean(),
  capabilities: capabilitiesSchema,
  credentials_set: z.array(z.string()),
  /** False when the stored credentials cannot be opened with this server's key. */
  credentials_readable: z.boolean(),
  /** Where the bank sends its notifications (null when the provider sends none). */
  notification_url: z.string().nullable(),
  updated_at: z.string(),
});
export type BankConnectorView = z.infer<typeof bankConnectorSchema>;

export const bankConnectorAccountSchema = z.object({
  id: z.number().int(),
  bank_code: z.string(),
  bank_name: z.string(),
  account_number: z.string(),
  holder_name: z.string(),
  phone: z.string(),
  active: z.boolean(),
  connector: bankConnectorSchema.nullable(),
  /** The account's last 20 calls to its bank, newest first. */
  calls: z.array(bankConnectorCallSchema),
});
export type BankConnectorAccount = z.infer<typeof bankConnectorAccountSchema>;

export const bankConnectorListSchema = z.object({
  providers: z.array(bankProviderSchema),
  accounts: z.array(bankConnectorAccountSchema),
  /** The bank simulator's origin a base URL may point at besides the banks (null: none). */
  simulator_origin: z.string().nullable(),
});
export type BankConnectorList = z.infer<typeof bankConnectorListSchema>;

export const bankConnectorSavedSchema = z.object({
  message: z.string(),
  account: bankConnectorAccountSchema,
});

export const bankConnectorTestSchema = z.object({
  outcome: z.enum(BANK_CALL_OUTCOMES),
  message: z.string(),
});
export type BankConnectorTestResult = z.infer<typeof bankConnectorTestSchema>;

export const BANKING_ROUTES = {
  list: '/api/admin/bank-connectors',
  connector: (accountId: number | string) =>
    `/api/admin/recharge-accounts/${accountId}/bank-connector`,
  test: (accountId: number | string) =>
    `/api/admin/recharge-accounts/${accountId}/bank-connector/test`,
  /** Where a bank posts its notifications (served by the notifications part). */
  notification: (token: string) => `/api/bank-notifications/${token}`,
} as const;
