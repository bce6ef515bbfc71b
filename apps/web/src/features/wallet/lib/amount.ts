import { MSG_PAYMENTS, parseBolivaresString } from '@domino/contracts';

/**
 * Reads an amount typed by a player into céntimos (docs/architecture.md#how-a-payment-flows), accepting the es-VE way of writing
 * money as well as a plain decimal point:
 * - "250", "250.5", "250.50", "250,50" -> 25050 (a comma or a point followed by 1-2 digits is the
 *   decimal separator);
 * - "1.234,56", "1.234", "1234,5" -> thousands with points when a comma is the decimal separator,
 *   or when every group after a point has exactly three digits;
 * - a leading "Bs." and spaces are ignored.
 * Returns null for anything else (letters, signs, more than two decimals, empty).
 */
export function parseAmountInput(raw: string): number | null {
  let s = raw
    .trim()
    .replace(/^bs\.?\s*/i, '')
    .replace(/\s+/g, '');
  if (s === '') return null;
  if (s.includes(',')) {
    if (s.indexOf(',') !== s.lastIndexOf(',')) return null;
    const [whole = '', frac = ''] = s.split(',');
    if (whole.includes('.') && !/^\d{1,3}(\.\d{3})+$/.test(whole)) return null;
    s = `${whole.replace(/\./g, '')}.${frac}`;
    if (frac === '') s = whole.replace(/\./g, '');
  } else if (/^\d{1,3}(\.\d{3})+$/.test(s)) {
    s = s.replace(/\./g, '');
  }
  const cents = parseBolivaresString(s);
  return cents === null ? null : Number(cents);
}

/**
 * Validates a typed amount against a minimum (céntimos) and an optional maximum (céntimos).
 * Returns the céntimos or the Spanish message to show (docs/product.md §5).
 */
export function checkAmount(
  raw: string,
  rules: { minCents: number; minMessage: string; maxCents?: number; maxMessage?: string },
): { cents: number } | { error: string } {
  if (raw.trim() === '') return { error: MSG_PAYMENTS.amountRequired };
  const cents = parseAmountInput(raw);
  if (cents === null) return { error: MSG_PAYMENTS.amountInvalid };
  if (cents < rules.minCents) return { error: rules.minMessage };
  if (rules.maxCents !== undefined && cents > rules.maxCents)
    return { error: rules.maxMessage ?? MSG_PAYMENTS.amountInvalid };
  return { cents };
}

/** Céntimos as the decimal string sent in a multipart form ("250.50"). */
export function centsToDecimalString(cents: number): string {
  const abs = Math.abs(Math.round(cents));
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
