import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MSG } from './messages';
import { registerRequestSchema } from './auth';
import { formatPhone, MOBILE_PREFIXES, MSG_PHONE, normalizePhone, parsePhone } from './phone';

describe('phones as people write them (decision 040)', () => {
  it('reads the four usual shapes of one number as the same 11 digits', () => {
    for (const typed of [
      '04127072340',
      '0412-707.23.40',
      '+58 412 7072340',
      '412 7072340',
      '(0412) 707 23 40',
      '0058 412 707 2340',
      '58 412 7072340',
      ' 0412/7072340 ',
    ]) {
      expect(parsePhone(typed), typed).toEqual({ ok: true, phone: '04127072340' });
    }
  });

  it('never cuts a number to fit: a digit too many is an error, not a shorter number', () => {
    expect(parsePhone('041270723401')).toEqual({ ok: false, message: MSG_PHONE.tooLong });
    expect(parsePhone('+58 412 70723401')).toEqual({ ok: false, message: MSG_PHONE.tooLong });
  });

  it('says what is wrong: empty, incomplete, unknown operator, stray characters', () => {
    expect(parsePhone('   ')).toEqual({ ok: false, message: MSG.phoneRequired });
    expect(parsePhone('0412707')).toEqual({ ok: false, message: MSG_PHONE.tooShort });
    expect(parsePhone('0412-707.23.4')).toEqual({ ok: false, message: MSG_PHONE.tooShort });
    expect(parsePhone('02127072340')).toEqual({ ok: false, message: MSG_PHONE.unknownOperator });
    expect(parsePhone('+1 412 7072340')).toEqual({
      ok: false,
      message: MSG_PHONE.unknownOperator,
    });
    expect(parsePhone('0412 707 23 4O')).toEqual({
      ok: false,
      message: MSG_PHONE.invalidCharacters,
    });
  });

  it('accepts every current mobile operator prefix, 0422 included', () => {
    for (const prefix of MOBILE_PREFIXES) {
      expect(normalizePhone(`${prefix}1234567`)).toBe(`${prefix}1234567`);
    }
    expect(MOBILE_PREFIXES).toContain('0422');
  });

  it('shows a number back as 0412-707.23.40 whatever shape it was typed in', () => {
    expect(formatPhone('+58 412 7072340')).toBe('0412-707.23.40');
    expect(formatPhone('04127072340')).toBe('0412-707.23.40');
    expect(formatPhone('no es un número')).toBe('no es un número');
  });

  const validPhone = fc
    .tuple(fc.constantFrom(...MOBILE_PREFIXES), fc.stringMatching(/^\d{7}$/))
    .map(([prefix, rest]) => `${prefix}${rest}`);
  const separator = fc.constantFrom('', ' ', '-', '.', '  ');

  it('property: any valid number in any shape, with any separators, parses back to itself', () => {
    fc.assert(
      fc.property(
        validPhone,
        fc.constantFrom('national', 'international', 'bare'),
        fc.array(separator, { minLength: 11, maxLength: 11 }),
        (phone, shape, seps) => {
          const body = shape === 'national' ? phone : phone.slice(1); // without the trunk 0
          const spaced = [...body].map((d, i) => `${d}${seps[i] ?? ''}`).join('');
          const typed = shape === 'international' ? `+58 ${spaced}` : spaced;
          expect(normalizePhone(typed)).toBe(phone);
          expect(normalizePhone(formatPhone(typed))).toBe(phone);
        },
      ),
    );
  });

  it('property: a number with digits added or removed is refused, never shortened', () => {
    fc.assert(
      fc.property(validPhone, fc.stringMatching(/^\d{1,6}$/), (phone, extra) => {
        expect(parsePhone(`${phone}${extra}`)).toEqual({ ok: false, message: MSG_PHONE.tooLong });
        const cut = phone.slice(0, 4 + (extra.length % 7));
        expect(parsePhone(cut)).toEqual({ ok: false, message: MSG_PHONE.tooShort });
      }),
    );
  });

  it('registration stores the normalized number', () => {
    const parsed = registerRequestSchema.safeParse({
      name: 'Ana Pérez',
      email: 'ana@example.com',
      type_identification: 'V',
      n_identification: '12345678',
      phone: '+58 412 707.23.40',
      password: 'Secreto123',
      password_confirmation: 'Secreto123',
    });
    expect(parsed.success && parsed.data.phone).toBe('04127072340');
  });
});
