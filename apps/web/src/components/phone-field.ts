import { formatPhone, normalizePhone, phoneProblems } from '@domino/contracts';

/**
 * The logic of every phone field (components/PhoneInput.tsx; decision 040), kept apart from React
 * so it is unit-tested. A field holds the text exactly as typed — nothing is cut or dropped while
 * typing — and the parser of packages/contracts/src/phone.ts decides what it means.
 */

/** The text a field shows once the player leaves it: a valid number formatted, anything else as typed. */
export function phoneTextOnBlur(text: string): string {
  return normalizePhone(text) === null ? text : formatPhone(text);
}

/** The first problem of the typed text (a Spanish message), or undefined when it is a valid number. */
export function phoneFieldError(text: string): string | undefined {
  return phoneProblems(text)[0];
}

/** What to send to the API: the 11 stored digits when valid, the text as typed otherwise (the server refuses it with the same message). */
export function phonePayload(text: string): string {
  return normalizePhone(text) ?? text.trim();
}

/** The text a field starts with for a stored phone (formatted), or '' without one. */
export function phoneFieldText(stored: string | null | undefined): string {
  return stored ? formatPhone(stored) : '';
}

/** Whether the typed text is the same number as the stored one (profile: the phone did not change). */
export function samePhone(text: string, stored: string | null | undefined): boolean {
  return phonePayload(text) === (stored ?? '');
}
