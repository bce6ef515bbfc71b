import { describe, expect, it } from 'vitest';
import { documentText, pageCount, toSearch } from './console';

describe('staff console rules', () => {
  it('builds a query string from the filters that have a value', () => {
    expect(toSearch({ q: 'ana', page: 2, actor: undefined, action: '' })).toBe('?q=ana&page=2');
    expect(toSearch({ q: '' })).toBe('');
    expect(toSearch({ q: 'V-123 &x' })).toBe('?q=V-123+%26x');
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });

  it('writes a cédula or RIF as staff read it', () => {
    expect(documentText('V', '12345678')).toBe('V-12345678');
  });
});
