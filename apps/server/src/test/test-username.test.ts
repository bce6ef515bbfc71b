import { describe, expect, it } from 'vitest';
import { isOffensiveUsername } from '../modules/users/username-words';
import { TEST_USERNAME_LETTERS, testUsername } from './helpers';

/** Bytes that index `word` in testUsername's consonants, then repeat its first letter. */
function spelling(word: string): Uint8Array {
  return Uint8Array.from(word.padEnd(10, word[0]), (c) => TEST_USERNAME_LETTERS.indexOf(c));
}

describe('testUsername', () => {
  it('draws again when the offensive-word filter refuses a draw', () => {
    // "blwjb" is read as an English obscenity without its vowels: a full run failed on it.
    const draws = [spelling('blwjb'), spelling('bdg')];
    expect(isOffensiveUsername('jpblwjbbbbbb')).toBe(true);
    expect(testUsername(() => draws.shift()!)).toBe('jpbdgbbbbbbb');
    expect(draws).toEqual([]);
  });

  it('gives names the registration accepts: "jp" and 10 letters, unique in practice', () => {
    const names = new Set(Array.from({ length: 2_000 }, () => testUsername()));
    expect(names.size).toBe(2_000);
    for (const n of names) expect(n).toMatch(/^jp[a-z]{10}$/);
  });
});
