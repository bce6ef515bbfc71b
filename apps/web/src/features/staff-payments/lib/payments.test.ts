import { describe, expect, it } from 'vitest';
import { MSG_PAYMENTS } from '@domino/contracts';
import { parseSignedAmount, payoutReferenceProblem } from './payments';

describe('signed adjustment amounts', () => {
  it('reads credits and debits with a comma or point', () => {
    expect(parseSignedAmount('150')).toEqual({ cents: 15_000 });
    expect(parseSignedAmount('+200,5')).toEqual({ cents: 20_050 });
    expect(parseSignedAmount('-75.25')).toEqual({ cents: -7_525 });
    expect(parseSignedAmount('− 10')).toEqual({ cents: -1_000 });
  });

  it('refuses zero, blanks and malformed amounts with the contracts messages', () => {
    expect(parseSignedAmount('0')).toEqual({ error: MSG_PAYMENTS.adjustmentZero });
    expect(parseSignedAmount('-0,00')).toEqual({ error: MSG_PAYMENTS.adjustmentZero });
    expect(parseSignedAmount('')).toEqual({ error: MSG_PAYMENTS.amountRequired });
    expect(parseSignedAmount('1.234,56')).toEqual({ error: MSG_PAYMENTS.amountInvalid });
    expect(parseSignedAmount('10.123')).toEqual({ error: MSG_PAYMENTS.amountInvalid });
    expect(parseSignedAmount('abc')).toEqual({ error: MSG_PAYMENTS.amountInvalid });
  });
});

describe('payout references', () => {
  it('requires the payout reference', () => {
    expect(payoutReferenceProblem('')).toBe(MSG_PAYMENTS.payoutReferenceRequired);
    expect(payoutReferenceProblem('0012345')).toBeNull();
  });
});
