import { useMemo, useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Container,
  Group,
  Loader,
  RingProgress,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconRefresh } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import type { AnalysisDecision, AnalysisResponse } from '@domino/contracts';
import { DominoFaceSvg } from '../../../components/DominoFace';
import { LineBoard, lineTileKey } from '../../../components/line/LineBoard';
import { useAnalysis, useRetryAnalysis } from '../api/analysis';
import classes from '../components/analysis.module.css';
import {
  VERDICT_COLOR,
  VERDICT_LABEL,
  accuracyColor,
  lossText,
  moveText,
  pointsText,
  sameMove,
  summaryLines,
  verdictOf,
} from '../lib/analysis';

/**
 * /history/:gameId/analisis — "Análisis" of the caller's decisions in a finished match
 * (docs/decisions/029-post-game-analysis.md): the accuracy, then each decision with the board,
 * the caller's hand, the move played and, where it lost expected points, the better move.
 * Requested on first visit; shows "Analizando…" while a server computes it.
 */
export default function AnalysisPage() {
  const { gameId = '' } = useParams();
  const analysis = useAnalysis(gameId);
  const retry = useRetryAnalysis(gameId);
  const back = (
    <Anchor
      component={Link}
      to={`/history/${encodeURIComponent(gameId)}`}
      fz="sm"
      display="inline-flex"
      style={{ alignItems: 'center', gap: 4 }}
    >
      <IconArrowLeft size={16} aria-hidden /> Repetición
    </Anchor>
  );

  let body;
  if (
    analysis.isPending ||
    analysis.data?.status === 'pending' ||
    analysis.data?.status === 'running'
  ) {
    body = (
      <Center py={60}>
        <Stack align="center" gap="sm" role="status" data-testid="analysis-pending">
          <Loader type="dots" />
          <Text c="dimmed">{analysis.data?.message ?? 'Analizando tus jugadas…'}</Text>
          <Text c="dimmed" fz="sm" ta="center" maw={320}>
            La CPU Experto revisa cada jugada tuya con lo que sabías en ese momento.
          </Text>
        </Stack>
      </Center>
    );
  } else if (analysis.isError) {
    body = (
      <Alert
        mt="md"
        color="red"
        variant="light"
        icon={<IconAlertCircle aria-hidden />}
        role="alert"
      >
        {analysis.error.message}
      </Alert>
    );
  } else if (analysis.data.status === 'failed') {
    body = (
      <Alert
        mt="md"
        color="orange"
        variant="light"
        icon={<IconAlertCircle aria-hidden />}
        role="alert"
        data-testid="analysis-failed"
      >
        <Stack gap="sm" align="flex-start">
          <Text fz="sm">{analysis.data.message}</Text>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRefresh size={14} aria-hidden />}
            loading={retry.isPending}
            onClick={() => retry.mutate()}
          >
            Reintentar
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    body = <AnalysisResult data={analysis.data} />;
  }

  return (
    <Container size="md" py={{ base: 'md', sm: 'lg' }} px={{ base: 'xs', sm: 'md' }}>
      {back}
      <Title order={1} fz={{ base: 22, sm: 28 }} mt={4} mb="sm">
        Análisis de tus jugadas
      </Title>
      {body}
    </Container>
  );
}

