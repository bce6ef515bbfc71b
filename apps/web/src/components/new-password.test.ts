import { describe, expect, it } from 'vitest';
import { MSG } from '@domino/contracts';
import { confirmationState } from './new-password';

describe('confirmationState', () => {
  it('says nothing while the confirmation is empty', () => {
    expect(confirmationState('Clave123', '')).toEqual({ matches: false, error: undefined });
  });

  it('reports a mismatch as soon as something is typed, and a match', () => {
    expect(confirmationState('Clave123', 'Clave')).toEqual({
      matches: false,
      error: MSG.passwordMismatch,
    });
    expect(confirmationState('Clave123', 'Clave123')).toEqual({ matches: true, error: undefined });
  });

  it("puts the server's error first and the form's own last", () => {
    expect(confirmationState('Clave123', 'x', { server: 'S', form: 'F' }).error).toBe('S');
    expect(confirmationState('Clave123', 'x', { form: 'F' }).error).toBe(MSG.passwordMismatch);
    expect(confirmationState('Clave123', '', { form: 'F' }).error).toBe('F');
    expect(confirmationState('Clave123', 'Clave123', { server: 'S' })).toEqual({
      matches: true,
      error: 'S',
    });
  });
});
