/**
 * Normalises a list response (docs/product.md §7): a bare array, or an object holding the array
 * under one of `keys` (by default `data`, `games`, `tables`). Returns null for any other shape.
 * The web reads every list answer through it; the server's contract test reads the real answers
 * through it too (apps/server/src/test/web-contract.test.ts).
 */
export function normaliseList(
  body: unknown,
  keys: readonly string[] = ['data', 'games', 'tables'],
): unknown[] | null {
  if (Array.isArray(body)) return body;
  if (typeof body !== 'object' || body === null) return null;
  for (const key of keys) {
    const value = (body as Record<string, unknown>)[key];
    if (Array.isArray(value)) return value;
  }
  return null;
}
