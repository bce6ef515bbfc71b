import { describe, expect, it } from 'vitest';
import { MSG, MSG_ADMIN, MSG_PAYMENTS, MSG_PHONE } from '@domino/contracts';
import { accountFormErrors, bankFormErrors } from './catalog';

describe('bank and recharge-account forms', () => {
  it('checks the bank and recharge-account forms with the contracts’ messages', () => {
    expect(bankFormErrors({ code: '12', name: ' ' })).toEqual({
      code: [MSG_ADMIN.bankCodeInvalid],
      name: [MSG_ADMIN.bankNameRequired],
    });
    expect(bankFormErrors({ code: '0134', name: 'Banesco' })).toEqual({});
    const form = {
      bank_id: '3',
      account_number: '01340001110002223334',
      holder_name: 'Dominó C.A.',
      type_identification: 'J',
      n_identification: '501234567',
      phone: '04141234567',
    };
    expect(accountFormErrors(form, '0134')).toEqual({});
    expect(accountFormErrors(form, '0102')).toEqual({
      account_number: [MSG_PAYMENTS.accountNumberMismatch],
    });
    expect(
      accountFormErrors({ ...form, bank_id: '', phone: '0414123', holder_name: '' }, null),
    ).toEqual({
      bank_id: [MSG.bankRequired],
      holder_name: [MSG_ADMIN.holderRequired],
      phone: [MSG_PHONE.tooShort],
    });
  });
});
