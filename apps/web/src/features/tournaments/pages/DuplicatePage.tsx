import {
  Badge,
  Button,
  Card,
  Code,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { type DuplicateDetail } from '@domino/contracts';
import { Loading, LoadError } from '../../../components/LoadState';
import { BackToTournaments } from '../components/BackToTournaments';
import { useDuplicate } from '../api/tournaments';
import { boardRows, progressLine, resultLine, signed, teamLabel } from '../lib/duplicate';

/**
 * /duplicado/:id (docs/decisions/062-duplicate-domino.md): a duplicate set's comparison hand by
 * hand. The teams and their pairs at each table, the caller's own table to open, and for every
 * board both tables finished: each team's points at table 1 and at table 2, the difference on
 * each pair of hands (the pair of one team against the other team's pair that held the same
 * tiles) and team A's total. Mobile first: the table scrolls sideways below 360 px.
 */
export default function DuplicatePage() {
  const id = Number(useParams().id);
  const set = useDuplicate(id);
  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }} data-testid="duplicate-page">
      <BackToTournaments />
      {set.data ? (
        <DuplicateView detail={set.data} />
      ) : set.isError ? (
        <LoadError
          message={set.error.message}
          onRetry={() => void set.refetch()}
          retrying={set.isFetching}
          testId="duplicate-error"
        />
      ) : (
        <Loading label="Cargando duplicado…" />
      )}
    </Container>
  );
}

function DuplicateView({ detail }: { detail: DuplicateDetail }) {
  const rows = boardRows(detail);
  const mine = detail.my_team;
  const ownTable = detail.tables.find((t) => t.game_path !== null && !t.finished);
  return (
    <Stack gap="md" data-status={detail.status} data-testid="duplicate-view">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 32 }} style={{ overflowWrap: 'anywhere' }}>
          {detail.name}
        </Title>
        <Group gap="xs">
          <Badge color={detail.status === 'finished' ? 'gray' : 'green'} variant="light">
            {detail.status === 'finished' ? 'Finalizado' : 'En juego'}
          </Badge>
          <Badge variant="outline" color="orange">
            Duplicado
          </Badge>
        </Group>
        <Text c="dimmed" fz="sm">
          Las mismas manos se juegan en las dos mesas con los equipos cambiados de puesto: cada
          pareja se compara con la pareja rival que tuvo las mismas fichas.
        </Text>
      </Stack>

      <Card withBorder padding="md" data-testid="duplicate-result">
        <Text fw={700} fz="lg">
          {resultLine(detail)}
        </Text>
        <Text c="dimmed" fz="sm">
          {progressLine(detail)}. Una mano aparece cuando terminó en las dos mesas.
        </Text>
        {ownTable?.game_path && (
          <Button
            component={Link}
            to={ownTable.game_path}
            mt="sm"
            leftSection={<IconPlayerPlay size={16} aria-hidden />}
            data-testid="duplicate-open-game"
          >
            Ir a mi mesa
          </Button>
        )}
      </Card>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {(['x', 'y'] as const).map((team) => (
          <Card key={team} withBorder padding="sm" data-testid={`duplicate-team-${team}`}>
            <Text fw={700} mb={4}>
              {teamLabel(team, mine)}
            </Text>
            {detail.teams[team].map((pair) => (
              <Text key={pair.table} fz="sm">
                Mesa {pair.table}: {pair.players.join(' y ')}
              </Text>
            ))}
          </Card>
        ))}
      </SimpleGrid>

      <Card withBorder padding="sm">
        <Title order={2} fz="md" mb="xs">
          Mano por mano
        </Title>
        {rows.length === 0 ? (
          <Text c="dimmed" fz="sm" data-testid="duplicate-empty">
            Todavía ninguna mano terminó en las dos mesas.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={296}>
            <Table
              fz="xs"
              striped
              verticalSpacing={6}
              horizontalSpacing={4}
              data-testid="duplicate-boards"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Mano</Table.Th>
                  <Table.Th ta="right">Mesa 1</Table.Th>
                  <Table.Th ta="right">Mesa 2</Table.Th>
                  <Table.Th ta="right">1 y 3</Table.Th>
                  <Table.Th ta="right">2 y 4</Table.Th>
                  <Table.Th ta="right">Equipo A</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.board} data-testid="duplicate-board">
                    <Table.Td>{r.board}</Table.Td>
                    <Table.Td ta="right">
                      {r.table1.a}–{r.table1.b}
                    </Table.Td>
                    <Table.Td ta="right">
                      {r.table2.a}–{r.table2.b}
                    </Table.Td>
                    <Table.Td ta="right">{signed(r.cards02)}</Table.Td>
                    <Table.Td ta="right">{signed(r.cards13)}</Table.Td>
                    <Table.Td ta="right" fw={700}>
                      {signed(r.total)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th colSpan={5}>Total del equipo A</Table.Th>
                  <Table.Th ta="right" data-testid="duplicate-total">
                    {signed(detail.team_x_total)}
                  </Table.Th>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        )}
        <Text c="dimmed" fz="xs" mt="xs">
          «Mesa 1» y «Mesa 2»: puntos del equipo A y del equipo B en cada mesa. «1 y 3» y «2 y 4»:
          lo que sacó la pareja del equipo A menos la del equipo B con las mismas fichas (las de los
          puestos 1 y 3, o 2 y 4). Un número positivo favorece al equipo A; para el equipo B es el
          mismo con el signo contrario.
        </Text>
      </Card>

      <Text c="dimmed" fz="xs">
        Las dos mesas reparten con el mismo compromiso de semilla:{' '}
        <Code style={{ overflowWrap: 'anywhere' }}>{detail.commitment}</Code>. Al terminar,
        compruébalo en la verificación de tu partida.
      </Text>
    </Stack>
  );
}
