import { eq, sql } from 'drizzle-orm';
import { MSG_BANKING } from '@domino/contracts';
import type { BankCallOutcome } from '@domino/contracts';
import type { Db, Executor } from '../../db/client';
import { bankConnectorCalls, bankConnectors, banks, rechargeAccounts } from '../../db/schema';
import type { BankHttp, ConnectorCapabilities, ConnectorConfig } from './connector';
import { providerInfo } from './registry';
import { isUnderBase } from './url-policy';
import type { BankVault } from './vault';

export {
  connectorFor,
  connectorProviders,
  registerConnector,
  unregisterConnector,
} from './registry';

/**
 * A connector's runtime configuration (docs/decisions/051-bank-connectors.md "Configuration and
 * secrets"): loading it with its credentials opened in memory, and the HTTP function connectors
 * call banks through (time limit, one `bank_connector_calls` row per call, secrets redacted).
 */

/** A loaded connector: what a provider needs, plus its row id and what staff turned on. */
export interface LoadedConnector extends ConnectorConfig {
  connectorId: number;
  /** Staff's switches, already limited to what the provider can (requestKey follows charge). */
  enabled: ConnectorCapabilities;
}

/** Default time limit of one bank call (BANK_HTTP_TIMEOUT_MS overrides it). */
export const DEFAULT_BANK_TIMEOUT_MS = 8000;
/** Largest bank response read; more is `unavailable` (a bank answers a few kilobytes). */
export const MAX_BANK_RESPONSE_BYTES = 1_048_576;
/** Longest `detail` stored for a call. */
export const CALL_DETAIL_MAX = 300;

/**
 * What staff enabled, limited to what the provider supports. `requestKey` (the payment key sent
 * by SMS before a C2P charge) is part of charging: on exactly when `charge` is.
 */
export function effectiveCapabilities(
  supported: ConnectorCapabilities,
  row: {
    verifyEnabled: boolean;
    chargeEnabled: boolean;
    notifyEnabled: boolean;
    payoutEnabled: boolean;
  },
): ConnectorCapabilities {
  return {
    verify: supported.verify && row.verifyEnabled,
    charge: supported.charge && row.chargeEnabled,
    requestKey: supported.requestKey && supported.charge && row.chargeEnabled,
    notify: supported.notify && row.notifyEnabled,
    payout: supported.payout && row.payoutEnabled,
  };
}

/**
 * Reads one connector row with its account and opens its credentials. `includeDisabled` is for
 * the staff test call; 'unreadable' when the credentials do not open with this server's key.
 */
export async function readConnector(
  db: Executor,
  where: ReturnType<typeof eq>,
  vault: BankVault,
  includeDisabled = false,
): Promise<LoadedConnector | null | 'unreadable'> {
  const [row] = await db
    .select({ c: bankConnectors, a: rechargeAccounts, bankCode: banks.code })
    .from(bankConnectors)
    .innerJoin(rechargeAccounts, eq(rechargeAccounts.id, bankConnectors.rechargeAccountId))
    .innerJoin(banks, eq(banks.id, rechargeAccounts.bankId))
    .where(where);
  if (!row || (!row.c.enabled && !includeDisabled)) return null;
  let credentials: Record<string, string> = {};
  if (row.c.credentialsCiphertext !== null) {
    try {
      credentials = vault.open(row.c.credentialsCiphertext, row.a.id);
    } catch {
      return 'unreadable';
    }
  }
  return {
    connectorId: row.c.id,
    provider: row.c.provider,
    baseUrl: row.c.baseUrl,
    credentials,
    account: {
      rechargeAccountId: row.a.id,
      bankCode: row.bankCode,
      accountNumber: row.a.accountNumber,
      phone: row.a.phone,
      typeIdentification: row.a.typeIdentification,
      nIdentification: row.a.nIdentification,
    },
    enabled: effectiveCapabilities(providerInfo(row.c.provider).capabilities, row.c),
  };
}

/**
 * The enabled connector of a recharge account with its credentials opened, or null when the
 * account has none, it is disabled, or its credentials cannot be opened with this server's key
 * (then recharges simply go to staff as before). Keep the result in memory only; never log it.
 */
export async function loadConnector(
  db: Executor,
  rechargeAccountId: number,
  vault: BankVault,
): Promise<LoadedConnector | null> {
  const c = await readConnector(db, eq(bankConnectors.rechargeAccountId, rechargeAccountId), vault);
  // Unreadable credentials (key changed or missing): the connector cannot work, so it is as if
  // off; the staff page shows `credentials_readable: false` and asks for them again.
  return c === 'unreadable' ? null : c;
}

