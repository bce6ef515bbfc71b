import { timingSafeEqual, createHash } from 'node:crypto';
import {
  MSG_BANK_REASONS,
  MSG_BANK_STAFF,
  parseBolivaresString,
  type BankReasonKey,
} from '@domino/contracts';
import { caracasDate } from '../../../lib/time';
import type { BankHttp, ConnectorConfig } from '../connector';

/**
 * Helpers shared by the provider connectors (docs/banks.md): amounts, phones, identifications,
 * JSON bodies, the `unavailable` results and constant-time comparison. Nothing here knows a
 * provider's protocol.
 */

/**
 * Céntimos → the decimal string banks expect, with exactly two decimals and a dot:
 * 29 → "0.29", 123456789 → "1234567.89". Integer arithmetic only.
 * Throws RangeError for a negative or non-integer amount (a programming error).
 */
export function centsToDecimal(amountCents: number): string {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0)
    throw new RangeError(`not an amount of céntimos: ${amountCents}`);
  const whole = Math.floor(amountCents / 100);
  const frac = amountCents % 100;
  return `${whole}.${String(frac).padStart(2, '0')}`;
}

/**
 * Céntimos → a JSON number in bolívares for APIs that take numbers (Mercantil's `amount`).
 * Built from the exact decimal string, so 29 → 0.29 and 123456789 → 1234567.89 serialise as
 * written (every such value round-trips through its shortest decimal form).
 */
export function centsToJsonNumber(amountCents: number): number {
  return Number(centsToDecimal(amountCents));
}

/**
 * A bank's amount (string "120.00", "10", "1234567.89" or JSON number 120.5) → céntimos, or null
 * when it is not a plain non-negative amount with at most two decimals. No float arithmetic:
 * numbers are read through their shortest decimal form.
 */
export function amountToCents(value: unknown): number | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    return parseBolivaresString(String(value));
  }
  if (typeof value === 'string') return parseBolivaresString(value.trim());
  return null;
}

/** "04127072340" → "584127072340" (international form Mercantil uses). */
export function phoneToInternational(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.startsWith('58') && digits.length === 12) return digits;
  return `58${digits.replace(/^0/, '')}`;
}

/** "584127072340" or "04127072340" → "04127072340" (the 11 digits the platform stores). */
export function phoneToLocal(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.startsWith('58') && digits.length === 12) return `0${digits.slice(2)}`;
  return digits;
}

/** ("V", "12345678") → "V12345678": the form every documented API takes, no dash. */
export function identification(type: string, number: string): string {
  return `${type.trim().toUpperCase()}${number.replace(/\D/g, '')}`;
}

/** Only the digits of a reference ("00-1234" → "001234"). */
export function referenceDigits(reference: string): string {
  return reference.replace(/\D/g, '');
}

/**
 * Whether a bank's reference is the one the player typed: equal digits, or the bank's longer
 * reference ends with the player's (banks zero-pad or prefix; decision 033 reads the tail too).
 * At least 4 digits must be typed.
 */
export function sameReference(bankReference: string, typed: string): boolean {
  const bank = referenceDigits(bankReference);
  const player = referenceDigits(typed);
  if (player.length < 4 || bank.length === 0) return false;
  return bank === player || bank.endsWith(player) || player.endsWith(bank);
}

/** "0105" → 105 (Mercantil's numeric `destination_bank_id`). */
export function bankCodeToNumber(bankCode: string): number {
  return Number(bankCode.replace(/\D/g, ''));
}

/** 105 or "105" → "0105". */
export function bankCodeFromAny(value: unknown): string | null {
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  const digits = String(value).replace(/\D/g, '');
  if (digits.length === 0 || digits.length > 4) return null;
  return digits.padStart(4, '0');
}

/** Today's calendar day in Caracas, `YYYY-MM-DD`. */
export function caracasDay(at: Date = new Date()): string {
  const { year, month, day } = caracasDate(at);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Parses a JSON body; undefined when it is not JSON (callers answer `unavailable`). */
export function parseJson(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

/** A plain object, or null. */
export function asRecord(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** A string field, trimmed; numbers are turned into their decimal form; anything else null. */
export function str(value: unknown): string | null {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** Lower case, no accents, single spaces: for matching a bank's free-text message. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Constant-time equality of two secrets of any length: both sides are hashed first, so neither
 * the content nor the length leaks through timing.
 */
export function safeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a, 'utf8').digest();
  const hb = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(ha, hb) && a.length === b.length;
}

/** The named credential, or a thrown Error naming the field (never its value). */
export function credential(cfg: ConnectorConfig, name: string): string {
  const value = cfg.credentials[name];
  if (typeof value !== 'string' || value.length === 0)
    throw new Error(MSG_BANK_STAFF.configMissing(name));
  return value;
}

/**
 * One HTTP exchange through the caller's BankHttp, reduced to what a connector decides on: a
 * parsed JSON body (any 2xx or 4xx the bank answered in JSON), or an `unavailable` detail for
 * timeouts, network failures, redirects, 5xx and unreadable bodies.
 */
export async function exchange(
  http: BankHttp,
  operation: string,
  url: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<{ ok: true; status: number; json: unknown } | { ok: false; detail: string }> {
  const res = await http(operation, url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!res.ok) return { ok: false, detail: res.detail };
  if (res.status >= 500) return { ok: false, detail: MSG_BANK_STAFF.serverError(res.status) };
  // A redirect is not an answer (and is never followed: see fetchBankHttp).
  if (res.status >= 300 && res.status < 400)
    return { ok: false, detail: MSG_BANK_STAFF.unexpected };
  const json = parseJson(res.body);
  if (json === undefined) return { ok: false, detail: MSG_BANK_STAFF.unreadable };
  return { ok: true, status: res.status, json };
}

/** A decline result: the bank's own code and words, and the player's Spanish sentence. */
export function declined(
  bankCode: string,
  bankMessage: string,
  reasonKey: BankReasonKey,
): { kind: 'declined'; bankCode: string; bankMessage: string; reason: string } {
  return { kind: 'declined', bankCode, bankMessage, reason: MSG_BANK_REASONS[reasonKey] };
}

/** Largest bank answer read (bytes); a bank's JSON answers are a few kilobytes. */
const MAX_BODY_BYTES = 1_000_000;

/**
 * A BankHttp on the global fetch with a time limit, without the audit: for the simulator tests,
 * the bench and scripts. It never follows redirects and reads at most 1 MB. The server's own
 * BankHttp (audit, redaction) must keep both rules.
 */
export function fetchBankHttp(timeoutMs: number): BankHttp {
  return async (_operation, url, init) => {
    try {
      const res = await fetch(url, {
        method: init.method,
        headers: init.headers,
        body: init.body,
        // Never follow a redirect: it would carry the credential headers to another place.
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (Number(res.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) {
        await res.body?.cancel();
        return { ok: false, detail: MSG_BANK_STAFF.unreadable };
      }
      const body = await res.text();
      if (body.length > MAX_BODY_BYTES) return { ok: false, detail: MSG_BANK_STAFF.unreadable };
      return { ok: true, status: res.status, body };
    } catch (err) {
      const name = err instanceof Error ? err.name : '';
      return {
        ok: false,
        detail:
          name === 'TimeoutError' || name === 'AbortError'
            ? MSG_BANK_STAFF.timeout
            : MSG_BANK_STAFF.network,
      };
    }
  };
}
