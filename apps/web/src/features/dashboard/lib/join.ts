import { MSG_TABLES, type Table } from '@domino/contracts';
import { isApiError } from '../../../lib/api';

/**
 * The dashboard's own 'Jugar' decisions (docs/product.md §2 Game list). The rules shared with the waiting
 * room (checkJoin, joinErrorText) are in lib/join.ts.
 */

/**
 * A refusal after which the list shown is out of date (price changed, full, closed, playing):
 * every 409 refetches the table list.
 */
export function shouldRefreshList(error: unknown): boolean {
  return isApiError(error) && (error.status === 409 || error.message === MSG_TABLES.priceChanged);
}

/** 'Jugar' is disabled while a match runs at the table (its card shows 'Jugando'). */
export function canPressPlay(table: Pick<Table, 'status'>): boolean {
  return table.status !== 'playing' && table.status !== 'closed';
}
