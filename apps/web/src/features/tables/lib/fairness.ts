import { MSG_FAIRNESS, clientSeedSchema, type TableDetail } from '@domino/contracts';
import { isApiError } from '../../../lib/api';

/**
 * Pure rules of the waiting room's fairness panel (decision 015): which commitment the player saw
 * before their match, and how a client seed typed in the room is checked and refused.
 */

/**
 * The commitment the room keeps as "what the player saw before the start", given the previous one
 * and a fresh table snapshot:
 * - while the table waits (no game), the first commitment shown is kept (a later one would only
 *   differ if the server broke its promise, and then the earlier one is the evidence);
 * - when a match exists and `seatedInIt` is false, that match is someone else's: forget (the next
 *   round brings a new commitment);
 * - when the player's own match exists, keep what was seen, or the match's commitment when the
 *   room was opened only after the table filled.
 */
export function seenCommitment(
  previous: string | null,
  table: Pick<TableDetail, 'commitment' | 'game_id'>,
  seatedInIt: boolean,
): string | null {
  if (table.game_id === null) return previous ?? table.commitment;
  if (!seatedInIt) return null;
  return previous ?? table.commitment;
}

/**
 * Checks a typed seed with the server's own rule (clientSeedSchema). Returns the trimmed seed, or
 * the Spanish message to show under the field.
 */
export function checkClientSeed(
  text: string,
): { ok: true; seed: string } | { ok: false; error: string } {
  const parsed = clientSeedSchema.safeParse(text);
  if (parsed.success) return { ok: true, seed: parsed.data };
  return { ok: false, error: parsed.error.issues[0]?.message ?? MSG_FAIRNESS.seedChars };
}

/** The message under the seed field for a refused save: the field's error, or the server's text. */
export function seedSaveError(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  return error.fieldErrors.client_seed?.[0] ?? error.message;
}
