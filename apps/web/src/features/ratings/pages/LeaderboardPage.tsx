import {
  Alert,
  Badge,
  Center,
  Container,
  Group,
  Loader,
  Pagination,
  Paper,
  Stack,
  Table,
  Tabs,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconTrophy } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { LeaderboardResponse, LeaderboardRow, LeaderboardTab } from '@domino/contracts';
import { LEVEL_MEANING, pageCount, provisionalText, tabFromSearch } from '../../../lib/ratings';
import { monthLabel } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useLeaderboard } from '../api/ratings';

const TAB_LABELS: Record<LeaderboardTab, string> = {
  parejas: 'Parejas',
  individual: 'Individual',
  points: 'Puntos del mes',
};

function Row({ row, tab }: { row: LeaderboardRow; tab: LeaderboardTab }) {
  const podium = row.position <= 3;
  return (
    <Table.Tr
      data-testid={row.me ? 'leaderboard-my-row' : 'leaderboard-row'}
      style={row.me ? { background: 'var(--mantine-color-gold-0)' } : undefined}
    >
      <Table.Td style={{ width: 56, minWidth: 56 }}>
        <Badge
          variant={podium ? 'filled' : 'light'}
          color={podium ? 'gold' : 'felt'}
          c={podium ? 'dark.9' : undefined}
          w={44}
        >
          {row.position}
        </Badge>
      </Table.Td>
      <Table.Td style={{ maxWidth: 0, width: '100%' }}>
        <Group gap={6} wrap="nowrap">
          <Text fz="sm" fw={row.me ? 700 : 500} truncate>
            {row.name}
          </Text>
          {row.me && (
            <Badge size="xs" color="felt" variant="filled" style={{ flexShrink: 0 }}>
              Tú
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td ta="right">
        <Text fz="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {tab === 'points' ? row.won : row.games}
        </Text>
      </Table.Td>
      <Table.Td ta="right">
        <Text fz="sm" fw={700} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
          {tab === 'points' ? row.points : row.rating}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

function Board({ data, tab }: { data: LeaderboardResponse; tab: LeaderboardTab }) {
  if (data.rows.length === 0)
    return (
      <Paper withBorder p="lg" radius="md">
        <Text ta="center" c="dimmed" fz="sm">
          {tab === 'points'
            ? 'Todavía nadie ha sumado puntos este mes. ¡Juega una partida y sé el primero!'
            : 'Todavía nadie tiene 10 partidas clasificatorias en esta modalidad.'}
        </Text>
      </Paper>
    );
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table verticalSpacing={8} horizontalSpacing="xs" data-testid="leaderboard-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>Jugador</Table.Th>
            <Table.Th ta="right">{tab === 'points' ? 'Ganadas' : 'Partidas'}</Table.Th>
            <Table.Th ta="right">{tab === 'points' ? 'Puntos' : 'Nivel'}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.rows.map((row) => (
            <Row key={row.position} row={row} tab={tab} />
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/**
 * /clasificacion (decision 026): public leaderboards — the Glicko-2 rating ladders of parejas and
 * individual (established ratings only: 10 rated matches) and this month's pot points — with the
 * short public names. Logged in, the player's own row is highlighted and their own rating shown,
 * provisional or not. The tab and page live in the address (?tab=&page=).
 */
export default function LeaderboardPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useSession();
  const tab = tabFromSearch(location.search);
  const page = Math.max(1, Number(new URLSearchParams(location.search).get('page')) || 1);
  const { data, isPending, isError } = useLeaderboard(tab, page, user !== null);
  const go = (next: LeaderboardTab, nextPage = 1) =>
    void navigate(`/clasificacion?tab=${next}${nextPage > 1 ? `&page=${nextPage}` : ''}`, {
      replace: true,
    });

  return (
    <Container size="sm" py={{ base: 'lg', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Group gap="sm" wrap="nowrap" align="center" mb="md">
        <ThemeIcon size={44} radius="md" variant="light" color="gold">
          <IconTrophy size={26} aria-hidden />
        </ThemeIcon>
        <Stack gap={2}>
          <Title order={1} fz={{ base: 24, sm: 32 }}>
            Clasificación
          </Title>
          <Text c="dimmed" fz={{ base: 'sm', sm: 'md' }}>
            Los mejores jugadores de Dominó.
          </Text>
        </Stack>
      </Group>

      <Tabs value={tab} onChange={(v) => v && go(v as LeaderboardTab)} keepMounted={false}>
        <Tabs.List grow mb="md">
          {(Object.keys(TAB_LABELS) as LeaderboardTab[]).map((t) => (
            <Tabs.Tab
              key={t}
              value={t}
              data-testid={`leaderboard-tab-${t}`}
              fz={{ base: 'sm', sm: 'md' }}
            >
              {TAB_LABELS[t]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>

      <Stack gap="sm">
        <Text fz="xs" c="dimmed">
          {tab === 'points'
            ? `Puntos del Pote del Mes de ${data ? monthLabel(data.month) : 'este mes'}: los que tu lado anotó en partidas con dinero.`
            : `${LEVEL_MEANING} Cuentan las partidas en mesas públicas, Jugar ahora y torneos. Aparecen los jugadores con 10 partidas clasificatorias o más.`}
        </Text>
        {data?.mine && tab !== 'points' && (
          <Paper withBorder p="sm" radius="md" data-testid="leaderboard-mine">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fz="sm">
                Tu nivel en {TAB_LABELS[tab].toLowerCase()}:{' '}
                <Text span fw={700}>
                  {data.mine.rating}
                </Text>
              </Text>
            </Group>
            {data.mine.provisional && (
              <Text fz="xs" c="dimmed" mt={4}>
                {provisionalText(data.mine)}
              </Text>
            )}
          </Paper>
        )}
        {isPending ? (
          <Center py="xl">
            <Loader role="status" aria-label="Cargando la clasificación" />
          </Center>
        ) : isError || !data ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />}>
            No pudimos cargar la clasificación. Inténtalo de nuevo en un momento.
          </Alert>
        ) : (
          <>
            <Board data={data} tab={tab} />
            {data.total > data.per_page && (
              <Center>
                <Pagination
                  total={pageCount(data.total, data.per_page)}
                  value={page}
                  onChange={(p) => go(tab, p)}
                  size="sm"
                  aria-label="Páginas de la clasificación"
                />
              </Center>
            )}
          </>
        )}
        {!user && (
          <Text fz="sm" ta="center" c="dimmed">
            <Link to="/register">Crea tu cuenta</Link> para aparecer en la clasificación.
          </Text>
        )}
      </Stack>
    </Container>
  );
}
