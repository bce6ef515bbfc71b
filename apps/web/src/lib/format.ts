import { caracasDateTime, formatBs } from '@domino/contracts';

/** Bolívares (the API's JSON number) to integer céntimos (docs/architecture.md#how-a-payment-flows). */
export function bolivaresToCents(bolivares: number): number {
  return Number.isFinite(bolivares) ? Math.round(bolivares * 100) : 0;
}

/** Formats an API amount in bolívares as `Bs. 1.234,56`. */
export function formatBolivares(bolivares: number): string {
  return formatBs(bolivaresToCents(bolivares));
}

/**
 * The name shown for a user (docs/product.md §2): the name, else the part of the email before '@',
 * else 'Usuario'.
 */
export function displayName(user: { name?: string | null; email?: string | null } | null): string {
  const name = user?.name?.trim();
  if (name) return name;
  const local = user?.email?.split('@')[0]?.trim();
  if (local) return local;
  return 'Usuario';
}

/** Keeps only the digits of an input, up to `max` characters (identification, phone). */
export function digitsOnly(value: string, max?: number): string {
  const digits = value.replace(/\D+/g, '');
  return max === undefined ? digits : digits.slice(0, max);
}

/**
 * An ISO instant as `dd/mm/yyyy HH:mm` in Caracas time (business time zone, constants TIME_ZONE).
 * Returns the input unchanged when it is not a valid date. The contracts' `caracasDateTime`, under
 * the name the web app uses.
 */
export const formatCaracasDateTime = caracasDateTime;

/** Basis points (10 000 = 100 %) as a Spanish percentage: 800 -> '8 %', 250 -> '2,5 %'. */
export function formatBps(bps: number): string {
  const pct = bps / 100;
  const text = Number.isInteger(pct)
    ? String(pct)
    : pct.toFixed(2).replace(/0+$/, '').replace('.', ',');
  // A no-break space: the figure and its sign never part at a line end.
  return `${text}\u00a0%`;
}

/**
 * The text with its spaces made no-break, for a short figure that must not be split across lines
 * ('4 × Bs. 500,00', '2 % del bote'). Pure.
 */
export function keepTogether(text: string): string {
  return text.replace(/ /g, '\u00a0');
}

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;

/** The month's name of a pot month key 'YYYY-MM' ('noviembre'); the key itself when malformed. */
export function monthName(month: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  return (m && MONTHS[Number(m[2]) - 1]) ?? month;
}

/** A pot month key 'YYYY-MM' as 'noviembre de 2026'; the key itself when malformed. */
export function monthLabel(month: string): string {
  const name = monthName(month);
  return name === month ? month : `${name} de ${month.slice(0, 4)}`;
}
