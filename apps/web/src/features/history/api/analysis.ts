import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { analysisResponseSchema, type AnalysisResponse } from '@domino/contracts';
import { apiGet, apiPost, isApiError } from '../../../lib/api';

/**
 * "Análisis" calls (docs/decisions/029-post-game-analysis.md): the caller's analysis of a finished
 * match. The first read of a match never analysed asks for it (POST, idempotent); while it is
 * computed the query polls GET every `ANALYSIS_POLL_MS`.
 */

/** Milliseconds between two reads while the analysis is pending or running. */
export const ANALYSIS_POLL_MS = 1500;

const path = (gameId: string) => `/api/games/${encodeURIComponent(gameId)}/analysis`;

async function readOrRequest(gameId: string, signal: AbortSignal): Promise<AnalysisResponse> {
  try {
    return await apiGet(path(gameId), analysisResponseSchema, { signal });
  } catch (error) {
    if (isApiError(error) && error.code === 'analysis/not_requested')
      return apiPost(path(gameId), undefined, analysisResponseSchema, { signal });
    throw error;
  }
}

/** The caller's analysis of `gameId`, requested on first read and polled until ready. */
export function useAnalysis(gameId: string) {
  return useQuery({
    queryKey: ['analysis', gameId],
    queryFn: ({ signal }) => readOrRequest(gameId, signal),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'pending' || status === 'running' ? ANALYSIS_POLL_MS : false;
    },
    retry: 1,
  });
}

/** Asks again for an analysis that failed (POST queues it afresh). */
export function useRetryAnalysis(gameId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost(path(gameId), undefined, analysisResponseSchema),
    onSuccess: (data) => client.setQueryData(['analysis', gameId], data),
  });
}
