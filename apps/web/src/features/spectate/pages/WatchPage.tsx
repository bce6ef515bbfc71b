import { useEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, Card, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconEye, IconHistory } from '@tabler/icons-react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { SpectatorView } from '@domino/contracts';
import { DominoBack } from '../../../components/DominoFace';
import { LineBoard } from '../../../components/line/LineBoard';
import { isApiError } from '../../../lib/api';
import { formatBolivares } from '../../../lib/format';
import { useNow } from '../../../lib/use-now';
import { fetchSpectatorView, openWatchChannel } from '../api/spectate';
import classes from '../components/watch.module.css';
import {
  acceptsSpectatorView,
  anchorOf,
  delayNotice,
  lastPlayedKey,
  nextOpener,
  passedSeats,
  resultText,
  scoreBoxes,
  turnText,
  watchersLabel,
  type Opener,
} from '../lib/watch';
import { plural } from '@domino/contracts';

/** Poll interval while the socket is down. */
const POLL_OFFLINE_MS = 3_000;

interface Screen {
  view: SpectatorView;
  opener: Opener | null;
  lastPlayed: string | null;
}

function secondsLeft(deadline: string | null, now: number): number | null {
  if (!deadline) return null;
  return Math.max(0, Math.ceil((Date.parse(deadline) - now) / 1000));
}

/** Face-down tiles of a hand: the count is all a spectator may know of it. */
function Backs({ count }: { count: number }) {
  const shown = Math.min(count, 7);
  const step = 0.72;
  const w = shown === 0 ? 1 : 1 + (shown - 1) * step;
  return (
    <svg viewBox={`-0.5 -1 ${w} 2`} width={w * 8} height={16} aria-hidden>
      {Array.from({ length: shown }, (_, i) => (
        <g key={i} transform={`translate(${i * step} 0)`}>
          <DominoBack />
        </g>
      ))}
    </svg>
  );
}

/**
 * /partida/:gameId/ver — watching a match as a spectator (docs/decisions/022-spectators.md): the
 * line, each seat's name and tile count, the scores, whose turn, the watcher count; two moves
 * behind at a paid table; the end of the match with a link to its replay when it is public.
 * `?code=` carries a private table's invitation code. A seated player is sent to their own screen.
 */
