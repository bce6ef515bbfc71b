import { Button, Group, Stack, Text } from '@mantine/core';
import { IconDoorEnter } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Invitation } from '@domino/contracts';
import { invitationDetails, invitationTitle } from '../lib/friends';

/**
 * Pending invitations to private tables (decision 024), used by the shell's invitations bell and the
 * friends page: who invites to which table, mode, entry and seats, "Unirme" (the table's invitation
 * page, `/invitacion/<code>`) and "Rechazar".
 */
export function InvitationList({
  invitations,
  onDecline,
  declining,
  onOpen,
}: {
  invitations: Invitation[];
  onDecline: (invitation: Invitation) => void;
  /** The id of the invitation being declined, if any. */
  declining?: number | null;
  /** Called when "Unirme" is followed (e.g. to close a popover). */
  onOpen?: () => void;
}) {
  if (invitations.length === 0)
    return (
      <Text c="dimmed" fz="sm" data-testid="invitations-empty">
        No tienes invitaciones pendientes.
      </Text>
    );
  return (
    <Stack gap="sm" data-testid="invitation-list">
      {invitations.map((invitation) => (
        <Stack key={invitation.id} gap={6} data-testid="invitation-item">
          <Text fw={700} fz="sm" lh={1.3}>
            {invitationTitle(invitation)}
          </Text>
          <Text fz="xs" c="dimmed">
            {invitationDetails(invitation)}
          </Text>
          <Group gap="xs">
            <Button
              size="xs"
              component={Link}
              to={invitation.link}
              onClick={onOpen}
              leftSection={<IconDoorEnter size={14} aria-hidden />}
              data-testid="invitation-join"
            >
              Unirme
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="gray"
              loading={declining === invitation.id}
              onClick={() => onDecline(invitation)}
              data-testid="invitation-decline"
            >
              Rechazar
            </Button>
          </Group>
        </Stack>
      ))}
    </Stack>
  );
}
