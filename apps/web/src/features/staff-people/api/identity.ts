import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  adminIdentityRequestSchema,
  identitySettingsSchema,
  type AdminIdentityRequest,
} from '@domino/contracts';
import { apiGet, apiSend } from '../../../lib/api';

/** Staff calls of identity verification (docs/decisions/031-identity-verification.md). */
export const IDENTITY_ADMIN_KEYS = {
  all: ['admin', 'identity'] as const,
  queue: (status: string) => ['admin', 'identity', 'queue', status] as const,
  settings: ['admin', 'identity', 'settings'] as const,
};

/** GET /api/admin/identity?status= (pending first); refetched on focus and every 30 s. */
export function useAdminIdentityRequests(status: string) {
  return useQuery<AdminIdentityRequest[]>({
    queryKey: IDENTITY_ADMIN_KEYS.queue(status),
    queryFn: ({ signal }) =>
      apiGet(
        `/api/admin/identity${status ? `?status=${encodeURIComponent(status)}` : ''}`,
        z.array(adminIdentityRequestSchema),
        { signal },
      ),
    staleTime: 0,
    refetchOnWindowFocus: 'always',
    refetchInterval: 30_000,
  });
}

const decisionSchema = z.object({ message: z.string(), id: z.number(), status: z.string() });

export type IdentityDecision =
  | { kind: 'approve'; id: number; key: string }
  | { kind: 'reject'; id: number; reason: string; key: string };

/** POST approve / reject (with its reason) and an Idempotency-Key; the queue refetches after. */
export function useIdentityDecision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: IdentityDecision) =>
      apiSend(`/api/admin/identity/${input.id}/${input.kind}`, decisionSchema, {
        method: 'POST',
        body: input.kind === 'reject' ? { reason: input.reason } : {},
        headers: { 'Idempotency-Key': input.key },
      }),
    onSettled: () => void client.invalidateQueries({ queryKey: IDENTITY_ADMIN_KEYS.all }),
  });
}

/** GET /api/admin/identity/settings: the withdrawal threshold in bolívares. */
export function useIdentitySettings() {
  return useQuery({
    queryKey: IDENTITY_ADMIN_KEYS.settings,
    queryFn: ({ signal }) =>
      apiGet('/api/admin/identity/settings', identitySettingsSchema, { signal }),
  });
}

/** PUT /api/admin/identity/settings {threshold} (bolívares, 0 = every withdrawal). */
export function useSaveIdentitySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (threshold: number) =>
      apiSend(
        '/api/admin/identity/settings',
        identitySettingsSchema.extend({ message: z.string() }),
        { method: 'PUT', body: { threshold } },
      ),
    onSuccess: (data) =>
      client.setQueryData(IDENTITY_ADMIN_KEYS.settings, { threshold: data.threshold }),
  });
}
