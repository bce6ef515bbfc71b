import { describe, expect, it } from 'vitest';
import { MSG_PAYMENTS } from '@domino/contracts';
import {
  ADMIN_SECTIONS,
  isDecidable,
  isSectionActive,
  nextZoom,
  parseSignedAmount,
  payoutReferenceProblem,
  reasonProblem,
  requestStatusLabel,
} from './admin';
import { formatCaracasDateTime } from '../../../lib/format';
import { keyForSubmission } from '../../../lib/idempotency';

describe('admin sections', () => {
  const overview = ADMIN_SECTIONS[0]!;
  const recharges = ADMIN_SECTIONS[1]!;

  it('marks the overview active only on /admin itself', () => {
    expect(isSectionActive(overview, '/admin')).toBe(true);
    expect(isSectionActive(overview, '/admin/')).toBe(true);
    expect(isSectionActive(overview, '/admin/recargas')).toBe(false);
  });

  it('marks a section active on its path and below it', () => {
    expect(isSectionActive(recharges, '/admin/recargas')).toBe(true);
    expect(isSectionActive(recharges, '/admin/recargas/12')).toBe(true);
    expect(isSectionActive(recharges, '/admin/recargasx')).toBe(false);
  });

  it('lists every section under /admin with a unique path', () => {
    const paths = ADMIN_SECTIONS.map((s) => s.to);
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of paths) expect(p.startsWith('/admin')).toBe(true);
  });
});

describe('queue rules', () => {
  it('lets staff decide only pending requests', () => {
    expect(isDecidable('pendiente')).toBe(true);
    expect(isDecidable('aprobado')).toBe(false);
    expect(isDecidable('completado')).toBe(false);
    expect(isDecidable('rechazado')).toBe(false);
  });

  it('labels queue statuses in Spanish', () => {
    expect(requestStatusLabel('pendiente', 'recharge')).toBe('Pendiente');
    expect(requestStatusLabel('aprobado', 'recharge')).toBe('Aprobada');
    expect(requestStatusLabel('rechazado', 'recharge')).toBe('Rechazada');
    expect(requestStatusLabel('completado', 'withdrawal')).toBe('Pagado');
    expect(requestStatusLabel('rechazado', 'withdrawal')).toBe('Rechazado');
    expect(requestStatusLabel('otro', 'withdrawal')).toBe('otro');
  });

  it('formats request dates in Caracas time', () => {
    expect(formatCaracasDateTime('2025-06-01T03:59:00Z')).toBe('31/05/2025 23:59');
  });

  it('reuses a decision key on retry', () => {
    const a = keyForSubmission(null, 'pay:1:REF', () => 'k');
    expect(keyForSubmission(a, 'pay:1:REF', () => 'other').key).toBe('k');
  });
});

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

describe('proof zoom', () => {
  it('steps through 100%, 150%, 200% and 300% and stops at the ends', () => {
    expect(nextZoom(1, 1)).toBe(1.5);
    expect(nextZoom(1.5, 1)).toBe(2);
    expect(nextZoom(3, 1)).toBe(3);
    expect(nextZoom(2, -1)).toBe(1.5);
    expect(nextZoom(1, -1)).toBe(1);
  });
});

describe('decision texts', () => {
  it('requires a reason of at least three characters', () => {
    expect(reasonProblem('')).toBe(MSG_PAYMENTS.reasonRequired);
    expect(reasonProblem('no')).toBe(MSG_PAYMENTS.reasonRequired);
    expect(reasonProblem('Referencia no encontrada')).toBeNull();
  });

  it('requires the payout reference', () => {
    expect(payoutReferenceProblem('')).toBe(MSG_PAYMENTS.payoutReferenceRequired);
    expect(payoutReferenceProblem('0012345')).toBeNull();
  });
});
