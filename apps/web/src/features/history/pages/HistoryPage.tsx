import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Container,
  Group,
  Pagination,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
  Box,
} from '@mantine/core';
import { Loading } from '../../../components/LoadState';
import {
  IconAlertCircle,
  IconChevronRight,
  IconHistory,
  IconMoodEmpty,
  IconTournament,
} from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { HistoryItem } from '@domino/contracts';
import { formatBolivares } from '../../../lib/format';
import { useHistory } from '../api/history';
import {
  formatMatchDate,
  formatNet,
  modeText,
  namesText,
  netColor,
  pageCount,
  readPage,
  resultText,
} from '../lib/history';
import { RuleChips } from '../../../components/TableRules';
import { RatingDelta } from '../../../components/RatingChip';
import { plural } from '@domino/contracts';

function ResultBadge({ result }: { result: HistoryItem['result'] }) {
  return (
    <Badge
      color={result === 'victoria' ? 'green' : 'red'}
      variant="light"
      // The word never shrinks to 'DERRO…' in a narrow table column.
      styles={{ label: { overflow: 'visible' } }}
      data-testid="history-result"
    >
      {resultText(result)}
    </Badge>
  );
}

/**
 * A tournament match's chip (decision 028): the tournament's name and round, leading to its page.
 * The link stops the row's click (which opens the replay).
 */
function TournamentChip({ tournament }: { tournament: NonNullable<HistoryItem['tournament']> }) {
  return (
    <Badge
      component={Link}
      to={`/torneos/${tournament.id}`}
      onClick={(e: React.MouseEvent) => e.stopPropagation()}
      color="gold"
      variant="light"
      radius="sm"
      tt="none"
      leftSection={<IconTournament size={12} aria-hidden />}
      style={{ cursor: 'pointer', maxWidth: '100%' }}
      data-testid="history-tournament"
    >
      {tournament.name} · Ronda {tournament.round}
    </Badge>
  );
}

function Amount({ value }: { value: number }) {
  return (
    <Text
      fw={800}
      c={netColor(value)}
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      data-testid="history-amount"
    >
      {formatNet(value)}
    </Text>
  );
}

