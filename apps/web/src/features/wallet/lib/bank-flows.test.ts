import { describe, expect, it } from 'vitest';
import { MSG, MSG_BANK_FLOWS, MSG_PHONE } from '@domino/contracts';
import {
  preferredRechargeAccount,
  validateC2p,
  validatePayer,
  verificationView,
} from './bank-flows';

describe('payer data for a verified Pago Móvil', () => {
  it('reads the phone as people write it and needs a bank', () => {
    expect(validatePayer({ phone: '0414-555.00.11', bankCode: '0105' })).toEqual({
      errors: {},
      phone: '04145550011',
    });
    expect(validatePayer({ phone: '', bankCode: '' }).errors).toEqual({
      payer_phone: MSG_BANK_FLOWS.payerPhoneRequired,
      payer_bank_code: MSG_BANK_FLOWS.payerBankRequired,
    });
    expect(validatePayer({ phone: '0414555', bankCode: '105' }).errors).toEqual({
      payer_phone: MSG_PHONE.tooShort,
      payer_bank_code: MSG_BANK_FLOWS.payerBankInvalid,
    });
  });
});

describe('C2P form', () => {
  const ok = {
    amount: '300,50',
    nIdentification: '12345678',
    phone: '0424 555 00 44',
    bankCode: '0134',
    key: '123456',
  };

  it('accepts a complete form and gives céntimos and the stored phone', () => {
    expect(validateC2p(ok)).toEqual({ errors: {}, amountCents: 30_050, phone: '04245550044' });
  });

  it('asks for the key only to pay, not to request it', () => {
    expect(validateC2p({ ...ok, key: '' }).errors).toEqual({ key: MSG_BANK_FLOWS.keyRequired });
    expect(validateC2p({ ...ok, key: '' }, true).errors).toEqual({});
    expect(validateC2p({ ...ok, key: '12a4' }).errors).toEqual({ key: MSG_BANK_FLOWS.keyInvalid });
  });

  it('says what is wrong with each field in Spanish', () => {
    expect(
      validateC2p({ amount: '10', nIdentification: '12', phone: '', bankCode: '', key: '1' })
        .errors,
    ).toEqual({
      amount: MSG.rechargeMinAmount,
      n_identification: MSG_BANK_FLOWS.identificationInvalid,
      phone: MSG.phoneRequired,
      bank_code: MSG_BANK_FLOWS.payerBankRequired,
      key: MSG_BANK_FLOWS.keyInvalid,
    });
  });
});

describe('verification panel', () => {
  it('follows the status first, then the verification state', () => {
    expect(verificationView('pendiente', 'checking')).toBe('checking');
    expect(verificationView('aprobado', 'checking')).toBe('credited');
    expect(verificationView('pendiente', 'needs_staff')).toBe('staff');
    expect(verificationView('rechazado', 'needs_staff')).toBe('rejected');
    expect(verificationView('pendiente', 'manual')).toBe('manual');
    expect(verificationView('pendiente', undefined)).toBe('manual');
  });
});

describe('preferredRechargeAccount', () => {
  const manual = { id: 1, automatic: { verify: false, c2p: false } };
  const verifies = { id: 2, automatic: { verify: true, c2p: false } };
  const charges = { id: 3, automatic: { verify: true, c2p: true } };
  it('shows first the account credited at once, then one verified automatically, then the first', () => {
    expect(preferredRechargeAccount([manual, verifies, charges])?.id).toBe(3);
    expect(preferredRechargeAccount([manual, verifies])?.id).toBe(2);
    expect(preferredRechargeAccount([manual, { id: 4 }])?.id).toBe(1);
    expect(preferredRechargeAccount([])).toBeNull();
  });
});
