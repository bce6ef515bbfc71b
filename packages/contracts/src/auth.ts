import { z } from 'zod';
import { DOCUMENT_TYPES, LIMITS, ROLES, USER_STATUSES } from './constants';
import { MSG } from './messages';
import { normalizePhone, parsePhone } from './phone';
import { adultProblems, usernameProblems } from './usernames';

/**
 * Request and response schemas of the account endpoints (docs/product.md §3, §5, §7). Field names are the
 * original client's, verbatim. Validation messages come from MSG (docs/product.md §8).
 */

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** True when the string looks like an e-mail address (docs/product.md §5 "format check"). */
export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_RE.test(value);
}

/** Problems with a password under the registration rules (docs/product.md §5), in display order. */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < LIMITS.passwordMinLength) problems.push(MSG.passwordMinLength);
  if (!/[A-Z]/.test(password)) problems.push(MSG.passwordUppercase);
  if (!/\d/.test(password)) problems.push(MSG.passwordNumber);
  if (password.length > LIMITS.passwordMaxLength) problems.push(MSG.passwordTooLong);
  return problems;
}

/** Problems with an identification number: 6-10 digits (docs/product.md §5). */
export function identificationProblems(value: string): string[] {
  if (value.trim() === '') return [MSG.identificationRequired];
  return /^\d{6,10}$/.test(value) ? [] : [MSG.identificationInvalid];
}

const str = (required: string) =>
  z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string({ error: required }));

/** POST /api/register_api payload (docs/product.md §3 "Registration payload"). */
export const registerRequestSchema = z
  .object({
    name: str(MSG.nameRequired),
    email: str(MSG.emailRequired),
    type_identification: str(MSG.documentTypeRequired),
    n_identification: str(MSG.identificationRequired),
    phone: str(MSG.phoneRequired),
    password: str(MSG.passwordRequired),
    password_confirmation: str(MSG.passwordConfirmRequired),
    /**
     * The name others see (usernames.ts rules). Optional for API clients: without it the account
     * gets a neutral generated name ("jugador004217") and the app asks the player to choose one.
     */
    username: z.string().optional(),
    /**
     * "YYYY-MM-DD" and the 18+ declaration (decision 040). Optional for API clients: an account
     * registered without them is asked once, and refused recharges and paid entries until then.
     * Sent (the web form always does), both are checked: under 18 is refused.
     */
    birth_date: z.string().optional(),
    adult_declaration: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    const add = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    const name = v.name.trim();
    if (name === '') add('name', MSG.nameRequired);
    else if (name.length > 100) add('name', MSG.nameTooLong);
    const email = v.email.trim();
    if (email === '') add('email', MSG.emailRequired);
    else if (!isEmail(email)) add('email', MSG.emailInvalid);
    if (!(DOCUMENT_TYPES as readonly string[]).includes(v.type_identification))
      add('type_identification', MSG.documentTypeRequired);
    for (const m of identificationProblems(v.n_identification)) add('n_identification', m);
    const phone = parsePhone(v.phone);
    if (!phone.ok) add('phone', phone.message);
    if (v.username !== undefined) for (const m of usernameProblems(v.username)) add('username', m);
    if (v.birth_date !== undefined || v.adult_declaration !== undefined)
      for (const [path, m] of Object.entries(
        adultProblems(v.birth_date ?? '', v.adult_declaration ?? false),
      ))
        add(path, m);
    if (v.password === '') add('password', MSG.passwordRequired);
    else for (const m of passwordProblems(v.password)) add('password', m);
    if (v.password_confirmation === '') add('password_confirmation', MSG.passwordConfirmRequired);
    else if (v.password_confirmation !== v.password)
      add('password_confirmation', MSG.passwordMismatch);
  })
  .transform((v) => ({
    ...v,
    name: v.name.trim(),
    email: v.email.trim().toLowerCase(),
    username: v.username?.trim(),
    birth_date: v.birth_date?.trim(),
    // Stored one way whatever shape it was typed in (phone.ts).
    phone: normalizePhone(v.phone) ?? v.phone,
    type_identification: v.type_identification as (typeof DOCUMENT_TYPES)[number],
  }));
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/** POST /api/login_api payload (docs/product.md §5, §7). */
export const loginRequestSchema = z
  .object({
    email: str(MSG.emailRequired),
    password: str(MSG.passwordRequired),
    remember: z.boolean().optional().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.email.trim() === '')
      ctx.addIssue({ code: 'custom', path: ['email'], message: MSG.emailRequired });
    if (v.password === '')
      ctx.addIssue({ code: 'custom', path: ['password'], message: MSG.passwordRequired });
  })
  .transform((v) => ({ ...v, email: v.email.trim().toLowerCase() }));
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** The user object (docs/product.md §3). balance is a JSON number in bolívares; dates are ISO 8601. */
export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  balance: z.number(),
  type_identification: z.enum(DOCUMENT_TYPES),
  n_identification: z.string(),
  phone: z.string(),
  username: z.string(),
  rol: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  points: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  /**
   * The profile photo (decision 006): a public, unguessable, immutable URL, or null for the placeholder.
   * Defaults to null so a user object stored by an older client still reads.
   */
  avatar_url: z.string().nullable().default(null),
  /**
   * False while the account has the neutral generated name (decision 040): the app asks the
   * player to choose one. Defaults to true so a user object stored by an older client still reads.
   */
  username_chosen: z.boolean().default(true),
  /** False until the player declared being 18+ (decision 040): recharges and paid entries wait. */
  adult_declared: z.boolean().default(true),
  /** When the username may next be changed (ISO), or null when it may be changed now. */
  username_change_after: z.string().nullable().default(null),
});
export type User = z.infer<typeof userSchema>;

/** Response of register_api and login_api (docs/product.md §7): `{ token, user }`. */
export const authResponseSchema = z.object({
  token: z.string(),
  user: userSchema,
  expires_at: z.string(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const checkEmailRequestSchema = z.object({ email: z.string() });
export const checkIdentityRequestSchema = z.object({
  type_identification: z.string(),
  n_identification: z.string(),
});
export const checkPhoneRequestSchema = z.object({ phone: z.string() });
/** Response of check_email / check_identity / check_phone (docs/product.md §7). */
export const availabilityResponseSchema = z.object({
  available: z.boolean(),
  message: z.string().optional(),
});
export type AvailabilityResponse = z.infer<typeof availabilityResponseSchema>;
