import type { Table } from '@domino/contracts';
import { bolivaresToCents } from '../../../lib/format';

/**
 * Whether the dashboard leads the player to free practice and to /recharge first (decision 017: a
 * new player with Bs. 0 saw only tables they could not pay for): when the balance pays the entry
 * of no open table. Compared in céntimos; closed tables and tables in play do not count.
 */
export function needsFirstSteps(balance: number, tables: readonly Table[]): boolean {
  const balanceCents = bolivaresToCents(balance);
  const entries = tables
    .filter((t) => t.status === 'open' || t.status === 'activo')
    .map((t) => bolivaresToCents(t.entry_price));
  if (entries.length === 0) return balanceCents <= 0;
  return balanceCents < Math.min(...entries);
}
