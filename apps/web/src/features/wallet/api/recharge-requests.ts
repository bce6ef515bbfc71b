import { useQuery } from '@tanstack/react-query';
import { transactionsResponseSchema, type TransactionsResponse } from '@domino/contracts';
import { apiGet } from '../../../lib/api';

/**
 * The player's recharge requests for the recharge page (decision 016: the same payment was filed
 * twice because the page did not show what was already under review), read from
 * GET /api/transactions with its type, status and period filters: every pending request (first
 * page, newest first) and the ones rejected in the last 7 days. Keys start with 'wallet', so a
 * `request:updated` push (a staff decision) refetches them.
 */
export const RECHARGE_REQUEST_QUERIES = {
  pending: 'type=deposito&status=pending',
  rejected: 'type=deposito&status=rejected&period=week',
} as const;

function useRequests(kind: keyof typeof RECHARGE_REQUEST_QUERIES) {
  return useQuery<TransactionsResponse>({
    queryKey: ['wallet', 'recharge-requests', kind],
    queryFn: ({ signal }) =>
      apiGet(`/api/transactions?${RECHARGE_REQUEST_QUERIES[kind]}`, transactionsResponseSchema, {
        signal,
      }),
    staleTime: 0,
  });
}

/** Pending and recently rejected recharge requests (two queries, each a page of 10). */
export function useRechargeRequests() {
  return { pending: useRequests('pending'), rejected: useRequests('rejected') };
}
