import { z } from 'zod';
import { isEmail, passwordProblems } from './auth';
import { normalizePhone, phoneProblems } from './phone';
import { LIMITS } from './constants';
import { passwordScore } from './password';
import { MSG } from './messages';
import { MSG_PROTECTION } from './protection';

/**
 * Profile, password change and password recovery (docs/product.md §2 Profile and Forgot password, §5, §8;
 * decision 006). The rules are the registration ones (docs/product.md §5), reused from ./auth, so a name, e-mail,
 * phone or password that registration accepts is accepted here and nothing else.
 */

/** Spanish messages of these screens that the original client did not word (its messages are in MSG). */
export const MSG_ACCOUNT = {
  roleNotEditable: 'El rol no puede ser modificado',
  statusNotEditable: 'El estado de la cuenta no puede ser modificado',
  currentPasswordRequired: 'La contraseña actual es obligatoria',
  currentPasswordWrong: 'La contraseña actual no es correcta',
  newPasswordSameAsCurrent: 'La nueva contraseña debe ser distinta de la actual',
  passwordChanged:
    'Contraseña actualizada correctamente. Cerramos tu sesión en los demás dispositivos.',
  tooManyPasswordAttempts:
    'Demasiados intentos de cambio de contraseña. Por favor espera unos minutos antes de intentar nuevamente.',
  avatarRequired: 'Selecciona una imagen para tu foto de perfil',
  avatarUpdated: 'Foto de perfil actualizada',
  avatarRemoved: 'Foto de perfil eliminada',
  avatarError: 'No se pudo actualizar la foto de perfil',
  tokenRequired: 'El enlace de recuperación no es válido. Solicita uno nuevo.',
  resetTokenInvalid:
    'Este enlace de recuperación no es válido o ya fue utilizado. Solicita uno nuevo.',
  resetTokenExpired: 'Este enlace de recuperación ha expirado. Solicita uno nuevo.',
  resetDone: 'Tu contraseña fue restablecida. Ya puedes iniciar sesión con la nueva contraseña.',
  recoveryMailFailed:
    'No pudimos enviar el correo de recuperación en este momento. Por favor intenta de nuevo en unos minutos.',
  tooManyResetAttempts:
    'Demasiados intentos de restablecer la contraseña. Por favor espera unos minutos antes de intentar nuevamente.',
} as const;

/** Minutes a recovery link stays valid (decision 006). */
export const RESET_TOKEN_TTL_MINUTES = 60;

const str = (required: string) =>
  z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string({ error: required }));

type Issue = (path: string, message: string) => void;

function checkName(name: string, add: Issue): void {
  if (name === '') add('name', MSG.nameRequired);
  else if (name.length > 100) add('name', MSG.nameTooLong);
}

function checkEmail(email: string, add: Issue): void {
  if (email === '') add('email', MSG.emailRequired);
  else if (!isEmail(email)) add('email', MSG.emailInvalid);
}

function checkNewPassword(password: string, confirmation: string, add: Issue): void {
  if (password === '') add('password', MSG.passwordRequired);
  else for (const m of passwordProblems(password)) add('password', m);
  if (confirmation === '') add('password_confirmation', MSG.passwordConfirmRequired);
  else if (confirmation !== password) add('password_confirmation', MSG.passwordMismatch);
}

/**
 * PATCH /api/user payload: `{name, email, phone?, current_password?}` (docs/product.md §2 Profile edit form).
 * Same rules as registration (docs/product.md §5). The phone is optional (docs/product.md §5 "phone optional"): absent
 * or null leaves it unchanged; a blank phone is refused, since every account keeps one (it is the
 * Pago Móvil payout destination; docs/decisions/006 and 013). `current_password` is required by
 * the service only when the e-mail or the phone changes (docs/decisions/013). `rol` and `status`
 * may be sent back unchanged; the service refuses a different value (docs/product.md §6).
 */
