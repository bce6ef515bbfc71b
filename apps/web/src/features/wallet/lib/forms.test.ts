import { describe, expect, it } from 'vitest';
import { MSG, MSG_PAYMENTS } from '@domino/contracts';
import { centsToDecimalString, parseAmountInput } from './amount';
import { formatAccountNumber, formatDocument, formatPhone } from './account-format';
import { ApiError } from '../../../lib/api';
import {
  fieldErrorsFrom422,
  proofProblem,
  requestFailure,
  validateRecharge,
} from './recharge-form';
import { isBankAvailable, validateWithdraw } from './withdraw-form';

describe('amount input', () => {
  it('reads a decimal point or an es-VE comma', () => {
    expect(parseAmountInput('250')).toBe(25_000);
    expect(parseAmountInput('250.5')).toBe(25_050);
    expect(parseAmountInput('250,50')).toBe(25_050);
    expect(parseAmountInput(' Bs. 1.234,56 ')).toBe(123_456);
    expect(parseAmountInput('1.234')).toBe(123_400);
    expect(parseAmountInput('1.234.567')).toBe(123_456_700);
  });

  it('refuses signs, letters and more than two decimals', () => {
    for (const bad of ['', '-5', 'abc', '250,555', '250.5555', '1,2,3', '12.34,5', '1e3']) {
      expect(parseAmountInput(bad)).toBeNull();
    }
  });

  it('writes céntimos as the decimal string of the multipart form', () => {
    expect(centsToDecimalString(25_050)).toBe('250.50');
    expect(centsToDecimalString(100)).toBe('1.00');
  });
});

describe('recharge form', () => {
  const ok = { amount: '250', reference: 'ABC123' };

  it('accepts the minimum of Bs. 250,00 and a 3-20 character reference', () => {
    expect(validateRecharge(ok, null)).toEqual({ errors: {}, amountCents: 25_000 });
  });

  it('uses the catalogue messages for amount and reference', () => {
    expect(validateRecharge({ amount: '249.99', reference: 'AB' }, null).errors).toEqual({
      amount: MSG.rechargeMinAmount,
      reference: MSG_PAYMENTS.referenceLength,
    });
    expect(validateRecharge({ amount: '', reference: '' }, null).errors).toEqual({
      amount: MSG_PAYMENTS.amountRequired,
      reference: MSG_PAYMENTS.referenceRequired,
    });
    expect(validateRecharge({ amount: '300', reference: 'x'.repeat(21) }, null).errors).toEqual({
      reference: MSG_PAYMENTS.referenceLength,
    });
  });

  it('accepts PNG, JPG, JPEG and SVG proofs up to 5 MB', () => {
    expect(proofProblem({ name: 'a.png', type: 'image/png', size: 10 })).toBeNull();
    expect(proofProblem({ name: 'a.JPG', type: 'image/jpeg', size: 10 })).toBeNull();
    expect(proofProblem({ name: 'a.jpeg', type: '', size: 10 })).toBeNull();
    expect(proofProblem({ name: 'a.svg', type: 'image/svg+xml', size: 5_242_880 })).toBeNull();
  });

  it('refuses other types and files over 5 MB with the catalogue messages', () => {
    expect(proofProblem({ name: 'a.pdf', type: 'application/pdf', size: 10 })).toBe(
      MSG_PAYMENTS.proofType,
    );
    expect(proofProblem({ name: 'a.gif', type: 'image/gif', size: 10 })).toBe(
      MSG_PAYMENTS.proofType,
    );
    expect(proofProblem({ name: 'a.png', type: 'image/png', size: 5_242_881 })).toBe(
      MSG_PAYMENTS.proofSize,
    );
    expect(validateRecharge(ok, { name: 'x.webp', type: 'image/webp', size: 1 }).errors).toEqual({
      payment_proof: MSG_PAYMENTS.proofType,
    });
  });

  it('maps server field errors onto the form', () => {
    expect(
      fieldErrorsFrom422({ reference: ['dup'], payment_proof: ['bad'], other: ['x'] }, [
        'amount',
        'reference',
        'payment_proof',
      ]),
    ).toEqual({ byField: { reference: 'dup', payment_proof: 'bad' }, other: ['x'] });
  });
});

describe('a refused request on its form (recharge and withdrawal)', () => {
  const fields = ['amount', 'reference'] as const;
  const refused = (status: number, body: unknown) => new ApiError(status, body, 'Mensaje');

  it('puts 422 messages under their fields and the rest in the form alert', () => {
    const body = { message: 'Mensaje', errors: { amount: ['Monto'], account_id: ['Cuenta'] } };
    expect(requestFailure(refused(422, body), fields)).toEqual({
      errors: { amount: 'Monto' },
      formError: 'Cuenta',
    });
    const onField = { message: 'Mensaje', errors: { reference: ['Ref'] } };
    expect(requestFailure(refused(422, onField), fields)).toEqual({
      errors: { reference: 'Ref' },
      formError: null,
    });
    expect(requestFailure(refused(422, { message: 'Mensaje', errors: {} }), fields)).toEqual({
      errors: {},
      formError: 'Mensaje',
    });
  });

  it("shows any other refusal's message, and MSG.unexpected for a non-API error", () => {
    expect(requestFailure(refused(409, { message: 'Mensaje' }), fields)).toEqual({
      errors: {},
      formError: 'Mensaje',
    });
    expect(requestFailure(new Error('boom'), fields)).toEqual({
      errors: {},
      formError: MSG.unexpected,
    });
  });
});

describe('withdraw form', () => {
  it('requires at least Bs. 500,00 and a bank', () => {
    expect(validateWithdraw({ amount: '499', bankId: null }, 1000).errors).toEqual({
      amount: MSG.withdrawMinAmount,
      bank_account: MSG.bankRequired,
    });
  });

  it('refuses an amount above the available balance', () => {
    expect(validateWithdraw({ amount: '600,01', bankId: '1' }, 600).errors).toEqual({
      amount: MSG.withdrawExceedsBalance,
    });
    expect(validateWithdraw({ amount: '600', bankId: '1' }, 600)).toEqual({
      errors: {},
      amountCents: 60_000,
    });
  });

  it('offers active banks and banks without a status', () => {
    expect(isBankAvailable({ status: 'activo' })).toBe(true);
    expect(isBankAvailable({ status: 'active' })).toBe(true);
    expect(isBankAvailable({})).toBe(true);
    expect(isBankAvailable({ status: 'inactivo' })).toBe(false);
  });
});

describe('bank data display', () => {
  it('groups a 20-digit account number as bank-branch-control-account', () => {
    expect(formatAccountNumber('01020123450123456789')).toBe('0102-0123-45-0123456789');
    expect(formatAccountNumber('123')).toBe('123');
  });

  it('writes phones and documents the Venezuelan way', () => {
    expect(formatPhone('04121234567')).toBe('0412-123.45.67');
    expect(formatDocument('V', '12345678')).toBe('V-12345678');
  });
});
