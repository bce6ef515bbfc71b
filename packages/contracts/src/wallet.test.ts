import { describe, expect, it } from 'vitest';
import {
  PAGO_MOVIL_BANKS,
  balanceEffect,
  canonicalTransactionStatus,
  canonicalTransactionType,
  sortBanks,
} from './wallet';
import { transactionsQuerySchema } from './payments';

describe('transaction filter spellings', () => {
  it('reads every spelling of docs/product.md §3 as its canonical type, ignoring case, accents and spaces', () => {
    expect(
      ['dep', 'DEP', 'deposito', 'Depósito', 'recharge', ' Recharge '].map(
        canonicalTransactionType,
      ),
    ).toEqual(Array(6).fill('deposito'));
    expect(['withdrawal', 'retiro', 'RETIRO'].map(canonicalTransactionType)).toEqual(
      Array(3).fill('retiro'),
    );
    expect(canonicalTransactionType('bet')).toBe('apuesta');
    expect(canonicalTransactionType('win')).toBe('premio');
    expect(canonicalTransactionType('deposit')).toBeNull();
    expect(canonicalTransactionType('')).toBeNull();
  });

  it('reads every status spelling of docs/product.md §3 as its canonical status', () => {
    expect(
      [
        ['pending', 'pendiente', 'Pendiente'],
        ['approved', 'aprobado'],
        ['rejected', 'rechazado'],
        ['completed', 'completado'],
      ].map((words) => words.map(canonicalTransactionStatus)),
    ).toEqual([
      ['pending', 'pending', 'pending'],
      ['approved', 'approved'],
      ['rejected', 'rejected'],
      ['completed', 'completed'],
    ]);
    expect(canonicalTransactionStatus('pagado')).toBeNull();
  });

  it('parses the query: empty means all, unknown is refused in Spanish', () => {
    expect(transactionsQuerySchema.parse({ type: 'dep', status: 'pendiente' })).toMatchObject({
      type: 'deposito',
      status: 'pending',
    });
    expect(transactionsQuerySchema.parse({ type: '', status: '' })).toMatchObject({
      type: undefined,
      status: undefined,
    });
    const bad = transactionsQuerySchema.safeParse({ type: ['dep', 'retiro'], status: 'x' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['type', 'El tipo de transacción no es válido'],
      ['status', 'El estado de la transacción no es válido'],
    ]);
  });
});

describe('what a movement did to the balance', () => {
  const effect = (type_transaction: string, status: string, direction: 'credit' | 'debit') =>
    balanceEffect({ type_transaction, status, direction } as Parameters<typeof balanceEffect>[0]);

  it('credits a recharge only once approved', () => {
    expect(effect('deposito', 'approved', 'credit')).toBe('credit');
    expect(effect('deposito', 'pending', 'credit')).toBe('none');
    expect(effect('deposito', 'rejected', 'credit')).toBe('none');
  });

  it('debits a withdrawal from the request on, unless it was returned', () => {
    expect(effect('retiro', 'pending', 'debit')).toBe('debit');
    expect(effect('retiro', 'completed', 'debit')).toBe('debit');
    expect(effect('retiro', 'rejected', 'debit')).toBe('none');
  });

  it('keeps the direction of ledger movements', () => {
    expect(effect('premio', 'completed', 'credit')).toBe('credit');
    expect(effect('apuesta', 'completed', 'debit')).toBe('debit');
    expect(effect('ajuste', 'completed', 'debit')).toBe('debit');
  });
});

describe('the Pago Móvil bank list', () => {
  it('has 26 banks with unique 4-digit codes, Banesco, Mercantil, Provincial and BNC among them, and no BOD', () => {
    const codes = PAGO_MOVIL_BANKS.map((b) => b.code);
    expect(codes).toHaveLength(26);
    expect(new Set(codes).size).toBe(26);
    for (const code of codes) expect(code).toMatch(/^01\d{2}$/);
    const byCode = Object.fromEntries(PAGO_MOVIL_BANKS.map((b) => [b.code, b.name]));
    expect(byCode).toMatchObject({
      '0105': 'Mercantil',
      '0108': 'BBVA Provincial',
      '0134': 'Banesco',
      '0191': 'BNC Banco Nacional de Crédito',
    });
    expect(byCode['0116']).toBeUndefined();
  });

  it('sorts by name in Spanish, ignoring case and accents, digits first', () => {
    expect(
      sortBanks([
        { code: '0177', name: 'BANFANB' },
        { code: '0134', name: 'Banesco' },
        { code: '0128', name: 'Banco Caroní' },
        { code: '0102', name: 'banco de Venezuela' },
        { code: '0156', name: '100% Banco' },
        { code: '0999', name: 'Banco Cárdenas' },
      ]).map((b) => b.name),
    ).toEqual([
      '100% Banco',
      'Banco Cárdenas',
      'Banco Caroní',
      'banco de Venezuela',
      'Banesco',
      'BANFANB',
    ]);
  });
});
