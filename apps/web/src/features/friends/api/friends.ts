import { useQuery } from '@tanstack/react-query';
import {
  friendActionResponseSchema,
  friendsOverviewSchema,
  invitationSentSchema,
  type FriendActionResponse,
} from '@domino/contracts';
import { apiGet, apiPost, apiSend } from '../../../lib/api';
import { friendsKey } from '../../../lib/friends';
import { useSession } from '../../../lib/session';

/** Calls of the friends page (server: apps/server/src/modules/friends/routes.ts). */

/** How often the page refetches while open, so presence stays fresh without any event. */
const FRIENDS_REFRESH_MS = 30_000;

/** GET /api/friends: username, friends with presence, requests, blocked, the private table. */
export function useFriends() {
  const userId = useSession().user?.id;
  return useQuery({
    queryKey: friendsKey(userId),
    queryFn: ({ signal }) => apiGet('/api/friends', friendsOverviewSchema, { signal }),
    refetchInterval: FRIENDS_REFRESH_MS,
    enabled: userId !== undefined,
  });
}

const post = (path: string, body?: unknown) => apiPost(path, body, friendActionResponseSchema);
const del = (path: string) => apiSend(path, friendActionResponseSchema, { method: 'DELETE' });

/** The friends actions; each resolves with the pair's new state and a Spanish message. */
export const friendActions = {
  request: (username: string): Promise<FriendActionResponse> =>
    post('/api/friends/requests', { username }),
  accept: (userId: number) => post(`/api/friends/requests/${userId}/accept`),
  decline: (userId: number) => post(`/api/friends/requests/${userId}/decline`),
  cancel: (userId: number) => del(`/api/friends/requests/${userId}`),
  remove: (userId: number) => del(`/api/friends/${userId}`),
  block: (userId: number) => post(`/api/friends/blocks/${userId}`),
  unblock: (userId: number) => del(`/api/friends/blocks/${userId}`),
  invite: (userId: number, tableId: number) =>
    apiPost(
      '/api/friends/invitations',
      { user_id: userId, table_id: tableId },
      invitationSentSchema,
    ),
};
