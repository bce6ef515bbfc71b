import { useEffect, useRef, useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Card,
  Center,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { Loading, LoadError } from '../../../components/LoadState';
import {
  IconCalendarEvent,
  IconClockHour4,
  IconTrophy,
  IconUser,
  IconUsersGroup,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  formatBs,
  MSG_POT,
  plural,
  pluralWord,
  type PotPlayer,
  type PotRankingResponse,
} from '@domino/contracts';
import { displayName, formatCaracasDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { usePotRanking, type PotRanking } from '../api/pot';
import {
  bpsToPercent,
  myStanding,
  ordinal,
  podiumColor,
  timeLeft,
  timeLeftSummary,
} from '../lib/pot';

/** The device clock, ticking every second. */
function useClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  return now;
}

function Countdown({ data, onOver }: { data: PotRanking; onOver: () => void }) {
  // The device clock corrected by the server's, measured when the answer arrived.
  const now = useClock() + data.clockOffsetMs;
  const left = timeLeft(Date.parse(data.pot.ends_at), now);
  const fired = useRef(false);
  useEffect(() => {
    if (left.over && !fired.current) {
      fired.current = true;
      onOver();
    }
  }, [left.over, onOver]);
  const parts = [
    { value: left.days, label: pluralWord(left.days, 'día', 'días') },
    { value: left.hours, label: 'horas' },
    { value: left.minutes, label: 'min' },
    { value: left.seconds, label: 'seg' },
  ];
  return (
    <Stack gap={6}>
      <Group gap={6} c="gray.3" fz="sm">
        <IconClockHour4 size={16} aria-hidden />
        <Text fz="sm" c="gray.3" span>
          Tiempo restante
        </Text>
      </Group>
      <Group
        gap={8}
        wrap="nowrap"
        role="group"
        aria-label={`Tiempo restante: ${timeLeftSummary(left)}`}
      >
        {parts.map((p) => (
          <Box
            key={p.label}
            ta="center"
            py={6}
            px={4}
            miw={56}
            style={{
              flex: 1,
              borderRadius: 'var(--mantine-radius-md)',
              background: 'rgba(255,255,255,0.1)',
            }}
            aria-hidden
          >
            <Text fw={800} fz={{ base: 20, sm: 24 }} c="white" lh={1.1} ff="monospace">
              {String(p.value).padStart(2, '0')}
            </Text>
            <Text fz={11} c="gray.4" tt="uppercase">
              {p.label}
            </Text>
          </Box>
        ))}
      </Group>
      <Text fz="xs" c="gray.4">
        Cierra el {formatCaracasDateTime(data.pot.ends_at)} (hora de Caracas)
      </Text>
    </Stack>
  );
}

function PlayerRow({ p, mine }: { p: PotPlayer; mine: boolean }) {
  const medal = podiumColor(p.position);
  return (
    <Table.Tr
      data-testid={mine ? 'pot-my-row' : undefined}
      style={mine ? { background: 'var(--mantine-color-gold-0)' } : undefined}
    >
      <Table.Td style={{ width: 68, minWidth: 68 }}>
        <Badge
          variant={medal ? 'filled' : 'light'}
          color={medal ?? 'felt'}
          c={p.position === 1 ? 'dark.9' : undefined}
          w={52}
          style={{ flexShrink: 0, overflow: 'visible' }}
        >
          {ordinal(p.position)}
        </Badge>
      </Table.Td>
      <Table.Td style={{ maxWidth: 0, width: '100%' }}>
        <Group gap={6} wrap="nowrap">
          <Text fz="sm" fw={mine ? 700 : 500} truncate>
            {p.name}
          </Text>
          {mine && (
            <Badge size="xs" color="felt" variant="filled" style={{ flexShrink: 0 }}>
              Tú
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td ta="right" visibleFrom="xs">
        <Text fz="sm" c="dimmed">
          {p.matches_won}
        </Text>
      </Table.Td>
      <Table.Td ta="right">
        <Text fz="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
          {p.points}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The month's ranking. Other players appear by their public short names ('María G.'); my own row
 * (found by my position: rows carry no account id) carries my own name, as the server sends it.
 */
function Ranking({ data, myName }: { data: PotRankingResponse; myName: string }) {
  const standing = myStanding(data.ranking, data.me);
  if (data.ranking.length === 0) {
    return (
      <Center py="xl">
        <Stack align="center" gap="xs" ta="center" maw={320}>
          <IconUsersGroup size={36} color="var(--mantine-color-felt-5)" aria-hidden />
          <Text c="dimmed" fz="sm">
            Todavía nadie suma puntos este mes. Gana puntos jugando en las mesas con dinero y
            aparecerás aquí.
          </Text>
          <Button component={Link} to="/dashboard" variant="light" size="xs">
            Ir a las mesas
          </Button>
        </Stack>
      </Center>
    );
  }
  return (
    <Table verticalSpacing={8} horizontalSpacing="xs" aria-label="Ranking del mes">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Pos.</Table.Th>
          <Table.Th>Jugador</Table.Th>
          <Table.Th ta="right" visibleFrom="xs">
            Ganadas
          </Table.Th>
          <Table.Th ta="right">Puntos</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {data.ranking.map((p) => (
          <PlayerRow key={p.position} p={p} mine={p.position === data.me.position} />
        ))}
        {standing === 'outside' && data.me.position !== null && (
          <>
            <Table.Tr>
              <Table.Td colSpan={4} ta="center" c="dimmed" py={2}>
                ⋯
              </Table.Td>
            </Table.Tr>
            <PlayerRow
              p={{
                position: data.me.position,
                name: myName,
                points: data.me.points,
                matches_won: data.me.matches_won,
              }}
              mine
            />
          </>
        )}
      </Table.Tbody>
    </Table>
  );
}

function History({ data }: { data: PotRankingResponse }) {
  if (data.history.length === 0) {
    return (
      <Text c="dimmed" fz="sm">
        Aún no se ha cerrado ningún mes. Los ganadores aparecerán aquí cuando termine el primero.
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {data.history.map((h) => (
        <Paper key={h.period} withBorder radius="md" p="md">
          <Group justify="space-between" mb={6} wrap="nowrap">
            <Text fw={700}>
              {h.month_name} {h.year}
            </Text>
            <Badge color={h.status === 'paid' ? 'felt' : 'gray'} variant="light">
              {h.status === 'paid' ? 'Pagado' : 'Acumulado'}
            </Badge>
          </Group>
          {h.winners.length > 0 ? (
            <Stack gap={4}>
              {h.winners.map((w) => (
                <Group key={w.position} justify="space-between" wrap="nowrap" gap="xs">
                  <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                    <Text fz="sm" c="dimmed" w={30}>
                      {ordinal(w.position)}
                    </Text>
                    <Text fz="sm" truncate>
                      {w.name}
                    </Text>
                    <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {w.points} pts
                    </Text>
                  </Group>
                  <Text fz="sm" fw={700} c="felt.7" style={{ whiteSpace: 'nowrap' }}>
                    {formatBs(w.amount_cents)}
                  </Text>
                </Group>
              ))}
            </Stack>
          ) : (
            <Text fz="sm" c="dimmed">
              Nadie sumó puntos ese mes.
            </Text>
          )}
          {h.carried_cents > 0 && (
            <Text fz="xs" c="dimmed" mt={6}>
              Acumulado al mes siguiente: {formatBs(h.carried_cents)}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** /pote: the month's pot, time left, how it is shared, the ranking and past months (decision 007). */
export default function PotPage() {
  const { user } = useSession();
  const query = usePotRanking();

  if (query.isPending) {
    return <Loading py={80} label="Cargando el Pote del Mes..." />;
  }
  if (query.isError) {
    return (
      <Container size="sm" py="xl">
        <LoadError
          message={MSG_POT.loadError}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </Container>
    );
  }

  const data = query.data;
  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Paper
          radius="lg"
          p={{ base: 'md', sm: 'xl' }}
          style={{
            background:
              'linear-gradient(135deg, var(--mantine-color-felt-9), var(--mantine-color-felt-7))',
            color: 'white',
          }}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg">
            <Stack gap={6}>
              <Group gap="xs">
                <ThemeIcon color="gold" c="dark.9" radius="xl" size="lg" aria-hidden>
                  <IconTrophy size={20} />
                </ThemeIcon>
                <Title order={1} fz={{ base: 22, sm: 28 }} c="white">
                  Pote del Mes
                </Title>
              </Group>
              <Text c="gold.2" fw={600} tt="uppercase" fz="sm" lts={1}>
                {data.pot.month_name} {data.pot.year}
              </Text>
              <Text
                fz={{ base: 36, sm: 48 }}
                fw={800}
                c="gold.3"
                lh={1.1}
                data-testid="pot-amount"
                style={{ fontVariantNumeric: 'tabular-nums' }}
              >
                {formatBs(data.pot.amount_cents)}
              </Text>
              {data.pot.description.trim() !== '' && (
                <Text fz="sm" c="gray.2" style={{ whiteSpace: 'pre-line' }}>
                  {data.pot.description}
                </Text>
              )}
            </Stack>
            <Countdown data={data} onOver={() => void query.refetch()} />
          </SimpleGrid>
        </Paper>

        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          <Card padding="lg" radius="lg" withBorder>
            <Group gap="xs" mb="sm">
              <IconUser size={18} color="var(--mantine-color-felt-7)" aria-hidden />
              <Text fw={700}>Tu posición</Text>
            </Group>
            {data.me.position === null ? (
              <Text fz="sm" c="dimmed">
                Aún no tienes puntos este mes. Cada partida con dinero suma los puntos que hagan tú
                o tu pareja.
              </Text>
            ) : (
              <Group gap="xl" data-testid="pot-me">
                <div>
                  <Text fz={28} fw={800} c="felt.7" lh={1}>
                    {ordinal(data.me.position)}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    de {data.ranked_players}
                  </Text>
                </div>
                <div>
                  <Text fz={28} fw={800} lh={1}>
                    {data.me.points}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    puntos
                  </Text>
                </div>
                <div>
                  <Text fz={28} fw={800} lh={1}>
                    {data.me.matches_won}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {pluralWord(data.me.matches_won, 'ganada', 'ganadas')}
                  </Text>
                </div>
              </Group>
            )}
          </Card>

          <Card padding="lg" radius="lg" withBorder>
            <Group gap="xs" mb="sm">
              <IconTrophy size={18} color="var(--mantine-color-gold-7)" aria-hidden />
              <Text fw={700}>Cómo se reparte</Text>
            </Group>
            <Stack gap={6}>
              {data.shares.map((s) => (
                <Group key={s.position} justify="space-between" wrap="nowrap">
                  <Group gap="xs" wrap="nowrap">
                    <Badge
                      variant={podiumColor(s.position) ? 'filled' : 'light'}
                      color={podiumColor(s.position) ?? 'felt'}
                      c={s.position === 1 ? 'dark.9' : undefined}
                      miw={48}
                      style={{ flexShrink: 0 }}
                    >
                      {ordinal(s.position)}
                    </Badge>
                    <Text fz="sm">{bpsToPercent(s.bps)}</Text>
                  </Group>
                  <Text fz="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                    ≈ {formatBs(s.amount_cents)}
                  </Text>
                </Group>
              ))}
            </Stack>
            <Text fz="xs" c="dimmed" mt="sm">
              Montos estimados con el pote actual; crece con cada partida hasta el cierre.
            </Text>
          </Card>

          <Card padding="lg" radius="lg" withBorder>
            <Group gap="xs" mb="sm">
              <IconCalendarEvent size={18} color="var(--mantine-color-felt-7)" aria-hidden />
              <Text fw={700}>Reglas</Text>
            </Group>
            <Stack gap={6}>
              <Text fz="sm">
                Sumas los puntos que anota tu pareja (o tú, en las mesas individuales) en cada
                partida con dinero terminada este mes. La práctica no suma.
              </Text>
              <Text fz="sm">
                Empates: gana quien tenga más partidas ganadas y, si siguen iguales, quien llegó
                primero a esos puntos.
              </Text>
              <Text fz="sm" c="dimmed">
                Al cerrar el mes (hora de Caracas) el pote se paga a tu saldo. Los premios sin
                ganador se acumulan al mes siguiente.
              </Text>
            </Stack>
          </Card>
        </SimpleGrid>

        <Card padding="lg" radius="lg" withBorder>
          <Group justify="space-between" mb="xs">
            <Title order={2} fz={{ base: 18, sm: 22 }}>
              Ranking del mes
            </Title>
            <Text fz="xs" c="dimmed">
              {plural(data.ranked_players, 'jugador', 'jugadores')}
              {data.ranked_players > data.ranking.length
                ? ` · los ${data.ranking.length} primeros`
                : ''}
            </Text>
          </Group>
          <Ranking data={data} myName={displayName(user)} />
        </Card>

        <Stack gap="sm">
          <Title order={2} fz={{ base: 18, sm: 22 }}>
            Meses anteriores
          </Title>
          <History data={data} />
        </Stack>
      </Stack>
    </Container>
  );
}
