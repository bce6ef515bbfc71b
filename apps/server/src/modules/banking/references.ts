import { RECONCILIATION_REFERENCE_DIGITS } from '@domino/contracts';

/**
 * How a bank reference and a bank day are compared, wherever a movement is matched to a recharge
 * (statement lines, docs/decisions/033-bank-reconciliation.md; notifications,
 * docs/decisions/051-bank-connectors.md): on the reference's last digits, within a few days.
 */

/** The digits a reference is compared on, or null when it has too few. */
export function referenceKey(reference: string): string | null {
  const digits = reference.replace(/\D/g, '');
  return digits.length >= RECONCILIATION_REFERENCE_DIGITS
    ? digits.slice(-RECONCILIATION_REFERENCE_DIGITS)
    : null;
}

/** Whole days from `a` to `b` (both `YYYY-MM-DD`). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}
