/**
 * Money helpers (docs/architecture.md#how-a-payment-flows). Amounts are integer céntimos everywhere money is computed. At the
 * HTTP boundary an amount is a JSON number in bolívares with at most two decimals; it is parsed
 * strictly and converted once. Display is es-VE: `Bs. 1.234,56`.
 */

declare const centsBrand: unique symbol;
/** An integer amount of céntimos (1 Bs. = 100 céntimos). */
export type Cents = number & { readonly [centsBrand]: 'Cents' };

/** Largest amount the platform accepts at the boundary: Bs. 1.000.000.000,00 (céntimos). */
export const MAX_AMOUNT_CENTS = 100_000_000_000;

/** Brands a safe integer as céntimos. Throws RangeError for non-integers. */
export function cents(value: number): Cents {
  if (!Number.isSafeInteger(value))
    throw new RangeError(`not an integer amount of céntimos: ${value}`);
  return value as Cents;
}

const DECIMAL = /^(0|[1-9]\d{0,11})(?:\.(\d{1,2}))?$/;

/**
 * Parses a decimal string in bolívares ("250", "250.5", "1234.56") into céntimos.
 * Returns null for anything else: signs, exponents, more than two decimals, commas, blanks,
 * leading zeros, or amounts above MAX_AMOUNT_CENTS.
 */
export function parseBolivaresString(input: string): Cents | null {
  const m = DECIMAL.exec(input.trim());
  if (!m) return null;
  const whole = Number(m[1]);
  const frac = m[2] ? Number(m[2].padEnd(2, '0')) : 0;
  const total = whole * 100 + frac;
  if (!Number.isSafeInteger(total) || total > MAX_AMOUNT_CENTS) return null;
  return total as Cents;
}

/**
 * Parses a JSON value holding bolívares into céntimos, strictly: only finite non-negative numbers
 * whose shortest decimal form has at most two decimals (no exponent form). Returns null otherwise.
 */
export function parseBolivaresJson(value: unknown): Cents | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return null;
  return parseBolivaresString(String(value));
}

/** Converts céntimos to the JSON number in bolívares used by the API (e.g. 123456 -> 1234.56). */
export function centsToBolivares(amount: Cents | number): number {
  return Math.round(amount) / 100;
}

/**
 * Formats céntimos as es-VE bolívares: `Bs. 1.234,56`; negative amounts as `-Bs. 1.234,56`.
 * Implemented without Intl so server, browser and tests agree byte for byte.
 */
export function formatBs(amount: Cents | number): string {
  const n = Math.round(amount);
  const abs = Math.abs(n);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const frac = (abs % 100).toString().padStart(2, '0');
  return `${n < 0 ? '-' : ''}Bs. ${whole},${frac}`;
}
