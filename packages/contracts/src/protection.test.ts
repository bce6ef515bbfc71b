import { describe, expect, it } from 'vitest';
import {
  caracasDateTime,
  changedThings,
  staffReviewMessage,
  withdrawalReviewMessage,
} from './protection';

describe('withdrawal review texts (docs/decisions/013)', () => {
  it('formats instants in Caracas time as dd/mm/yyyy HH:MM', () => {
    // 2026-11-23T18:05Z is 14:05 in Caracas (UTC-4, no daylight saving).
    expect(caracasDateTime('2026-11-23T18:05:00.000Z')).toBe('23/11/2026 14:05');
    expect(caracasDateTime('2026-11-24T03:30:00.000Z')).toBe('23/11/2026 23:30');
    expect(caracasDateTime('no es fecha')).toBe('no es fecha');
  });

  it('names each kind of change once, in a fixed order, joined in Spanish', () => {
    expect(changedThings([{ kind: 'phone', at: '2026-11-23T18:05:00Z' }])).toBe(
      'teléfono de Pago Móvil',
    );
    expect(
      changedThings([
        { kind: 'bank_account', at: '2026-11-23T18:05:00Z' },
        { kind: 'phone', at: '2026-11-23T18:06:00Z' },
        { kind: 'email', at: '2026-11-23T18:07:00Z' },
        { kind: 'phone', at: '2026-11-23T18:08:00Z' },
      ]),
    ).toBe('correo electrónico, teléfono de Pago Móvil y cuenta bancaria nueva');
  });

  it('tells the player what changed, the latest change and until when', () => {
    const changes = [
      { kind: 'email' as const, at: '2026-11-23T12:00:00.000Z' },
      { kind: 'phone' as const, at: '2026-11-23T18:05:00.000Z' },
    ];
    expect(withdrawalReviewMessage(changes, '2026-11-24T18:05:00.000Z')).toBe(
      'En revisión por un cambio reciente en tu cuenta: correo electrónico y teléfono de Pago ' +
        'Móvil (último cambio el 23/11/2026 14:05). Por tu seguridad, el personal revisa los ' +
        'retiros solicitados hasta el 24/11/2026 14:05 antes de pagarlos.',
    );
    expect(staffReviewMessage([...changes].reverse())).toBe(
      'Cambio reciente de correo electrónico el 23/11/2026 08:00; teléfono de Pago Móvil el ' +
        '23/11/2026 14:05. Verifica con el jugador antes de pagar.',
    );
  });
});
