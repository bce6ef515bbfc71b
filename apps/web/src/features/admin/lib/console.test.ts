import { describe, expect, it } from 'vitest';
import { MSG, MSG_ADMIN, MSG_PAYMENTS, MSG_PHONE } from '@domino/contracts';
import {
  accountFormErrors,
  auditActionLabel,
  auditDiff,
  auditTargetLink,
  auditTargetText,
  bankFormErrors,
  formatAuditValue,
  pageCount,
  sinceText,
  toSearch,
} from './console';

describe('staff console rules', () => {
  it('builds a query string from the filters that have a value', () => {
    expect(toSearch({ q: 'ana', page: 2, actor: undefined, action: '' })).toBe('?q=ana&page=2');
    expect(toSearch({ q: '' })).toBe('');
    expect(toSearch({ q: 'V-123 &x' })).toBe('?q=V-123+%26x');
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });

  it('labels audit actions and targets in Spanish and links them to their page', () => {
    expect(auditActionLabel('user.suspend')).toBe('Cuenta suspendida');
    expect(auditActionLabel('something.new')).toBe('something.new');
    expect(auditTargetText('user', '12')).toBe('Usuario #12');
    expect(auditTargetText('ledger', 'consistency')).toBe('Libro mayor');
    expect(auditTargetText('monthly_pot', '2026-11')).toBe('Pote 2026-11');
    expect(auditTargetLink('monthly_pot', '2026-11')).toBe('/admin/pote');
    expect(auditTargetLink('user', '12')).toBe('/admin/usuarios/12');
    expect(auditTargetLink('recharge_account', '3')).toBe('/admin/bancos');
    expect(auditTargetLink('ledger', 'consistency')).toBeNull();
  });

  it('diffs the before and after of an audit row field by field', () => {
    expect(
      auditDiff(
        { code: '0134', name: 'Banesco', status: 'activo', meta: { a: 1 } },
        { code: '0134', name: 'Banesco Universal', status: 'activo', meta: { a: 2 }, extra: true },
      ),
    ).toEqual([
      { path: 'code', before: '0134', after: '0134', change: 'same' },
      { path: 'name', before: 'Banesco', after: 'Banesco Universal', change: 'changed' },
      { path: 'status', before: 'activo', after: 'activo', change: 'same' },
      { path: 'meta.a', before: 1, after: 2, change: 'changed' },
      { path: 'extra', before: undefined, after: true, change: 'added' },
    ]);
    expect(auditDiff(null, { status: 'activo' })).toEqual([
      { path: 'status', before: undefined, after: 'activo', change: 'added' },
    ]);
    expect(auditDiff({ status: 'activo' }, null)[0]?.change).toBe('removed');
    expect(auditDiff(null, null)).toEqual([]);
    expect(auditDiff({ seats: [1, 2] }, { seats: [1, 2] })[0]?.change).toBe('same');
  });

  it('formats audit values for reading', () => {
    expect(formatAuditValue(null)).toBe('—');
    expect(formatAuditValue(true)).toBe('sí');
    expect(formatAuditValue(12.5)).toBe('12.5');
    expect(formatAuditValue([1, 2])).toBe('[1,2]');
  });

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

  it('says how long ago a check ran', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(sinceText('2026-11-21T11:59:30Z', now)).toBe('hace un momento');
    expect(sinceText('2026-11-21T11:45:00Z', now)).toBe('hace 15 min');
    expect(sinceText('2026-11-21T09:00:00Z', now)).toBe('hace 3 h');
    expect(sinceText('2026-11-20T12:00:00Z', now)).toBe('hace 1 día');
  });
});
