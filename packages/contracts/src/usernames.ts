import { z } from 'zod';
import { TIME_ZONE } from './constants';

/**
 * Usernames a player chooses, and the age declaration of registration
 * (docs/decisions/040-phones-usernames-adults.md). The username is what friends, invitees, rivals
 * and spectators see; it never comes from the e-mail.
 *
 * Rules (checked here, by server and web): 3-20 characters; letters a-z without accents, digits,
 * "_", "." and "-"; it starts with a letter; unique ignoring letter case. Reserved words (staff
 * roles, the platform's name) and the generated shape "jugador" + digits cannot be chosen. Words
 * that offend are refused by the server (modules/users/username-words.ts: a profanity library and
 * a Venezuelan list), so the web bundle does not carry the list.
 * Changing it: at most once every USERNAME_CHANGE_DAYS; an old name stays held for its owner
 * USERNAME_HOLD_DAYS, then anybody may take it.
 */

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
/** Days between two changes of a chosen username (the first choice after a generated one is free). */
export const USERNAME_CHANGE_DAYS = 30;
/** Days an abandoned username stays reserved for its former owner. */
export const USERNAME_HOLD_DAYS = 90;
/** Minimum age to play for money (Venezuelan law on games of chance; docs/decisions/040). */
export const ADULT_AGE = 18;

/**
 * Names nobody may choose: they would pass for the platform or its staff. Compared ignoring case
 * and the separators "_", "." and "-" ("Soporte.Domino" is refused as "soportedomino" contains
 * "soporte").
 */
export const RESERVED_USERNAME_WORDS = [
  'admin',
  'administrador',
  'soporte',
  'support',
  'domino',
  'staff',
  'moderador',
  'sistema',
  'oficial',
  'root',
] as const;

/** The shape of the neutral names given to accounts that have not chosen one ("jugador004217"). */
export const GENERATED_USERNAME_RE = /^jugador\d{6,}$/i;

/** Spanish messages of the username and age rules (tú form). */
export const MSG_USERNAME = {
  required: 'Elige un nombre de usuario',
  tooShort: `El nombre de usuario debe tener al menos ${USERNAME_MIN} caracteres`,
  tooLong: `El nombre de usuario no puede tener más de ${USERNAME_MAX} caracteres`,
  characters:
    'El nombre de usuario solo puede tener letras sin acentos, números y los signos _ . -',
  startLetter: 'El nombre de usuario debe empezar por una letra',
  reserved: 'Ese nombre de usuario está reservado. Elige otro',
  offensive: 'Ese nombre de usuario no está permitido. Elige otro',
  taken: 'Ese nombre de usuario ya está en uso. Elige otro',
  held: 'Ese nombre de usuario perteneció hace poco a otro jugador. Elige otro',
  same: 'Ese ya es tu nombre de usuario',
  tooSoon: (nextIso: string) =>
    `Solo puedes cambiar tu nombre de usuario una vez cada ${USERNAME_CHANGE_DAYS} días. Podrás cambiarlo de nuevo el ${caracasDay(nextIso)}.`,
  changed: 'Nombre de usuario actualizado',
  choosePrompt:
    'Tu nombre de usuario fue generado automáticamente. Elige el nombre con el que te verán tus amigos y rivales.',
  birthDateRequired: 'Indica tu fecha de nacimiento',
  birthDateInvalid: 'La fecha de nacimiento no es válida',
  underAge: `Debes ser mayor de ${ADULT_AGE} años para jugar en Dominó`,
  adultRequired: `Debes declarar que eres mayor de ${ADULT_AGE} años`,
  adultDeclarationLabel: `Declaro que soy mayor de ${ADULT_AGE} años`,
  adultDeclarationNeeded: `Antes de recargar o jugar con dinero, confirma tu fecha de nacimiento y declara que eres mayor de ${ADULT_AGE} años en tu perfil.`,
  adultSaved: 'Gracias. Ya puedes recargar y jugar con dinero.',
} as const;

