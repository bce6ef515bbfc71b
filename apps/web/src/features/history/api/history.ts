import { useQuery } from '@tanstack/react-query';
import { historyResponseSchema, replayResponseSchema } from '@domino/contracts';
import { apiGet } from '../../../lib/api';

/** 'Mis Partidas' calls (docs/product.md §2 route table /history). */

/** GET /api/history?page=N: the caller's finished real-money matches, 10 per page, newest first. */
export function useHistory(page: number) {
  return useQuery({
    queryKey: ['history', page],
    queryFn: ({ signal }) => apiGet(`/api/history?page=${page}`, historyResponseSchema, { signal }),
    placeholderData: (previous) => previous,
  });
}

/** GET /api/games/{id}/replay: config, revealed seeds, seats and every recorded move. */
export function useReplay(gameId: string) {
  return useQuery({
    queryKey: ['replay', gameId],
    queryFn: ({ signal }) =>
      apiGet(`/api/games/${encodeURIComponent(gameId)}/replay`, replayResponseSchema, { signal }),
    staleTime: Infinity,
    retry: 1,
  });
}
