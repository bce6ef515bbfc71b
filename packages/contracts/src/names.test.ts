import { describe, expect, it } from 'vitest';
import { publicName } from './names';

describe('public names', () => {
  it('shows the first name and the initial of the last name only', () => {
    expect(publicName('María Gabriela González')).toBe('María G.');
    expect(publicName('  josé   pérez ')).toBe('josé P.');
    expect(publicName('Ñengo')).toBe('Ñengo');
    expect(publicName('María Pérez 3')).toBe('María P.');
    expect(publicName('Ángel Úrsula Ávila')).toBe('Ángel Á.');
    expect(publicName('')).toBe('Jugador');
    expect(publicName('123 456')).toBe('Jugador');
    expect(publicName('Maximilianoalejandrojosé Ruiz')).toBe('Maximilianoalejandro R.');
  });
});
