import { MSG } from '@domino/contracts';
import { isApiError, NO_RESPONSE, serverMessage } from '../../../lib/api';

export type LoginField = 'email' | 'password';
export type LoginErrors = Partial<Record<LoginField, string>>;

export interface LoginValues {
  email: string;
  password: string;
  remember: boolean;
}

/** Client-side checks of the login form (docs/product.md §5): both fields required. */
export function validateLogin(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  if (values.email.trim() === '') errors.email = MSG.emailRequired;
  if (values.password === '') errors.password = MSG.passwordRequired;
  return errors;
}

export interface FailureOutcome<F extends string> {
  /** Message shown above the submit button. */
  message: string;
  fieldErrors: Partial<Record<F, string>>;
}

/**
 * What the login form shows for a failed login (docs/product.md §8): 422 field errors and
 * MSG.loginFormHasErrors; 401 MSG.invalidCredentials; 403 and 429 the server message; no response
 * MSG.networkError; anything else the server message or 'Error del servidor: {status} {text}'.
 */
export function loginFailure(error: unknown): FailureOutcome<LoginField> {
  if (!isApiError(error)) return { message: MSG.unexpected, fieldErrors: {} };
  switch (error.status) {
    case NO_RESPONSE:
      return { message: MSG.networkError, fieldErrors: {} };
    case 422: {
      const fieldErrors: Partial<Record<LoginField, string>> = {};
      for (const field of ['email', 'password'] as const) {
        const first = error.fieldErrors[field]?.[0];
        if (first) fieldErrors[field] = first;
      }
      return { message: MSG.loginFormHasErrors, fieldErrors };
    }
    case 401:
      return { message: MSG.invalidCredentials, fieldErrors: {} };
    case 403:
      return { message: serverMessage(error.body) ?? MSG.accountSuspended, fieldErrors: {} };
    case 429:
      return { message: serverMessage(error.body) ?? MSG.tooManyLoginAttempts, fieldErrors: {} };
    default:
      // ApiError.message is already the server message or MSG.serverError(status, text), or
      // MSG.missingToken for a 2xx without a token.
      return { message: error.message, fieldErrors: {} };
  }
}
