import { describe, expect, it } from 'vitest';
import {
  MAX_THRESHOLD_CENTS,
  MSG_IDENTITY,
  identitySettingsRequestSchema,
  identitySubmissionSchema,
  namesMatch,
} from './identity';

describe('identity contracts (decision 031)', () => {
  it('matches the account name inside the printed name, ignoring accents, case and order', () => {
    expect(namesMatch('María Pérez', 'MARIA JOSEFINA PEREZ GONZALEZ')).toBe(true);
    expect(namesMatch('José  Núñez', 'nuñez jose')).toBe(true);
    expect(namesMatch('María Pérez', 'María Gómez')).toBe(false);
    expect(namesMatch('', 'María')).toBe(false);
  });

  it('reads the threshold in bolívares into céntimos, refusing negatives and more than two decimals', () => {
    expect(identitySettingsRequestSchema.parse({ threshold: 0 }).threshold).toBe(0);
    expect(identitySettingsRequestSchema.parse({ threshold: 700.5 }).threshold).toBe(70_050);
    expect(
      identitySettingsRequestSchema.parse({ threshold: MAX_THRESHOLD_CENTS / 100 }).threshold,
    ).toBe(MAX_THRESHOLD_CENTS);
    for (const threshold of [-1, 1.001, '700', null, MAX_THRESHOLD_CENTS / 100 + 1]) {
      const r = identitySettingsRequestSchema.safeParse({ threshold });
      expect(r.success, String(threshold)).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(MSG_IDENTITY.thresholdInvalid);
    }
  });

  it('trims the stated cédula and collapses spaces in the printed name', () => {
    expect(
      identitySubmissionSchema.parse({
        type_identification: 'E',
        n_identification: ' 81234567 ',
        full_name: '  Ana   María  ',
      }),
    ).toEqual({ type_identification: 'E', n_identification: '81234567', full_name: 'Ana María' });
  });
});
