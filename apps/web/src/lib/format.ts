import { formatBs } from '@domino/contracts';

/** Bolívares (the API's JSON number) to integer céntimos (DESIGN §3). */
export function bolivaresToCents(bolivares: number): number {
  return Number.isFinite(bolivares) ? Math.round(bolivares * 100) : 0;
}

/** Formats an API amount in bolívares as `Bs. 1.234,56`. */
export function formatBolivares(bolivares: number): string {
  return formatBs(bolivaresToCents(bolivares));
}

/**
 * The name shown for a user (spec §2): the name, else the part of the email before '@',
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
