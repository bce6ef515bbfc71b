import { describe, expect, it } from 'vitest';
import { MSG_WALLET } from '@domino/contracts';
import { formatCaracasDateTime } from '../../../lib/format';
import {
  amountDisplay,
  detailValue,
  effectNote,
  filtersFromSearch,
  pageCount,
  pageWindow,
  PERIOD_LABELS,
  PERIOD_OPTIONS,
  rechargeIdOf,
  transactionsQueryString,
  typeLabel,
  kindLabel,
} from './transactions';

describe('pagination window', () => {
  it('shows every page when there are five or fewer', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows at most five pages, centred on the current one', () => {
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(3, 10)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shifts the window at both edges', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(9, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
  });

  it('clamps a current page outside the range', () => {
    expect(pageWindow(0, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(99, 7)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(1, 0)).toEqual([1]);
  });

  it('always contains the current page and never more than five numbers', () => {
    for (let total = 1; total <= 20; total++) {
      for (let current = 1; current <= total; current++) {
        const w = pageWindow(current, total);
        expect(w).toContain(current);
        expect(w.length).toBe(Math.min(5, total));
        expect(w[0]).toBeGreaterThanOrEqual(1);
        expect(w[w.length - 1]).toBeLessThanOrEqual(total);
      }
    }
  });

  it('counts pages of ten items', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(10)).toBe(1);
    expect(pageCount(11)).toBe(2);
    expect(pageCount(95)).toBe(10);
  });
});

describe('amount sign and colour', () => {
  it('shows money that came in as green with a plus sign', () => {
    expect(amountDisplay({ amount: 1234.56, effect: 'credit', status: 'approved' })).toEqual({
      sign: '+',
      color: 'green',
      struck: false,
      text: '+Bs. 1.234,56',
    });
  });

  it('shows money that went out as red with a minus sign', () => {
    expect(amountDisplay({ amount: 500, effect: 'debit', status: 'pending' })).toEqual({
      sign: '−',
      color: 'red',
      struck: false,
      text: '−Bs. 500,00',
    });
  });

  it('never doubles the sign of a negative amount', () => {
    expect(amountDisplay({ amount: -20, effect: 'debit', status: 'completed' }).text).toBe(
      '−Bs. 20,00',
    );
  });

  // Decision 016: a pending or rejected recharge showed as a green "+Bs.", as if credited.
  it('shows a pending recharge neutral, without a sign, never green', () => {
    expect(amountDisplay({ amount: 300, effect: 'none', status: 'pending' })).toEqual({
      sign: '',
      color: 'gray',
      struck: false,
      text: 'Bs. 300,00',
    });
  });

  it('shows a rejected recharge or a returned withdrawal neutral and struck through', () => {
    for (const amount of [350, 700])
      expect(amountDisplay({ amount, effect: 'none', status: 'rejected' })).toMatchObject({
        sign: '',
        color: 'gray',
        struck: true,
      });
  });

  it('explains in the detail what a request did to the balance', () => {
    expect(effectNote({ type_transaction: 'deposito', status: 'pending' })).toBe(
      MSG_WALLET.effectPendingRecharge,
    );
    expect(effectNote({ type_transaction: 'deposito', status: 'rejected' })).toBe(
      MSG_WALLET.effectRejectedRecharge,
    );
    expect(effectNote({ type_transaction: 'retiro', status: 'pending' })).toBe(
      MSG_WALLET.effectPendingWithdrawal,
    );
    expect(effectNote({ type_transaction: 'retiro', status: 'rejected' })).toBe(
      MSG_WALLET.effectReturnedWithdrawal,
    );
    expect(effectNote({ type_transaction: 'deposito', status: 'approved' })).toBeNull();
    expect(effectNote({ type_transaction: 'premio', status: 'completed' })).toBeNull();
  });
});

describe('filters', () => {
  it('labels the four periods in Spanish', () => {
    expect(PERIOD_LABELS).toEqual({
      today: 'Hoy',
      week: 'Últimos 7 días',
      month: 'Este mes',
      last_month: 'Mes anterior',
    });
    expect(PERIOD_OPTIONS.map((o) => o.value)).toEqual([
      '',
      'today',
      'week',
      'month',
      'last_month',
    ]);
  });

  it('reads known filters from the URL and ignores unknown ones', () => {
    expect(
      filtersFromSearch(new URLSearchParams('type=retiro&status=pending&period=week&page=3')),
    ).toEqual({ type: 'retiro', status: 'pending', period: 'week', page: 3 });
    // Any spelling the API accepts reads as its canonical value (docs/product.md §3).
    expect(filtersFromSearch(new URLSearchParams('type=dep&status=Pendiente'))).toMatchObject({
      type: 'deposito',
      status: 'pending',
    });
    expect(filtersFromSearch(new URLSearchParams('type=x&status=&page=-2'))).toEqual({
      type: '',
      status: '',
      period: '',
      page: 1,
    });
  });

  it('builds the API query without empty filters', () => {
    expect(transactionsQueryString({ type: '', status: 'approved', period: '', page: 2 })).toBe(
      'status=approved&page=2',
    );
  });
});

describe('display helpers', () => {
  it('formats dates as dd/mm/yyyy HH:mm in Caracas time (UTC-4)', () => {
    expect(formatCaracasDateTime('2025-03-05T14:07:00.000Z')).toBe('05/03/2025 10:07');
    // Just after midnight UTC is still the previous day in Caracas.
    expect(formatCaracasDateTime('2025-01-01T02:30:00Z')).toBe('31/12/2024 22:30');
  });

  it('leaves an invalid date as it came', () => {
    expect(formatCaracasDateTime('not a date')).toBe('not a date');
  });

  it('labels the six transaction types and keeps unknown types raw', () => {
    expect(typeLabel('deposito')).toBe('Recarga');
    expect(typeLabel('ajuste')).toBe('Ajuste');
    expect(typeLabel('otro')).toBe('otro');
  });

  it('names the ledger kind of a ledger row in Spanish, and nothing for a request row', () => {
    expect(kindLabel('entry_fee')).toBe('Entrada a una mesa');
    expect(kindLabel('pot_payout')).toBe('Premio del Pote del Mes');
    expect(kindLabel(null)).toBeNull();
  });

  it('shows numeric details as bolívares and empty ones as a dash', () => {
    expect(detailValue(1500.5)).toBe('Bs. 1.500,50');
    expect(detailValue(null)).toBe('—');
    expect(detailValue('Sí')).toBe('Sí');
  });

  it('groups an account number inside a detail, so it never breaks inside its digits', () => {
    expect(detailValue('Banco de Venezuela 01020501840001234567')).toBe(
      'Banco de Venezuela 0102-0501-84-0001234567',
    );
    expect(detailValue('V-12345678')).toBe('V-12345678');
  });

  it('finds the recharge behind a list id', () => {
    expect(rechargeIdOf('R-12')).toBe(12);
    expect(rechargeIdOf('W-12')).toBeNull();
  });
});
