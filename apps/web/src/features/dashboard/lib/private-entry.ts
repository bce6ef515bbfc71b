import { INVITE_CODE_LENGTH, inviteCodeSchema } from '@domino/contracts';

/**
 * The dashboard's 'Unirme con código' field (docs/product.md "Mesas privadas"): what typing keeps,
 * and the check before going to /invitacion/{code}.
 */

/** What the field keeps of a keystroke or a paste: letters and digits, upper-cased, 6 at most. */
export function codeInput(raw: string): string {
  return raw
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, INVITE_CODE_LENGTH);
}

/**
 * The code to open, or the Spanish reason it is not one (contracts' inviteCodeSchema: 6
 * characters of the invitation alphabet, which has no 0, O, 1, I nor L).
 */
export function readInviteCode(
  raw: string,
): { ok: true; code: string } | { ok: false; error: string } {
  const parsed = inviteCodeSchema.safeParse(raw);
  if (parsed.success) return { ok: true, code: parsed.data };
  return { ok: false, error: parsed.error.issues[0]?.message ?? 'Código no válido' };
}
