import { describe, expect, it } from 'vitest';
import {
  LEDGER_KINDS,
  LEDGER_KIND_DISPLAY,
  isLedgerKind,
  ledgerKindsOfType,
  listedLedgerKinds,
  type LedgerKind,
  type LedgerKindDisplay,
} from './ledger';
import { TRANSACTION_TYPES, transactionSchema } from './payments';

describe('ledger kinds', () => {
  it('gives every kind a Spanish label and a listing, and nothing more', () => {
    expect(Object.keys(LEDGER_KIND_DISPLAY).sort()).toEqual([...LEDGER_KINDS].sort());
    for (const kind of LEDGER_KINDS) {
      const display = LEDGER_KIND_DISPLAY[kind];
      expect(display.label.trim(), kind).not.toBe('');
      // A label is words for a person, never the code name.
      expect(display.label, kind).not.toMatch(/_/);
      expect(['ledger', 'request', 'none'], kind).toContain(display.row);
      if (display.row !== 'none') expect(TRANSACTION_TYPES, kind).toContain(display.type);
    }
    expect(new Set(LEDGER_KINDS).size).toBe(LEDGER_KINDS.length);
  });

  it('refuses, at compile time, a display that misses a kind or a kind that is not listed', () => {
    const { adjustment: _dropped, ...rest } = LEDGER_KIND_DISPLAY;
    // @ts-expect-error a Record over LEDGER_KINDS without `adjustment` does not compile
    const missing: Record<LedgerKind, LedgerKindDisplay> = rest;
    expect(Object.keys(missing)).not.toContain('adjustment');
    // @ts-expect-error 'bet' is a transaction type's spelling, not a ledger kind
    const unknown: LedgerKind = 'bet';
    expect(isLedgerKind(unknown)).toBe(false);
  });

  it('lists as rows of their own exactly the kinds that move a wallet without a request', () => {
    expect(listedLedgerKinds()).toEqual([
      { kind: 'entry_fee', type: 'apuesta' },
      { kind: 'entry_refund', type: 'reembolso' },
      { kind: 'game_payout', type: 'premio' },
      { kind: 'pot_payout', type: 'premio' },
      { kind: 'adjustment', type: 'ajuste' },
      { kind: 'tournament_entry', type: 'apuesta' },
      { kind: 'tournament_refund', type: 'reembolso' },
      { kind: 'tournament_payout', type: 'premio' },
    ]);
    expect(ledgerKindsOfType('premio')).toEqual(['game_payout', 'pot_payout', 'tournament_payout']);
    expect(ledgerKindsOfType('deposito')).toEqual([]);
  });

  it('tells kinds from other words', () => {
    expect(LEDGER_KINDS.every(isLedgerKind)).toBe(true);
    expect(['', 'withdrawal', 'deposito', 'ENTRY_FEE'].some(isLedgerKind)).toBe(false);
  });

  it('accepts every kind, and null, as the kind of a listed transaction', () => {
    const base = {
      id: 'L-1',
      type_transaction: 'premio',
      description: 'x',
      amount: 1,
      direction: 'credit',
      effect: 'credit',
      status: 'completed',
      created_at: '2026-01-01T00:00:00.000Z',
      reference: null,
      details: {},
    };
    for (const kind of [...LEDGER_KINDS, null])
      expect(transactionSchema.safeParse({ ...base, kind }).success, String(kind)).toBe(true);
    expect(transactionSchema.safeParse({ ...base, kind: 'robo' }).success).toBe(false);
  });
});
