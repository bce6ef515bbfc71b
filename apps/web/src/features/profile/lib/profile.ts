import {
  formatPhone,
  isEmail,
  LIMITS,
  MSG,
  MSG_PAYMENTS,
  MSG_PROTECTION,
  TIME_ZONE,
  type ProfileUpdateRequest,
  type User,
} from '@domino/contracts';
import { isApiError, NO_RESPONSE, serverMessage } from '../../../lib/api';
import {
  phoneFieldError,
  phoneFieldText,
  phonePayload,
  samePhone,
} from '../../../components/phone-field';

/** Fallback texts of the profile (docs/product.md §2 Profile). */
export const FALLBACK = {
  name: 'Usuario',
  empty: 'No especificado',
  date: 'No disponible',
} as const;

const dateFormat = new Intl.DateTimeFormat('es-VE', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * A date of the profile as dd/mm/yyyy in Caracas time (docs/product.md §9 "dates dd/mm/yyyy"), or
 * 'No disponible' when missing or not a date (docs/product.md §2 'Miembro desde').
 */
export function formatProfileDate(iso: string | null | undefined): string {
  if (!iso) return FALLBACK.date;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return FALLBACK.date;
  const parts: Record<string, string> = {};
  for (const part of dateFormat.formatToParts(date)) parts[part.type] = part.value;
  return `${parts.day}/${parts.month}/${parts.year}`;
}

/** The value, or 'No especificado' when empty (docs/product.md §2 Profile read view). */
export function orNotSpecified(value: string | null | undefined): string {
  const v = value?.trim();
  return v ? v : FALLBACK.empty;
}

/** The role badge text: the role upper-cased (docs/product.md §2), 'No especificado' without one. */
export function roleBadge(rol: string | null | undefined): string {
  const v = rol?.trim();
  return v ? v.toUpperCase() : FALLBACK.empty;
}

/** A stored phone ("04127072340") shown as "0412-707.23.40" (decision 040); other shapes unchanged. */
export function formatPhoneDisplay(phone: string | null | undefined): string {
  const v = phone?.trim();
  if (!v) return FALLBACK.empty;
  return formatPhone(v);
}

/**
 * The edit form (docs/product.md §2 Profile edit form). The phone is one field, as typed (decision 040). The current
 * password is asked only when the e-mail or the phone changes (docs/decisions/013).
 */
export interface ProfileValues {
  name: string;
  email: string;
  phone: string;
  current_password: string;
}
export type ProfileField = keyof ProfileValues;
export type ProfileErrors = Partial<Record<ProfileField, string>>;

/** The form's starting values from the current user (Cancel resets to these; docs/product.md §4). */
export function profileValuesOf(user: User | null): ProfileValues {
  return {
    name: user?.name ?? '',
    email: user?.email ?? '',
    phone: phoneFieldText(user?.phone),
    current_password: '',
  };
}

/**
 * Whether saving `values` changes the e-mail or the phone of `user`, so the server asks for the
 * current password (docs/decisions/013). The name alone never needs it.
 */
export function needsCurrentPassword(values: ProfileValues, user: User | null): boolean {
  if (!user) return false;
  const email = values.email.trim().toLowerCase();
  return email !== user.email.trim().toLowerCase() || !samePhone(values.phone, user.phone);
}

/**
 * Client checks of the profile edit (docs/product.md §5 Profile edit: name and e-mail required after
 * trimming; decision 006: the same rules as registration, so also the e-mail format and the phone
 * rules — the phone stays required, docs/decisions/006). First problem per field.
 */
export function validateProfile(values: ProfileValues, user: User | null = null): ProfileErrors {
  const errors: ProfileErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = MSG.nameRequired;
  else if (name.length > 100) errors.name = MSG.nameTooLong;
  const email = values.email.trim();
  if (email === '') errors.email = MSG.emailRequired;
  else if (!isEmail(email)) errors.email = MSG.emailInvalid;
  const phone = phoneFieldError(values.phone);
  if (phone) errors.phone = phone;
  if (needsCurrentPassword(values, user) && values.current_password === '')
    errors.current_password = MSG_PROTECTION.currentPasswordForContact;
  return errors;
}

/** The PATCH /api/user payload; the current password only when the e-mail or phone changes. */
export function profilePayload(
  values: ProfileValues,
  user: User | null = null,
): ProfileUpdateRequest {
  return {
    name: values.name.trim(),
    email: values.email.trim().toLowerCase(),
    phone: phonePayload(values.phone),
    ...(needsCurrentPassword(values, user) ? { current_password: values.current_password } : {}),
  };
}

/** What the form shows for a failed save: field errors and the message under the form. */
export function profileFailure(error: unknown): { message: string; fieldErrors: ProfileErrors } {
  if (!isApiError(error)) return { message: MSG.profileUpdateError, fieldErrors: {} };
  if (error.status === NO_RESPONSE) return { message: MSG.networkError, fieldErrors: {} };
  if (error.status === 409)
    return { message: MSG.emailInUse, fieldErrors: { email: MSG.emailInUse } };
  if (error.status === 422) {
    const fieldErrors: ProfileErrors = {};
    const name = error.fieldErrors.name?.[0];
    const email = error.fieldErrors.email?.[0];
    const phone = error.fieldErrors.phone?.[0];
    const password = error.fieldErrors.current_password?.[0];
    if (password) fieldErrors.current_password = password;
    if (name) fieldErrors.name = name;
    if (email) fieldErrors.email = email;
    if (phone) fieldErrors.phone = phone;
    const other = Object.entries(error.fieldErrors).find(
      ([field]) => !['name', 'email', 'phone', 'current_password'].includes(field),
    )?.[1]?.[0];
    return { message: other ?? password ?? MSG.formHasErrors, fieldErrors };
  }
  if (error.status === 429)
    return {
      message: serverMessage(error.body) ?? MSG_PROTECTION.tooManyPasswordChecks,
      fieldErrors: {},
    };
  return { message: serverMessage(error.body) ?? MSG.profileUpdateError, fieldErrors: {} };
}

/** Accepted photo types (the proofs' rule, docs/product.md §5): PNG, JPG/JPEG, SVG. */
export const AVATAR_ACCEPT = 'image/png,image/jpeg,image/svg+xml';

/** Client check of a chosen photo (the server checks the content again). */
export function avatarFileProblem(file: {
  name: string;
  type: string;
  size: number;
}): string | null {
  const byType = ['image/png', 'image/jpeg', 'image/svg+xml'].includes(file.type);
  const byName = /\.(png|jpe?g|svg)$/i.test(file.name);
  if (!byType && !byName) return MSG_PAYMENTS.proofType;
  if (file.size > LIMITS.proofMaxBytes) return MSG_PAYMENTS.proofSize;
  return null;
}
