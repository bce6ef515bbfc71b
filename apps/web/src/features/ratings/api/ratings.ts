import { useQuery } from '@tanstack/react-query';
import { leaderboardResponseSchema, type LeaderboardTab } from '@domino/contracts';
import { apiGet } from '../../../lib/api';

/** GET /api/leaderboard?tab=&page= (decision 026): public; with a session the caller's row is marked. */
export function useLeaderboard(tab: LeaderboardTab, page: number, signedIn: boolean) {
  return useQuery({
    queryKey: ['ratings', 'leaderboard', tab, page, signedIn],
    queryFn: ({ signal }) =>
      apiGet(`/api/leaderboard?tab=${tab}&page=${page}`, leaderboardResponseSchema, { signal }),
    staleTime: 30_000,
    placeholderData: (previous) => (previous?.tab === tab ? previous : undefined),
  });
}
