import {
  isEmail,
  MSG,
  MSG_ACCOUNT,
  RESET_TOKEN_RE,
  type NewPasswordErrors,
  type NewPasswordField,
} from '@domino/contracts';
import { isApiError, NO_RESPONSE, serverMessage } from '../../../lib/api';
import type { FailureOutcome } from './login-form';

/** Client-side check of /forgot-password (docs/product.md §5): the e-mail is required and well formed. */
export function validateForgotEmail(email: string): string | undefined {
  const value = email.trim();
  if (value === '') return MSG.emailRequired;
  if (!isEmail(value)) return MSG.emailInvalid;
  return undefined;
}

/**
 * What /forgot-password shows for a failed request (docs/product.md §8): 404 the server message or
 * MSG.recoveryNotFound; 429 MSG.recoveryTooMany; 422 the e-mail's field error; no response
 * MSG.networkError; anything else (403 suspended, 503 mail down, 5xx) the server's Spanish message.
 */
export function forgotFailure(error: unknown): FailureOutcome<'email'> {
  if (!isApiError(error)) return { message: MSG.unexpected, fieldErrors: {} };
  switch (error.status) {
    case NO_RESPONSE:
      return { message: MSG.networkError, fieldErrors: {} };
    case 404: {
      const message = serverMessage(error.body) ?? MSG.recoveryNotFound;
      return { message, fieldErrors: { email: message } };
    }
    case 429:
      return { message: MSG.recoveryTooMany, fieldErrors: {} };
    case 422: {
      const first = error.fieldErrors.email?.[0];
      return { message: MSG.formHasErrors, fieldErrors: first ? { email: first } : {} };
    }
    default:
      return { message: error.message, fieldErrors: {} };
  }
}

/** The token of a /reset-password?token=... address, or null when it is missing or malformed. */
export function resetTokenFrom(search: string): string | null {
  const token = new URLSearchParams(search).get('token');
  return token && RESET_TOKEN_RE.test(token) ? token : null;
}

/** A failed reset: the form's outcome, plus whether the link itself is dead (ask for a new one). */
export interface ResetOutcome extends FailureOutcome<NewPasswordField> {
  linkDead: boolean;
}

/**
 * What /reset-password shows for a failed reset: 410 (used, replaced or expired link) and a 422 on
 * the token: the server message and a way to ask for a new link; other 422s: field errors;
 * 403/429/5xx: the server message; no response: MSG.networkError.
 */
export function resetFailure(error: unknown): ResetOutcome {
  if (!isApiError(error)) return { message: MSG.unexpected, fieldErrors: {}, linkDead: false };
  if (error.status === NO_RESPONSE)
    return { message: MSG.networkError, fieldErrors: {}, linkDead: false };
  if (error.status === 410)
    return {
      message: serverMessage(error.body) ?? MSG_ACCOUNT.resetTokenInvalid,
      fieldErrors: {},
      linkDead: true,
    };
  if (error.status === 422) {
    if (error.fieldErrors.token?.[0])
      return { message: error.fieldErrors.token[0], fieldErrors: {}, linkDead: true };
    const fieldErrors: NewPasswordErrors = {};
    for (const field of ['password', 'password_confirmation'] as const) {
      const first = error.fieldErrors[field]?.[0];
      if (first) fieldErrors[field] = first;
    }
    return { message: MSG.formHasErrors, fieldErrors, linkDead: false };
  }
  return { message: error.message, fieldErrors: {}, linkDead: false };
}