function caracasDay(iso: string): string {
  return new Intl.DateTimeFormat('es-VE', {
    timeZone: 'America/Caracas',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(iso));
}

/** The form a username is compared in: lower case (uniqueness and holds ignore letter case). */
export function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}

/**
 * Problems with a username under the shape rules and reserved words (at most one Spanish
 * message; empty when it may be chosen). Offensive words and availability are the server's part.
 */
export function usernameProblems(input: string): string[] {
  const name = input.trim();
  if (name === '') return [MSG_USERNAME.required];
  if (name.length < USERNAME_MIN) return [MSG_USERNAME.tooShort];
  if (name.length > USERNAME_MAX) return [MSG_USERNAME.tooLong];
  if (!/^[A-Za-z0-9_.-]+$/.test(name)) return [MSG_USERNAME.characters];
  if (!/^[A-Za-z]/.test(name)) return [MSG_USERNAME.startLetter];
  const squashed = name.toLowerCase().replace(/[_.-]/g, '');
  if (
    GENERATED_USERNAME_RE.test(squashed) ||
    RESERVED_USERNAME_WORDS.some((word) => squashed.includes(word))
  )
    return [MSG_USERNAME.reserved];
  return [];
}

/**
 * Age in whole years on `today` (both "YYYY-MM-DD" calendar dates, Caracas), or null when
 * `birthDate` is not a real date or lies in the future.
 */
export function ageOn(birthDate: string, today: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate);
  const t = /^(\d{4})-(\d{2})-(\d{2})$/.exec(today);
  if (!m || !t) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d)
    return null;
  if (y < 1900 || birthDate > today) return null;
  const [ty, tm, td] = [Number(t[1]), Number(t[2]), Number(t[3])];
  return ty - y - (tm < mo || (tm === mo && td < d) ? 1 : 0);
}

/** The formatter of {@link caracasToday}, made on first use (a new one cost a render ~7 ms). */
let todayFormat: Intl.DateTimeFormat | undefined;

/** Today's calendar date in Caracas (TIME_ZONE, the business day) as "YYYY-MM-DD". */
export function caracasToday(now: Date = new Date()): string {
  todayFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return todayFormat.format(now);
}

/** Problems with a birth date and the 18+ declaration (at most one message per field). */
export function adultProblems(
  birthDate: string,
  declared: boolean,
  today: string = caracasToday(),
): { birth_date?: string; adult_declaration?: string } {
  const out: { birth_date?: string; adult_declaration?: string } = {};
  if (birthDate.trim() === '') out.birth_date = MSG_USERNAME.birthDateRequired;
  else {
    const age = ageOn(birthDate.trim(), today);
    if (age === null) out.birth_date = MSG_USERNAME.birthDateInvalid;
    else if (age < ADULT_AGE) out.birth_date = MSG_USERNAME.underAge;
  }
  if (!declared) out.adult_declaration = MSG_USERNAME.adultRequired;
  return out;
}

/** POST /api/check_username: `{username}` -> availabilityResponseSchema. */
export const checkUsernameRequestSchema = z.object({ username: z.string() });

/** PATCH /api/user/username: the new name (rules above; 30-day limit; held names refused). */
export const usernameChangeRequestSchema = z.object({
  username: z.string({ error: MSG_USERNAME.required }),
});
export type UsernameChangeRequest = z.infer<typeof usernameChangeRequestSchema>;

/** POST /api/user/adult: the once-asked declaration of accounts made before it existed. */
export const adultDeclarationRequestSchema = z
  .object({
    birth_date: z.string({ error: MSG_USERNAME.birthDateRequired }),
    adult_declaration: z.boolean().optional().default(false),
  })
  .superRefine((v, ctx) => {
    for (const [path, message] of Object.entries(adultProblems(v.birth_date, v.adult_declaration)))
      ctx.addIssue({ code: 'custom', path: [path], message });
  });
export type AdultDeclarationRequest = z.input<typeof adultDeclarationRequestSchema>;
