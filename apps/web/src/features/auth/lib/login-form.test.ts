import { describe, expect, it } from 'vitest';
import { MSG } from '@domino/contracts';
import { ApiError, NO_RESPONSE } from '../../../lib/api';
import { readAuthResponse } from '../api/auth';
import { loginFailure, validateLogin } from './login-form';

describe('validateLogin', () => {
  it('requires the email and the password', () => {
    expect(validateLogin({ email: ' ', password: '', remember: false })).toEqual({
      email: MSG.emailRequired,
      password: MSG.passwordRequired,
    });
    expect(validateLogin({ email: 'a@b.co', password: 'x', remember: true })).toEqual({});
  });
});

describe('loginFailure', () => {
  it('shows field errors and the form message for a 422', () => {
    const error = new ApiError(422, { message: 'x', errors: { email: [MSG.emailInvalid] } }, 'x');
    expect(loginFailure(error)).toEqual({
      message: MSG.loginFormHasErrors,
      fieldErrors: { email: MSG.emailInvalid },
    });
  });

  it('shows the invalid-credentials message for a 401', () => {
    const error = new ApiError(401, { message: 'otro', code: 'auth/invalid_credentials' }, 'otro');
    expect(loginFailure(error).message).toBe(MSG.invalidCredentials);
  });

  it('shows the server message for 403 and 429', () => {
    const suspended = new ApiError(403, { message: 'Suspendida', code: 'auth/suspended' }, 'x');
    expect(loginFailure(suspended).message).toBe('Suspendida');
    const limited = new ApiError(429, { message: 'Espera', code: 'rate/limited' }, 'x');
    expect(loginFailure(limited).message).toBe('Espera');
    expect(loginFailure(new ApiError(429, null, 'x')).message).toBe(MSG.tooManyLoginAttempts);
  });

  it('shows the network message when there is no response', () => {
    expect(loginFailure(new ApiError(NO_RESPONSE, null, MSG.networkError)).message).toBe(
      MSG.networkError,
    );
  });

  it('shows the server error text for other statuses', () => {
    const error = new ApiError(500, null, MSG.serverError(500, 'Internal Server Error'));
    expect(loginFailure(error).message).toBe('Error del servidor: 500 Internal Server Error');
  });

  it('reports a 200 without a token as a missing token', () => {
    let caught: unknown;
    try {
      readAuthResponse({ user: {} });
    } catch (error) {
      caught = error;
    }
    expect(loginFailure(caught).message).toBe(MSG.missingToken);
  });
});
