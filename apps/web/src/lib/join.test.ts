import { describe, expect, it } from 'vitest';
import { MSG, MSG_TABLES } from '@domino/contracts';
import { ApiError } from './api';
import { checkJoin, joinErrorText } from './join';

describe('the shared join rules', () => {
  it('sends visitors to log in and stops a balance below the entry before any call', () => {
    expect(checkJoin(null, 100)).toEqual({ kind: 'login' });
    expect(checkJoin({ balance: 99.99 }, 100)).toEqual({ kind: 'insufficient' });
    expect(checkJoin({ balance: 100 }, 100)).toEqual({ kind: 'ok' });
    expect(checkJoin({ balance: 0.3 }, 0.1 + 0.2)).toEqual({ kind: 'ok' });
  });

  it('shows the server message, else the generic join error', () => {
    const conflict = new ApiError(409, { message: MSG_TABLES.full, code: 'table/full' }, 'x');
    expect(joinErrorText(conflict)).toBe(MSG_TABLES.full);
    expect(joinErrorText(new ApiError(500, '<html>', 'Error del servidor: 500'))).toBe(
      MSG.joinError,
    );
    expect(joinErrorText(new Error('boom'))).toBe(MSG.joinError);
    expect(joinErrorText(new ApiError(0, null, MSG.networkError))).toBe(MSG.networkError);
  });
});
