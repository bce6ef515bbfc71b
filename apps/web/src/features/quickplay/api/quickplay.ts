import { useQuery } from '@tanstack/react-query';
import {
  leaveTableResponseSchema,
  quickPlayOptionsSchema,
  quickPlayStatusSchema,
  type QuickMode,
  type QuickPlayStatus,
} from '@domino/contracts';
import { apiGet, apiPost, apiSend } from '../../../lib/api';

/**
 * Calls of quick play, "Jugar ahora" (docs/decisions/027-quick-play.md; server
 * apps/server/src/modules/quickplay/routes.ts). Prices in bolívares; refusals are ApiErrors with
 * the server's Spanish message.
 */

export const quickStatusKey = ['quick-play', 'status'] as const;
export const quickOptionsKey = ['quick-play', 'options'] as const;

/** GET /api/quick-play/options: modes, entry prices (Bs.) and fees. */
export function useQuickOptions() {
  return useQuery({
    queryKey: quickOptionsKey,
    queryFn: ({ signal }) => apiGet('/api/quick-play/options', quickPlayOptionsSchema, { signal }),
    staleTime: 60_000,
  });
}

/**
 * GET /api/quick-play: the caller's search (idle, waiting, matched or dropped). Polled every
 * 2 s while waiting, so the screen follows even if a socket event is missed.
 */
export function useQuickStatus() {
  return useQuery({
    queryKey: quickStatusKey,
    queryFn: ({ signal }) => apiGet('/api/quick-play', quickPlayStatusSchema, { signal }),
    refetchInterval: (q) => (q.state.data?.status === 'waiting' ? 2000 : false),
  });
}

/** POST /api/quick-play: joins the queue (422 bad price / balance, 409 already queued or seated). */
export function enqueueQuick(mode: QuickMode, entryPrice: number): Promise<QuickPlayStatus> {
  return apiSend('/api/quick-play', quickPlayStatusSchema, {
    method: 'POST',
    body: { mode, entry_price: entryPrice },
  });
}

/** DELETE /api/quick-play: leaves the queue (409 once the table formed). */
export function leaveQuick(): Promise<QuickPlayStatus> {
  return apiSend('/api/quick-play', quickPlayStatusSchema, { method: 'DELETE' });
}

/**
 * POST /api/tables/{id}/leave: "Dejar esa mesa" for a player already seated elsewhere (the entry
 * returns to the wallet; refused with the server's message once its match started).
 */
export function leaveSeatedTable(tableId: number) {
  return apiPost(`/api/tables/${tableId}/leave`, {}, leaveTableResponseSchema);
}