export const profileUpdateRequestSchema = z
  .object({
    name: str(MSG.nameRequired),
    email: str(MSG.emailRequired),
    phone: z
      .string({ error: MSG.phoneRequired })
      .nullish()
      .transform((v) => v ?? undefined),
    current_password: z
      .string({ error: MSG_ACCOUNT.currentPasswordRequired })
      .nullish()
      .transform((v) => v ?? ''),
    rol: z.string().optional(),
    status: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    const add: Issue = (path, message) => ctx.addIssue({ code: 'custom', path: [path], message });
    checkName(v.name.trim(), add);
    checkEmail(v.email.trim(), add);
    if (v.phone !== undefined) {
      if (v.phone.trim() === '') add('phone', MSG_PROTECTION.phoneNotRemovable);
      else for (const m of phoneProblems(v.phone.trim())) add('phone', m);
    }
  })
  .transform((v) => ({
    name: v.name.trim(),
    email: v.email.trim().toLowerCase(),
    phone: v.phone === undefined ? undefined : (normalizePhone(v.phone) ?? v.phone.trim()),
    current_password: v.current_password,
    rol: v.rol,
    status: v.status,
  }));
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequestSchema>;

/** POST /api/user/password payload: the current password and a new one (docs/product.md §5 rules). */
export const changePasswordRequestSchema = z
  .object({
    current_password: str(MSG_ACCOUNT.currentPasswordRequired),
    password: str(MSG.passwordRequired),
    password_confirmation: str(MSG.passwordConfirmRequired),
  })
  .superRefine((v, ctx) => {
    const add: Issue = (path, message) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.current_password === '') add('current_password', MSG_ACCOUNT.currentPasswordRequired);
    checkNewPassword(v.password, v.password_confirmation, add);
    if (v.current_password !== '' && v.password !== '' && v.password === v.current_password)
      add('password', MSG_ACCOUNT.newPasswordSameAsCurrent);
  });
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/** POST /api/recovery_password payload (docs/product.md §5 Forgot password: required, valid format). */
export const recoveryRequestSchema = z
  .object({ email: str(MSG.emailRequired) })
  .superRefine((v, ctx) =>
    checkEmail(v.email.trim(), (path, message) =>
      ctx.addIssue({ code: 'custom', path: [path], message }),
    ),
  )
  .transform((v) => ({ email: v.email.trim().toLowerCase() }));
export type RecoveryRequest = z.input<typeof recoveryRequestSchema>;

/** A recovery token as it travels in the link: 256 random bits, base64url (43 characters). */
export const RESET_TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

/** POST /api/reset_password payload: the link's token and the new password (docs/product.md §5 rules). */
export const resetPasswordRequestSchema = z
  .object({
    token: str(MSG_ACCOUNT.tokenRequired),
    password: str(MSG.passwordRequired),
    password_confirmation: str(MSG.passwordConfirmRequired),
  })
  .superRefine((v, ctx) => {
    const add: Issue = (path, message) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!RESET_TOKEN_RE.test(v.token)) add('token', MSG_ACCOUNT.tokenRequired);
    checkNewPassword(v.password, v.password_confirmation, add);
  });
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

/** POST /api/reset_password/check payload: the link's token. */
export const resetTokenCheckRequestSchema = z
  .object({ token: str(MSG_ACCOUNT.tokenRequired) })
  .superRefine((v, ctx) => {
    if (!RESET_TOKEN_RE.test(v.token))
      ctx.addIssue({ code: 'custom', path: ['token'], message: MSG_ACCOUNT.tokenRequired });
  });
export type ResetTokenCheckRequest = z.input<typeof resetTokenCheckRequestSchema>;

/** POST /api/reset_password/check answer: the link is usable until `expires_at` (ISO 8601). */
export const resetTokenCheckResponseSchema = z.object({
  valid: z.literal(true),
  expires_at: z.string(),
});

/** The `{message}` answer of the recovery, reset and password-change endpoints. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export interface NewPasswordValues {
  password: string;
  password_confirmation: string;
}
export type NewPasswordField = keyof NewPasswordValues;
export type NewPasswordErrors = Partial<Record<NewPasswordField, string>>;

/**
 * A new password under the registration rules (docs/product.md §5): required, 8+ characters, an uppercase
 * letter, a digit, a strength score of at least LIMITS.minPasswordScore, and a matching
 * confirmation. First problem per field. Used by /reset-password and the profile password change.
 */
export function validateNewPassword(values: NewPasswordValues): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  if (values.password === '') errors.password = MSG.passwordRequired;
  else {
    const problem = passwordProblems(values.password)[0];
    if (problem) errors.password = problem;
    else if (passwordScore(values.password) < LIMITS.minPasswordScore)
      errors.password = MSG.passwordTooWeak;
  }
  if (values.password_confirmation === '')
    errors.password_confirmation = MSG.passwordConfirmRequired;
  else if (values.password_confirmation !== values.password)
    errors.password_confirmation = MSG.passwordMismatch;
  return errors;
}