/** The enabled connector whose notification URL ends in `token` (see loadConnector). */
export async function loadConnectorByToken(
  db: Executor,
  token: string,
  vault: BankVault,
): Promise<LoadedConnector | null> {
  const c = await readConnector(db, eq(bankConnectors.notificationToken, token), vault);
  return c === 'unreadable' ? null : c;
}

/** The path of a connector's notification URL (append it to PUBLIC_URL). */
export const notificationPath = (token: string) => `/api/bank-notifications/${token}`;

/**
 * Replaces every occurrence of a secret (as is, JSON-escaped and percent-encoded) with
 * `[oculto]`, then cuts to `max` characters. Secrets shorter than 4 characters are not
 * searched for (they would blank out ordinary digits); provider credentials are longer.
 */
export function redact(text: string, secrets: readonly string[], max = CALL_DETAIL_MAX): string {
  let out = text;
  const forms = new Set<string>();
  for (const s of secrets) {
    if (s.length < 4) continue;
    forms.add(s);
    forms.add(JSON.stringify(s).slice(1, -1));
    forms.add(encodeURIComponent(s));
  }
  // Longest first, so a secret containing another is replaced whole.
  for (const f of [...forms].sort((a, b) => b.length - a.length))
    out = out.split(f).join('[oculto]');
  return out.length > max ? `${out.slice(0, max - 1)}…` : out;
}

/** What a call or a connector's result was made for. */
export interface CallRelated {
  type: 'recharge' | 'withdrawal';
  id: number;
}

/** A connector result, as far as the call log needs it. */
export type ResultLike = { kind: string; detail?: string; bankCode?: string; bankMessage?: string };

/** The call-log outcome of a connector's result kind (see connector.ts). */
export function outcomeOfResult(kind: string): BankCallOutcome {
  switch (kind) {
    case 'verified':
    case 'approved':
    case 'found':
    case 'sent':
    case 'paid':
    case 'movement':
    case 'ignored':
    case 'mismatch':
      return 'ok';
    case 'not_found':
      return 'not_found';
    case 'declined':
      return 'declined';
    case 'refused':
    case 'bad_signature':
      return 'refused';
    case 'unavailable':
      return 'unavailable';
    default:
      return 'error';
  }
}

/** The HTTP-level outcome, before the connector reads the body (settle() refines it). */
function httpOutcome(status: number): BankCallOutcome {
  if (status >= 200 && status < 300) return 'ok';
  if (status === 401 || status === 403) return 'refused';
  if (status === 404) return 'not_found';
  if (status >= 500 || status === 429 || status === 408) return 'unavailable';
  return 'error';
}

/** A BankHttp that also lets the caller record the connector's reading of the last call. */
export type RecordedBankHttp = BankHttp & {
  /**
   * Records the connector's result on the last call made through this function (its outcome and
   * a short detail: bank code and message, or the result's detail, redacted). No call: no-op.
   */
  settle(result: ResultLike): Promise<void>;
  /** Ids of the call rows written so far, in order. */
  readonly callIds: readonly number[];
};

export interface BankHttpOptions {
  /** The connector's base URL: calls elsewhere are refused without being sent. */
  baseUrl: string;
  /** Values to redact from every stored detail (the credentials, a payment key…). */
  secrets: readonly string[];
  /** Time limit for the whole call, body included (default 8000; pass BANK_HTTP_TIMEOUT_MS). */
  timeoutMs?: number;
  /** The fetch to use (tests pass a fake; default the global fetch). */
  fetch?: typeof fetch;
  /** Told when a call row could not be written (the call's answer still stands). */
  onRecordError?: (err: unknown) => void;
}

async function readCapped(res: Response, max: number): Promise<string | null> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The BankHttp of one connector (see connector.ts): fetches with a time limit covering the body,
 * never follows redirects (a 3xx is answered as is), refuses URLs outside `opts.baseUrl`, and
 * writes one `bank_connector_calls` row per call with `db` — the pool, never the caller's
 * transaction, so the log survives a rollback. Do not call it while holding a transaction: a
 * bank may take seconds, and on the embedded database (one connection) the log write would wait
 * for that transaction.
 *
 * Answers `{ ok: true, status, body }` for any HTTP answer, `{ ok: false, detail }` (Spanish, for
 * staff, no secrets) for a timeout, a network failure, an oversized body or a refused URL.
 */
