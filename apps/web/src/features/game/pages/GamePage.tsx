import { useState } from 'react';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { gameMessage } from '@domino/contracts';
import { isApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { tournamentOfGame } from '../../../lib/tournament-events';
import { createPracticeGame } from '../api/game';
import { GameTable } from '../components/GameTable';
import classes from '../components/game.module.css';
import { useGame } from '../hooks/use-game';
import { practiceDifficulty } from '../lib/seats';
import { backTarget } from '../lib/table-result';

/** /games/:gameId — the domino table (docs/product.md §2 game integration). */
export default function GamePage() {
  const { gameId = '' } = useParams();
  // A new id (e.g. 'Jugar de Nuevo') mounts a fresh screen with its own connection and state.
  return <GameScreen key={gameId} gameId={gameId} />;
}

function loadErrorText(error: Error): string {
  if (isApiError(error)) {
    if (error.status === 403) return gameMessage('game/not_a_player');
    if (error.status === 404) return gameMessage('game/not_found');
  }
  return error.message;
}

function GameScreen({ gameId }: { gameId: string }) {
  const game = useGame(gameId);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const view = game.display;

  if (!view) {
    return (
      <div className={classes.screen}>
        <Center style={{ flex: 1 }}>
          {game.loadError ? (
            <Alert
              color="red"
              variant="filled"
              icon={<IconAlertCircle aria-hidden />}
              role="alert"
              maw={420}
              title="No se pudo abrir la partida"
            >
              <Stack gap="sm" align="flex-start">
                <Text fz="sm">{loadErrorText(game.loadError)}</Text>
                <Button variant="white" color="red" size="xs" onClick={() => navigate('/games')}>
                  Volver a la práctica
                </Button>
              </Stack>
            </Alert>
          ) : (
            <Stack align="center" gap="sm" role="status">
              <Loader color="gold" type="dots" />
              <Text c="gray.2">Cargando partida…</Text>
            </Stack>
          )}
        </Center>
      </div>
    );
  }

  // A tournament match leads back to its tournament (decision 028), when this tab knows it.
  const tournamentId = view.kind === 'table' ? tournamentOfGame(gameId) : null;
  const back =
    tournamentId !== null
      ? { to: `/torneos/${tournamentId}`, label: 'Volver al torneo' }
      : backTarget(view.kind);

  const playAgain = async () => {
    setCreating(true);
    try {
      const id = await createPracticeGame(practiceDifficulty(view));
      navigate(`/games/${id}`);
    } catch (error) {
      notify.error(isApiError(error) ? error.message : gameMessage('game/invalid_move'));
      setCreating(false);
    }
  };

  return (
    <GameTable
      game={game}
      view={view}
      back={back}
      onBack={() => {
        // The tournament's cached page still shows this match as playing: drop it, so the
        // page loads afresh instead of offering "Ir a mi partida" for a finished game.
        if (tournamentId !== null)
          queryClient.removeQueries({ queryKey: ['tournaments', tournamentId] });
        navigate(back.to);
      }}
      onPlayAgain={() => void playAgain()}
      creating={creating}
      connection={{ live: game.live, spectators: game.spectators }}
    />
  );
}
