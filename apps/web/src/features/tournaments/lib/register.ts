import type { TournamentDetail } from '@domino/contracts';
import { bolivaresToCents } from '../../../lib/format';

/** What a player is told before paying a tournament entry (decision 017). Amounts in céntimos. */
export interface RegisterTerms {
  /** No entry and no money prize. */
  free: boolean;
  entryCents: number;
  balanceCents: number;
  balanceAfterCents: number;
  /** The balance reaches the entry (always true when free). */
  affordable: boolean;
}

/**
 * The register dialog's figures from the tournament's entry fee (Bs.) and the player's balance
 * (Bs.), compared in céntimos. Pure.
 */
export function registerTerms(
  detail: Pick<TournamentDetail, 'entry_fee'>,
  balance: number,
): RegisterTerms {
  const entryCents = bolivaresToCents(detail.entry_fee);
  const balanceCents = bolivaresToCents(balance);
  return {
    free: entryCents === 0,
    entryCents,
    balanceCents,
    balanceAfterCents: balanceCents - entryCents,
    affordable: balanceCents >= entryCents,
  };
}
