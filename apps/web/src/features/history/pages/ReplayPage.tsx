import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Grid,
  Group,
  ScrollArea,
  Slider,
  Stack,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { Loading } from '../../../components/LoadState';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconChartDots,
  IconChevronLeft,
  IconChevronRight,
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
  IconPlayerSkipBackFilled,
  IconPlayerSkipForwardFilled,
  IconPlayerTrackNextFilled,
  IconPlayerTrackPrevFilled,
} from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { DominoFaceSvg } from '../../../components/DominoFace';
import { LineBoard, lineTileKey } from '../../../components/line/LineBoard';
import { isApiError } from '../../../lib/api';
import { useReplay } from '../api/history';
import { configToRules } from '@domino/contracts';
import { RuleChips } from '../../../components/TableRules';
import classes from '../components/replay.module.css';
import {
  buildReplay,
  clampStep,
  jumpHand,
  replayPosition,
  replayScores,
  replaySideLabel,
  replayStock,
  type Replay,
  type ReplayFrame,
} from '../lib/replay';

const AUTOPLAY_MS = 900;

/** /history/:gameId — step through every move of every hand of a finished match. */
export default function ReplayPage() {
  const { gameId = '' } = useParams();
  const replay = useReplay(gameId);

  const built = useMemo((): { replay: Replay } | { error: string } | null => {
    if (!replay.data) return null;
    try {
      return { replay: buildReplay(replay.data) };
    } catch (error) {
      console.error('Replay could not be rebuilt', error);
      return { error: 'No se pudo reconstruir la partida.' };
    }
  }, [replay.data]);

  const backLink = (
    <Anchor
      component={Link}
      to="/history"
      fz="sm"
      display="inline-flex"
      style={{ alignItems: 'center', gap: 4 }}
    >
      <IconArrowLeft size={16} aria-hidden /> Mis Partidas
    </Anchor>
  );
  // The players of the match may open the analysis of their own decisions (decision 029).
  const back =
    replay.data && replay.data.my_seat !== null ? (
      <Group justify="space-between" gap="xs">
        {backLink}
        <Button
          component={Link}
          to={`/history/${encodeURIComponent(gameId)}/analisis`}
          size="xs"
          variant="light"
          leftSection={<IconChartDots size={16} aria-hidden />}
          data-testid="replay-analysis"
        >
          Análisis
        </Button>
      </Group>
    ) : (
      backLink
    );

  if (replay.isPending) {
    return <Loading py={80} label="Cargando repetición…" />;
  }
  if (replay.isError || !built || 'error' in built) {
    const message = replay.isError
      ? isApiError(replay.error) && replay.error.status === 404
        ? 'La partida no existe o todavía no ha terminado.'
        : replay.error.message
      : built && 'error' in built
        ? built.error
        : 'No se pudo reconstruir la partida.';
    return (
      <Container size="sm" py="xl">
        {back}
        <Alert
          mt="md"
          color="red"
          variant="light"
          icon={<IconAlertCircle aria-hidden />}
          role="alert"
        >
          {message}
        </Alert>
      </Container>
    );
  }

  return (
    <ReplayViewer
      key={gameId}
      replay={built.replay}
      viewerSeat={replay.data?.my_seat ?? 0}
      back={back}
    />
  );
}

function HandPanel({
  frame,
  seat,
  name,
  position,
  parejas,
}: {
  frame: ReplayFrame;
  seat: number;
  name: string;
  position: string;
  parejas: boolean;
}) {
  const tiles = frame.hands[seat] ?? [];
  const pair = seat % 2 === 0 ? 'A' : 'B';
  const active = frame.seat === seat && frame.kind !== 'hand_end';
  const passed = frame.passes.includes(seat as never);
  return (
    <div
      className={classes.hand}
      data-position={position}
      data-active={active}
      data-testid={`replay-hand-${seat}`}
    >
      <div className={classes.handHead}>
        <span className={classes.handName} title={name}>
          {name}
        </span>
        <Group gap={4} wrap="nowrap">
          {passed && <span className={classes.passed}>Paso</span>}
          {parejas && (
            <span className={classes.pair} data-pair={pair}>
              Pareja {pair}
            </span>
          )}
        </Group>
      </div>
      <div className={classes.tiles}>
        {tiles.length === 0 ? (
          <span className={classes.empty}>Sin fichas</span>
        ) : (
          tiles.map((t) => (
            <DominoFaceSvg
              key={`${t[0]}-${t[1]}`}
              first={t[0]}
              second={t[1]}
              size={14}
              title={`${t[0]}-${t[1]}`}
            />
          ))
        )}
      </div>
    </div>
  );
}

