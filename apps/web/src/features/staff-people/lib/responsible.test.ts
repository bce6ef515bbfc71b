import { describe, expect, it } from 'vitest';
import { staffSummary } from './responsible';

describe('staff summary', () => {
  it('lists limits, pending changes and the pause, or says there are none', () => {
    const base = { limits: [], reminder_minutes: null, pause: null };
    expect(staffSummary(base)).toBe('Sin límites ni pausa');
    expect(
      staffSummary({
        limits: [
          {
            kind: 'deposit',
            period: 'day',
            amount_cents: 50_000,
            used_cents: 0,
            pending: { amount_cents: null, effective_at: '2026-11-27T18:30:00.000Z' },
          },
        ],
        reminder_minutes: 30,
        pause: { kind: 'exclusion', until: null, started_at: '2026-11-26T00:00:00Z', message: '' },
      }),
    ).toBe(
      'Recargas diario: Bs. 500,00 · Recargas diario pasa a sin límite el 27/11/2026 14:30 · ' +
        'Recordatorio cada 30 min · Autoexcluido de forma permanente',
    );
  });
});
