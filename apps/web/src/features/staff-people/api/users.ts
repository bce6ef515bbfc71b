import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminUserDetailSchema,
  adminUsersResponseSchema,
  historyResponseSchema,
  statusChangeResponseSchema,
  transactionsResponseSchema,
} from '@domino/contracts';
import { apiGet, apiSend } from '../../../lib/api';
import { toSearch } from '../../../lib/staff/console';
import { downloadCsv } from '../../../lib/staff/csv';

/**
 * Staff calls of the users pages (decision 009): the list, a player's record, transactions and
 * matches, suspend / reactivate (which refetches every staff query) and the player's ledger as CSV
 * (docs/decisions/034-daily-report-and-bcv-rate.md).
 */

export const USER_KEYS = {
  users: (q: string, page: number) => ['admin', 'users', q, page] as const,
  user: (id: number) => ['admin', 'user', id] as const,
  userTransactions: (id: number, page: number) =>
    ['admin', 'user', id, 'transactions', page] as const,
  userMatches: (id: number, page: number) => ['admin', 'user', id, 'matches', page] as const,
};

/** GET /api/admin/users?q=&page= (20 per page). */
export function useAdminUsers(q: string, page: number) {
  return useQuery({
    queryKey: USER_KEYS.users(q, page),
    queryFn: ({ signal }) =>
      apiGet(
        `/api/admin/users${toSearch({ q, page: page > 1 ? page : undefined })}`,
        adminUsersResponseSchema,
        {
          signal,
        },
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/users/{id}. */
export function useAdminUser(id: number) {
  return useQuery({
    queryKey: USER_KEYS.user(id),
    queryFn: ({ signal }) => apiGet(`/api/admin/users/${id}`, adminUserDetailSchema, { signal }),
    retry: false,
  });
}

/** GET /api/admin/users/{id}/transactions?page= (10 per page, newest first). */
export function useAdminUserTransactions(id: number, page: number) {
  return useQuery({
    queryKey: USER_KEYS.userTransactions(id, page),
    queryFn: ({ signal }) =>
      apiGet(`/api/admin/users/${id}/transactions?page=${page}`, transactionsResponseSchema, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/users/{id}/matches?page= (finished real-money matches). */
export function useAdminUserMatches(id: number, page: number) {
  return useQuery({
    queryKey: USER_KEYS.userMatches(id, page),
    queryFn: ({ signal }) =>
      apiGet(`/api/admin/users/${id}/matches?page=${page}`, historyResponseSchema, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/admin/users/{id}/suspend|reactivate {reason}. */
export function useStatusChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; action: 'suspend' | 'reactivate'; reason: string }) =>
      apiSend(`/api/admin/users/${input.id}/${input.action}`, statusChangeResponseSchema, {
        method: 'POST',
        body: { reason: input.reason },
      }),
    onSettled: () => void client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** Every posting of a player's wallet as CSV (for disputes). */
export function downloadUserLedgerCsv(userId: number, today: string): Promise<void> {
  return downloadCsv(
    `/api/admin/users/${userId}/ledger.csv`,
    `movimientos-usuario-${userId}-${today}.csv`,
  );
}
