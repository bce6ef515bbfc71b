import { joinTableResponseSchema, tableDetailSchema } from '@domino/contracts';
import { apiGet, apiPost } from '../../../lib/api';

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

/**
 * GET /api/tables/{id}: the table's current terms (price, house fee and pot share in basis points,
 * mode, seats), read when 'Jugar' is tapped so the confirmation shows what will be charged.
 * 404 MSG_TABLES.notFound.
 */
export function fetchJoinTerms(tableId: number) {
  return apiGet(`/api/tables/${tableId}`, tableDetailSchema);
}
