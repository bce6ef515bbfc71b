import type { TransactionType } from './payments';

/**
 * The money flows of the ledger: every `kind` a ledger transaction may carry, and how a player
 * sees each one (docs/decisions/003 and 020). The server's `transfer` only accepts these kinds and
 * the transactions API and the web display read `LEDGER_KIND_DISPLAY`, a `Record` over them: a new
 * kind does not compile until it has a Spanish label and a place in the player's transactions.
 *
 * This module only imports types from ./payments (which imports the list below), so the two never
 * depend on each other at load time. The database stores the kind as text without a CHECK list.
 */
export const LEDGER_KINDS = [
  /** An approved Pago Móvil recharge: incoming money to the player's wallet. */
  'recharge',
  /** A withdrawal request: the amount leaves the wallet into the pending-withdrawals hold. */
  'withdrawal_hold',
  /** Staff paid a withdrawal: the hold leaves the platform. */
  'withdrawal_paid',
  /** Staff rejected a withdrawal: the hold returns to the wallet. */
  'withdrawal_returned',
  /** A seat taken at a paid table: the entry price goes from the wallet to the table escrow. */
  'entry_fee',
  /** A seat left before the match started: the escrow returns the entry price. */
  'entry_refund',
  /** A match settled: the escrow pays the winners, the house fee and the monthly pot. */
  'game_payout',
  /** Staff added money to the month's pot (from the adjustments account). */
  'pot_top_up',
  /** The month's pot paid one ranked player. */
  'pot_payout',
  /** What the month's pot did not pay moves to next month's pot. */
  'pot_carry',
  /** A staff adjustment of a player's wallet. */
  'adjustment',
  /** A tournament registration: the entry goes from the wallet to the tournament's escrow. */
  'tournament_entry',
  /** A tournament entry returned (unregistered before the start, or the tournament cancelled). */
  'tournament_refund',
  /** A finished tournament: its escrow pays the house fee and every prize in one transaction. */
  'tournament_payout',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** True when `value` is one of the ledger kinds. */
export function isLedgerKind(value: string): value is LedgerKind {
  return (LEDGER_KINDS as readonly string[]).includes(value);
}

/**
 * Where a ledger kind appears in a player's transactions (GET /api/transactions):
 * - `ledger`: its entry on the player's wallet is a row of its own (`L-` id) of `type`;
 * - `request`: the player's request row (`R-` recharge, `W-` withdrawal) already shows it, with
 *   its pending and rejected states, so its ledger entry is not listed a second time;
 * - `none`: it only moves money between system accounts, never a player's wallet.
 */
export type LedgerKindListing =
  | { row: 'ledger'; type: TransactionType }
  | { row: 'request'; type: Extract<TransactionType, 'deposito' | 'retiro'> }
  | { row: 'none' };

/** A ledger kind as a player (or staff) reads it: a Spanish label and where it is listed. */
export type LedgerKindDisplay = { label: string } & LedgerKindListing;

/**
 * Display of every ledger kind. Being a `Record<LedgerKind, …>`, adding a kind to LEDGER_KINDS
 * fails typecheck here until it is given a label and a listing.
 */
export const LEDGER_KIND_DISPLAY: Record<LedgerKind, LedgerKindDisplay> = {
  recharge: { label: 'Recarga aprobada', row: 'request', type: 'deposito' },
  withdrawal_hold: { label: 'Retiro solicitado', row: 'request', type: 'retiro' },
  withdrawal_paid: { label: 'Retiro pagado', row: 'none' },
  withdrawal_returned: { label: 'Retiro devuelto a tu saldo', row: 'request', type: 'retiro' },
  entry_fee: { label: 'Entrada a una mesa', row: 'ledger', type: 'apuesta' },
  entry_refund: { label: 'Devolución de la entrada', row: 'ledger', type: 'reembolso' },
  game_payout: { label: 'Premio de la partida', row: 'ledger', type: 'premio' },
  pot_top_up: { label: 'Aporte al Pote del Mes', row: 'none' },
  pot_payout: { label: 'Premio del Pote del Mes', row: 'ledger', type: 'premio' },
  pot_carry: { label: 'Pote acumulado al mes siguiente', row: 'none' },
  adjustment: { label: 'Ajuste del personal', row: 'ledger', type: 'ajuste' },
  tournament_entry: { label: 'Inscripción en un torneo', row: 'ledger', type: 'apuesta' },
  tournament_refund: { label: 'Devolución de la inscripción', row: 'ledger', type: 'reembolso' },
  tournament_payout: { label: 'Premio de torneo', row: 'ledger', type: 'premio' },
};

/** The kinds whose wallet entries are rows of their own in a player's transactions, by kind. */
export function listedLedgerKinds(): { kind: LedgerKind; type: TransactionType }[] {
  return LEDGER_KINDS.flatMap((kind) => {
    const display = LEDGER_KIND_DISPLAY[kind];
    return display.row === 'ledger' ? [{ kind, type: display.type }] : [];
  });
}

/** The listed kinds (own rows) of one transaction type, e.g. 'premio' -> game and pot payouts. */
export function ledgerKindsOfType(type: TransactionType): LedgerKind[] {
  return listedLedgerKinds()
    .filter((k) => k.type === type)
    .map((k) => k.kind);
}
