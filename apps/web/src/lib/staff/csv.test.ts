import { describe, expect, it } from 'vitest';
import { caracasToday } from './csv';

describe('staff CSV files', () => {
  it('takes today in Caracas, not in UTC', () => {
    expect(caracasToday(new Date('2026-11-26T03:59:00Z'))).toBe('2026-11-25');
    expect(caracasToday(new Date('2026-11-26T04:00:00Z'))).toBe('2026-11-26');
  });
});