function AnalysisResult({ data }: { data: AnalysisResponse }) {
  const [filter, setFilter] = useState<'all' | 'notable'>('all');
  const summary = data.summary;
  const shown = useMemo(
    () => data.decisions.filter((d) => filter === 'all' || (d.notable && !d.autoplayed)),
    [data.decisions, filter],
  );
  if (!summary) return null;
  const accuracy = summary.accuracy;
  const lines = summaryLines(summary);
  return (
    <Stack gap="md" data-testid="analysis">
      <Card withBorder radius="md" p="md">
        <Group gap="md" wrap="nowrap" align="center">
          <RingProgress
            size={96}
            thickness={9}
            roundCaps
            sections={[{ value: accuracy ?? 0, color: accuracyColor(accuracy) }]}
            label={
              <Text ta="center" fw={800} fz={22} data-testid="analysis-accuracy">
                {accuracy === null ? '—' : `${accuracy}%`}
              </Text>
            }
          />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text fw={700}>Precisión</Text>
            <Text fz="sm" c="dimmed" data-testid="analysis-counts">
              {lines.counts}
            </Text>
            {lines.marks && (
              <Text fz="sm" c="dimmed" data-testid="analysis-marks">
                {lines.marks}
              </Text>
            )}
            {summary.average_loss !== null && (
              <Text fz="sm" c="dimmed">
                Pérdida media: {lossText(summary.average_loss)} por jugada
              </Text>
            )}
          </Stack>
        </Group>
        {lines.cpu && (
          <Alert mt="sm" color="yellow" variant="light" p="xs" data-testid="analysis-cpu">
            <Text fz="sm">{lines.cpu}</Text>
          </Alert>
        )}
        <Text fz="xs" c="dimmed" mt="sm">
          La precisión es la parte de tus jugadas en que hiciste la mejor. La CPU Experto evaluó
          cada jugada solo con lo que veías: tu mano, la mesa, los pases y lo que cada uno eligió
          jugar. «Imprecisa» pierde menos de {lossText(summary.notable_loss)} esperados frente a la
          mejor; un error notable, esa cantidad o más.{lines.forced ? ` ${lines.forced}` : ''}
        </Text>
      </Card>

      <SegmentedControl
        fullWidth
        value={filter}
        onChange={(v) => setFilter(v as 'all' | 'notable')}
        data={[
          { value: 'all', label: `Todas (${summary.decisions})` },
          { value: 'notable', label: `Errores notables (${summary.notable})` },
        ]}
        data-testid="analysis-filter"
      />

      {shown.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          Ningún error notable. ¡Bien jugado!
        </Text>
      ) : (
        <Stack gap="sm" data-testid="analysis-decisions">
          {shown.map((d) => (
            <DecisionCard key={d.index} decision={d} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function HandTiles({ decision }: { decision: AnalysisDecision }) {
  const played = 'tile' in decision.played ? lineTileKey(decision.played.tile) : null;
  const best =
    'tile' in decision.best && decision.loss > 0 ? lineTileKey(decision.best.tile) : null;
  return (
    <Group gap={6} wrap="wrap" aria-label="Tu mano">
      {decision.hand.map((t) => {
        const key = lineTileKey(t);
        return (
          <Box
            key={key}
            pos="relative"
            style={{ opacity: key === played || key === best ? 1 : 0.75 }}
            data-testid={`analysis-hand-tile-${key}`}
          >
            <DominoFaceSvg
              first={t[0]}
              second={t[1]}
              size={20}
              highlight={key === played}
              title={`${t[0]}-${t[1]}`}
            />
            {key === best && (
              <Box
                pos="absolute"
                inset={-3}
                style={{ border: '2px solid var(--mantine-color-green-6)', borderRadius: 6 }}
                aria-hidden
              />
            )}
          </Box>
        );
      })}
    </Group>
  );
}

function MoveLine({
  label,
  move,
  value,
  color,
}: {
  label: string;
  move: AnalysisDecision['played'];
  value: number | undefined;
  color?: string;
}) {
  return (
    <Group gap={8} wrap="nowrap" justify="space-between">
      <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
        <Text fz="sm" c="dimmed" w={62} style={{ flexShrink: 0 }}>
          {label}
        </Text>
        {'tile' in move && (
          <DominoFaceSvg first={move.tile[0]} second={move.tile[1]} size={14} horizontal />
        )}
        <Text fz="sm" fw={600} c={color}>
          {moveText(move)}
        </Text>
      </Group>
      {value !== undefined && (
        <Text fz="sm" fw={600} c={color} style={{ whiteSpace: 'nowrap' }}>
          {pointsText(value)}
        </Text>
      )}
    </Group>
  );
}

function DecisionCard({ decision: d }: { decision: AnalysisDecision }) {
  const verdict = verdictOf(d);
  const valueOf = (m: AnalysisDecision['played']) =>
    d.options.find((o) => sameMove(o.move, m))?.value;
  const compact = d.forced || d.autoplayed;
  const notable = verdict === 'notable';
  return (
    <Card
      withBorder
      radius="md"
      p="sm"
      data-testid="analysis-decision"
      data-verdict={verdict}
      style={notable ? { borderColor: 'var(--mantine-color-red-5)', borderWidth: 2 } : undefined}
    >
      <Group justify="space-between" gap="xs" mb={compact ? 0 : 'xs'}>
        <Text fz="sm" fw={700}>
          Mano {d.hand_number} · jugada {d.index + 1}
        </Text>
        <Badge color={VERDICT_COLOR[verdict]} variant={notable ? 'filled' : 'light'}>
          {VERDICT_LABEL[verdict]}
        </Badge>
      </Group>
      {compact ? (
        <Text fz="sm" c="dimmed">
          {moveText(d.played)}
        </Text>
      ) : (
        <Stack gap="xs">
          <LineBoard
            className={classes.board}
            line={d.line}
            ends={d.ends}
            handNumber={d.hand_number}
            anchor={d.anchor}
            lastPlayed={null}
            emptyHint="Salida: la mesa está vacía"
            testId={`analysis-board-${d.index}`}
          />
          <HandTiles decision={d} />
          <MoveLine
            label="Jugaste"
            move={d.played}
            value={valueOf(d.played)}
            color={notable ? 'red.7' : undefined}
          />
          {d.loss > 0 && (
            <>
              <MoveLine label="Mejor" move={d.best} value={valueOf(d.best)} color="green.8" />
              <Text fz="xs" c={notable ? 'red.7' : 'dimmed'} data-testid="analysis-loss">
                Perdiste {lossText(d.loss)} esperados en esta mano.
              </Text>
            </>
          )}
        </Stack>
      )}
    </Card>
  );
}