/** /history — 'Mis Partidas': the player's finished table matches, each opening its replay. */
export default function HistoryPage() {
  const [params, setParams] = useSearchParams();
  const page = readPage(params.get('page'));
  const history = useHistory(page);
  const navigate = useNavigate();
  const open = (gameId: string) => navigate(`/history/${encodeURIComponent(gameId)}`);

  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
      <Group gap="sm" wrap="nowrap" align="center" mb="lg">
        <ThemeIcon size={44} radius="md" variant="light" color="felt" visibleFrom="xs">
          <IconHistory size={26} aria-hidden />
        </ThemeIcon>
        <Stack gap={2}>
          <Title order={1} fz={{ base: 24, sm: 32 }}>
            Mis Partidas
          </Title>
          <Text c="dimmed" fz={{ base: 'sm', sm: 'md' }}>
            Tus partidas en mesas con entrada. Toca una para ver la repetición jugada a jugada.
          </Text>
        </Stack>
      </Group>

      {history.isPending ? (
        <Loading label="Cargando partidas…" />
      ) : history.isError ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle aria-hidden />}
          role="alert"
          maw={560}
        >
          <Stack gap="sm" align="flex-start">
            <Text fz="sm">{history.error.message}</Text>
            <Button
              size="xs"
              color="red"
              onClick={() => void history.refetch()}
              loading={history.isFetching}
            >
              Reintentar
            </Button>
          </Stack>
        </Alert>
      ) : history.data.matches.length === 0 ? (
        <Center py={64}>
          <Stack align="center" gap="sm" ta="center" data-testid="history-empty">
            <IconMoodEmpty size={40} color="var(--mantine-color-felt-6)" aria-hidden />
            <Text c="dimmed">Todavía no has jugado partidas en mesas.</Text>
            <Button component={Link} to="/dashboard">
              Ver mesas
            </Button>
          </Stack>
        </Center>
      ) : (
        <Stack gap="md">
          {/* Phones: one card per match. */}
          <Stack gap="sm" hiddenFrom="sm">
            {history.data.matches.map((m) => (
              <UnstyledButton
                key={m.game_id}
                onClick={() => open(m.game_id)}
                data-testid="history-row"
                data-game-id={m.game_id}
                aria-label={`${resultText(m.result)} en ${m.table.name}, ${formatMatchDate(m.finished_at)}`}
              >
                <Card padding="sm">
                  <Group justify="space-between" wrap="nowrap" align="center" gap="xs">
                    <Text fw={700} truncate>
                      {m.table.name}
                    </Text>
                    <Amount value={m.amount} />
                  </Group>
                  <Group gap={6} wrap="nowrap" mt={2}>
                    <ResultBadge result={m.result} />
                    <Text fz="xs" c="dimmed" truncate>
                      {formatMatchDate(m.finished_at)} · {modeText(m.mode)}
                    </Text>
                  </Group>
                  {m.tournament && (
                    <Box mt={4}>
                      <TournamentChip tournament={m.tournament} />
                    </Box>
                  )}
                  <Box mt={4}>
                    <RuleChips rules={m.rules} testId="history-rules" />
                  </Box>
                  <Group justify="space-between" mt={6} wrap="nowrap" gap="xs">
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      {m.partners.length > 0 && (
                        <Text fz="xs" truncate>
                          Con: {namesText(m.partners)}
                        </Text>
                      )}
                      <Text fz="xs" truncate>
                        Contra: {namesText(m.opponents)}
                      </Text>
                    </Stack>
                    <Group gap={8} wrap="nowrap">
                      <RatingDelta change={m.rating} withStar />
                      <Text fw={800} fz="sm" style={{ whiteSpace: 'nowrap' }}>
                        {m.scores.mine} – {m.scores.theirs}
                      </Text>
                      <IconChevronRight size={16} aria-hidden />
                    </Group>
                  </Group>
                </Card>
              </UnstyledButton>
            ))}
          </Stack>

          {/* Wider screens: a table. */}
          <Card padding={0} visibleFrom="sm">
            <Table.ScrollContainer minWidth={760}>
              <Table
                highlightOnHover
                verticalSpacing="sm"
                horizontalSpacing="md"
                data-testid="history-table"
              >
                <Table.Thead bg="gray.0">
                  <Table.Tr>
                    <Table.Th>Fecha</Table.Th>
                    <Table.Th>Mesa</Table.Th>
                    <Table.Th>Modo</Table.Th>
                    <Table.Th>Compañeros</Table.Th>
                    <Table.Th>Rivales</Table.Th>
                    <Table.Th ta="center">Marcador</Table.Th>
                    <Table.Th>Resultado</Table.Th>
                    <Table.Th ta="right">Monto</Table.Th>
                    <Table.Th ta="right">Nivel</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {history.data.matches.map((m) => (
                    <Table.Tr
                      key={m.game_id}
                      onClick={() => open(m.game_id)}
                      style={{ cursor: 'pointer' }}
                      data-testid="history-row"
                      data-game-id={m.game_id}
                    >
                      <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>
                        {formatMatchDate(m.finished_at)}
                      </Table.Td>
                      <Table.Td>
                        <Text
                          component={Link}
                          to={`/history/${encodeURIComponent(m.game_id)}`}
                          fz="sm"
                          fw={700}
                          c="felt.8"
                          onClick={(e) => e.stopPropagation()}
                        >
                          {m.table.name}
                        </Text>
                        {m.tournament && (
                          <Box mt={2}>
                            <TournamentChip tournament={m.tournament} />
                          </Box>
                        )}
                        <Text fz="xs" c="dimmed">
                          {!m.tournament && <>Entrada {formatBolivares(m.entry)} · </>}
                          <Anchor
                            component={Link}
                            to={`/history/${encodeURIComponent(m.game_id)}/analisis`}
                            fz="xs"
                            onClick={(e) => e.stopPropagation()}
                            data-testid="history-analysis"
                          >
                            Análisis
                          </Anchor>
                        </Text>
                        <Box mt={2}>
                          <RuleChips rules={m.rules} testId="history-rules" />
                        </Box>
                      </Table.Td>
                      <Table.Td fz="sm">{modeText(m.mode)}</Table.Td>
                      <Table.Td fz="sm">{namesText(m.partners)}</Table.Td>
                      <Table.Td fz="sm">{namesText(m.opponents)}</Table.Td>
                      <Table.Td ta="center" fw={800} style={{ whiteSpace: 'nowrap' }}>
                        {m.scores.mine} – {m.scores.theirs}
                      </Table.Td>
                      <Table.Td>
                        <ResultBadge result={m.result} />
                      </Table.Td>
                      <Table.Td ta="right">
                        <Amount value={m.amount} />
                      </Table.Td>
                      <Table.Td ta="right">
                        <RatingDelta change={m.rating} withAfter />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>

          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text fz="sm" c="dimmed">
              {plural(history.data.total, 'partida', 'partidas')}
            </Text>
            {pageCount(history.data.total, history.data.per_page) > 1 && (
              <Pagination
                total={pageCount(history.data.total, history.data.per_page)}
                value={page}
                siblings={1}
                boundaries={1}
                onChange={(p) => setParams(p === 1 ? {} : { page: String(p) })}
                data-testid="history-pagination"
                getControlProps={(control) => ({
                  'aria-label':
                    control === 'next'
                      ? 'Página siguiente'
                      : control === 'previous'
                        ? 'Página anterior'
                        : undefined,
                })}
              />
            )}
          </Group>
        </Stack>
      )}
    </Container>
  );
}
