/**
 * The bank connector interface (docs/decisions/051-bank-connectors.md): what the platform asks
 * of a bank for one recharge account, whatever the bank's protocol. One implementation per
 * provider lives in ./providers (each cites the published request and response shapes it
 * speaks); ./simulator is "Banco de pruebas", which speaks every provider's protocol with
 * controllable faults, for `npm start`, the tests and the bench.
 *
 * Units: amounts in integer céntimos; `day` is the bank's calendar day, `YYYY-MM-DD`, in
 * America/Caracas; phones are the 11 digits a player types ("04127072340"); bank codes are the
 * four-digit codes of docs/product.md (e.g. "0102" Banco de Venezuela, "0105" Mercantil).
 *
 * A connector never throws for what the bank answered: every answer is a result value. It
 * throws only for a programming error. Network failures, timeouts, 5xx and unreadable bodies are
 * `{ kind: 'unavailable' }` (the caller retries with backoff). Credentials are never logged,
 * never put in an error detail and never returned to a client; `detail` strings are for staff
 * (Spanish, short, no secrets), `bankCode`/`bankMessage` are the bank's own words.
 */

/** The providers a recharge account can be connected to. */
export const BANK_PROVIDERS = ['bdv', 'mercantil', 'r4'] as const;
export type BankProvider = (typeof BANK_PROVIDERS)[number];

/** What a provider can do for an account. */
export interface ConnectorCapabilities {
  /** Look up a Pago Móvil received (P2C) by reference, amount, day and payer phone. */
  verify: boolean;
  /** Charge the payer's account with a one-time payment key (C2P). */
  charge: boolean;
  /** Ask the bank to send the payer a payment key by SMS (before a C2P charge). */
  requestKey: boolean;
  /** Receive signed notifications of each Pago Móvil received. */
  notify: boolean;
  /** Send a Pago Móvil from the platform's account to a player (withdrawals). */
  payout: boolean;
}

/** The platform account a connector acts for, as stored in `recharge_accounts`. */
export interface ConnectedAccount {
  rechargeAccountId: number;
  bankCode: string;
  accountNumber: string;
  phone: string;
  typeIdentification: string;
  nIdentification: string;
}

/** A connector's configuration for one account (decrypted credentials; keep in memory only). */
export interface ConnectorConfig {
  provider: BankProvider;
  /** https origin of the provider (or the simulator's origin, see ./url-policy.ts). */
  baseUrl: string;
  /** Provider-specific secrets and ids (client id, secret key, merchant id, HMAC key…). */
  credentials: Record<string, string>;
  account: ConnectedAccount;
}

/** One movement as the bank reports it. */
export interface BankMovement {
  reference: string;
  day: string;
  amountCents: number;
  payerPhone: string | null;
  payerBankCode: string | null;
  payerIdentification: string | null;
}

/** A Pago Móvil the player says they sent (from their recharge request). */
export interface MovementQuery {
  reference: string;
  amountCents: number;
  day: string;
  payerPhone: string;
  payerBankCode: string;
}

export type VerifyResult =
  | { kind: 'verified'; movement: BankMovement }
  /** The bank has no such movement (yet): retried until the recharge's verification window ends. */
  | { kind: 'not_found'; bankCode?: string; bankMessage?: string }
  /** The bank has the reference but not as the player declared it (amount, phone, day). */
  | { kind: 'mismatch'; movement: BankMovement; detail: string }
  /** Credentials or configuration refused by the bank: staff must act, retries will not help. */
  | { kind: 'refused'; bankCode?: string; bankMessage?: string; detail: string }
  | { kind: 'unavailable'; detail: string };

/** A C2P charge: the payer's data and the key their bank sent them by SMS. */
export interface ChargeRequest {
  /** Our idempotency key for the charge (also sent as the invoice number where the API has one). */
  invoice: string;
  amountCents: number;
  payerPhone: string;
  payerTypeIdentification: string;
  payerNIdentification: string;
  payerBankCode: string;
  /** The one-time payment key (never stored, never logged). */
  paymentKey: string;
}

