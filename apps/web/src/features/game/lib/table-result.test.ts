import { describe, expect, it } from 'vitest';
import { backTarget, isFreeTable, moneyResult } from './table-result';

const settlement = { pot: 400, house_fee: 32, pot_share: 8, prize: 180, entry: 100, net: 80 };
const table = { id: 7, name: 'Mesa 7', entry_price: 100 };

describe('the money of a table match', () => {
  it('says what a winner gained, with the prize and the entry', () => {
    expect(moneyResult({ kind: 'table', settlement, table })).toEqual({
      won: true,
      net: 80,
      headline: 'Ganaste Bs. 80,00',
      detail: 'Premio Bs. 180,00 − entrada Bs. 100,00',
    });
  });

  it('says what a loser lost', () => {
    const lost = { ...settlement, prize: 0, net: -100 };
    expect(moneyResult({ kind: 'table', settlement: lost, table })).toMatchObject({
      won: false,
      headline: 'Perdiste Bs. 100,00',
      detail: 'Entrada pagada: Bs. 100,00',
    });
  });

  it('shows nothing for practice games or before settlement', () => {
    expect(moneyResult({ kind: 'practice', settlement: null, table: null })).toBeNull();
    expect(moneyResult({ kind: 'table', settlement: null, table })).toBeNull();
  });

  it('says nothing about entries or payments at a free table ("Recuperaste tu entrada — Bs. 0,00")', () => {
    const free = { ...table, entry_price: 0 };
    const zero = { pot: 0, house_fee: 0, pot_share: 0, prize: 0, entry: 0, net: 0 };
    expect(isFreeTable({ kind: 'table', table: free })).toBe(true);
    expect(isFreeTable({ kind: 'table', table })).toBe(false);
    expect(isFreeTable({ kind: 'practice', table: null })).toBe(false);
    expect(moneyResult({ kind: 'table', settlement: zero, table: free })).toBeNull();
    // Even without the table's price at hand, a settlement of nothing says nothing.
    expect(moneyResult({ kind: 'table', settlement: zero, table: null })).toBeNull();
  });

  it('goes back to the tables from a table match and to the casino from practice', () => {
    expect(backTarget('table').to).toBe('/dashboard');
    expect(backTarget('practice')).toEqual({ to: '/games', label: 'Volver a la práctica' });
  });
});
