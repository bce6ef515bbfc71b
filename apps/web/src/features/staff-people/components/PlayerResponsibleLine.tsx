import { Text } from '@mantine/core';
import { usePlayerResponsible } from '../api/responsible';
import { staffSummary } from '../lib/responsible';

/**
 * The staff's read-only line on AdminUserPage (docs/decisions/030): the player's limits, pending
 * changes, reminder and time-out or self-exclusion.
 */
export function PlayerResponsibleLine({ userId }: { userId: number }) {
  const settings = usePlayerResponsible(userId);
  if (!settings.data) return null;
  return (
    <Text fz="sm" data-testid="admin-user-responsible">
      <Text span fw={600}>
        Juego responsable:
      </Text>{' '}
      {staffSummary(settings.data)}
    </Text>
  );
}
