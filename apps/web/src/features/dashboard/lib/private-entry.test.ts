import { describe, expect, it } from 'vitest';
import { MSG_PRIVATE } from '@domino/contracts';
import { codeInput, readInviteCode } from './private-entry';

describe("the dashboard's 'Unirme con código'", () => {
  it('keeps letters and digits, upper-cased, six at most', () => {
    expect(codeInput('k7m-2qx')).toBe('K7M2QX');
    expect(codeInput(' k7 m2 qx 99 ')).toBe('K7M2QX');
    expect(codeInput('ñ')).toBe('');
  });

  it('accepts a code of the alphabet and explains in Spanish what is not one', () => {
    expect(readInviteCode('k7m2qx')).toEqual({ ok: true, code: 'K7M2QX' });
    expect(readInviteCode('K7M2')).toEqual({ ok: false, error: MSG_PRIVATE.badCode });
    expect(readInviteCode('K7M2Q0')).toEqual({ ok: false, error: MSG_PRIVATE.badCode });
    expect(readInviteCode('')).toEqual({ ok: false, error: MSG_PRIVATE.badCode });
  });
});