export type ChargeResult =
  | { kind: 'approved'; movement: BankMovement }
  /** The bank refused: `reason` is a clear Spanish sentence for the player. */
  | { kind: 'declined'; bankCode: string; bankMessage: string; reason: string }
  /** Outcome unknown (timeout, 5xx after sending): resolve with `findCharge` before anything else. */
  | { kind: 'unavailable'; detail: string };

export type FindChargeResult =
  | { kind: 'found'; movement: BankMovement }
  | { kind: 'not_found' }
  | { kind: 'unavailable'; detail: string };

export interface KeyRequest {
  payerPhone: string;
  payerTypeIdentification: string;
  payerNIdentification: string;
  payerBankCode: string;
  amountCents: number;
}

export type KeyRequestResult =
  | { kind: 'sent' }
  | { kind: 'declined'; bankCode: string; bankMessage: string; reason: string }
  | { kind: 'unavailable'; detail: string };

/** A Pago Móvil from the platform to a player (a withdrawal). */
export interface PayoutRequest {
  /** Our idempotency key (e.g. `withdrawal:42`). */
  invoice: string;
  amountCents: number;
  payeePhone: string;
  payeeTypeIdentification: string;
  payeeNIdentification: string;
  payeeBankCode: string;
  concept: string;
}

export type PayoutResult =
  | { kind: 'paid'; reference: string }
  | { kind: 'declined'; bankCode: string; bankMessage: string; reason: string }
  /** Outcome unknown: never retried blindly; staff or a later lookup decide. */
  | { kind: 'unavailable'; detail: string };

/** An incoming bank notification, as the HTTP layer received it (raw body for the signature). */
export interface IncomingNotification {
  headers: Record<string, string | undefined>;
  rawBody: Buffer;
}

export type NotificationResult =
  | { kind: 'movement'; movement: BankMovement; /** what the bank expects back */ reply: unknown }
  | { kind: 'ignored'; reply: unknown }
  | { kind: 'bad_signature' }
  | { kind: 'malformed'; detail: string };

/**
 * How a connector talks HTTP: the caller's fetch with a time limit, the connector-call audit
 * (`bank_connector_calls`) and secret redaction. `operation` names the call for the audit.
 */
export type BankHttp = (
  operation: string,
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
) => Promise<
  { ok: true; status: number; body: string } | { ok: false; detail: string /* timeout, network */ }
>;

/**
 * One provider's implementation. Methods exist exactly when the capability is true.
 * Every method is safe to call concurrently and keeps no state between calls.
 */
export interface BankConnector {
  provider: BankProvider;
  /** Spanish name for staff, e.g. "Banco de Venezuela — API de Conciliación". */
  label: string;
  /** Hosts a production base URL may point at (https only); see ./url-policy.ts. */
  hosts: readonly string[];
  /** Credential field names this provider needs, with Spanish labels for the staff form. */
  credentialFields: readonly { name: string; label: string }[];
  capabilities: ConnectorCapabilities;
  verify?(cfg: ConnectorConfig, q: MovementQuery, http: BankHttp): Promise<VerifyResult>;
  requestKey?(cfg: ConnectorConfig, r: KeyRequest, http: BankHttp): Promise<KeyRequestResult>;
  charge?(cfg: ConnectorConfig, c: ChargeRequest, http: BankHttp): Promise<ChargeResult>;
  findCharge?(cfg: ConnectorConfig, c: ChargeRequest, http: BankHttp): Promise<FindChargeResult>;
  payout?(cfg: ConnectorConfig, p: PayoutRequest, http: BankHttp): Promise<PayoutResult>;
  notification?(cfg: ConnectorConfig, n: IncomingNotification): NotificationResult;
}
