import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CLIENT_EVENTS,
  SERVER_EVENTS,
  clientSeedResponseSchema,
  leaveTableResponseSchema,
  tableDetailSchema,
  type TableDetail,
  type WatchTableAck,
} from '@domino/contracts';
import { apiGet, apiPost, apiSend } from '../../../lib/api';
import { fetchTableDetail } from '../../../lib/join';
import { openChannel } from '../../../lib/socket';

/** Calls and live state of one table (decision 010; docs/product.md §7 join call and realtime). */

export const tableKey = (id: number) => ['table', id] as const;

/** Poll interval while the socket is down (fallback), and a slow safety net while it is up. */
const POLL_OFFLINE_MS = 3_000;
const POLL_LIVE_MS = 15_000;
const WATCH_TIMEOUT_MS = 8_000;

/** POST /api/tables/{id}/leave: the entry comes back (409 MSG_TABLES.cannotLeave once started). */
export function leaveTable(id: number) {
  return apiPost(`/api/tables/${id}/leave`, {}, leaveTableResponseSchema);
}

export const clientSeedKey = (id: number) => ['table', id, 'client-seed'] as const;

/**
 * GET /api/tables/{id}/client-seed: the caller's seat and the client seed the next deal will use
 * (409 `tables/not_seated` when the caller does not sit there). Decision 015.
 */
export function fetchClientSeed(id: number, signal?: AbortSignal) {
  return apiGet(`/api/tables/${id}/client-seed`, clientSeedResponseSchema, { signal });
}

/** The seated player's own client seed while they are at the table (`enabled`). */
export function useClientSeed(id: number, enabled: boolean) {
  return useQuery({
    queryKey: clientSeedKey(id),
    queryFn: ({ signal }) => fetchClientSeed(id, signal),
    enabled,
    staleTime: Infinity,
    retry: 1,
  });
}

/**
 * PUT /api/tables/{id}/client-seed: sets the caller's own seat's seed before the match starts.
 * 422 with `errors.client_seed`; 409 `tables/seed_locked` once the table filled, or
 * `tables/not_seated`.
 */
export function saveClientSeed(id: number, clientSeed: string) {
  return apiSend(`/api/tables/${id}/client-seed`, clientSeedResponseSchema, {
    method: 'PUT',
    body: { client_seed: clientSeed },
  });
}

/**
 * Watches a table on the shared socket (lib/socket.ts): `table:watch {table_id}` on every
 * (re)connection (ack with the table), then `table:updated` pushes. Valid tables of this id go to
 * `onTable`; `onLive` tells whether the watch currently holds. Returns the close function.
 */
export function watchTable(
  id: number,
  onTable: (table: TableDetail) => void,
  onLive: (live: boolean) => void,
): () => void {
  const accept = (payload: unknown) => {
    const parsed = tableDetailSchema.safeParse(payload);
    if (parsed.success && parsed.data.id === id) onTable(parsed.data);
  };
  return openChannel({
    room: { key: `table:${id}`, leave: 'when-idle' },
    listen: { [SERVER_EVENTS.tableUpdated]: accept },
    onConnect: (channel) =>
      channel.request(CLIENT_EVENTS.watchTable, { table_id: id }, WATCH_TIMEOUT_MS, (ack) => {
        const reply = ack as Partial<WatchTableAck> | undefined;
        if (!reply?.ok) return onLive(false);
        accept(reply.table);
        onLive(true);
      }),
    onDown: () => onLive(false),
  }).close;
}

/**
 * The live table of the waiting room: loaded over HTTP, kept current by `table:updated` pushes,
 * polled every 3 s while the socket is down (and every 15 s as a safety net while it is up).
 */
export function useLiveTable(id: number) {
  const client = useQueryClient();
  const [live, setLive] = useState(false);
  const valid = Number.isInteger(id) && id > 0;

  useEffect(() => {
    if (!valid) return;
    return watchTable(id, (table) => client.setQueryData(tableKey(id), table), setLive);
  }, [id, valid, client]);

  const query = useQuery({
    queryKey: tableKey(id),
    queryFn: ({ signal }) => fetchTableDetail(id, signal),
    enabled: valid,
    refetchInterval: live ? POLL_LIVE_MS : POLL_OFFLINE_MS,
    refetchOnWindowFocus: 'always',
    retry: 1,
  });
  return { ...query, live };
}
