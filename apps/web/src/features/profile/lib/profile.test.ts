import { describe, expect, it } from 'vitest';
import {
  MSG,
  MSG_ACCOUNT,
  MSG_PAYMENTS,
  MSG_PROTECTION,
  type User,
  MSG_PHONE,
} from '@domino/contracts';
import { ApiError } from '../../../lib/api';
import {
  avatarFileProblem,
  formatPhoneDisplay,
  formatProfileDate,
  needsCurrentPassword,
  orNotSpecified,
  profileFailure,
  profilePayload,
  profileValuesOf,
  roleBadge,
  validateProfile,
} from './profile';

const user: User = {
  id: 7,
  name: 'Ana',
  email: 'ana@example.com',
  balance: 10,
  type_identification: 'V',
  n_identification: '12345678',
  phone: '04241234567',
  username: 'ana',
  rol: 'jugador',
  status: 'activo',
  points: 0,
  created_at: '2026-03-05T15:00:00.000Z',
  updated_at: '2026-03-06T02:00:00.000Z',
  avatar_url: null,
  username_chosen: true,
  adult_declared: true,
  username_change_after: null,
};

describe('profile display rules (docs/product.md §2 Profile, §9)', () => {
  it('formats dates as dd/mm/yyyy in Caracas and falls back to No disponible', () => {
    expect(formatProfileDate(user.created_at)).toBe('05/03/2026');
    // 02:00 UTC is still the previous day in Caracas (UTC-4).
    expect(formatProfileDate(user.updated_at)).toBe('05/03/2026');
    expect(formatProfileDate('')).toBe('No disponible');
    expect(formatProfileDate(null)).toBe('No disponible');
    expect(formatProfileDate('no es fecha')).toBe('No disponible');
  });

  it('shows No especificado for empty values and upper-cases the role', () => {
    expect(orNotSpecified('  ')).toBe('No especificado');
    expect(orNotSpecified(undefined)).toBe('No especificado');
    expect(orNotSpecified('Ana')).toBe('Ana');
    expect(roleBadge('jugador')).toBe('JUGADOR');
    expect(roleBadge('')).toBe('No especificado');
    expect(formatPhoneDisplay('04241234567')).toBe('0424-123.45.67');
    expect(formatPhoneDisplay('')).toBe('No especificado');
  });
});

describe('profile edit form', () => {
  it('starts from the user and builds the PATCH payload', () => {
    const values = profileValuesOf(user);
    expect(values).toEqual({
      name: 'Ana',
      email: 'ana@example.com',
      phone: '0424-123.45.67',
      current_password: '',
    });
    expect(profilePayload({ ...values, email: ' Ana@Example.COM ' }, user)).toEqual({
      name: 'Ana',
      email: 'ana@example.com',
      phone: '04241234567',
    });
  });

  it('asks for the current password only when the e-mail or the phone changes', () => {
    const values = profileValuesOf(user);
    expect(needsCurrentPassword({ ...values, name: 'Otra', email: 'ANA@example.com ' }, user)).toBe(
      false,
    );
    for (const changed of [
      { ...values, email: 'nueva@example.com' },
      { ...values, phone: '0414-123.45.67' },
      { ...values, phone: '+58 424 7654321' },
    ]) {
      expect(needsCurrentPassword(changed, user)).toBe(true);
      expect(validateProfile(changed, user)).toEqual({
        current_password: MSG_PROTECTION.currentPasswordForContact,
      });
      expect(validateProfile({ ...changed, current_password: 'Clave123' }, user)).toEqual({});
      expect(profilePayload({ ...changed, current_password: 'Clave123' }, user)).toMatchObject({
        current_password: 'Clave123',
      });
    }
    expect(profilePayload({ ...values, current_password: 'Clave123' }, user)).not.toHaveProperty(
      'current_password',
    );
    const wrong = profileFailure(
      new ApiError(
        422,
        { errors: { current_password: [MSG_ACCOUNT.currentPasswordWrong] } },
        MSG_ACCOUNT.currentPasswordWrong,
      ),
    );
    expect(wrong).toEqual({
      message: MSG_ACCOUNT.currentPasswordWrong,
      fieldErrors: { current_password: MSG_ACCOUNT.currentPasswordWrong },
    });
    expect(
      profileFailure(new ApiError(429, { message: MSG_PROTECTION.tooManyPasswordChecks }, 'x'))
        .message,
    ).toBe(MSG_PROTECTION.tooManyPasswordChecks);
  });

  it('requires name and e-mail after trimming and applies the registration rules', () => {
    expect(
      validateProfile({
        name: '  ',
        email: ' ',
        phone: '',
        current_password: '',
      }),
    ).toEqual({
      name: MSG.nameRequired,
      email: MSG.emailRequired,
      phone: MSG.phoneRequired,
    });
    expect(
      validateProfile({
        name: 'Ana',
        email: 'x@',
        phone: '0414 12',
        current_password: '',
      }),
    ).toEqual({ email: MSG.emailInvalid, phone: MSG_PHONE.tooShort });
    // The same number in another shape is no change: no password asked.
    expect(
      needsCurrentPassword({ ...profileValuesOf(user), phone: '+58 424 123 45 67' }, user),
    ).toBe(false);
    expect(validateProfile(profileValuesOf(user))).toEqual({});
  });

  it('maps server answers to the form', () => {
    expect(profileFailure(new ApiError(409, { message: 'x' }, 'x')).fieldErrors).toEqual({
      email: MSG.emailInUse,
    });
    const phone = profileFailure(
      new ApiError(422, { errors: { phone: [MSG.phoneTaken] } }, MSG.formHasErrors),
    );
    expect(phone.fieldErrors).toEqual({ phone: MSG.phoneTaken });
    expect(profileFailure(new ApiError(500, null, 'Error del servidor: 500')).message).toBe(
      MSG.profileUpdateError,
    );
  });

  it('checks a chosen photo by type and size', () => {
    expect(avatarFileProblem({ name: 'a.png', type: 'image/png', size: 10 })).toBeNull();
    expect(avatarFileProblem({ name: 'a.gif', type: 'image/gif', size: 10 })).toBe(
      MSG_PAYMENTS.proofType,
    );
    expect(avatarFileProblem({ name: 'a.jpg', type: 'image/jpeg', size: 6_000_000 })).toBe(
      MSG_PAYMENTS.proofSize,
    );
  });
});
