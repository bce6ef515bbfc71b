import { useQuery } from '@tanstack/react-query';
import { highlightsResponseSchema, type Highlights } from '@domino/contracts';
import { apiGet } from '../../../lib/api';

/**
 * GET /api/public/highlights (public, cached 30 s on the server): recent paid winners, the
 * month's top players and what the month's pot holds. Real data only; empty lists when nothing
 * has been played.
 */
export function fetchHighlights(signal?: AbortSignal): Promise<Highlights> {
  return apiGet('/api/public/highlights', highlightsResponseSchema, { signal });
}

export function useHighlights() {
  return useQuery({
    queryKey: ['public', 'highlights'],
    queryFn: ({ signal }) => fetchHighlights(signal),
    staleTime: 30_000,
  });
}
