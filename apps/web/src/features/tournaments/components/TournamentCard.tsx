import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconCheck, IconTrophy, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { TOURNAMENT_PAGES, type TournamentListItem } from '@domino/contracts';
import {
  entryLabel,
  formatLabel,
  isFull,
  placesLabel,
  poolLabel,
  startLabel,
  statusColor,
  statusLabel,
} from '../lib/tournaments';

function Fact({ icon, children }: { icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="center">
      {icon}
      <Text fz="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {children}
      </Text>
    </Group>
  );
}

/**
 * One tournament of /torneos: name, status, start (Caracas time), entry ('Gratis' when free),
 * mode and format, places taken of the capacity, and the prize pool; "Inscribirme" while
 * registration is open (the parent opens the confirmation), "Ver torneo" always.
 */
export function TournamentCard({
  t,
  onRegister,
}: {
  t: TournamentListItem;
  onRegister(id: number): void;
}) {
  const open = t.status === 'scheduled';
  const full = isFull(t);
  return (
    <Card padding="md" withBorder data-testid={`tournament-card-${t.id}`} data-status={t.status}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={3} fz="lg" lh={1.25} style={{ overflowWrap: 'anywhere' }}>
            {t.name}
          </Title>
          <Badge color={statusColor(t.status)} variant="light" miw="max-content">
            {statusLabel(t.status)}
          </Badge>
        </Group>
        <Text fz="sm" c="dimmed">
          {formatLabel(t)}
        </Text>
        <Stack gap={4}>
          <Fact icon={<IconCalendarEvent size={16} aria-hidden />}>
            {startLabel(t.starts_at)} (Caracas)
          </Fact>
          <Fact icon={<IconUsers size={16} aria-hidden />}>
            <span data-testid={`tournament-places-${t.id}`}>{placesLabel(t)}</span>
          </Fact>
          <Fact icon={<IconTrophy size={16} color="var(--mantine-color-gold-6)" aria-hidden />}>
            Bote: <b data-testid={`tournament-pool-${t.id}`}>{poolLabel(t)}</b>
          </Fact>
        </Stack>
        <Group justify="space-between" mt="auto" pt="xs" wrap="nowrap" gap="xs">
          <Text fw={800} data-testid={`tournament-entry-${t.id}`}>
            {t.entry_fee === 0 ? 'Gratis' : `Entrada ${entryLabel(t.entry_fee)}`}
          </Text>
          {t.registered && (
            <Badge
              color="green"
              variant="filled"
              leftSection={<IconCheck size={12} aria-hidden />}
              data-testid={`tournament-registered-${t.id}`}
            >
              Inscrito
            </Badge>
          )}
        </Group>
        <Group gap="xs" grow>
          <Button
            variant={open && !t.registered ? 'default' : 'light'}
            component={Link}
            to={TOURNAMENT_PAGES.detail(t.id)}
            data-testid={`tournament-open-${t.id}`}
          >
            {t.status === 'running' ? 'Ver en vivo' : 'Ver torneo'}
          </Button>
          {open && !t.registered && (
            <Button
              onClick={() => onRegister(t.id)}
              disabled={full}
              data-testid={`tournament-register-${t.id}`}
            >
              {full ? 'Completo' : 'Inscribirme'}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
