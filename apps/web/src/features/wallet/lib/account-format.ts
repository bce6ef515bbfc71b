/** Display helpers for Venezuelan bank data (pure). */

/**
 * A 20-digit account number grouped as bank-branch-control-account (4-4-2-10), e.g.
 * "0102-0123-45-0123456789". Other inputs are returned unchanged.
 */
export function formatAccountNumber(digits: string): string {
  const m = /^(\d{4})(\d{4})(\d{2})(\d{10})$/.exec(digits);
  return m ? `${m[1]}-${m[2]}-${m[3]}-${m[4]}` : digits;
}

/** A mobile number as "0412-123.45.67": the one formatter of packages/contracts (decision 040). */
export { formatPhone } from '@domino/contracts';

/** A document as "V-12345678". */
export function formatDocument(type: string, number: string): string {
  return type ? `${type}-${number}` : number;
}
