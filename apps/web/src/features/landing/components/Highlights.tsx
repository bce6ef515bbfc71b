import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCrown, IconRefresh, IconTrophy } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Highlights as HighlightsData } from '@domino/contracts';
import { formatBolivares } from '../../../lib/format';
import { loginPathFor } from '../../../lib/redirect';
import { useHighlights } from '../api/highlights';
import { useHydrated } from '../../../lib/hydration';
import { joinNames, monthLabel, timeAgo } from '../lib/format';
import classes from '../pages/LandingPage.module.css';
import { SectionTitle } from './SectionTitle';
import { plural } from '@domino/contracts';

/**
 * Winners and top players (decision 011): the latest paid real-money matches and the month's pot
 * ranking, from GET /api/public/highlights. Never sample data: when nothing has been played yet
 * each card says so.
 */
export function Highlights() {
  const query = useHighlights();
  // The prerendered page holds the loading state; the data may arrive before this hydrates.
  const hydrated = useHydrated();
  const data = hydrated ? query.data : undefined;
  return (
    <Box
      component="section"
      id="ganadores"
      py={{ base: 48, sm: 72 }}
      className={classes.sand}
      aria-labelledby="winners-title"
      aria-busy={data === undefined && !(hydrated && query.isError)}
    >
      <Container size="lg">
        <SectionTitle
          id="winners-title"
          eyebrow="Ganadores"
          title="Quién está ganando"
          lead="Partidas reales con dinero y el ranking del Pote del Mes, al día. Mostramos solo el nombre y la inicial del apellido."
        />
        {hydrated && query.isError ? (
          <Card padding="lg" ta="center" maw={520} mx="auto">
            <Text mb="md">No pudimos cargar los ganadores en este momento.</Text>
            <Button
              variant="light"
              leftSection={<IconRefresh size={16} aria-hidden />}
              onClick={() => void query.refetch()}
              loading={query.isFetching}
              mx="auto"
            >
              Reintentar
            </Button>
          </Card>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <RecentWinners data={data} />
            <TopPlayers data={data} />
          </SimpleGrid>
        )}
      </Container>
    </Box>
  );
}

function CardHeader({ icon, title }: { icon: React.ReactNode; title: string }) {
  return (
    <Group gap="sm" mb="md" wrap="nowrap">
      <ThemeIcon size={36} radius="xl" color="gold.6" c="dark.9">
        {icon}
      </ThemeIcon>
      <Title order={3} fz="lg">
        {title}
      </Title>
    </Group>
  );
}

function LoadingRows() {
  return (
    <Stack gap="sm" aria-hidden>
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} height={52} radius="md" />
      ))}
    </Stack>
  );
}

function Empty({ children }: { children: React.ReactNode }) {
  return (
    <Box className={classes.empty}>
      <Text fz="sm" c="dark.5" ta="center">
        {children}
      </Text>
    </Box>
  );
}

function RecentWinners({ data }: { data: HighlightsData | undefined }) {
  return (
    <Card padding="lg" shadow="xs" data-testid="recent-winners">
      <CardHeader icon={<IconTrophy size={20} aria-hidden />} title="Ganadores recientes" />
      {!data ? (
        <LoadingRows />
      ) : data.winners.length === 0 ? (
        <Empty>
          Todavía no hay partidas con dinero terminadas. Cuando una pareja gane, la verás aquí con
          su premio.
        </Empty>
      ) : (
        <Stack component="ul" gap={0} className={classes.list}>
          {data.winners.map((win) => (
            <Group
              component="li"
              key={win.game_id}
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              className={classes.row}
            >
              <Box miw={0}>
                <Text fw={600} fz="sm" truncate>
                  {joinNames(win.winners)}
                </Text>
                <Text fz="xs" c="dark.5">
                  {win.table} · {timeAgo(win.finished_at)}
                </Text>
              </Box>
              <Box ta="right" style={{ flexShrink: 0 }}>
                <Text fw={700} fz="sm" c="felt.8">
                  {formatBolivares(win.prize)}
                </Text>
                {win.winners.length > 1 && (
                  <Text fz="xs" c="dark.5">
                    cada uno
                  </Text>
                )}
              </Box>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

function TopPlayers({ data }: { data: HighlightsData | undefined }) {
  const month = data ? monthLabel(data.month) : '';
  return (
    <Card padding="lg" shadow="xs" data-testid="top-players">
      <CardHeader icon={<IconCrown size={20} aria-hidden />} title="Mejores del mes" />
      {!data ? (
        <LoadingRows />
      ) : (
        <>
          <Group justify="space-between" mb="xs" gap="xs">
            <Text fz="sm" c="dark.5">
              Ranking de {month}
            </Text>
            {data.pot > 0 && (
              <Badge color="gold.6" c="dark.9" variant="filled" radius="sm">
                Pote: {formatBolivares(data.pot)}
              </Badge>
            )}
          </Group>
          {data.top_players.length === 0 ? (
            <Empty>
              El ranking de {month} empieza con la primera partida con dinero del mes. Cada punto
              que hagan tú o tu pareja cuenta.
            </Empty>
          ) : (
            <Stack component="ol" gap={0} className={classes.list}>
              {data.top_players.map((p) => (
                <Group
                  component="li"
                  key={p.position}
                  justify="space-between"
                  wrap="nowrap"
                  gap="sm"
                  className={classes.row}
                >
                  <Group gap="sm" wrap="nowrap" miw={0}>
                    <Box className={classes.position} data-top={p.position <= 3} aria-hidden>
                      {p.position}
                    </Box>
                    <Box miw={0}>
                      <Text fw={600} fz="sm" truncate>
                        <span className={classes.visuallyHidden}>Puesto {p.position}: </span>
                        {p.name}
                      </Text>
                      <Text fz="xs" c="dark.5">
                        {plural(p.matches_won, 'partida ganada', 'partidas ganadas')}
                      </Text>
                    </Box>
                  </Group>
                  <Text fw={700} fz="sm" style={{ flexShrink: 0 }}>
                    {p.points} pts
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
          <Group justify="center" mt="md">
            <Anchor component={Link} to={loginPathFor('/pote')} fz="sm" fw={600} c="felt.8">
              Ver el ranking completo
            </Anchor>
          </Group>
        </>
      )}
    </Card>
  );
}
