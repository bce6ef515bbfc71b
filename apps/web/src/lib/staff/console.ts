/**
 * Pure rules several staff pages share (decision 009): query strings, page counts and how a
 * document number reads.
 */

/** `?a=1&b=x` from the params that have a value ('' and undefined are left out); '' when none. */
export function toSearch(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Number of pages for `total` items at `perPage` a page (at least 1). */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, perPage)));
}

/** A cédula or RIF as staff read it: "V-12345678". */
export function documentText(type: string, number: string): string {
  return `${type}-${number}`;
}
