import { joinTableResponseSchema } from '@domino/contracts';
import { apiSend } from '../../../lib/api';

/**
 * POST /api/tables/{id}/rematch (docs/decisions/021-private-tables.md): accept the rematch of the
 * match just played, paying `entryPrice` (Bs., the price the player was shown) again and taking
 * back the same seat. `idempotencyKey` makes a retried tap harmless. 409 `tables/no_rematch` when
 * the window closed or is not this player's; 409 price changed; 422 insufficient funds.
 */
export function acceptRematch(tableId: number, entryPrice: number, idempotencyKey: string) {
  return apiSend(`/api/tables/${tableId}/rematch`, joinTableResponseSchema, {
    method: 'POST',
    body: { entry_price: entryPrice },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
