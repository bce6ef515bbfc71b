import { type Friend, plural, type Presence, PRESENCE_LABELS } from '@domino/contracts';

/** How a presence badge looks on the friends page: the Spanish label and a Mantine color. */
export function presenceBadge(presence: Presence): { label: string; color: string } {
  const colors: Record<Presence, string> = {
    playing: 'orange',
    waiting: 'yellow',
    online: 'green',
    offline: 'gray',
  };
  return { label: PRESENCE_LABELS[presence], color: colors[presence] };
}

/** "2 de 5 conectados": friends not offline, out of all. Pure. */
export function connectedSummary(friends: Pick<Friend, 'presence'>[]): string {
  const on = friends.filter((f) => f.presence !== 'offline').length;
  return `${on} de ${plural(friends.length, 'conectado', 'conectados')}`;
}

/**
 * Whether "Invitar" is offered for a friend: the player sits at or hosts a private table and the
 * friend is not already playing a match. Pure.
 */
export function canInvite(hasPrivateTable: boolean, friend: Pick<Friend, 'presence'>): boolean {
  return hasPrivateTable && friend.presence !== 'playing';
}