function ScoreLine({
  frame,
  replay,
  viewerSeat,
}: {
  frame: ReplayFrame;
  replay: Replay;
  viewerSeat: number;
}) {
  const stock = replayStock(replay.config, frame);
  return (
    <Group gap="xs" data-testid="replay-scores">
      {replayScores(replay, frame.scores, viewerSeat).map((s) => (
        <Badge
          key={s.side}
          size="lg"
          variant={s.highlight ? 'filled' : 'light'}
          color={s.highlight ? 'gold' : 'gray'}
          c={s.highlight ? 'dark.9' : undefined}
          maw={replay.config.mode === 'parejas' ? undefined : 200}
          data-testid={`replay-score-${s.side}`}
        >
          {s.label}: {s.score}
        </Badge>
      ))}
      <Text fz="xs" c="dimmed">
        meta {replay.config.targetPoints}
      </Text>
      {stock !== null && (
        <Text fz="xs" c="dimmed" data-testid="replay-stock">
          · pozo {stock}
        </Text>
      )}
    </Group>
  );
}

/** Under a hand end: the pips left by side and the points each side scored. */
function HandEndLine({ frame, replay }: { frame: ReplayFrame; replay: Replay }) {
  const s = frame.summary;
  if (!s) return null;
  const label = (side: number) => replaySideLabel(replay, side);
  return (
    <Text fz="sm" c="dimmed" data-testid="replay-hand-end">
      Puntos en mano: {s.pipsBySide.map((p, side) => `${label(side)} ${p}`).join(' · ')} — suma:{' '}
      {s.pointsBySide.map((p, side) => `${label(side)} +${p}`).join(' · ')}
    </Text>
  );
}

