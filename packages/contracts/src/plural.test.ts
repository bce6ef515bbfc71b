import { describe, expect, it } from 'vitest';
import { plural, pluralWord } from './plural';

describe('plural', () => {
  it('says 1 in the singular and every other count, 0 included, in the plural', () => {
    expect(plural(1, 'jugada', 'jugadas')).toBe('1 jugada');
    expect(plural(0, 'jugada', 'jugadas')).toBe('0 jugadas');
    expect(plural(2, 'jugada', 'jugadas')).toBe('2 jugadas');
    expect(plural(21, 'mano jugada', 'manos jugadas')).toBe('21 manos jugadas');
  });

  it('writes figures the Venezuelan way', () => {
    expect(plural(1500, 'jugador', 'jugadores')).toBe('1.500 jugadores');
  });

  it('gives the word alone', () => {
    expect(pluralWord(1, 'día', 'días')).toBe('día');
    expect(pluralWord(3, 'día', 'días')).toBe('días');
  });
});
