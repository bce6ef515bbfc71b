import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  adminBankSchema,
  adminRechargeAccountSchema,
  type BankInput,
  type RechargeAccountInput,
} from '@domino/contracts';
import { apiGet, apiSend } from '../../../lib/api';

/**
 * Staff calls of the banks and recharge accounts (decision 009). Every change refetches both
 * lists, whether it worked or not (a 409 means the state moved under the staff member's feet).
 */

export const CATALOG_KEYS = {
  banks: ['admin', 'banks'] as const,
  accounts: ['admin', 'recharge-accounts'] as const,
};

/** GET /api/admin/banks (active and inactive). */
export function useAdminBanks() {
  return useQuery({
    queryKey: CATALOG_KEYS.banks,
    queryFn: ({ signal }) => apiGet('/api/admin/banks', z.array(adminBankSchema), { signal }),
  });
}

/** GET /api/admin/recharge-accounts. */
export function useAdminRechargeAccounts() {
  return useQuery({
    queryKey: CATALOG_KEYS.accounts,
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
      await client.invalidateQueries({ queryKey: CATALOG_KEYS.banks });
      await client.invalidateQueries({ queryKey: CATALOG_KEYS.accounts });
    },
  });
}
