import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminPotResponseSchema,
  potCurrentResponseSchema,
  potRankingResponseSchema,
  potTopUpResponseSchema,
  type PotRankingResponse,
} from '@domino/contracts';
import { z } from 'zod';
import { apiGet, apiSend } from '../../../lib/api';

/** Pote del Mes calls (decision 007; docs/product.md §7 GET /api/monthly-pot/current). */
export const POT_KEYS = {
  all: ['pot'] as const,
  current: ['pot', 'current'] as const,
  ranking: ['pot', 'ranking'] as const,
  admin: ['pot', 'admin'] as const,
};

/** GET /api/monthly-pot/current: the dashboard modal's pot and top 10. */
export function usePotCurrent() {
  return useQuery({
    queryKey: POT_KEYS.current,
    queryFn: ({ signal }) =>
      apiGet('/api/monthly-pot/current', potCurrentResponseSchema, { signal }),
    staleTime: 30_000,
    retry: 1,
  });
}

/** The /pote answer plus how far the device clock is behind the server's (ms; for the countdown). */
export type PotRanking = PotRankingResponse & { clockOffsetMs: number };

/** GET /api/monthly-pot/ranking: the /pote page (top 50, my standing, shares, past months). */
export function usePotRanking() {
  return useQuery({
    queryKey: POT_KEYS.ranking,
    queryFn: async ({ signal }): Promise<PotRanking> => {
      const data = await apiGet('/api/monthly-pot/ranking', potRankingResponseSchema, { signal });
      return { ...data, clockOffsetMs: Date.parse(data.pot.server_time) - Date.now() };
    },
    refetchInterval: 60_000,
  });
}

/** GET /api/admin/pot (staff). */
export function useAdminPot() {
  return useQuery({
    queryKey: POT_KEYS.admin,
    queryFn: ({ signal }) => apiGet('/api/admin/pot', adminPotResponseSchema, { signal }),
    staleTime: 0,
    refetchOnWindowFocus: 'always',
  });
}

/** PATCH /api/admin/pot: description and/or shares (basis points) of the current month. */
export function useUpdatePotSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { description?: string; shares_bps?: number[] }) =>
      apiSend('/api/admin/pot', adminPotResponseSchema.extend({ message: z.string() }), {
        method: 'PATCH',
        body: input,
      }),
    onSuccess: (data) => {
      client.setQueryData(POT_KEYS.admin, data);
      void client.invalidateQueries({ queryKey: POT_KEYS.all });
    },
  });
}

/** POST /api/admin/pot/top-ups with an Idempotency-Key per submission. */
export function useTopUpPot() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { amount: number; reason: string; key: string }) =>
      apiSend('/api/admin/pot/top-ups', potTopUpResponseSchema, {
        method: 'POST',
        body: { amount: input.amount, reason: input.reason },
        headers: { 'Idempotency-Key': input.key },
      }),
    onSettled: () => void client.invalidateQueries({ queryKey: POT_KEYS.all }),
  });
}
