import { LIMITS, MSG, sortBanks, type Bank } from '@domino/contracts';
import { bolivaresToCents } from '../../../lib/format';
import { checkAmount } from './amount';

/** Withdraw form rules (docs/product.md §5 Withdraw). */

export interface WithdrawValues {
  amount: string;
  bankId: string | null;
}

export type WithdrawErrors = Partial<Record<'amount' | 'bank_account', string>>;

/**
 * Validates the withdrawal: amount >= Bs. 500,00 and not above the available balance (bolívares,
 * as the API returns it), bank required. Returns the céntimos when the amount is valid.
 */
export function validateWithdraw(
  values: WithdrawValues,
  balanceBs: number,
): { errors: WithdrawErrors; amountCents: number | null } {
  const errors: WithdrawErrors = {};
  const amount = checkAmount(values.amount, {
    minCents: LIMITS.minWithdrawalCents,
    minMessage: MSG.withdrawMinAmount,
    maxCents: bolivaresToCents(balanceBs),
    maxMessage: MSG.withdrawExceedsBalance,
  });
  if ('error' in amount) errors.amount = amount.error;
  if (!values.bankId) errors.bank_account = MSG.bankRequired;
  return { errors, amountCents: 'cents' in amount ? amount.cents : null };
}

/** Banks offered for payouts: status activo, active or absent (docs/product.md §3 Bank). */
export function isBankAvailable(bank: { status?: string | null }): boolean {
  return !bank.status || bank.status === 'activo' || bank.status === 'active';
}

/**
 * The bank select's options (docs/decisions/016): every available bank in Spanish
 * alphabetical order of its name (the API's order, applied again in case a server sends another),
 * labelled name first, so the list reads in the order it is sorted: "Banesco (0134)".
 */
export function bankOptions(banks: readonly Bank[]): { value: string; label: string }[] {
  return sortBanks(banks.filter(isBankAvailable)).map((b) => ({
    value: String(b.id),
    label: `${b.name} (${b.code})`,
  }));
}
