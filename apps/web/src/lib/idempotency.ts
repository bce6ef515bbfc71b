/**
 * Idempotency keys for money-moving requests (docs/architecture.md#how-a-payment-flows: every transfer has an id that makes a retry
 * harmless). One key per form submission: a retry of the same values reuses it, so a request that
 * reached the server but whose answer was lost is not applied twice; changed values get a new key.
 */

/** A random RFC 4122 version-4 UUID. Uses crypto.randomUUID when available (secure contexts). */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface KeyedSubmission {
  key: string;
  /** A stable description of the submitted values (e.g. JSON of the payload). */
  fingerprint: string;
}

/**
 * The key for a submission of `fingerprint`: the previous key when the values are unchanged (a
 * retry), else a fresh one.
 */
export function keyForSubmission(
  previous: KeyedSubmission | null,
  fingerprint: string,
  make: () => string = newIdempotencyKey,
): KeyedSubmission {
  if (previous && previous.fingerprint === fingerprint) return previous;
  return { key: make(), fingerprint };
}
