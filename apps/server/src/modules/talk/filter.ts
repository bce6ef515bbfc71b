import BadWordsNext from 'bad-words-next';
import es from 'bad-words-next/lib/es';
import { TALK_TEXT_MAX } from '@domino/contracts';
import { TALK_PROFANITY_EXCLUSIONS, VENEZUELAN_PROFANITY } from './profanity-ve';

/**
 * Free text of table talk before it is stored and delivered (docs/decisions/023-table-talk.md):
 * hygiene (decision 014 plus this field's own rules) and the profanity filter.
 *
 * The filter is bad-words-next with its maintained Spanish dictionary (`bad-words-next/lib/es`:
 * patterns with look-alike characters and Unicode confusables, so "m1erda" is caught) and our
 * Venezuelan additions (profanity-ve.ts). Words it finds are masked with "***"; the message is
 * still delivered, flagged for staff.
 */
const filter = new BadWordsNext({ placeholder: '***', exclusions: TALK_PROFANITY_EXCLUSIONS });
filter.add(es);
filter.add({
  id: VENEZUELAN_PROFANITY.id,
  words: [...VENEZUELAN_PROFANITY.words],
  lookalike: { ...VENEZUELAN_PROFANITY.lookalike },
});

/** Why a free text was refused, or the text to store and deliver. */
export type CleanText =
  | { ok: true; body: string; flagged: boolean }
  | { ok: false; reason: 'empty' | 'too_long' | 'control' };

/**
 * Checks and cleans a free-text message. Refuses (nothing stored):
 * - `control`: any control or format character other than a line break, i.e. NUL, the C0/C1
 *   controls, zero-width and bidirectional marks (`\p{Cc}`/`\p{Cf}`, the zero-width joiner of composed emoji excepted), or a lone surrogate — text
 *   that could hide or reorder what others read;
 * - `empty`: nothing left after trimming; `too_long`: over TALK_TEXT_MAX code points.
 * Line breaks become spaces and runs of spaces one space. Then the profanity filter masks words;
 * `flagged` says it did.
 */
export function cleanText(raw: string): CleanText {
  if (/\p{Cs}/u.test(raw)) return { ok: false, reason: 'control' };
  const withoutBreaks = raw.replace(/\r\n|\r|\n/g, ' ');
  // The zero-width joiner stays: composed emoji (👨‍👩‍👧) need it.
  if (/[\p{Cc}\p{Cf}\u2028\u2029]/u.test(withoutBreaks.replace(/\u200d/g, '')))
    return { ok: false, reason: 'control' };
  const text = withoutBreaks.replace(/\s+/g, ' ').trim();
  if (text.length === 0) return { ok: false, reason: 'empty' };
  if ([...text].length > TALK_TEXT_MAX) return { ok: false, reason: 'too_long' };
  const masked = filter.filter(text);
  return { ok: true, body: masked, flagged: masked !== text };
}
