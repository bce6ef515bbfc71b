import { useEffect, useState } from 'react';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { DIFFICULTIES, type Difficulty } from '@domino/contracts';
import { GameTable } from '../../components/GameTable';
import classes from '../../components/game.module.css';
import { practiceDifficulty } from '../../lib/seats';
import { useLocalGame, type LocalStart, type OfflineGameIntent } from '../hooks/use-local-game';
import { readPace } from '../lib/pace';

const MENU = { to: '/sin-conexion', label: 'Volver al menú' };

/** The match to open from the history state /sin-conexion left (a new deal), else continue. */
function startOf(state: unknown): LocalStart {
  const intent = state as Partial<OfflineGameIntent> | null;
  return intent && DIFFICULTIES.includes(intent.difficulty as never)
    ? { kind: 'new', difficulty: intent.difficulty as OfflineGameIntent['difficulty'] }
    : { kind: 'resume' };
}

/**
 * /sin-conexion/partida — a practice match on the device (decision 041): the online game
 * screen's table, fed by the match's Web Worker. Arriving from the menu deals a new match; a
 * reload or "Continuar partida" continues the one kept on the device; "Jugar de Nuevo" deals
 * another against the same level.
 */
export default function OfflineGamePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [deal, setDeal] = useState(() => ({ n: 0, start: startOf(location.state) }));
  const fresh = deal.start.kind === 'new';

  // Drop the "new match" intent from history at once, so a reload continues this match instead
  // of dealing another one (the deal above was read from it already).
  useEffect(() => {
    if (fresh) navigate('/sin-conexion/partida', { replace: true, state: null });
  }, [fresh, navigate]);

  return (
    <OfflineGame
      key={deal.n}
      start={deal.start}
      onPlayAgain={(difficulty) =>
        setDeal((d) => ({ n: d.n + 1, start: { kind: 'new', difficulty } }))
      }
    />
  );
}

function OfflineGame({
  start,
  onPlayAgain,
}: {
  start: LocalStart;
  onPlayAgain(difficulty: Difficulty): void;
}) {
  const navigate = useNavigate();
  const game = useLocalGame(start, readPace());
  const view = game.display;

  if (!view || game.failure) {
    const problem = game.failure ?? (game.missing ? 'No tienes ninguna partida en curso.' : null);
    return (
      <div className={classes.screen}>
        <Center style={{ flex: 1 }}>
          {problem ? (
            <Alert
              color="red"
              variant="filled"
              icon={<IconAlertCircle aria-hidden />}
              role="alert"
              maw={420}
              title="No se pudo abrir la partida"
              data-testid="offline-game-problem"
            >
              <Stack gap="sm" align="flex-start">
                <Text fz="sm">{problem}</Text>
                <Button variant="white" color="red" size="xs" onClick={() => navigate(MENU.to)}>
                  {MENU.label}
                </Button>
              </Stack>
            </Alert>
          ) : (
            <Stack align="center" gap="sm" role="status">
              <Loader color="gold" type="dots" />
              <Text c="gray.2">Repartiendo…</Text>
            </Stack>
          )}
        </Center>
      </div>
    );
  }

  return (
    <GameTable
      game={game}
      view={view}
      back={MENU}
      onBack={() => navigate(MENU.to)}
      onPlayAgain={() => onPlayAgain(practiceDifficulty(view))}
      creating={false}
      connection="device"
    />
  );
}
