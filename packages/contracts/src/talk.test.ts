import { describe, expect, it } from 'vitest';
import { TALK_PHRASES, TALK_REACTIONS, phraseAllowed } from './talk';

/** The fixed talk lists and when each phrase may be said (decision 023). */
describe('table talk lists', () => {
  it('have unique ids and carry no number, suit or passing', () => {
    const ids = [...TALK_PHRASES, ...TALK_REACTIONS].map((x) => x.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of TALK_PHRASES) {
      expect(p.text, p.id).not.toMatch(/\d|blanca|cochina|doble|paso|pase|tengo|juega|tranca\b/i);
    }
  });

  it('allows each phrase only at its moments, and event phrases only after that event', () => {
    const phrase = (id: string) => TALK_PHRASES.find((p) => p.id === id)!;
    const none = { capicua: false, tranque: false };
    expect(phraseAllowed(phrase('suerte'), 'hand', null)).toBe(true);
    expect(phraseAllowed(phrase('ups'), 'hand', null)).toBe(false);
    expect(phraseAllowed(phrase('ups'), 'between_hands', none)).toBe(true);
    expect(phraseAllowed(phrase('capicua'), 'between_hands', none)).toBe(false);
    expect(phraseAllowed(phrase('capicua'), 'between_hands', { ...none, capicua: true })).toBe(
      true,
    );
    expect(phraseAllowed(phrase('que_tranque'), 'hand', { ...none, tranque: true })).toBe(false);
    expect(phraseAllowed(phrase('revancha'), 'between_hands', none)).toBe(false);
    expect(phraseAllowed(phrase('revancha'), 'waiting', null)).toBe(true);
  });
});
