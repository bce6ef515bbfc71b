import { describe, expect, it } from 'vitest';
import {
  bolivaresToCents,
  digitsOnly,
  displayName,
  formatBolivares,
  formatBps,
  keepTogether,
} from './format';

describe('displayName', () => {
  it('uses the name when there is one', () => {
    expect(displayName({ name: 'María Pérez', email: 'maria@example.com' })).toBe('María Pérez');
  });

  it('falls back to the part of the email before the at-sign', () => {
    expect(displayName({ name: '', email: 'jose.luis@example.com' })).toBe('jose.luis');
    expect(displayName({ name: '   ', email: 'ana@example.com' })).toBe('ana');
  });

  it("falls back to 'Usuario'", () => {
    expect(displayName(null)).toBe('Usuario');
    expect(displayName({ name: '', email: '' })).toBe('Usuario');
    expect(displayName({ name: null, email: '@example.com' })).toBe('Usuario');
  });
});

describe('balance formatting', () => {
  it('converts bolívares to integer céntimos without float drift', () => {
    expect(bolivaresToCents(1234.56)).toBe(123456);
    expect(bolivaresToCents(0.1 + 0.2)).toBe(30);
    expect(bolivaresToCents(Number.NaN)).toBe(0);
  });

  it('formats es-VE bolívares', () => {
    expect(formatBolivares(1234.5)).toBe('Bs. 1.234,50');
    expect(formatBolivares(0)).toBe('Bs. 0,00');
    expect(formatBolivares(1000000)).toBe('Bs. 1.000.000,00');
  });
});

describe('digitsOnly', () => {
  it('drops everything but digits and cuts to the maximum', () => {
    expect(digitsOnly('12.345-678')).toBe('12345678');
    expect(digitsOnly('123 456 789', 7)).toBe('1234567');
    expect(digitsOnly('abc')).toBe('');
  });
});

describe('keepTogether and percentages', () => {
  it('never lets a figure part from its sign or unit at a line end', () => {
    expect(keepTogether('4 × Bs. 500,00')).toBe('4\u00a0×\u00a0Bs.\u00a0500,00');
    expect(formatBps(200)).toBe('2\u00a0%');
    expect(keepTogether(`${formatBps(200)} del bote`)).not.toMatch(/ /);
  });
});
