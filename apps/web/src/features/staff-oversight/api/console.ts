import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminDashboardSchema, auditResponseSchema, ledgerCheckSchema } from '@domino/contracts';
import { apiGet, apiSend } from '../../../lib/api';
import { toSearch } from '../../../lib/staff/console';

/** Staff console calls of decision 009: the dashboard, the ledger check and the audit log. */

export const CONSOLE_KEYS = {
  dashboard: ['admin', 'dashboard'] as const,
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

/** GET /api/admin/audit with the filters of the page (empty ones left out). */
export function useAdminAudit(filters: Record<string, string | number | undefined>) {
  return useQuery({
    queryKey: CONSOLE_KEYS.audit(filters),
    queryFn: ({ signal }) =>
      apiGet(`/api/admin/audit${toSearch(filters)}`, auditResponseSchema, { signal }),
    placeholderData: keepPreviousData,
  });
}
