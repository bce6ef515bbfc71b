import { MSG_TABLES } from '@domino/contracts';
import { isApiError } from '../../../lib/api';

/**
 * The waiting room's own join decision (docs/product.md §5 "Joining a game"). The rules shared with the
 * dashboard (checkJoin, joinErrorText) are in lib/join.ts.
 */

/** A join refused because the price changed (refresh what is shown, then let the player retry). */
export function isPriceChanged(error: unknown): boolean {
  return (
    isApiError(error) &&
    (error.message === MSG_TABLES.priceChanged || (error.code ?? '').includes('price'))
  );
}
