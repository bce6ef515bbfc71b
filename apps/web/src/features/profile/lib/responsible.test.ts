import { describe, expect, it } from 'vitest';
import { RESPONSIBLE_MESSAGES } from '@domino/contracts';
import {
  limitInput,
  limitText,
  msUntilNextReminder,
  pauseExplanation,
  pendingText,
} from './responsible';

describe('responsible gaming helpers', () => {
  it('reads a limit field as céntimos, empty as no limit, nonsense as invalid', () => {
    expect(limitInput('')).toBeNull();
    expect(limitInput('  ')).toBeNull();
    expect(limitInput('500')).toBe(50_000);
    expect(limitInput('12,5')).toBe(1_250);
    expect(limitInput('0')).toBeUndefined();
    expect(limitInput('-5')).toBeUndefined();
    expect(limitInput('1.234')).toBeUndefined();
    expect(limitInput('abc')).toBeUndefined();
  });

  it('writes céntimos back as field text', () => {
    expect(limitText(null)).toBe('');
    expect(limitText(50_000)).toBe('500');
    expect(limitText(1_250)).toBe('12.50');
  });

  it('says when a pending limit takes effect, in Caracas time', () => {
    const limit = {
      kind: 'deposit' as const,
      period: 'day' as const,
      amount_cents: 10_000,
      used_cents: 0,
      pending: { amount_cents: 50_000, effective_at: '2026-11-27T18:30:00.000Z' },
    };
    expect(pendingText(limit)).toBe(
      'Tu nuevo límite (Bs. 500,00) entra en vigor el 27/11/2026 14:30.',
    );
    expect(pendingText({ ...limit, pending: { ...limit.pending, amount_cents: null } })).toContain(
      'sin límite',
    );
    expect(pendingText({ ...limit, pending: null })).toBeNull();
  });

  it('explains a time-out and a permanent exclusion differently', () => {
    expect(pauseExplanation('24h')).toContain('Durante 24 horas');
    expect(pauseExplanation('permanent')).toContain('de forma permanente');
    expect(pauseExplanation('6m')).toContain('no se puede deshacer');
  });

  it('schedules the next reminder at the next whole interval of the session', () => {
    const start = 1_000_000;
    expect(msUntilNextReminder(start, 15, start)).toBe(15 * 60_000);
    expect(msUntilNextReminder(start, 15, start + 14 * 60_000)).toBe(60_000);
    expect(msUntilNextReminder(start, 15, start + 15 * 60_000)).toBe(15 * 60_000);
    expect(msUntilNextReminder(start, 30, start + 45 * 60_000)).toBe(15 * 60_000);
  });

  it('formats the reminder with a real minus sign for a loss', () => {
    expect(RESPONSIBLE_MESSAGES.reminder(45, -12_000)).toBe(
      'Llevas 45 min jugando · Resultado neto: −Bs. 120,00',
    );
    expect(RESPONSIBLE_MESSAGES.reminder(30, 5_000)).toBe(
      'Llevas 30 min jugando · Resultado neto: +Bs. 50,00',
    );
  });
});
