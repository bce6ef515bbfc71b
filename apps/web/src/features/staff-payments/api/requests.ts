import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  adminRechargeSchema,
  adminWithdrawalSchema,
  type AdminRecharge,
  type AdminWithdrawal,
} from '@domino/contracts';
import { apiGet, apiSend } from '../../../lib/api';

/**
 * Staff calls of the payment queues (docs/architecture.md#how-a-payment-flows). Queue queries refetch on focus, every 30 s and after each decision (the
 * server pushes events only to the player concerned, not to staff).
 */

/**
 * Staff calls (docs/architecture.md#how-a-payment-flows). Queue queries refetch on focus, every 30 s and after each decision (the
 * server pushes events only to the player concerned, not to staff).
 */
export const ADMIN_KEYS = {
  all: ['admin'] as const,
  recharges: (status: string) => ['admin', 'recharges', status] as const,
  withdrawals: (status: string) => ['admin', 'withdrawals', status] as const,
};

const QUEUE_OPTIONS = {
  staleTime: 0,
  refetchOnWindowFocus: 'always' as const,
  refetchInterval: 30_000,
};

function statusQuery(status: string): string {
  return status ? `?status=${encodeURIComponent(status)}` : '';
}

/** GET /api/admin/recharges?status= (pending first). */
export function useAdminRecharges(status: string) {
  return useQuery<AdminRecharge[]>({
    queryKey: ADMIN_KEYS.recharges(status),
    queryFn: ({ signal }) =>
      apiGet(`/api/admin/recharges${statusQuery(status)}`, z.array(adminRechargeSchema), {
        signal,
      }),
    ...QUEUE_OPTIONS,
  });
}

/** GET /api/admin/withdrawals?status= (pending first). */
export function useAdminWithdrawals(status: string) {
  return useQuery<AdminWithdrawal[]>({
    queryKey: ADMIN_KEYS.withdrawals(status),
    queryFn: ({ signal }) =>
      apiGet(`/api/admin/withdrawals${statusQuery(status)}`, z.array(adminWithdrawalSchema), {
        signal,
      }),
    ...QUEUE_OPTIONS,
  });
}

const decisionSchema = z.object({ message: z.string(), id: z.number(), status: z.string() });
export type Decision = z.infer<typeof decisionSchema>;

export type DecisionInput =
  | { kind: 'approve-recharge'; id: number; key: string }
  | { kind: 'reject-recharge'; id: number; reason: string; key: string }
  | {
      kind: 'pay-withdrawal';
      id: number;
      payoutReference: string;
      /** Required for a withdrawal under review (docs/decisions/013). */
      reviewAcknowledged?: boolean;
      key: string;
    }
  | { kind: 'reject-withdrawal'; id: number; reason: string; key: string }
  /** Paid by the recharge account's bank (docs/decisions/051-bank-connectors.md, payouts). */
  | { kind: 'pay-withdrawal-bank'; id: number; reviewAcknowledged?: boolean; key: string };

function decisionRequest(input: DecisionInput): { path: string; body: unknown } {
  switch (input.kind) {
    case 'approve-recharge':
      return { path: `/api/admin/recharges/${input.id}/approve`, body: {} };
    case 'reject-recharge':
      return { path: `/api/admin/recharges/${input.id}/reject`, body: { reason: input.reason } };
    case 'pay-withdrawal':
      return {
        path: `/api/admin/withdrawals/${input.id}/pay`,
        body: {
          payout_reference: input.payoutReference,
          ...(input.reviewAcknowledged ? { review_acknowledged: true } : {}),
        },
      };
    case 'reject-withdrawal':
      return { path: `/api/admin/withdrawals/${input.id}/reject`, body: { reason: input.reason } };
    case 'pay-withdrawal-bank':
      return {
        path: `/api/admin/withdrawals/${input.id}/pay-by-bank`,
        body: input.reviewAcknowledged ? { review_acknowledged: true } : {},
      };
  }
}

/**
 * One staff decision with its Idempotency-Key (generated when the decision dialog opens and reused
 * on retry). Every queue is refetched afterwards, whether it succeeded or failed (a 409 means
 * someone else decided first).
 */
export function useDecisionMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: DecisionInput) => {
      const { path, body } = decisionRequest(input);
      return apiSend(path, decisionSchema, {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': input.key },
      });
    },
    onSettled: () => void client.invalidateQueries({ queryKey: ADMIN_KEYS.all }),
  });
}

const adjustmentResponseSchema = z.object({ message: z.string(), balance: z.number() });

export interface AdjustmentInput {
  userId: number;
  /** Signed bolívares (JSON number, at most two decimals). */
  amount: number;
  reason: string;
  key: string;
}

/** POST /api/admin/users/{id}/adjustments {amount, reason}. */
export function useAdjustmentMutation() {
  return useMutation({
    mutationFn: (input: AdjustmentInput) =>
      apiSend(`/api/admin/users/${input.userId}/adjustments`, adjustmentResponseSchema, {
        method: 'POST',
        body: { amount: input.amount, reason: input.reason },
        headers: { 'Idempotency-Key': input.key },
      }),
  });
}
