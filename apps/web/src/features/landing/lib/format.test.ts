import { describe, expect, it } from 'vitest';
import { joinNames, monthLabel, monthName, timeAgo } from './format';

describe('landing formatters', () => {
  it('names the pot month in Spanish', () => {
    expect(monthLabel('2026-11')).toBe('noviembre de 2026');
    expect(monthLabel('2027-01')).toBe('enero de 2027');
    expect(monthLabel('2026-13')).toBe('2026-13');
    expect(monthLabel('nada')).toBe('nada');
    expect(monthName('2026-11')).toBe('noviembre');
    expect(monthName('2026-00')).toBe('2026-00');
  });

  it('says how long ago a win was, then falls back to the Caracas date', () => {
    const now = new Date('2026-11-21T15:00:00Z');
    expect(timeAgo('2026-11-21T14:59:30Z', now)).toBe('hace un momento');
    expect(timeAgo('2026-11-21T14:55:00Z', now)).toBe('hace 5 min');
    expect(timeAgo('2026-11-21T12:00:00Z', now)).toBe('hace 3 h');
    expect(timeAgo('2026-11-20T12:00:00Z', now)).toBe('ayer');
    expect(timeAgo('2026-11-17T12:00:00Z', now)).toBe('hace 4 días');
    // 2026-11-01 02:00 UTC is still 31 October in Caracas (UTC-4).
    expect(timeAgo('2026-11-01T02:00:00Z', now)).toBe('31/10/2026');
    expect(timeAgo('no es fecha', now)).toBe('no es fecha');
  });

  it('joins partners the Spanish way', () => {
    expect(joinNames([])).toBe('');
    expect(joinNames(['María G.'])).toBe('María G.');
    expect(joinNames(['María G.', 'José P.'])).toBe('María G. y José P.');
    expect(joinNames(['A', 'B', 'C'])).toBe('A, B y C');
  });
});
