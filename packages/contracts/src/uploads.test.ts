import { describe, expect, it } from 'vitest';
import { LIMITS } from './constants';
import { MSG_UPLOADS, STATEMENT_LIMITS, formatFileSize } from './uploads';

describe('formatFileSize', () => {
  it('shows small files in exact bytes, never "0 KB"', () => {
    expect(formatFileSize(427)).toBe('427 B');
    expect(formatFileSize(1)).toBe('1 B');
    expect(formatFileSize(999)).toBe('999 B');
    expect(formatFileSize(0)).toBe('0 B');
  });

  it('shows KB and MB with a Spanish decimal comma and at most one decimal', () => {
    expect(formatFileSize(1000)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1,5 KB');
    expect(formatFileSize(12_900)).toBe('13 KB');
    expect(formatFileSize(1_023_000)).toBe('999 KB');
    expect(formatFileSize(1_048_000)).toBe('1 MB');
    expect(formatFileSize(1_258_291)).toBe('1,2 MB');
    expect(formatFileSize(LIMITS.proofMaxBytes)).toBe('5 MB');
    expect(formatFileSize(15 * 1024 * 1024)).toBe('15 MB');
    expect(formatFileSize(1500 * 1024 * 1024)).toBe('1.500 MB');
  });

  it('reads nonsense sizes as "0 B"', () => {
    expect(formatFileSize(-5)).toBe('0 B');
    expect(formatFileSize(Number.NaN)).toBe('0 B');
    expect(formatFileSize(Number.POSITIVE_INFINITY)).toBe('0 B');
  });
});

describe('upload refusals', () => {
  it('name the kind of file: a statement is never told to pick another image', () => {
    expect(MSG_UPLOADS.statementEmpty).not.toMatch(/imagen/);
    expect(MSG_UPLOADS.statementTooLarge).toMatch(/estado de cuenta/);
    expect(MSG_UPLOADS.imageEmpty).toMatch(/imagen/);
    expect(MSG_UPLOADS.statementTooManyColumns).toContain(String(STATEMENT_LIMITS.columns));
  });
});
