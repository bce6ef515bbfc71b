import { useState } from 'react';
import {
  Center,
  Container,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { Loading, LoadError } from '../../../components/LoadState';
import { IconMoodEmpty, IconTrophy } from '@tabler/icons-react';
import { RegisterModal } from '../components/RegisterModal';
import { TournamentCard } from '../components/TournamentCard';
import { useTournaments } from '../api/tournaments';
import { groupTournaments, type TournamentGroups } from '../lib/tournaments';

const TABS: { value: keyof TournamentGroups; label: string; empty: string }[] = [
  {
    value: 'upcoming',
    label: 'Próximos',
    empty: 'No hay torneos con inscripciones abiertas. Vuelve pronto.',
  },
  { value: 'running', label: 'En curso', empty: 'No hay torneos en juego ahora.' },
  { value: 'done', label: 'Terminados', empty: 'Todavía no ha terminado ningún torneo.' },
];

/**
 * /torneos (decision 028): the tournaments staff scheduled, in three tabs (upcoming with registration
 * open, running, finished or cancelled), each a card with its terms; "Inscribirme" opens the
 * same kind of confirmation as joining a table (RegisterModal).
 */
export default function TournamentsPage() {
  const list = useTournaments();
  const [tab, setTab] = useState<keyof TournamentGroups>('upcoming');
  const [registering, setRegistering] = useState<number | null>(null);
  const groups = list.data ? groupTournaments(list.data) : null;
  const current = TABS.find((t) => t.value === tab)!;
  const shown = groups?.[tab] ?? [];

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }} data-testid="tournaments-page">
      <Group gap="sm" wrap="nowrap" align="center" mb="md">
        <ThemeIcon size={44} radius="md" variant="light" color="gold" visibleFrom="xs">
          <IconTrophy size={26} aria-hidden />
        </ThemeIcon>
        <Stack gap={2}>
          <Title order={1} fz={{ base: 24, sm: 32 }}>
            Torneos
          </Title>
          <Text c="dimmed" fz="sm">
            Inscríbete, juega cada ronda y gana premios del bote.
          </Text>
        </Stack>
      </Group>

      <SegmentedControl
        fullWidth
        mb="md"
        value={tab}
        onChange={(v) => setTab(v as keyof TournamentGroups)}
        data={TABS.map((t) => ({
          value: t.value,
          // The counts only where they fit (three labels with counts overflow 360 px).
          label: (
            <span>
              {t.label}
              {groups && (
                <Text span visibleFrom="sm" inherit>
                  {` (${groups[t.value].length})`}
                </Text>
              )}
            </span>
          ),
        }))}
        data-testid="tournaments-tabs"
      />

      {list.isPending ? (
        <Loading label="Cargando torneos…" />
      ) : list.isError ? (
        <LoadError
          message={list.error.message}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : shown.length === 0 ? (
        <Center py={48}>
          <Stack align="center" gap="xs" data-testid="tournaments-empty">
            <IconMoodEmpty size={36} color="var(--mantine-color-gray-5)" aria-hidden />
            <Text c="dimmed" ta="center">
              {current.empty}
            </Text>
          </Stack>
        </Center>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" data-testid="tournaments-list">
          {shown.map((t) => (
            <TournamentCard key={t.id} t={t} onRegister={setRegistering} />
          ))}
        </SimpleGrid>
      )}

      <RegisterModal tournamentId={registering} onClose={() => setRegistering(null)} />
    </Container>
  );
}
