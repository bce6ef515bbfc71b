import { describe, expect, it } from 'vitest';
import { MSG, MSG_ACCOUNT, validateNewPassword } from '@domino/contracts';
import { ApiError, NO_RESPONSE } from '../../../lib/api';
import { forgotFailure, resetFailure, resetTokenFrom, validateForgotEmail } from './recovery-form';

describe('forgot password form (docs/product.md §5, §8)', () => {
  it('requires a well-formed e-mail', () => {
    expect(validateForgotEmail('  ')).toBe(MSG.emailRequired);
    expect(validateForgotEmail('ana@')).toBe(MSG.emailInvalid);
    expect(validateForgotEmail(' ana@example.com ')).toBeUndefined();
  });

  it('shows the catalogue messages for 404 and 429 and the server text otherwise', () => {
    expect(forgotFailure(new ApiError(404, {}, 'x')).fieldErrors.email).toBe(MSG.recoveryNotFound);
    expect(
      forgotFailure(new ApiError(404, { message: 'Otro texto' }, 'Otro texto')).fieldErrors.email,
    ).toBe('Otro texto');
    expect(forgotFailure(new ApiError(429, {}, 'x')).message).toBe(MSG.recoveryTooMany);
    expect(forgotFailure(new ApiError(NO_RESPONSE, null, 'x')).message).toBe(MSG.networkError);
    const down = MSG_ACCOUNT.recoveryMailFailed;
    expect(forgotFailure(new ApiError(503, { message: down }, down)).message).toBe(down);
  });
});

describe('reset password form', () => {
  it('reads only a well-formed token from the address', () => {
    const token = 'a'.repeat(43);
    expect(resetTokenFrom(`?token=${token}`)).toBe(token);
    expect(resetTokenFrom('?token=corto')).toBeNull();
    expect(resetTokenFrom('')).toBeNull();
  });

  it('applies the registration password rules', () => {
    expect(validateNewPassword({ password: '', password_confirmation: '' })).toEqual({
      password: MSG.passwordRequired,
      password_confirmation: MSG.passwordConfirmRequired,
    });
    expect(validateNewPassword({ password: 'abcdefgh', password_confirmation: 'x' })).toEqual({
      password: MSG.passwordUppercase,
      password_confirmation: MSG.passwordMismatch,
    });
    expect(
      validateNewPassword({ password: 'Secreto123', password_confirmation: 'Secreto123' }),
    ).toEqual({});
  });

  it('treats 410 and a bad token as a dead link and 422 as field errors', () => {
    const used = resetFailure(
      new ApiError(410, { message: MSG_ACCOUNT.resetTokenExpired }, MSG_ACCOUNT.resetTokenExpired),
    );
    expect(used).toMatchObject({ linkDead: true, message: MSG_ACCOUNT.resetTokenExpired });
    expect(
      resetFailure(new ApiError(422, { errors: { token: [MSG_ACCOUNT.tokenRequired] } }, 'x'))
        .linkDead,
    ).toBe(true);
    expect(
      resetFailure(new ApiError(422, { errors: { password: [MSG.passwordNumber] } }, 'x')),
    ).toEqual({
      message: MSG.formHasErrors,
      fieldErrors: { password: MSG.passwordNumber },
      linkDead: false,
    });
  });
});
