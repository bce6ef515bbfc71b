import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MSG, tableListSchema, type Table } from '@domino/contracts';
import { ApiError, apiRequest, normaliseList, parseWith } from '../../../lib/api';
import { subscribeToTableChanges } from '../../../lib/socket';

export const TABLES_QUERY_KEY = ['tables'] as const;

/**
 * GET /api/tables (docs/product.md §7): the list as a bare array or under `data`, `games` or `tables`, each
 * item checked against the contracts' table schema.
 */
export async function fetchTables(signal?: AbortSignal): Promise<Table[]> {
  const body = await apiRequest('/api/tables', { signal });
  // Leaving the page mid-request aborts the body read (it reads as empty): not a shape error.
  signal?.throwIfAborted();
  const list = normaliseList(body);
  if (list === null) {
    console.error('Unexpected table list shape', body);
    throw new ApiError(200, body, MSG.unexpected);
  }
  return parseWith(tableListSchema, list);
}

/**
 * The table list, refetched whenever the realtime channel says it changed (`UserJoinedTable` on
 * the public `tables` room). Without a socket endpoint it simply loads once per visit.
 */
export function useTables() {
  const client = useQueryClient();
  useEffect(
    () =>
      subscribeToTableChanges(() => {
        void client.invalidateQueries({ queryKey: TABLES_QUERY_KEY });
      }),
    [client],
  );
  return useQuery({
    queryKey: TABLES_QUERY_KEY,
    queryFn: ({ signal }) => fetchTables(signal),
  });
}
