/**
 * Payloads that carry their own JSON text (decision 035). A service that already built the JSON
 * of a payload (the player views of a move: games/view.ts `seatViewsJson`) attaches it with
 * `attachJson`; the packet encoder (transport-refusals.ts) then writes that text instead of
 * serialising the object again. The text sits under a symbol key, not enumerable: JSON.stringify,
 * object spreads and the Redis adapter (between nodes) see only the object, so any copy of the
 * payload is serialised whole and stays correct. The caller guarantees that the text is exactly
 * JSON.stringify(payload).
 */
export const PRESERIALISED_JSON: unique symbol = Symbol.for('domino.preserialisedJson');

/** `payload` with its JSON text attached (returns the same object). */
export function attachJson<T extends object>(payload: T, json: string): T {
  Object.defineProperty(payload, PRESERIALISED_JSON, { value: json, enumerable: false });
  return payload;
}

/** The JSON text attached to `payload`, if any. */
export function attachedJson(payload: unknown): string | undefined {
  if (!payload || typeof payload !== 'object') return undefined;
  const text = (payload as { [PRESERIALISED_JSON]?: unknown })[PRESERIALISED_JSON];
  return typeof text === 'string' ? text : undefined;
}

/**
 * The JSON text attached to an event's one payload, when `data` is a packet's `[event, payload]`
 * (the player views of a move); otherwise undefined.
 */
export function attachedEventJson(data: unknown): string | undefined {
  return Array.isArray(data) && data.length === 2 ? attachedJson(data[1]) : undefined;
}
