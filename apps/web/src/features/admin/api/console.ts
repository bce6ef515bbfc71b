import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  adminBankSchema,
  adminDashboardSchema,
  adminRechargeAccountSchema,
  adminUserDetailSchema,
  adminUsersResponseSchema,
  auditResponseSchema,
  historyResponseSchema,
  ledgerCheckSchema,
  statusChangeResponseSchema,
  transactionsResponseSchema,
  type BankInput,
  type RechargeAccountInput,
} from '@domino/contracts';
import { apiGet, apiSend } from '../../../lib/api';
import { toSearch } from '../lib/console';

/**
 * Staff console calls of decision 009: dashboard and ledger check, users, banks and recharge accounts,
 * audit log. Every mutation refetches what it may have changed, whether it worked or not (a 409
 * means the state moved under the staff member's feet).
 */
export const CONSOLE_KEYS = {
  dashboard: ['admin', 'dashboard'] as const,
  users: (q: string, page: number) => ['admin', 'users', q, page] as const,
  user: (id: number) => ['admin', 'user', id] as const,
  userTransactions: (id: number, page: number) =>
    ['admin', 'user', id, 'transactions', page] as const,
  userMatches: (id: number, page: number) => ['admin', 'user', id, 'matches', page] as const,
  banks: ['admin', 'banks'] as const,
  accounts: ['admin', 'recharge-accounts'] as const,
  audit: (filters: Record<string, string | number | undefined>) =>
    ['admin', 'audit', filters] as const,
};

/** GET /api/admin/dashboard, refreshed every 30 s and on focus. */
export function useAdminDashboard() {
  return useQuery({
    queryKey: CONSOLE_KEYS.dashboard,
    queryFn: ({ signal }) => apiGet('/api/admin/dashboard', adminDashboardSchema, { signal }),
    refetchInterval: 30_000,
    refetchOnWindowFocus: 'always',
  });
}

/** POST /api/admin/ledger-check: runs the full consistency check now. */
export function useLedgerCheck() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend('/api/admin/ledger-check', ledgerCheckSchema, { method: 'POST' }),
    onSettled: () => void client.invalidateQueries({ queryKey: CONSOLE_KEYS.dashboard }),
  });
}

/** GET /api/admin/users?q=&page= (20 per page). */
export function useAdminUsers(q: string, page: number) {
  return useQuery({
    queryKey: CONSOLE_KEYS.users(q, page),
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
    queryKey: CONSOLE_KEYS.user(id),
    queryFn: ({ signal }) => apiGet(`/api/admin/users/${id}`, adminUserDetailSchema, { signal }),
    retry: false,
  });
}

/** GET /api/admin/users/{id}/transactions?page= (10 per page, newest first). */
export function useAdminUserTransactions(id: number, page: number) {
  return useQuery({
    queryKey: CONSOLE_KEYS.userTransactions(id, page),
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
    queryKey: CONSOLE_KEYS.userMatches(id, page),
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

/** GET /api/admin/banks (active and inactive). */
export function useAdminBanks() {
  return useQuery({
    queryKey: CONSOLE_KEYS.banks,
    queryFn: ({ signal }) => apiGet('/api/admin/banks', z.array(adminBankSchema), { signal }),
  });
}

/** GET /api/admin/recharge-accounts. */
export function useAdminRechargeAccounts() {
  return useQuery({
    queryKey: CONSOLE_KEYS.accounts,
    queryFn: ({ signal }) =>
      apiGet('/api/admin/recharge-accounts', z.array(adminRechargeAccountSchema), { signal }),
  });
}

export type CatalogAction =
  | { kind: 'bank.create'; input: BankInput }
  | { kind: 'bank.update'; id: number; input: BankInput }
  | { kind: 'bank.activate' | 'bank.deactivate'; id: number }
  | { kind: 'account.create'; input: RechargeAccountInput }
  | { kind: 'account.update'; id: number; input: RechargeAccountInput }
  | { kind: 'account.activate' | 'account.deactivate'; id: number };

function sendCatalog(action: CatalogAction): Promise<unknown> {
  switch (action.kind) {
    case 'bank.create':
      return apiSend('/api/admin/banks', adminBankSchema, { method: 'POST', body: action.input });
    case 'bank.update':
      return apiSend(`/api/admin/banks/${action.id}`, adminBankSchema, {
        method: 'PATCH',
        body: action.input,
      });
    case 'bank.activate':
    case 'bank.deactivate':
      return apiSend(
        `/api/admin/banks/${action.id}/${action.kind === 'bank.activate' ? 'activate' : 'deactivate'}`,
        adminBankSchema,
        { method: 'POST' },
      );
    case 'account.create':
      return apiSend('/api/admin/recharge-accounts', adminRechargeAccountSchema, {
        method: 'POST',
        body: action.input,
      });
    case 'account.update':
      return apiSend(`/api/admin/recharge-accounts/${action.id}`, adminRechargeAccountSchema, {
        method: 'PATCH',
        body: action.input,
      });
    case 'account.activate':
    case 'account.deactivate':
      return apiSend(
        `/api/admin/recharge-accounts/${action.id}/${action.kind === 'account.activate' ? 'activate' : 'deactivate'}`,
        adminRechargeAccountSchema,
        { method: 'POST' },
      );
  }
}

/** Every bank and recharge-account change; both lists are refetched afterwards. */
export function useCatalogAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendCatalog,
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: CONSOLE_KEYS.banks });
      await client.invalidateQueries({ queryKey: CONSOLE_KEYS.accounts });
    },
  });
}

/** GET /api/admin/audit with the filters of the page (empty ones left out). */
export function useAdminAudit(filters: Record<string, string | number | undefined>) {
  return useQuery({
    queryKey: CONSOLE_KEYS.audit(filters),
    queryFn: ({ signal }) =>
      apiGet(`/api/admin/audit${toSearch(filters)}`, auditResponseSchema, { signal }),
    placeholderData: keepPreviousData,
  });
}
