import { formatBs, type GameView } from '@domino/contracts';
import { bolivaresToCents } from '../../../lib/format';

/** The money line of a finished table match (decision 005), from `view.settlement` (Bs.). */
export interface MoneyResult {
  won: boolean;
  /** Net in Bs. (prize - entry). */
  net: number;
  /** 'Ganaste Bs. 80,00' / 'Perdiste Bs. 100,00' / 'Recuperaste tu entrada'. */
  headline: string;
  /** How it adds up: prize received and entry paid. */
  detail: string;
}

/**
 * A free table ("amistosa", entry 0; docs/product.md glossary): its result and its rematch say
 * nothing about entries, prizes or payments.
 */
export function isFreeTable(view: Pick<GameView, 'kind' | 'table'>): boolean {
  return view.kind === 'table' && view.table !== null && view.table.entry_price === 0;
}

/**
 * 'Ganaste Bs. X' when the net is positive, 'Perdiste Bs. Y' when negative (the entry lost, less
 * any prize), with the prize and entry spelled out. Null for practice games, free tables (no
 * entry was paid: nothing to say) and until settled.
 */
export function moneyResult(
  view: Pick<GameView, 'kind' | 'settlement' | 'table'>,
): MoneyResult | null {
  const s = view.settlement;
  if (view.kind !== 'table' || !s || isFreeTable(view)) return null;
  const net = bolivaresToCents(s.net);
  const prize = bolivaresToCents(s.prize);
  const entry = bolivaresToCents(s.entry);
  if (entry === 0 && prize === 0) return null;
  const detail =
    prize > 0
      ? `Premio ${formatBs(prize)} − entrada ${formatBs(entry)}`
      : `Entrada pagada: ${formatBs(entry)}`;
  if (net > 0) return { won: true, net: s.net, headline: `Ganaste ${formatBs(net)}`, detail };
  if (net < 0) return { won: false, net: s.net, headline: `Perdiste ${formatBs(-net)}`, detail };
  return { won: prize > 0, net: s.net, headline: 'Recuperaste tu entrada', detail };
}

/** Where 'back' goes from a game: the tables for a table match, the practice page for practice. */
export function backTarget(kind: GameView['kind']): { to: string; label: string } {
  return kind === 'table'
    ? { to: '/dashboard', label: 'Volver a las mesas' }
    : { to: '/games', label: 'Volver a la práctica' };
}
