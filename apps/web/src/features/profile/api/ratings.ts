import { useQuery } from '@tanstack/react-query';
import { myRatingsSchema } from '@domino/contracts';
import { apiGet } from '../../../lib/api';

/** GET /api/user/ratings: the signed-in player's two ratings (decision 026; the profile card). */
export function useMyRatings() {
  return useQuery({
    queryKey: ['ratings', 'mine'],
    queryFn: ({ signal }) => apiGet('/api/user/ratings', myRatingsSchema, { signal }),
    staleTime: 30_000,
  });
}
