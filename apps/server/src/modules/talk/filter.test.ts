import { describe, expect, it } from 'vitest';
import { TALK_TEXT_MAX } from '@domino/contracts';
import { cleanText } from './filter';

/**
 * The free-text filter of table talk (decision 023): hygiene refusals and the Spanish profanity
 * filter (bad-words-next `es` plus our Venezuelan list), with the ordinary words it must leave.
 */
describe('cleanText', () => {
  it('masks Spanish and Venezuelan profanity, also spelled with look-alikes', () => {
    for (const [input, expected] of [
      ['qué mierda de jugada', 'qué *** de jugada'],
      ['eres un pendejo', 'eres un ***'],
      ['M1erda', '***'],
      ['mamagüevo', '***'],
      ['mamaguevo', '***'],
      ['marico', '***'],
      ['coño', '***'],
      ['hijo de puta', 'hijo de ***'],
      ['no seas pajúo', 'no seas ***'],
      ['guevón', '***'],
    ] as const) {
      expect(cleanText(input), input).toEqual({ ok: true, body: expected, flagged: true });
    }
  });

  it('leaves ordinary words alone', () => {
    for (const input of [
      'Buena partida, ¡qué bien jugaron!',
      'La concha de mango',
      'Mi perro se llama Capicúa',
      'computadora, disputa, culpa, cucaracha, reputación',
      '¿Revancha mañana a las 8?',
      '👨‍👩‍👧 familia',
    ]) {
      const out = cleanText(input);
      expect(out, input).toEqual({ ok: true, body: input, flagged: false });
    }
  });

  it('refuses control characters, empty and too long texts, and folds line breaks', () => {
    expect(cleanText('hola\u0000')).toEqual({ ok: false, reason: 'control' });
    expect(cleanText('hola\u0007')).toEqual({ ok: false, reason: 'control' });
    expect(cleanText('ho\u200bla')).toEqual({ ok: false, reason: 'control' });
    expect(cleanText('\u202eolah')).toEqual({ ok: false, reason: 'control' });
    expect(cleanText('a\ud800b')).toEqual({ ok: false, reason: 'control' });
    expect(cleanText('   \n ')).toEqual({ ok: false, reason: 'empty' });
    expect(cleanText('a'.repeat(TALK_TEXT_MAX + 1))).toEqual({ ok: false, reason: 'too_long' });
    expect(cleanText('ñ'.repeat(TALK_TEXT_MAX))).toMatchObject({ ok: true });
    expect(cleanText('hola\r\n  amigos\n')).toEqual({
      ok: true,
      body: 'hola amigos',
      flagged: false,
    });
  });
});
