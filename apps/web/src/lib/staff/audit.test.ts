import { describe, expect, it } from 'vitest';
import {
  auditActionLabel,
  auditDiff,
  auditTargetLink,
  auditTargetText,
  formatAuditValue,
} from './audit';

describe('audit log reading', () => {
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
});