function ReplayViewer({
  replay,
  viewerSeat,
  back,
}: {
  replay: Replay;
  viewerSeat: number;
  back: ReactNode;
}) {
  const count = replay.frames.length;
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const frame = replay.frames[clampStep(index, count)] as ReplayFrame;
  const go = useCallback((i: number) => setIndex(clampStep(i, count)), [count]);
  const atEnd = index >= count - 1;

  useEffect(() => {
    if (!playing) return;
    const id = window.setInterval(() => {
      setIndex((i) => {
        if (i >= count - 1) {
          setPlaying(false);
          return i;
        }
        return i + 1;
      });
    }, AUTOPLAY_MS);
    return () => window.clearInterval(id);
  }, [playing, count]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
      if (e.key === 'ArrowRight') setIndex((i) => clampStep(i + 1, count));
      else if (e.key === 'ArrowLeft') setIndex((i) => clampStep(i - 1, count));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [count]);

  // Keep the current move visible in the list (scrolling the list only, never the page).
  useEffect(() => {
    const viewport = listRef.current;
    const el = viewport?.querySelector<HTMLElement>(`[data-index="${index}"]`);
    if (!viewport || !el) return;
    const v = viewport.getBoundingClientRect();
    const r = el.getBoundingClientRect();
    if (r.top < v.top) viewport.scrollTop += r.top - v.top - 24;
    else if (r.bottom > v.bottom) viewport.scrollTop += r.bottom - v.bottom + 8;
  }, [index]);

  const players = replay.config.players;
  const parejas = replay.config.mode === 'parejas';
  const lastPlayed = frame.kind === 'play' && frame.tile ? lineTileKey(frame.tile) : null;

  const control = (
    label: string,
    icon: ReactNode,
    onClick: () => void,
    disabled: boolean,
    testId: string,
  ) => (
    <Tooltip label={label} withArrow>
      <ActionIcon
        size="lg"
        variant="light"
        color="felt"
        aria-label={label}
        onClick={onClick}
        disabled={disabled}
        data-testid={testId}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );

  return (
    <Container size="xl" py={{ base: 'md', sm: 'lg' }} data-testid="replay" data-index={index}>
      {back}
      <Group justify="space-between" align="flex-end" mt={4} mb="sm" gap="xs">
        <Title order={1} fz={{ base: 22, sm: 28 }}>
          Repetición de la partida
        </Title>
        <ScoreLine frame={frame} replay={replay} viewerSeat={viewerSeat} />
      </Group>
      <Box mb="sm">
        <RuleChips rules={configToRules(replay.config)} testId="replay-rules" />
      </Box>
      {replay.error && (
        <Alert color="orange" variant="light" mb="sm" icon={<IconAlertCircle aria-hidden />}>
          {replay.error}
        </Alert>
      )}

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
          <Stack gap="sm">
            <div className={classes.stage} data-players={players}>
              <LineBoard
                className={classes.board}
                line={frame.line}
                ends={frame.ends}
                handNumber={frame.handNumber}
                anchor={frame.anchor}
                lastPlayed={lastPlayed}
                emptyHint={`Mano ${frame.handNumber}: reparto`}
                testId="replay-board"
              />
              {Array.from({ length: players }, (_, seat) => {
                const position = replayPosition(seat, players, viewerSeat);
                return (
                  <HandPanel
                    key={seat}
                    frame={frame}
                    seat={seat}
                    name={replay.names[seat] ?? `Jugador ${seat + 1}`}
                    position={position}
                    parejas={parejas}
                  />
                );
              })}
            </div>

            <Card padding="sm" className={classes.controls}>
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text fw={700} data-testid="replay-label" style={{ minWidth: 0 }}>
                    {frame.label}
                  </Text>
                  <Text
                    fz="sm"
                    c="dimmed"
                    style={{ whiteSpace: 'nowrap' }}
                    data-testid="replay-step"
                  >
                    {index + 1} / {count}
                  </Text>
                </Group>
                {frame.summary && <HandEndLine frame={frame} replay={replay} />}
                <Group justify="center" gap={6} wrap="nowrap">
                  {control(
                    'Inicio',
                    <IconPlayerSkipBackFilled size={18} />,
                    () => go(0),
                    index === 0,
                    'replay-first',
                  )}
                  {control(
                    'Mano anterior',
                    <IconPlayerTrackPrevFilled size={18} />,
                    () => go(jumpHand(replay.frames, index, -1)),
                    index === 0,
                    'replay-prev-hand',
                  )}
                  {control(
                    'Jugada anterior',
                    <IconChevronLeft size={22} />,
                    () => go(index - 1),
                    index === 0,
                    'replay-prev',
                  )}
                  <Tooltip label={playing ? 'Pausa' : 'Reproducir'} withArrow>
                    <ActionIcon
                      size={48}
                      radius="xl"
                      color="felt"
                      aria-label={playing ? 'Pausa' : 'Reproducir'}
                      onClick={() => {
                        if (!playing && atEnd) setIndex(0);
                        setPlaying((p) => !p);
                      }}
                      data-testid="replay-play"
                      data-playing={playing}
                    >
                      {playing ? (
                        <IconPlayerPauseFilled size={22} />
                      ) : (
                        <IconPlayerPlayFilled size={22} />
                      )}
                    </ActionIcon>
                  </Tooltip>
                  {control(
                    'Jugada siguiente',
                    <IconChevronRight size={22} />,
                    () => go(index + 1),
                    atEnd,
                    'replay-next',
                  )}
                  {control(
                    'Mano siguiente',
                    <IconPlayerTrackNextFilled size={18} />,
                    () => go(jumpHand(replay.frames, index, 1)),
                    atEnd,
                    'replay-next-hand',
                  )}
                  {control(
                    'Final',
                    <IconPlayerSkipForwardFilled size={18} />,
                    () => go(count - 1),
                    atEnd,
                    'replay-last',
                  )}
                </Group>
                <Slider
                  min={0}
                  max={Math.max(0, count - 1)}
                  value={index}
                  onChange={(v) => {
                    setPlaying(false);
                    go(v);
                  }}
                  label={null}
                  aria-label="Paso de la repetición"
                  data-testid="replay-slider"
                />
              </Stack>
            </Card>
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
          <Card padding="xs">
            <Text fw={700} px={8} pb={4}>
              Jugadas
            </Text>
            <ScrollArea className={classes.moveList} viewportRef={listRef} type="auto">
              <MoveList
                frames={replay.frames}
                index={index}
                onPick={(i) => {
                  setPlaying(false);
                  go(i);
                }}
              />
            </ScrollArea>
          </Card>
        </Grid.Col>
      </Grid>
    </Container>
  );
}

function MoveList({
  frames,
  index,
  onPick,
}: {
  frames: readonly ReplayFrame[];
  index: number;
  onPick(i: number): void;
}) {
  return (
    <div data-testid="replay-moves">
      {frames.map((f, i) => (
        <div key={i}>
          {f.kind === 'deal' && <div className={classes.handHeader}>Mano {f.handNumber}</div>}
          <UnstyledButton
            className={classes.moveItem}
            data-index={i}
            data-kind={f.kind}
            data-current={i === index}
            data-testid={`replay-move-${i}`}
            onClick={() => onPick(i)}
            aria-current={i === index ? 'step' : undefined}
          >
            {f.label}
          </UnstyledButton>
        </div>
      ))}
    </div>
  );
}
