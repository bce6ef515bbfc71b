import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  SERVER_EVENTS,
  friendsChangedEventSchema,
  invitationListSchema,
  invitationReceivedEventSchema,
  type FriendsChangedEvent,
  type Invitation,
} from '@domino/contracts';
import { apiGet, apiPost } from './api';
import { formatBolivares } from './format';
import { useSession } from './session';
import { openChannel } from './socket';

/**
 * Friends and invitations to private tables, shared by the shell (the invitations bell and the
 * live toast) and the friends page (docs/decisions/024-friends-presence-invitations.md).
 */

/**
 * Prefix of every friends query: invalidating it refreshes the page and the invitations. The
 * keys carry the user id, so a player who logs in after another in the same tab never sees the
 * previous player's friends or invitations from the cache.
 */
export const FRIENDS_QUERY_KEY = ['friends'] as const;
/** Query key of GET /api/friends (the friends page) for one user. */
export const friendsKey = (userId: number | undefined) => ['friends', userId, 'overview'] as const;
/** Query key of GET /api/friends/invitations (the bell, the menu, the page) for one user. */
export const invitationsKey = (userId: number | undefined) =>
  ['friends', userId, 'invitations'] as const;

/** The signed-in player's pending invitations, newest first; only fetched when `enabled`. */
export function useInvitations(enabled = true) {
  const userId = useSession().user?.id;
  return useQuery({
    queryKey: invitationsKey(userId),
    queryFn: ({ signal }) => apiGet('/api/friends/invitations', invitationListSchema, { signal }),
    enabled: enabled && userId !== undefined,
  });
}

/** POST /api/friends/invitations/{id}/decline: dismisses one invitation (Spanish answer). */
export function declineInvitation(id: number): Promise<{ message: string }> {
  return apiPost(
    `/api/friends/invitations/${id}/decline`,
    undefined,
    z.object({ message: z.string() }),
  );
}

/** Handlers of {@link subscribeToFriendEvents}. */
export interface FriendEventHandlers {
  /** The friends page is stale (`friends:changed`). */
  onChanged?: (event: FriendsChangedEvent) => void;
  /** A friend invited the player to a private table (`invitation:received`). */
  onInvitation?: (invitation: Invitation) => void;
  /** Connected again: events may have been missed, refetch. */
  onReconnect?: () => void;
}

/**
 * Listens to the user-room events of the friends feature on the shared socket; payloads that do
 * not parse are ignored. Returns the unsubscribe function.
 */
export function subscribeToFriendEvents(handlers: FriendEventHandlers): () => void {
  return openChannel({
    listen: {
      [SERVER_EVENTS.friendsChanged]: (payload) => {
        const parsed = friendsChangedEventSchema.safeParse(payload);
        if (parsed.success) handlers.onChanged?.(parsed.data);
      },
      [SERVER_EVENTS.invitationReceived]: (payload) => {
        const parsed = invitationReceivedEventSchema.safeParse(payload);
        if (parsed.success) handlers.onInvitation?.(parsed.data);
      },
    },
    onReconnect: () => handlers.onReconnect?.(),
  }).close;
}

const MODE_TEXT: Record<Invitation['mode'], string> = {
  parejas: 'Parejas',
  individual: 'Individual',
};

/** "Parejas · Bs. 500,00 · 1 de 4 sentados" ("Amistosa" for a free table). Pure. */
export function invitationDetails(invitation: Invitation): string {
  const price =
    invitation.entry_price === 0
      ? 'Amistosa'
      : `Entrada ${formatBolivares(invitation.entry_price)}`;
  const seated = `${invitation.seated} de ${invitation.players} sentados`;
  return `${MODE_TEXT[invitation.mode]} · ${price} · ${seated}`;
}

/** The toast's title for an invitation: who invites and to which table. Pure. */
export function invitationTitle(invitation: Invitation): string {
  return `${invitation.from_name} te invita a «${invitation.table_name}»`;
}
