import {
  DOCUMENT_TYPES,
  identificationProblems,
  isEmail,
  LIMITS,
  MSG,
  passwordProblems,
  passwordScore,
  type RegisterRequest,
  adultProblems,
  caracasToday,
  usernameProblems,
} from '@domino/contracts';
import { isApiError, NO_RESPONSE, serverMessage } from '../../../lib/api';
import type { FailureOutcome } from './login-form';
import { phoneFieldError, phonePayload } from '../../../components/phone-field';

/** The registration form (docs/product.md §2 Register). The phone is one field, as typed (decision 040). */
export interface RegisterValues {
  name: string;
  email: string;
  /** The name other players see (decision 040). */
  username: string;
  type_identification: string;
  n_identification: string;
  phone: string;
  password: string;
  password_confirmation: string;
  /** "YYYY-MM-DD" from a date input. */
  birth_date: string;
  /** "Declaro que soy mayor de 18 años". */
  adult_declaration: boolean;
  terms: boolean;
}

export type RegisterField = keyof RegisterValues;
export type RegisterErrors = Partial<Record<RegisterField, string>>;

export const EMPTY_REGISTER_VALUES: RegisterValues = {
  name: '',
  email: '',
  username: '',
  type_identification: 'V',
  n_identification: '',
  phone: '',
  password: '',
  password_confirmation: '',
  birth_date: '',
  adult_declaration: false,
  terms: false,
};

const includes = (list: readonly string[], value: string) => list.includes(value);

/**
 * Client-side checks of the registration form (docs/product.md §5), first problem per field, with the
 * contracts' messages and rules.
 */
export function validateRegister(
  values: RegisterValues,
  today: string = caracasToday(),
): RegisterErrors {
  const errors: RegisterErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = MSG.nameRequired;
  else if (name.length > 100) errors.name = MSG.nameTooLong;

  const email = values.email.trim();
  if (email === '') errors.email = MSG.emailRequired;
  else if (!isEmail(email)) errors.email = MSG.emailInvalid;

  const username = usernameProblems(values.username)[0];
  if (username) errors.username = username;

  if (!includes(DOCUMENT_TYPES, values.type_identification)) {
    errors.type_identification = MSG.documentTypeRequired;
  }
  const identification = identificationProblems(values.n_identification)[0];
  if (identification) errors.n_identification = identification;

  const phone = phoneFieldError(values.phone);
  if (phone) errors.phone = phone;

  if (values.password === '') errors.password = MSG.passwordRequired;
  else {
    const problem = passwordProblems(values.password)[0];
    if (problem) errors.password = problem;
    else if (passwordScore(values.password) < LIMITS.minPasswordScore) {
      errors.password = MSG.passwordTooWeak;
    }
  }

  if (values.password_confirmation === '') {
    errors.password_confirmation = MSG.passwordConfirmRequired;
  } else if (values.password_confirmation !== values.password) {
    errors.password_confirmation = MSG.passwordMismatch;
  }

  const adult = adultProblems(values.birth_date, values.adult_declaration, today);
  if (adult.birth_date) errors.birth_date = adult.birth_date;
  if (adult.adult_declaration) errors.adult_declaration = adult.adult_declaration;

  if (!values.terms) errors.terms = MSG.termsRequired;
  return errors;
}

/** The POST /api/register_api payload (docs/product.md §3 Registration payload). */
export function registerPayload(values: RegisterValues): RegisterRequest {
  return {
    name: values.name.trim(),
    email: values.email.trim().toLowerCase(),
    type_identification: values.type_identification,
    n_identification: values.n_identification.trim(),
    phone: phonePayload(values.phone),
    password: values.password,
    password_confirmation: values.password_confirmation,
    username: values.username.trim(),
    birth_date: values.birth_date,
    adult_declaration: values.adult_declaration,
  };
}

/** Every field filled (docs/product.md §5 submission rule). */
export function allFilled(values: RegisterValues): boolean {
  return (
    values.name.trim() !== '' &&
    values.email.trim() !== '' &&
    values.username.trim() !== '' &&
    values.birth_date !== '' &&
    values.adult_declaration &&
    values.type_identification !== '' &&
    values.n_identification.trim() !== '' &&
    values.phone.trim() !== '' &&
    values.password !== '' &&
    values.password_confirmation !== '' &&
    values.terms
  );
}

/**
 * Submission rule (docs/product.md §5): score >= LIMITS.minPasswordScore, all fields filled, no errors and
 * the email available. `emailAvailable` is false only when the server said it is taken; an
 * unanswered check leaves the decision to the server (which answers 409).
 */
export function canSubmitRegister(
  values: RegisterValues,
  errors: RegisterErrors,
  emailAvailable: boolean,
): boolean {
  return (
    passwordScore(values.password) >= LIMITS.minPasswordScore &&
    allFilled(values) &&
    Object.values(errors).every((e) => !e) &&
    emailAvailable
  );
}

/** Maps the API's field names to the form's. */
function formFieldFor(apiField: string): RegisterField | null {
  const known: readonly string[] = [
    'name',
    'email',
    'username',
    'phone',
    'birth_date',
    'adult_declaration',
    'type_identification',
    'n_identification',
    'password',
    'password_confirmation',
  ];
  return known.includes(apiField) ? (apiField as RegisterField) : null;
}

/**
 * What the register form shows for a failed registration (docs/product.md §8): 422 field errors; 409 the email
 * error MSG.emailInUse, or the server message on the identification/phone field; no response
 * MSG.networkError; 429 the server message; anything else MSG.unexpected.
 */
export function registerFailure(error: unknown): FailureOutcome<RegisterField> {
  if (!isApiError(error)) return { message: MSG.unexpected, fieldErrors: {} };
  if (error.status === NO_RESPONSE) return { message: MSG.networkError, fieldErrors: {} };
  if (error.status === 422) {
    const fieldErrors: RegisterErrors = {};
    for (const [apiField, messages] of Object.entries(error.fieldErrors)) {
      const first = messages[0];
      if (!first) continue;
      const field = formFieldFor(apiField);
      if (field && !fieldErrors[field]) fieldErrors[field] = first;
    }
    return { message: MSG.formHasErrors, fieldErrors };
  }
  if (error.status === 409) {
    if (error.code === 'auth/identity_taken') {
      const message = serverMessage(error.body) ?? MSG.identificationTaken;
      return { message, fieldErrors: { n_identification: message } };
    }
    if (error.code === 'auth/phone_taken') {
      const message = serverMessage(error.body) ?? MSG.phoneTaken;
      return { message, fieldErrors: { phone: message } };
    }
    return { message: MSG.emailInUse, fieldErrors: { email: MSG.emailInUse } };
  }
  if (error.status === 429) {
    return { message: serverMessage(error.body) ?? MSG.tooManyRequests, fieldErrors: {} };
  }
  return { message: MSG.unexpected, fieldErrors: {} };
}
