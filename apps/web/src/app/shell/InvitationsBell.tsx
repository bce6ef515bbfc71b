import { useEffect, useState } from 'react';
import { ActionIcon, Button, Indicator, Popover, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailOpened } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, type NavigateFunction } from 'react-router';
import type { Invitation } from '@domino/contracts';
import { InvitationList } from '../../components/InvitationList';
import { isApiError } from '../../lib/api';
import {
  FRIENDS_QUERY_KEY,
  declineInvitation,
  invitationDetails,
  invitationTitle,
  subscribeToFriendEvents,
  useInvitations,
} from '../../lib/friends';
import { notify } from '../../lib/notify';
import { plural } from '@domino/contracts';

/** How long an invitation toast stays (it carries a button, so longer than a notice). */
const INVITATION_TOAST_MS = 20_000;

/**
 * The live toast of a new invitation (decision 024): who invites to which table, its terms, and
 * "Unirme" to `/invitacion/<code>`. Notifications render outside the router, so the button
 * navigates through the `navigate` of the component that showed it.
 */
function showInvitationToast(invitation: Invitation, navigate: NavigateFunction): void {
  const id = `invitation-${invitation.id}`;
  notifications.show({
    id,
    color: 'gold',
    title: invitationTitle(invitation),
    autoClose: INVITATION_TOAST_MS,
    withBorder: true,
    message: (
      <Stack gap={6} data-testid="invitation-toast">
        <Text fz="sm">{invitationDetails(invitation)}</Text>
        <Button
          size="xs"
          component="a"
          href={invitation.link}
          w="fit-content"
          onClick={(event: React.MouseEvent) => {
            event.preventDefault();
            notifications.hide(id);
            void navigate(invitation.link);
          }}
          data-testid="invitation-toast-join"
        >
          Unirme
        </Button>
      </Stack>
    ),
  });
}

/**
 * The friends feature's live events for the whole app (docs/decisions/024), mounted
 * once by the navbar while a player is signed in, whatever the screen size:
 * `invitation:received` toasts and refreshes the invitations, `friends:changed` refreshes the
 * friends queries (the /amigos page), and a reconnection refetches both, since events may have
 * been missed. Renders nothing.
 */
export function LiveInvitations() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: FRIENDS_QUERY_KEY });
    return subscribeToFriendEvents({
      onInvitation: (invitation) => {
        void queryClient.invalidateQueries({ queryKey: FRIENDS_QUERY_KEY });
        showInvitationToast(invitation, navigate);
      },
      onChanged: refresh,
      onReconnect: refresh,
    });
  }, [queryClient, navigate]);
  return null;
}

/** "Invitaciones: 2 pendientes" (or just "Invitaciones"), the accessible name of the entry. */
export function invitationsLabel(count: number): string {
  if (count === 0) return 'Invitaciones';
  return `Invitaciones: ${plural(count, 'pendiente', 'pendientes')}`;
}

/**
 * The signed-in player's pending invitations in the header on wider screens: a bell with their
 * number, opening their list (Unirme / Rechazar). On phones the menu lists them instead (the
 * header has no room), and the burger shows a dot.
 */
export function InvitationsBell() {
  const queryClient = useQueryClient();
  const invitations = useInvitations();
  const [opened, setOpened] = useState(false);
  const [declining, setDeclining] = useState<number | null>(null);

  const list = invitations.data ?? [];
  const decline = async (invitation: Invitation) => {
    setDeclining(invitation.id);
    try {
      notify.info((await declineInvitation(invitation.id)).message);
    } catch (error) {
      if (!isApiError(error) || error.status !== 401)
        notify.error(isApiError(error) ? error.message : String(error));
    } finally {
      setDeclining(null);
      void queryClient.invalidateQueries({ queryKey: FRIENDS_QUERY_KEY });
    }
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={300}
      shadow="md"
      withinPortal
    >
      {/* The target is the button itself: a popover target gets aria-expanded, which a div may
          not carry (axe-core aria-allowed-attr, decision 044). */}
      <Indicator
        label={list.length}
        disabled={list.length === 0}
        size={16}
        color="red"
        offset={4}
        data-testid="invitations-count"
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gold.3"
            size="lg"
            radius="xl"
            aria-label={invitationsLabel(list.length)}
            onClick={() => setOpened((o) => !o)}
            data-testid="invitations-bell"
          >
            <IconMailOpened size={20} />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown>
        <Title order={2} fz="md" mb="xs">
          Invitaciones a mesas
        </Title>
        <InvitationList
          invitations={list}
          onDecline={(i) => void decline(i)}
          declining={declining}
          onOpen={() => setOpened(false)}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
