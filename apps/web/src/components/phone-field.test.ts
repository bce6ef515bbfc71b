import { describe, expect, it } from 'vitest';
import { MSG, MSG_PHONE } from '@domino/contracts';
import {
  phoneFieldError,
  phoneFieldText,
  phonePayload,
  phoneTextOnBlur,
  samePhone,
} from './phone-field';

describe('a phone field (decision 040)', () => {
  it('keeps a whole number typed digit by digit: never "0412707" with a green tick', () => {
    let text = '';
    for (const key of '04127072340') {
      text += key;
      // The report's bug: at 7 digits the field was full and valid. Now it is incomplete.
      if (text === '0412707') expect(phoneFieldError(text)).toBe(MSG_PHONE.tooShort);
    }
    expect(text).toBe('04127072340');
    expect(phoneFieldError(text)).toBeUndefined();
    expect(phonePayload(text)).toBe('04127072340');
  });

  it('shows a valid number back formatted when the player leaves the field', () => {
    expect(phoneTextOnBlur('+58 412 7072340')).toBe('0412-707.23.40');
    expect(phoneTextOnBlur('412 7072340')).toBe('0412-707.23.40');
    expect(phoneTextOnBlur('0412-707.23.4')).toBe('0412-707.23.4');
  });

  it('sends the 11 digits whatever the shape, and refuses a digit too many', () => {
    expect(phonePayload('0412-707.23.40')).toBe('04127072340');
    expect(phoneFieldError('041270723401')).toBe(MSG_PHONE.tooLong);
    expect(phonePayload('041270723401')).toBe('041270723401');
    expect(phoneFieldError('')).toBe(MSG.phoneRequired);
  });

  it('starts from the stored phone formatted and knows when it did not change', () => {
    expect(phoneFieldText('04127072340')).toBe('0412-707.23.40');
    expect(phoneFieldText(undefined)).toBe('');
    expect(samePhone('+58 412 707 23 40', '04127072340')).toBe(true);
    expect(samePhone('0414-707.23.40', '04127072340')).toBe(false);
  });
});
