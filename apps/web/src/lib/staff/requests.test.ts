import { describe, expect, it } from 'vitest';
import { MSG_PAYMENTS } from '@domino/contracts';
import { isDecidable, nextZoom, reasonProblem, requestStatusLabel } from './requests';
import { formatCaracasDateTime } from '../format';
import { keyForSubmission } from '../idempotency';

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
});
