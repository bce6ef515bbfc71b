import { describe, expect, it } from 'vitest';
import { sinceText } from './overview';

describe('overview', () => {
  it('says how long ago a check ran', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(sinceText('2026-11-21T11:59:30Z', now)).toBe('hace un momento');
    expect(sinceText('2026-11-21T11:45:00Z', now)).toBe('hace 15 min');
    expect(sinceText('2026-11-21T09:00:00Z', now)).toBe('hace 3 h');
    expect(sinceText('2026-11-20T12:00:00Z', now)).toBe('hace 1 día');
  });
});
