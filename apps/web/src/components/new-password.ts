import { MSG } from '@domino/contracts';

/** What the confirmation field of a new password shows (registration, reset, change). */
export interface ConfirmationState {
  /** Both fields agree and the confirmation is not empty: the field says so in green. */
  matches: boolean;
  /** The error under the confirmation field, if any. */
  error: string | undefined;
}

/**
 * The confirmation field's state: the server's error first (it saw the submission), then a live
 * mismatch (MSG.passwordMismatch, as soon as something is typed), then the form's own error for
 * the field (shown once touched or submitted, as the form decides).
 */
export function confirmationState(
  password: string,
  confirmation: string,
  errors: { server?: string; form?: string } = {},
): ConfirmationState {
  const matches = confirmation !== '' && confirmation === password;
  const mismatch = confirmation !== '' && !matches ? MSG.passwordMismatch : undefined;
  return { matches, error: errors.server ?? mismatch ?? errors.form };
}
