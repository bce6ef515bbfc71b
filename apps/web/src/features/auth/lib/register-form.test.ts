import { describe, expect, it } from 'vitest';
import { MSG, MSG_PHONE, MSG_USERNAME } from '@domino/contracts';
import { ApiError, NO_RESPONSE } from '../../../lib/api';
import {
  canSubmitRegister,
  EMPTY_REGISTER_VALUES,
  registerFailure,
  registerPayload,
  validateRegister,
  type RegisterValues,
} from './register-form';

const valid: RegisterValues = {
  name: '  María Pérez ',
  email: ' Maria@Example.com ',
  username: ' MariaP ',
  type_identification: 'V',
  n_identification: '12345678',
  phone: '0414-123.45.67',
  password: 'Domino2026',
  password_confirmation: 'Domino2026',
  birth_date: '1990-05-17',
  adult_declaration: true,
  terms: true,
};

describe('validateRegister', () => {
  it('accepts a complete, valid form', () => {
    expect(validateRegister(valid)).toEqual({});
  });

  it('reports every required field of an empty form with the catalogue messages', () => {
    const errors = validateRegister({ ...EMPTY_REGISTER_VALUES, type_identification: '' });
    expect(errors).toEqual({
      name: MSG.nameRequired,
      email: MSG.emailRequired,
      username: MSG_USERNAME.required,
      type_identification: MSG.documentTypeRequired,
      n_identification: MSG.identificationRequired,
      phone: MSG.phoneRequired,
      password: MSG.passwordRequired,
      password_confirmation: MSG.passwordConfirmRequired,
      birth_date: MSG_USERNAME.birthDateRequired,
      adult_declaration: MSG_USERNAME.adultRequired,
      terms: MSG.termsRequired,
    });
  });

  it('checks formats with the contracts rules', () => {
    const errors = validateRegister({
      ...valid,
      email: 'maria@',
      n_identification: '123',
      phone: '0414 12345',
      password: 'domino',
      password_confirmation: 'otra',
    });
    expect(errors.email).toBe(MSG.emailInvalid);
    expect(errors.n_identification).toBe(MSG.identificationInvalid);
    expect(errors.phone).toBe(MSG_PHONE.tooShort);
    expect(errors.password).toBe(MSG.passwordMinLength);
    expect(errors.password_confirmation).toBe(MSG.passwordMismatch);
  });

  it('asks for an uppercase letter and a digit', () => {
    expect(validateRegister({ ...valid, password: 'dominoo2026' }).password).toBe(
      MSG.passwordUppercase,
    );
    expect(validateRegister({ ...valid, password: 'Dominoooo' }).password).toBe(MSG.passwordNumber);
  });
});

describe('registerPayload', () => {
  it('trims, lower-cases the email and sends the phone as its 11 digits', () => {
    expect(registerPayload(valid)).toEqual({
      name: 'María Pérez',
      email: 'maria@example.com',
      type_identification: 'V',
      n_identification: '12345678',
      phone: '04141234567',
      password: 'Domino2026',
      password_confirmation: 'Domino2026',
      username: 'MariaP',
      birth_date: '1990-05-17',
      adult_declaration: true,
    });
  });
});

describe('username and age on the register form (decision 040)', () => {
  it('checks the username rules before asking the server', () => {
    expect(validateRegister({ ...valid, username: '9vidas' }).username).toBe(
      MSG_USERNAME.startLetter,
    );
    expect(validateRegister({ ...valid, username: 'soporte_ve' }).username).toBe(
      MSG_USERNAME.reserved,
    );
  });

  it('refuses under 18 on the day before the 18th birthday, not on the day', () => {
    const form = { ...valid, birth_date: '2008-11-29' };
    expect(validateRegister(form, '2026-11-28').birth_date).toBe(MSG_USERNAME.underAge);
    expect(validateRegister(form, '2026-11-29').birth_date).toBeUndefined();
    expect(validateRegister({ ...valid, adult_declaration: false }).adult_declaration).toBe(
      MSG_USERNAME.adultRequired,
    );
    expect(canSubmitRegister({ ...valid, adult_declaration: false }, {}, true)).toBe(false);
  });
});

describe('canSubmitRegister', () => {
  it('allows a valid form with an available email', () => {
    expect(canSubmitRegister(valid, validateRegister(valid), true)).toBe(true);
  });

  it('blocks when the email is taken, a field is empty or an error remains', () => {
    expect(canSubmitRegister(valid, {}, false)).toBe(false);
    expect(canSubmitRegister({ ...valid, terms: false }, {}, true)).toBe(false);
    expect(canSubmitRegister(valid, { name: MSG.nameRequired }, true)).toBe(false);
  });

  it('blocks a password scoring below the minimum', () => {
    expect(
      canSubmitRegister({ ...valid, password: 'abc', password_confirmation: 'abc' }, {}, true),
    ).toBe(false);
  });
});

describe('registerFailure', () => {
  it('maps 422 field errors onto the form fields', () => {
    const error = new ApiError(
      422,
      {
        message: 'x',
        errors: { email: [MSG.emailInvalid], phone: [MSG_PHONE.unknownOperator], other: ['?'] },
      },
      'x',
    );
    expect(registerFailure(error)).toEqual({
      message: MSG.formHasErrors,
      fieldErrors: { email: MSG.emailInvalid, phone: MSG_PHONE.unknownOperator },
    });
  });

  it('shows MSG.emailInUse on the email for a 409', () => {
    const error = new ApiError(409, { message: 'x', code: 'auth/email_taken' }, 'x');
    expect(registerFailure(error)).toEqual({
      message: MSG.emailInUse,
      fieldErrors: { email: MSG.emailInUse },
    });
  });

  it('shows the server message on the right field for identity and phone conflicts', () => {
    const identity = new ApiError(
      409,
      { message: MSG.identificationTaken, code: 'auth/identity_taken' },
      'x',
    );
    expect(registerFailure(identity).fieldErrors).toEqual({
      n_identification: MSG.identificationTaken,
    });
    const phone = new ApiError(409, { message: MSG.phoneTaken, code: 'auth/phone_taken' }, 'x');
    expect(registerFailure(phone).fieldErrors).toEqual({ phone: MSG.phoneTaken });
  });

  it('shows MSG.unexpected for anything else, and the network message without a response', () => {
    expect(registerFailure(new ApiError(500, null, 'x')).message).toBe(MSG.unexpected);
    expect(registerFailure(new Error('boom')).message).toBe(MSG.unexpected);
    expect(registerFailure(new ApiError(NO_RESPONSE, null, 'x')).message).toBe(MSG.networkError);
  });
});
