import { useQuery } from '@tanstack/react-query';
import { fairnessRecordSchema, type FairnessRecordJson } from '@domino/contracts';
import { apiGet } from '../../../lib/api';

/**
 * GET /api/games/{id}/fairness (public): the commitment, revealed seeds and every deal of a
 * finished game. 409 while the game is still being played, 404 for an unknown id.
 */
export function fetchFairness(gameId: string, signal?: AbortSignal): Promise<FairnessRecordJson> {
  return apiGet(`/api/games/${encodeURIComponent(gameId)}/fairness`, fairnessRecordSchema, {
    signal,
  });
}

export function useFairness(gameId: string | null) {
  return useQuery({
    queryKey: ['fairness', gameId],
    queryFn: ({ signal }) => fetchFairness(gameId as string, signal),
    enabled: gameId !== null && gameId !== '',
    staleTime: Infinity,
  });
}