export function makeBankHttp(
  db: Db,
  connectorId: number,
  related: CallRelated | undefined,
  opts: BankHttpOptions,
): RecordedBankHttp {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_BANK_TIMEOUT_MS;
  const doFetch = opts.fetch ?? fetch;
  const callIds: number[] = [];

  const record = async (entry: {
    operation: string;
    startedAt: Date;
    durationMs: number;
    outcome: BankCallOutcome;
    httpStatus: number | null;
    detail: string | null;
  }) => {
    try {
      const [row] = await db
        .insert(bankConnectorCalls)
        .values({
          connectorId,
          rechargeAccountId: sql`(select recharge_account_id from bank_connectors where id = ${connectorId})`,
          operation: entry.operation.slice(0, 60),
          startedAt: entry.startedAt,
          durationMs: Math.max(0, Math.round(entry.durationMs)),
          outcome: entry.outcome,
          httpStatus: entry.httpStatus,
          detail: entry.detail === null ? null : redact(entry.detail, opts.secrets),
          relatedType: related?.type ?? null,
          relatedId: related?.id ?? null,
        })
        .returning({ id: bankConnectorCalls.id });
      if (row) callIds.push(row.id);
    } catch (err) {
      opts.onRecordError?.(err);
    }
  };

  const http = (async (operation, url, init) => {
    const startedAt = new Date();
    const t0 = performance.now();
    const fail = async (detail: string, outcome: BankCallOutcome = 'unavailable') => {
      await record({
        operation,
        startedAt,
        durationMs: performance.now() - t0,
        outcome,
        httpStatus: null,
        detail,
      });
      return { ok: false as const, detail: redact(detail, opts.secrets) };
    };
    if (!isUnderBase(opts.baseUrl, url)) return fail(MSG_BANKING.httpOtherOrigin, 'error');
    let status: number;
    let body: string | null;
    try {
      const res = await doFetch(url, {
        method: init.method,
        headers: init.headers,
        body: init.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = res.status;
      body = await readCapped(res, MAX_BANK_RESPONSE_BYTES);
    } catch (err) {
      const name = (err as { name?: string } | null)?.name;
      const timedOut = name === 'TimeoutError' || name === 'AbortError';
      return fail(timedOut ? MSG_BANKING.httpTimeout(timeoutMs) : MSG_BANKING.httpNetwork);
    }
    if (body === null) return fail(MSG_BANKING.httpTooLarge);
    const ok = status >= 200 && status < 300;
    await record({
      operation,
      startedAt,
      durationMs: performance.now() - t0,
      outcome: httpOutcome(status),
      httpStatus: status,
      detail: ok ? null : `HTTP ${status}${body ? `: ${body.replace(/\s+/g, ' ').trim()}` : ''}`,
    });
    return { ok: true as const, status, body };
  }) as RecordedBankHttp;

  http.settle = async (result) => {
    const id = callIds.at(-1);
    if (id === undefined) return;
    const words = [result.bankCode, result.bankMessage, result.detail].filter(
      (w): w is string => typeof w === 'string' && w !== '',
    );
    try {
      await db
        .update(bankConnectorCalls)
        .set({
          outcome: outcomeOfResult(result.kind),
          ...(words.length > 0 ? { detail: redact(words.join(' — '), opts.secrets) } : {}),
        })
        .where(eq(bankConnectorCalls.id, id));
    } catch (err) {
      opts.onRecordError?.(err);
    }
  };
  Object.defineProperty(http, 'callIds', { get: () => [...callIds] });
  return http;
}

/**
 * makeBankHttp for a loaded connector: its base URL, and every credential value redacted
 * (plus `extraSecrets`, e.g. a C2P payment key).
 */
export function httpFor(
  db: Db,
  connector: LoadedConnector,
  related: CallRelated | undefined,
  opts: { timeoutMs?: number; fetch?: typeof fetch; extraSecrets?: readonly string[] } = {},
): RecordedBankHttp {
  return makeBankHttp(db, connector.connectorId, related, {
    baseUrl: connector.baseUrl,
    secrets: [...Object.values(connector.credentials), ...(opts.extraSecrets ?? [])],
    timeoutMs: opts.timeoutMs,
    fetch: opts.fetch,
  });
}
