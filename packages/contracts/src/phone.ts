/**
 * Venezuelan mobile numbers as people write them (docs/decisions/040-phones-usernames-adults.md).
 * One parser for the server and the web: every phone field (registration, profile, the staff's
 * Pago Móvil accounts) accepts the whole number in any of the usual shapes and stores it one way.
 *
 * Accepted: "04127072340", "0412-707.23.40", "0412 707 23 40", "(0412) 7072340",
 * "+58 412 7072340", "58 412-7072340", "00 58 412 7072340", "412 7072340" (no leading 0).
 * Separators are spaces, dots, dashes, slashes and parentheses; anything else is refused.
 * Stored: 11 digits, "04127072340". Shown: "0412-707.23.40".
 * A number is never cut to fit: too many digits is an error, not a shorter number.
 */
import { MSG } from './messages';

/**
 * Mobile operator prefixes in use (CONATEL's national numbering plan): Digitel 0412 and 0422
 * (the latter assigned in 2024), Movistar 0414 and 0424, Movilnet 0416 and 0426.
 */
export const MOBILE_PREFIXES = ['0412', '0414', '0416', '0422', '0424', '0426'] as const;
export type MobilePrefix = (typeof MOBILE_PREFIXES)[number];

/** Spanish messages of the phone rules (tú form). */
export const MSG_PHONE = {
  invalidCharacters:
    'El número de teléfono solo puede tener dígitos, espacios, puntos, guiones y el prefijo +58',
  tooShort:
    'El número de teléfono está incompleto: debe tener 11 dígitos, por ejemplo 0412-707.23.40',
  tooLong: 'El número de teléfono tiene dígitos de más: debe tener 11, por ejemplo 0412-707.23.40',
  unknownOperator: `El número debe empezar por un código de operadora móvil: ${MOBILE_PREFIXES.join(', ')}`,
} as const;

/** Outcome of parsing: the stored form, or the first problem as a Spanish message. */
export type PhoneParse = { ok: true; phone: string } | { ok: false; message: string };

const SEPARATORS = /[\s.\-/()]/g;

/**
 * Parses a phone as typed. Returns `{ ok: true, phone: "04127072340" }` or the first problem
 * (MSG.phoneRequired, then MSG_PHONE): invalidCharacters, tooShort, tooLong, unknownOperator. Pure.
 */
export function parsePhone(input: string): PhoneParse {
  const trimmed = input.trim();
  if (trimmed === '') return { ok: false, message: MSG.phoneRequired };
  const compact = trimmed.replace(SEPARATORS, '');
  if (!/^\+?\d+$/.test(compact)) return { ok: false, message: MSG_PHONE.invalidCharacters };
  let digits = compact.replace(/^\+/, '');
  const international = compact.startsWith('+') || digits.startsWith('0058');
  if (digits.startsWith('0058')) digits = digits.slice(4);
  else if (international) {
    if (!digits.startsWith('58')) return { ok: false, message: MSG_PHONE.unknownOperator };
    digits = digits.slice(2);
  } else if (digits.startsWith('58') && digits.length === 12) digits = digits.slice(2);
  // National numbers start with the trunk 0; an international or bare one does not.
  if (!digits.startsWith('0')) digits = `0${digits}`;
  if (digits.length < 4) return { ok: false, message: MSG_PHONE.tooShort };
  if (!(MOBILE_PREFIXES as readonly string[]).includes(digits.slice(0, 4)))
    return { ok: false, message: MSG_PHONE.unknownOperator };
  if (digits.length < 11) return { ok: false, message: MSG_PHONE.tooShort };
  if (digits.length > 11) return { ok: false, message: MSG_PHONE.tooLong };
  return { ok: true, phone: digits };
}

/** The stored form of a valid phone, or null. */
export function normalizePhone(input: string): string | null {
  const parsed = parsePhone(input);
  return parsed.ok ? parsed.phone : null;
}

/** Problems with a phone as typed (empty when valid): at most one Spanish message. */
export function phoneProblems(input: string): string[] {
  const parsed = parsePhone(input);
  return parsed.ok ? [] : [parsed.message];
}

/**
 * A phone for display: a valid one as "0412-707.23.40" (whatever shape it was typed in); anything
 * else unchanged, so a staff screen never hides what is stored.
 */
export function formatPhone(input: string): string {
  const phone = normalizePhone(input);
  if (!phone) return input;
  return `${phone.slice(0, 4)}-${phone.slice(4, 7)}.${phone.slice(7, 9)}.${phone.slice(9)}`;
}
