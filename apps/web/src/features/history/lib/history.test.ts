import { describe, expect, it } from 'vitest';
import { formatMatchDate, formatNet, netColor, pageCount, readPage } from './history';

describe('Mis Partidas display', () => {
  it('shows the date in Caracas time as dd/mm/yyyy HH:mm', () => {
    expect(formatMatchDate('2025-03-01T02:05:00.000Z')).toBe('28/02/2025 22:05');
    expect(formatMatchDate('not a date')).toBe('not a date');
  });

  it('signs amounts won and lost', () => {
    expect(formatNet(80)).toBe('+ Bs. 80,00');
    expect(formatNet(-1234.5)).toBe('− Bs. 1.234,50');
    expect(formatNet(0)).toBe('Bs. 0,00');
    expect(netColor(80)).toBe('green');
    expect(netColor(-1)).toBe('red');
    expect(netColor(0)).toBe('dimmed');
  });

  it('pages by 10 and reads the page from the query', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(readPage('3')).toBe(3);
    expect(readPage('0')).toBe(1);
    expect(readPage('x')).toBe(1);
    expect(readPage(null)).toBe(1);
  });
});
