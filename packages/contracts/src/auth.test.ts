import { describe, expect, it } from 'vitest';
import { MSG } from './messages';
import { passwordScore, strengthLabel } from './password';
import { identificationProblems, isEmail, passwordProblems } from './auth';
import { tableBadge } from './tables';

describe('registration rules (docs/product.md §5)', () => {
  it('scores password strength with the docs/product.md §5 weights and labels', () => {
    expect(passwordScore('')).toBe(0);
    expect(passwordScore('abcdefg')).toBe(20);
    expect(passwordScore('abcdefghijk')).toBe(30);
    expect(passwordScore('Abcdefg1')).toBe(60);
    expect(passwordScore('Abcdefghij1!')).toBe(90);
    expect([20, 40, 60, 80, 81].map(strengthLabel)).toEqual([
      'Muy débil',
      'Débil',
      'Moderada',
      'Fuerte',
      'Muy fuerte',
    ]);
  });

  it('lists every password problem', () => {
    expect(passwordProblems('abc')).toEqual([
      MSG.passwordMinLength,
      MSG.passwordUppercase,
      MSG.passwordNumber,
    ]);
    expect(passwordProblems('Secreto123')).toEqual([]);
  });

  it('checks identification formats', () => {
    expect(identificationProblems('12345')).toEqual([MSG.identificationInvalid]);
    expect(identificationProblems('123456')).toEqual([]);
    expect(identificationProblems('12345678901')).toEqual([MSG.identificationInvalid]);
  });

  it('recognises e-mail addresses', () => {
    expect(isEmail('ana@example.com')).toBe(true);
    expect(isEmail('ana@example')).toBe(false);
    expect(isEmail('ana example.com')).toBe(false);
  });
});

describe('table badge (docs/product.md §4)', () => {
  it('maps players to Nuevo, Activo, Lleno and Jugando', () => {
    const t = (current_players: number, status: 'open' | 'playing' = 'open') =>
      tableBadge({ current_players, max_players: 4, status });
    expect([t(0), t(2), t(4), t(5), t(4, 'playing')]).toEqual([
      'Nuevo',
      'Activo',
      'Lleno',
      'Jugando',
      'Jugando',
    ]);
  });
});
