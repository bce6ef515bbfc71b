import { Fragment } from 'react';
import {
  Accordion,
  Anchor,
  Button,
  Code,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconChartDots,
  IconHistory,
  IconRefresh,
  IconShieldCheck,
  IconTrophy,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import type { GameView } from '@domino/contracts';
import { formatBolivares } from '../../../lib/format';
import { isFreeTable, moneyResult } from '../lib/table-result';
import { matchOutcomeText, scoreEntries } from '../lib/seats';
import { HandSummary } from './HandSummary';
import { RematchPanel } from './RematchPanel';
import { plural } from '@domino/contracts';

export interface ResultOverlayProps {
  view: GameView;
  creating: boolean;
  onPlayAgain(): void;
  onBack(): void;
  /** The table game's way-back label (default 'Volver a las mesas'; a tournament match's 'Volver al torneo'). */
  backLabel?: string;
  /**
   * A match played on the device (docs/decisions/041): no analysis, seeds or deal verification,
   * which live on the server; the practice way back reads `backLabel`.
   */
  onDevice?: boolean;
}

function Seed({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={2}>
      <Text fz="xs" fw={700} c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Code
        block
        fz={11}
        style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
        data-testid={testId}
      >
        {value}
      </Code>
    </Stack>
  );
}

/**
 * The end of the match (docs/product.md §2 game integration, §4 game flow): 'Victoria' or 'Derrota', the
 * final score (by pair in parejas, by player in individual mode), 'Jugar de Nuevo' and 'Volver a la práctica', the last hand, and the revealed seeds
 * with a link to re-derive every deal. A table match shows the money instead ('Ganaste Bs. X' /
 * 'Perdiste Bs. Y' from the settlement) and 'Volver a las mesas' (onBack) instead of playing again.
 */
export function ResultOverlay({
  view,
  creating,
  onPlayAgain,
  onBack,
  backLabel = 'Volver a las mesas',
  onDevice = false,
}: ResultOverlayProps) {
  const result = view.result;
  if (!result) return null;
  const won = result.won;
  const individual = view.mode === 'individual';
  // Parejas: 'Nosotros' — 'Ellos'; individual: every player by name, me first.
  const entries = scoreEntries(view, result.scores);
  const { commitment, server_seed, client_seeds } = view.fairness;
  const money = moneyResult(view);
  const tableGame = view.kind === 'table';
  // A free table's result says nothing about entries or payments (docs/decisions/050).
  const paidTable = tableGame && !isFreeTable(view);

  return (
    <Modal
      opened
      onClose={onBack}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      size="lg"
      radius="lg"
      overlayProps={{ backgroundOpacity: 0.6, blur: 3 }}
      transitionProps={{ transition: 'pop', duration: 250 }}
      aria-label={won ? 'Victoria' : 'Derrota'}
    >
      <Stack gap="md" data-testid="result-overlay" data-result={won ? 'victoria' : 'derrota'}>
        <Stack gap={4} align="center" ta="center">
          <IconTrophy
            size={52}
            color={won ? 'var(--mantine-color-gold-6)' : 'var(--mantine-color-gray-5)'}
            aria-hidden
          />
          <Title order={2} fz={34} c={won ? 'felt.7' : 'red.8'} data-testid="result-title">
            {won ? 'Victoria' : 'Derrota'}
          </Title>
          <Text fz="sm" c="dimmed" data-testid="result-outcome">
            {matchOutcomeText(view)}
          </Text>
          <Group
            gap={individual ? (entries.length > 2 ? 'md' : 'xl') : 'lg'}
            mt={4}
            wrap={individual ? 'nowrap' : undefined}
            data-testid="result-score"
          >
            {entries.map((e, i) => (
              <Fragment key={e.side}>
                {i > 0 && !individual && (
                  <Text fz={22} c="dimmed">
                    —
                  </Text>
                )}
                {individual ? (
                  <Stack
                    gap={0}
                    align="center"
                    miw={0}
                    maw={110}
                    data-testid={`result-score-${e.side}`}
                  >
                    <Text
                      fz="xs"
                      fw={e.mine ? 700 : 500}
                      c="dimmed"
                      maw="100%"
                      truncate="end"
                      title={e.label}
                    >
                      {e.label}
                    </Text>
                    <Text
                      fz={30}
                      fw={800}
                      c={result.winner_seats.includes(e.side) ? 'felt.7' : undefined}
                    >
                      {e.points}
                    </Text>
                  </Stack>
                ) : (
                  <Stack gap={0} align="center">
                    <Text fz="xs" tt="uppercase" c="dimmed">
                      {e.label}
                    </Text>
                    <Text fz={30} fw={800}>
                      {e.points}
                    </Text>
                  </Stack>
                )}
              </Fragment>
            ))}
          </Group>
          <Text fz="xs" c="dimmed">
            {plural(result.hands, 'mano jugada', 'manos jugadas')} · meta{' '}
            {plural(view.target_points, 'punto', 'puntos')}
          </Text>
        </Stack>

        {paidTable && (
          <Stack
            gap={4}
            align="center"
            ta="center"
            p="sm"
            bg={money?.won ? 'felt.0' : money ? 'red.0' : 'gray.0'}
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
            data-testid="result-money"
            data-net={money?.net}
          >
            {money ? (
              <>
                <Text
                  fz={{ base: 22, xs: 26 }}
                  fw={800}
                  c={money.won ? 'felt.7' : 'red.8'}
                  data-testid="result-money-title"
                >
                  {/* Keep 'Bs. 1.234,56' on one line. */}
                  {money.headline.replace('Bs. ', 'Bs.\u00a0')}
                </Text>
                <Text fz="sm" c="dimmed">
                  {/* Never break an amount after 'Bs.'. */}
                  {money.detail.replace(/Bs\. /g, 'Bs.\u00a0')}
                </Text>
              </>
            ) : (
              <Text fz="sm" c="dimmed">
                Calculando el premio de la mesa…
              </Text>
            )}
            {view.table && (
              <Text fz="xs" c="dimmed">
                {view.table.name} · entrada {formatBolivares(view.table.entry_price)}
              </Text>
            )}
          </Stack>
        )}

        {tableGame && <RematchPanel view={view} />}

        {tableGame ? (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Button
              size="md"
              leftSection={<IconArrowLeft size={18} aria-hidden />}
              onClick={onBack}
              data-testid="result-back-tables"
            >
              {backLabel}
            </Button>
            <Button
              size="md"
              variant="default"
              component={Link}
              to="/history"
              leftSection={<IconHistory size={18} aria-hidden />}
              data-testid="result-history"
            >
              Mis Partidas
            </Button>
          </SimpleGrid>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Button
              size="md"
              leftSection={<IconRefresh size={18} aria-hidden />}
              onClick={onPlayAgain}
              loading={creating}
              data-testid="result-play-again"
            >
              Jugar de Nuevo
            </Button>
            <Button
              size="md"
              variant="default"
              leftSection={<IconArrowLeft size={18} aria-hidden />}
              onClick={onBack}
              data-testid="result-back-casino"
            >
              {onDevice ? backLabel : 'Volver a la práctica'}
            </Button>
          </SimpleGrid>
        )}

        {!onDevice && (
          <Button
            size="md"
            variant="light"
            component={Link}
            to={`/history/${encodeURIComponent(view.game_id)}/analisis`}
            leftSection={<IconChartDots size={18} aria-hidden />}
            data-testid="result-analysis"
          >
            Análisis de tus jugadas
          </Button>
        )}

        {/* Both sections start closed on the server's result: the score and the way on come first. */}
        <Accordion variant="separated" radius="md" defaultValue={onDevice ? 'hand' : null}>
          {view.last_hand && (
            <Accordion.Item value="hand">
              <Accordion.Control>Última mano</Accordion.Control>
              <Accordion.Panel>
                <HandSummary view={view} summary={view.last_hand} />
              </Accordion.Panel>
            </Accordion.Item>
          )}
          {!onDevice && (
            <Accordion.Item value="fairness">
              <Accordion.Control icon={<IconShieldCheck size={18} aria-hidden />}>
                Semillas reveladas (juego justo)
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap="xs" data-testid="result-seeds">
                  <Text fz="sm">
                    Al empezar publicamos el compromiso (SHA-256 de la semilla del servidor). Ahora
                    que terminó la partida, la semilla queda revelada para que compruebes cada
                    reparto.
                  </Text>
                  <Seed label="Compromiso" value={commitment} testId="seed-commitment" />
                  <Seed
                    label="Semilla del servidor"
                    value={server_seed ?? 'Aún no revelada'}
                    testId="seed-server"
                  />
                  <Seed
                    label="Semillas de los jugadores"
                    value={client_seeds.map((s, i) => `Asiento ${i + 1}: ${s}`).join('\n')}
                    testId="seed-clients"
                  />
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          )}
        </Accordion>
        {!onDevice && (
          <Anchor
            component={Link}
            to={`/verificar?game=${encodeURIComponent(view.game_id)}`}
            ta="center"
            fw={700}
            data-testid="result-verify"
          >
            Verificar repartos
          </Anchor>
        )}
      </Stack>
    </Modal>
  );
}
