import { ACCOUNT_KIND_LABELS, formatBs, plural, pluralWord } from '@domino/contracts';

/**
 * The daily report's check (docs/decisions/034-daily-report-and-bcv-rate.md "Cuadre"): pure
 * arithmetic over figures read from the ledger, so it can be tested with figures that disagree.
 * All amounts are integer céntimos.
 */

/** One account kind's day: balances from the stored running balances, movements from postings. */
export interface KindFigures {
  kind: string;
  /** Sum of the accounts' running balances (`balance_after_cents` of each account's last entry) before the day. */
  openingCents: number;
  /** Sum of the day's postings on accounts of this kind. */
  movementsCents: number;
  /** Sum of the accounts' running balances at the end of the day. */
  closingCents: number;
}

export interface ReconcileInput {
  kinds: KindFigures[];
  /** The day's ledger transactions whose postings do not sum to zero, and what they add up to. */
  dayUnbalanced: { count: number; imbalanceCents: number };
  /** The whole-ledger check of modules/ledger `checkLedger` (as it stands now), Spanish problems included. */
  ledger: { ok: boolean; problems: string[] };
}

export interface KindLine extends KindFigures {
  label: string;
  expectedCents: number;
  differenceCents: number;
}

export interface ReconcileResult {
  ok: boolean;
  label: 'Cuadra' | 'No cuadra';
  /**
   * What the ledger does not account for, in céntimos: the sum of every closing balance (0 in a
   * double-entry ledger) when that is off, otherwise the sum of the roll-forward differences
   * (absolute), otherwise the day's imbalance. 0 when it squares.
   */
  differenceCents: number;
  lines: KindLine[];
  problems: string[];
}

/**
 * Checks that the day's ledger squares:
 * 1. per account kind, opening + movements = closing (the running balances follow the postings);
 * 2. the closing balances of all accounts sum to zero (money is never created or lost);
 * 3. every transaction of the day sums to zero;
 * 4. the whole ledger passes `checkLedger` (every balance equals its entries, every transaction
 *    balanced, no forbidden negative).
 * Returns each kind's line, the Spanish problems (empty when it squares) and the difference.
 */
export function reconcile(input: ReconcileInput): ReconcileResult {
  const lines: KindLine[] = input.kinds.map((k) => {
    const expectedCents = k.openingCents + k.movementsCents;
    return {
      ...k,
      label: ACCOUNT_KIND_LABELS[k.kind] ?? k.kind,
      expectedCents,
      differenceCents: k.closingCents - expectedCents,
    };
  });
  const problems: string[] = [];
  for (const l of lines) {
    if (l.differenceCents !== 0)
      problems.push(
        `${l.label}: apertura ${formatBs(l.openingCents)} más movimientos ${formatBs(l.movementsCents)} ` +
          `da ${formatBs(l.expectedCents)}, pero el cierre registrado es ${formatBs(l.closingCents)} ` +
          `(diferencia ${formatBs(l.differenceCents)}).`,
      );
  }
  const closingSum = lines.reduce((s, l) => s + l.closingCents, 0);
  if (closingSum !== 0)
    problems.push(
      `Los saldos al cierre suman ${formatBs(closingSum)}; en un libro de doble entrada deben sumar Bs. 0,00.`,
    );
  if (input.dayUnbalanced.count > 0)
    problems.push(
      `${plural(input.dayUnbalanced.count, 'transacción', 'transacciones')} del día ${pluralWord(input.dayUnbalanced.count, 'no suma', 'no suman')} cero (descuadre ${formatBs(input.dayUnbalanced.imbalanceCents)}).`,
    );
  for (const p of input.ledger.problems) problems.push(`Libro mayor completo: ${p}`);
  if (!input.ledger.ok && input.ledger.problems.length === 0)
    problems.push('El libro mayor completo no pasa la verificación.');

  const rollForward = lines.reduce((s, l) => s + Math.abs(l.differenceCents), 0);
  const differenceCents =
    closingSum !== 0
      ? closingSum
      : rollForward !== 0
        ? rollForward
        : input.dayUnbalanced.imbalanceCents;
  const ok = problems.length === 0;
  return { ok, label: ok ? 'Cuadra' : 'No cuadra', differenceCents, lines, problems };
}
