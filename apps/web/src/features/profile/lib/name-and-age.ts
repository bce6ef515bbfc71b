import { MSG, MSG_USERNAME, adultProblems, usernameProblems } from '@domino/contracts';
import { isApiError, NO_RESPONSE, serverMessage } from '../../../lib/api';

/**
 * The profile's username and age card (decision 040), as pure functions: what to check before
 * sending, and what a refusal shows.
 */

/** The first problem of a new username before asking the server, or undefined. */
export function usernameFieldError(text: string, current: string): string | undefined {
  if (text.trim() === current) return MSG_USERNAME.same;
  return usernameProblems(text)[0];
}

/** The field errors of the once-asked 18+ declaration. */
export function adultFieldErrors(
  birthDate: string,
  declared: boolean,
  today?: string,
): { birth_date?: string; adult_declaration?: string } {
  return adultProblems(birthDate, declared, today);
}

/** The message a failed call shows on its field: the server's Spanish reason, or a generic one. */
export function nameAndAgeFailure(error: unknown, field: string): string {
  if (!isApiError(error)) return MSG.unexpected;
  if (error.status === NO_RESPONSE) return MSG.networkError;
  return error.fieldErrors[field]?.[0] ?? serverMessage(error.body) ?? MSG.unexpected;
}
