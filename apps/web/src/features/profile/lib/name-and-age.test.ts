import { describe, expect, it } from 'vitest';
import { MSG_USERNAME } from '@domino/contracts';
import { ApiError } from '../../../lib/api';
import { adultFieldErrors, nameAndAgeFailure, usernameFieldError } from './name-and-age';

describe('the profile username and age card (decision 040)', () => {
  it('checks a new username before sending it', () => {
    expect(usernameFieldError('ElPana22', 'ElPana22')).toBe(MSG_USERNAME.same);
    expect(usernameFieldError('x', 'jugador000012')).toBe(MSG_USERNAME.tooShort);
    expect(usernameFieldError('Admin_VE', 'jugador000012')).toBe(MSG_USERNAME.reserved);
    expect(usernameFieldError('Carmen2', 'jugador000012')).toBeUndefined();
  });

  it('asks an older account for an adult date of birth and the declaration', () => {
    expect(adultFieldErrors('', false, '2026-11-29')).toEqual({
      birth_date: MSG_USERNAME.birthDateRequired,
      adult_declaration: MSG_USERNAME.adultRequired,
    });
    expect(adultFieldErrors('2010-01-01', true, '2026-11-29')).toEqual({
      birth_date: MSG_USERNAME.underAge,
    });
    expect(adultFieldErrors('1990-02-30', true, '2026-11-29')).toEqual({
      birth_date: MSG_USERNAME.birthDateInvalid,
    });
    expect(adultFieldErrors('1990-02-28', true, '2026-11-29')).toEqual({});
  });

  it("shows the server's reason on the field", () => {
    const held = new ApiError(
      422,
      { message: MSG_USERNAME.held, errors: { username: [MSG_USERNAME.held] } },
      'x',
    );
    expect(nameAndAgeFailure(held, 'username')).toBe(MSG_USERNAME.held);
  });
});