export default function WatchPage() {
  const { gameId = '' } = useParams();
  const [params] = useSearchParams();
  const code = params.get('code');
  const navigate = useNavigate();
  const [screen, setScreen] = useState<Screen | null>(null);
  const [count, setCount] = useState<number | null>(null);
  const [live, setLive] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const screenRef = useRef<Screen | null>(null);

  const receive = (view: SpectatorView) => {
    const prev = screenRef.current;
    if (!acceptsSpectatorView(prev?.view ?? null, view)) return;
    const next: Screen = {
      view,
      opener: nextOpener(prev?.opener ?? null, view),
      lastPlayed: lastPlayedKey(prev?.view ?? null, view),
    };
    screenRef.current = next;
    setScreen(next);
  };
  const refuse = (errCode: string | undefined, message: string) => {
    if (errCode === 'game/spectator_is_player') {
      navigate(`/games/${gameId}`, { replace: true });
      return;
    }
    setError(message);
  };

  useEffect(() => {
    let stopped = false;
    fetchSpectatorView(gameId, code)
      .then((v) => !stopped && receive(v))
      .catch((err: unknown) => {
        if (stopped) return;
        refuse(isApiError(err) ? err.code : undefined, (err as Error).message);
      });
    const channel = openWatchChannel(gameId, code, {
      onView: receive,
      onCount: setCount,
      onLive: setLive,
      onRefused: (c, m) => refuse(c, m),
    });
    return () => {
      stopped = true;
      channel.close();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one subscription per match and code
  }, [gameId, code]);

  const finished = screen?.view.status === 'finished';
  useEffect(() => {
    if (live || finished || error) return;
    const id = window.setInterval(() => {
      fetchSpectatorView(gameId, code).then(receive, () => undefined);
    }, POLL_OFFLINE_MS);
    return () => window.clearInterval(id);
  }, [live, finished, error, gameId, code]);

  const now = useNow(500, !!screen && !finished);

  if (error) {
    return (
      <Center mih="60vh" p="md">
        <Stack maw={420} align="center">
          <Alert color="red" icon={<IconAlertCircle />} data-testid="watch-error">
            {error}
          </Alert>
          <Button component={Link} to="/dashboard">
            Volver a las mesas
          </Button>
        </Stack>
      </Center>
    );
  }
  if (!screen) {
    return (
      <Center mih="60vh">
        <Loader role="status" aria-label="Cargando la partida" />
      </Center>
    );
  }

  const { view } = screen;
  const watchers = count ?? view.spectators;
  const passed = passedSeats(view);
  const delay = delayNotice(view);
  const result = resultText(view);
  const left = secondsLeft(view.turn_deadline, now);

  return (
    <div
      className={classes.page}
      data-testid="watch-screen"
      data-version={view.version}
      data-status={view.status}
    >
      <div className={classes.header}>
        <Badge color="grape" variant="filled" leftSection={<IconEye size={14} aria-hidden />}>
          Espectador
        </Badge>
        <span className={classes.tableName} title={view.table.name} data-testid="watch-table">
          {view.table.name}
        </span>
        <span className={classes.meta}>Entrada {formatBolivares(view.table.entry_price)}</span>
        <span className={classes.meta} data-testid="watch-count" data-count={watchers}>
          <IconEye size={14} aria-hidden /> {watchersLabel(watchers)}
        </span>
        <span className={classes.meta}>
          <span className={classes.liveDot} data-live={live} aria-hidden />
          {live ? 'En vivo' : 'Reconectando…'}
        </span>
      </div>
      {delay && (
        <Text fz="xs" c="dimmed" data-testid="watch-delay">
          {delay}
        </Text>
      )}

      <div className={classes.scores} aria-label="Puntuación">
        {scoreBoxes(view).map((b) => (
          <div key={b.side} className={classes.scoreBox}>
            <span className={classes.scoreLabel} title={b.label}>
              {b.label}
            </span>
            <span className={classes.scoreValue} data-testid={`watch-score-${b.side}`}>
              {b.points}{' '}
              <Text span fz="xs" c="dimmed">
                / {view.target_points}
              </Text>
            </span>
          </div>
        ))}
      </div>

      <div className={classes.seats} data-count={view.seats.length}>
        {view.seats.map((s) => {
          const isTurn = view.status === 'playing' && view.turn_seat === s.seat;
          return (
            <div
              key={s.seat}
              className={classes.seat}
              data-turn={isTurn}
              data-testid={`watch-seat-${s.seat}`}
            >
              <span className={classes.seatName} title={s.name}>
                {s.name}
              </span>
              <span className={classes.seatSub}>
                <Backs count={s.tile_count} />
                <span data-testid={`watch-seat-${s.seat}-count`}>
                  {plural(s.tile_count, 'ficha', 'fichas')}
                </span>
                {isTurn && (
                  <Badge size="xs" color="yellow" variant="light">
                    {left !== null ? `Turno · ${left} s` : 'Turno'}
                  </Badge>
                )}
                {passed.has(s.seat) && view.status === 'playing' && (
                  <Badge size="xs" color="gray" variant="light">
                    Paso
                  </Badge>
                )}
              </span>
              {!s.connected && (
                <Text fz="xs" c="orange">
                  Desconectado — juega la CPU
                </Text>
              )}
            </div>
          );
        })}
      </div>

      <LineBoard
        className={classes.board}
        line={view.line}
        ends={view.ends}
        handNumber={view.hand_number}
        anchor={anchorOf(view, screen.opener)}
        lastPlayed={screen.lastPlayed}
        emptyHint="Esperando la primera ficha de la mano"
        testId="watch-board"
      />

      <div className={classes.status}>
        <span data-testid="watch-turn">{turnText(view)}</span>
        <span>
          Mano {view.hand_number}
          {view.drawing && ` · Pozo: ${view.stock_count}`}
        </span>
      </div>

      {finished && (
        <Card withBorder padding="md" data-testid="watch-finished">
          <Stack gap="sm">
            <Text fw={700} fz="lg">
              Partida terminada
            </Text>
            {result && <Text data-testid="watch-result">{result}</Text>}
            <Group gap="sm">
              {view.replay_available && (
                <Button
                  component={Link}
                  to={`/history/${view.game_id}`}
                  leftSection={<IconHistory size={16} aria-hidden />}
                  data-testid="watch-replay"
                >
                  Ver la repetición
                </Button>
              )}
              <Button component={Link} to="/dashboard" variant="default">
                Volver a las mesas
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
    </div>
  );
}
