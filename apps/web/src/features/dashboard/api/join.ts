import { joinTableResponseSchema } from '@domino/contracts';
import { apiPost } from '../../../lib/api';

/**
 * POST /api/tables/{id}/join (spec §7) with the entry price shown on the card (Bs.). 409 when the
 * price changed (MSG_TABLES.priceChanged), the table is full, closed or playing, or the player is
 * seated elsewhere; 422 wallet/insufficient_funds. The fee leaves the wallet at once.
 */
export function joinTable(tableId: number, entryPrice: number) {
  return apiPost(
    `/api/tables/${tableId}/join`,
    { entry_price: entryPrice },
    joinTableResponseSchema,
  );
}
