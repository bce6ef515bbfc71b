import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  riskActionResponseSchema,
  riskDismissResponseSchema,
  riskItemListSchema,
  riskMarksSchema,
  riskRecomputeResponseSchema,
  type RiskActionRequest,
  type RiskStatus,
} from '@domino/contracts';
import { apiGet, apiPost } from '../../../lib/api';
import { USER_KEYS } from './users';

/**
 * Staff calls of the risk queue (docs/decisions/032-risk-signals.md): the items with their
 * evidence, "Recalcular", "Descartar" with a note, and the actions on an account (flag, hold
 * withdrawals, suspend, lifting them). Every change refetches the queue and the account's marks,
 * also when refused (409: someone else decided first).
 */
export const RISK_KEYS = {
  all: ['admin', 'risk'] as const,
  items: (status: RiskStatus, userId?: number) =>
    ['admin', 'risk', 'items', status, userId ?? null] as const,
  marks: (userId: number) => ['admin', 'risk', 'marks', userId] as const,
};

/** GET /api/admin/risk/items?status=...&user_id=... */
export function useRiskItems(status: RiskStatus, userId?: number) {
  return useQuery({
    queryKey: RISK_KEYS.items(status, userId),
    queryFn: ({ signal }) =>
      apiGet(
        `/api/admin/risk/items?status=${status}${userId ? `&user_id=${userId}` : ''}`,
        riskItemListSchema,
        { signal },
      ),
  });
}

/** GET /api/admin/risk/accounts/{id}: the account's flag, hold and open items. */
export function useRiskMarks(userId: number) {
  return useQuery({
    queryKey: RISK_KEYS.marks(userId),
    queryFn: ({ signal }) =>
      apiGet(`/api/admin/risk/accounts/${userId}`, riskMarksSchema, { signal }),
  });
}

/** POST /api/admin/risk/scan ("Recalcular"). */
export function useRiskRecompute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost('/api/admin/risk/scan', {}, riskRecomputeResponseSchema),
    onSettled: () => client.invalidateQueries({ queryKey: RISK_KEYS.all }),
  });
}

/** POST /api/admin/risk/items/{id}/dismiss {note}. */
export function useRiskDismiss() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (d: { id: number; note: string }) =>
      apiPost(`/api/admin/risk/items/${d.id}/dismiss`, { note: d.note }, riskDismissResponseSchema),
    onSettled: () => client.invalidateQueries({ queryKey: RISK_KEYS.all }),
  });
}

/** POST /api/admin/risk/accounts/{id}/actions {action, reason, item_id?}. */
export function useRiskAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (d: { userId: number } & RiskActionRequest) =>
      apiPost(
        `/api/admin/risk/accounts/${d.userId}/actions`,
        { action: d.action, reason: d.reason, ...(d.item_id ? { item_id: d.item_id } : {}) },
        riskActionResponseSchema,
      ),
    onSettled: (_data, _error, d) => {
      void client.invalidateQueries({ queryKey: RISK_KEYS.all });
      // The user page shows the account's status (a suspension from the queue changes it).
      void client.invalidateQueries({ queryKey: USER_KEYS.user(d.userId) });
    },
  });
}
