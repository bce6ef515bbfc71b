import { useState } from 'react';
import { Badge, Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlay, IconRobot, IconUsers, IconWifiOff } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { DIFFICULTY_LABELS, OFFERED_DIFFICULTIES, type Difficulty } from '@domino/contracts';
import { DominoFaceSvg } from '../../../components/DominoFace';
import { isApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useCreatePracticeGame } from '../api/practice-games';
import classes from '../games.module.css';

type Mode = 'cpu' | 'multi';

const DIFFICULTY_HINTS: Record<Difficulty, string> = {
  facil: 'Para aprender: la CPU juega sin mucha malicia.',
  medio: 'Un rival de peña: cuenta fichas y cuida a su compañero.',
  dificil: 'Piensa varias jugadas adelante. ¡Suerte!',
  experto: 'Deduce tus fichas por lo que juegas y por lo que no. Sin piedad.',
};

/** Button colour of each CPU level, from gentle to fierce. */
const DIFFICULTY_COLORS: Record<Difficulty, string> = {
  facil: 'felt',
  medio: 'gold.7',
  dificil: 'red.8',
  experto: 'dark.6',
};
/**
 * The domino card of the casino (docs/product.md §2 game integration): the mode picker — 'Contra la CPU'
 * with a difficulty (creates a practice game and opens it) or 'Multijugador' (the table list).
 */
export function DominoGameCard() {
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('cpu');
  const [difficulty, setDifficulty] = useState<Difficulty>('medio');
  const create = useCreatePracticeGame();

  const start = () => {
    create.mutate(difficulty, {
      onSuccess: (id) => navigate(`/games/${id}`),
      onError: (error) =>
        notify.error(isApiError(error) ? error.message : 'No se pudo crear la partida.'),
    });
  };

  const modes = [
    {
      id: 'cpu' as const,
      icon: <IconRobot size={26} aria-hidden />,
      title: 'Contra la CPU',
      text: 'Práctica gratis: sin dinero ni puntos.',
    },
    {
      id: 'multi' as const,
      icon: <IconUsers size={26} aria-hidden />,
      title: 'Multijugador',
      text: 'Mesas con otros jugadores.',
    },
  ];

  return (
    <Card shadow="md" padding="lg" className={classes.card} data-testid="game-card-domino">
      <Card.Section className={classes.cardArt} aria-hidden>
        <DominoFaceSvg first={6} second={6} size={34} />
        <DominoFaceSvg first={6} second={3} size={34} horizontal style={{ marginTop: 30 }} />
        <DominoFaceSvg first={3} second={1} size={34} />
        <Badge pos="absolute" top={12} left={12} color="gold" variant="filled">
          Nuevo
        </Badge>
      </Card.Section>

      <Stack gap="sm" mt="md" style={{ flex: 1 }}>
        <div>
          <Title order={2} fz={24}>
            Dominó
          </Title>
          <Text fz="sm" c="dimmed">
            Dominó venezolano por parejas, a 100 puntos. Elige cómo quieres jugar.
          </Text>
        </div>

        <Stack gap={8} role="radiogroup" aria-label="Modo de juego">
          {modes.map((m) => (
            <button
              key={m.id}
              type="button"
              role="radio"
              aria-checked={mode === m.id}
              data-active={mode === m.id}
              className={classes.modeOption}
              data-testid={`mode-${m.id}`}
              onClick={() => setMode(m.id)}
            >
              <span style={{ color: 'var(--mantine-color-felt-7)', display: 'flex' }}>
                {m.icon}
              </span>
              <span>
                <Text fw={700} fz="sm" component="span" display="block">
                  {m.title}
                </Text>
                <Text fz="xs" c="dimmed" component="span" display="block">
                  {m.text}
                </Text>
              </span>
            </button>
          ))}
        </Stack>

        {mode === 'cpu' ? (
          <Stack gap={6}>
            <Text fz="sm" fw={600} id="difficulty-label">
              Dificultad
            </Text>
            {/* Two by two: four levels side by side cut their names on a phone. */}
            <SimpleGrid cols={2} spacing={6} role="radiogroup" aria-labelledby="difficulty-label">
              {OFFERED_DIFFICULTIES.map((d) => (
                <Button
                  key={d}
                  size="sm"
                  role="radio"
                  aria-checked={difficulty === d}
                  variant={difficulty === d ? 'filled' : 'default'}
                  color={DIFFICULTY_COLORS[d]}
                  onClick={() => setDifficulty(d)}
                  data-testid={`difficulty-${d}`}
                >
                  {DIFFICULTY_LABELS[d]}
                </Button>
              ))}
            </SimpleGrid>
            <Text fz="xs" c="dimmed" mih={34}>
              {DIFFICULTY_HINTS[difficulty]}
            </Text>
            <Button
              size="md"
              leftSection={<IconPlayerPlay size={18} aria-hidden />}
              onClick={start}
              loading={create.isPending}
              data-testid="play-cpu"
            >
              Jugar contra la CPU
            </Button>
            {/* Offline practice (docs/decisions/041): the same CPU, on this device, no internet. */}
            <Button
              size="sm"
              variant="subtle"
              color="felt"
              leftSection={<IconWifiOff size={16} aria-hidden />}
              onClick={() => navigate('/sin-conexion')}
              data-testid="play-offline"
            >
              Jugar sin conexión
            </Button>
          </Stack>
        ) : (
          <Stack gap={6}>
            <Text fz="sm" c="dimmed" mih={34}>
              Únete a una mesa con entrada y juega por el premio con otros jugadores.
            </Text>
            <Button
              size="md"
              leftSection={<IconUsers size={18} aria-hidden />}
              onClick={() => navigate('/dashboard')}
              data-testid="play-multi"
            >
              Ver mesas
            </Button>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
