import { describe, expect, it } from 'vitest';
import { backTarget, moneyResult } from './table-result';

const settlement = { pot: 400, house_fee: 32, pot_share: 8, prize: 180, entry: 100, net: 80 };

describe('the money of a table match', () => {
  it('says what a winner gained, with the prize and the entry', () => {
    expect(moneyResult({ kind: 'table', settlement })).toEqual({
      won: true,
      net: 80,
      headline: 'Ganaste Bs. 80,00',
      detail: 'Premio Bs. 180,00 − entrada Bs. 100,00',
    });
  });

  it('says what a loser lost', () => {
    const lost = { ...settlement, prize: 0, net: -100 };
    expect(moneyResult({ kind: 'table', settlement: lost })).toMatchObject({
      won: false,
      headline: 'Perdiste Bs. 100,00',
      detail: 'Entrada pagada: Bs. 100,00',
    });
  });

  it('shows nothing for practice games or before settlement', () => {
    expect(moneyResult({ kind: 'practice', settlement: null })).toBeNull();
    expect(moneyResult({ kind: 'table', settlement: null })).toBeNull();
  });

  it('goes back to the tables from a table match and to the casino from practice', () => {
    expect(backTarget('table').to).toBe('/dashboard');
    expect(backTarget('practice')).toEqual({ to: '/games', label: 'Volver al Casino' });
  });
});
