import { describe, expect, it } from 'vitest';
import { reconcile, type KindFigures } from './reconcile';

/** The report's check on figures that agree and figures that do not (decision 034). */
describe('daily report check', () => {
  const squared: KindFigures[] = [
    { kind: 'wallet', openingCents: 10_000, movementsCents: 5_000, closingCents: 15_000 },
    { kind: 'house_fees', openingCents: 800, movementsCents: 200, closingCents: 1_000 },
    { kind: 'pago_movil_in', openingCents: -10_800, movementsCents: -5_200, closingCents: -16_000 },
  ];
  const fine = {
    dayUnbalanced: { count: 0, imbalanceCents: 0 },
    ledger: { ok: true, problems: [] },
  };

  it('says "Cuadra" when every roll-forward holds, balances sum to zero and nothing is unbalanced', () => {
    const r = reconcile({ kinds: squared, ...fine });
    expect(r).toMatchObject({ ok: true, label: 'Cuadra', differenceCents: 0, problems: [] });
    expect(r.lines.map((l) => [l.label, l.expectedCents, l.differenceCents])).toEqual([
      ['Saldos de jugadores', 15_000, 0],
      ['Comisiones de la casa', 1_000, 0],
      ['Entradas por Pago Móvil', -16_000, 0],
    ]);
  });

  it('says "No cuadra" with the difference when a closing balance does not follow its postings', () => {
    const kinds = squared.map((k) =>
      k.kind === 'wallet'
        ? { ...k, closingCents: 14_750 }
        : k.kind === 'pago_movil_in'
          ? { ...k, closingCents: -15_750 }
          : k,
    );
    const r = reconcile({ kinds, ...fine });
    expect(r.ok).toBe(false);
    expect(r.label).toBe('No cuadra');
    // The closings still sum to zero, so the difference is the roll-forward's: 250 + 250.
    expect(r.differenceCents).toBe(500);
    expect(r.problems).toEqual([
      'Saldos de jugadores: apertura Bs. 100,00 más movimientos Bs. 50,00 da Bs. 150,00, pero el cierre registrado es Bs. 147,50 (diferencia -Bs. 2,50).',
      'Entradas por Pago Móvil: apertura -Bs. 108,00 más movimientos -Bs. 52,00 da -Bs. 160,00, pero el cierre registrado es -Bs. 157,50 (diferencia Bs. 2,50).',
    ]);
  });

  it('reports money created from nothing as the closing sum, and unbalanced transactions of the day', () => {
    const kinds = squared.map((k) =>
      k.kind === 'wallet' ? { ...k, movementsCents: 5_300, closingCents: 15_300 } : k,
    );
    const r = reconcile({
      kinds,
      dayUnbalanced: { count: 1, imbalanceCents: 300 },
      ledger: { ok: false, problems: ['1 transacción cuyos movimientos no suman cero.'] },
    });
    expect(r.ok).toBe(false);
    expect(r.differenceCents).toBe(300);
    expect(r.problems).toEqual([
      'Los saldos al cierre suman Bs. 3,00; en un libro de doble entrada deben sumar Bs. 0,00.',
      '1 transacción del día no suma cero (descuadre Bs. 3,00).',
      'Libro mayor completo: 1 transacción cuyos movimientos no suman cero.',
    ]);
  });

  it('never says "Cuadra" when the whole-ledger check failed, even with no sentence for it', () => {
    const r = reconcile({
      kinds: squared,
      dayUnbalanced: fine.dayUnbalanced,
      ledger: { ok: false, problems: [] },
    });
    expect(r.label).toBe('No cuadra');
    expect(r.problems).toEqual(['El libro mayor completo no pasa la verificación.']);
  });
});
