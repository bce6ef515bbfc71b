import type { z } from 'zod';

/** Field errors as the API returns them in a 422: `{ field: [message, ...] }` (docs/product.md §7). */
export type FieldErrors = Record<string, string[]>;

/** Collects a ZodError's issues into field errors keyed by the first path segment ('_' for root). */
export function toFieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : '_';
    const list = (out[key] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return out;
}
