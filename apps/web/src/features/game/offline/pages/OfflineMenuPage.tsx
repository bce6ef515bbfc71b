import { useEffect, useState } from 'react';
import {
  Badge,
  Button,
  Card,
  Container,
  Group,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPlayerPlay, IconWifiOff } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { DIFFICULTY_LABELS, OFFERED_DIFFICULTIES, type Difficulty } from '@domino/contracts';
import type { OfflineGameIntent } from '../hooks/use-local-game';
import { readPace, writePace } from '../lib/pace';
import type { LocalResult, Pace } from '../lib/protocol';
import { resultLine, tally } from '../lib/results';
import { currentMatchSummary, loadResults } from '../lib/storage';

/** Button colour of each CPU level, from gentle to fierce. */
const DIFFICULTY_COLORS: Record<Difficulty, string> = {
  facil: 'felt',
  medio: 'gold.7',
  dificil: 'red.8',
  experto: 'dark.6',
};
/**
 * /sin-conexion — "Jugar sin conexión" (docs/product.md "Jugar sin conexión", decision 041):
 * practice against the CPU with no network. Pick Fácil, Medio, Difícil or Experto (and how fast the CPU
 * plays); a match left unfinished can be continued; finished matches are listed under "Tus
 * partidas sin conexión", read from this device's IndexedDB. Needs no session and no server:
 * the service worker serves the app for this path when the network is down.
 */
export default function OfflineMenuPage() {
  const navigate = useNavigate();
  const [pace, setPace] = useState<Pace>(readPace);
  const [results, setResults] = useState<LocalResult[] | null>(null);
  const [current, setCurrent] = useState<{ difficulty: Difficulty } | null>(null);

  useEffect(() => {
    let live = true;
    loadResults()
      .catch(() => [])
      .then((list) => live && setResults(list));
    currentMatchSummary()
      .catch(() => null)
      .then((c) => live && setCurrent(c));
    return () => {
      live = false;
    };
  }, []);

  const start = (difficulty: Difficulty) => {
    const intent: OfflineGameIntent = { difficulty };
    navigate('/sin-conexion/partida', { state: intent });
  };

  return (
    <Container size="sm" py={{ base: 'lg', sm: 'xl' }} data-testid="offline-menu">
      <Stack gap="lg">
        <Stack gap={4}>
          <Group gap="xs">
            <IconWifiOff size={26} aria-hidden color="var(--mantine-color-felt-7)" />
            <Title order={1} fz={{ base: 26, sm: 32 }}>
              Jugar sin conexión
            </Title>
          </Group>
          <Text c="dimmed" fz="sm">
            Practica contra la CPU sin internet. La partida se juega en este dispositivo: no usa
            dinero ni cuenta para tu clasificación.
          </Text>
        </Stack>

        {current && (
          <Card withBorder radius="md" padding="md" data-testid="offline-current">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Text fz="sm" fw={600}>
                Tienes una partida en curso contra {DIFFICULTY_LABELS[current.difficulty]}.
              </Text>
              <Button
                size="sm"
                leftSection={<IconPlayerPlay size={16} aria-hidden />}
                onClick={() => navigate('/sin-conexion/partida')}
                data-testid="offline-resume"
              >
                Continuar partida
              </Button>
            </Group>
          </Card>
        )}

        <Card withBorder radius="md" padding="md">
          <Stack gap="sm">
            <Text fw={700} id="offline-difficulty">
              Nueva partida contra la CPU
            </Text>
            <Stack gap={6} role="group" aria-labelledby="offline-difficulty">
              {OFFERED_DIFFICULTIES.map((d) => (
                <Button
                  key={d}
                  size="md"
                  color={DIFFICULTY_COLORS[d]}
                  leftSection={<IconPlayerPlay size={18} aria-hidden />}
                  onClick={() => start(d)}
                  data-testid={`offline-start-${d}`}
                >
                  {DIFFICULTY_LABELS[d]}
                </Button>
              ))}
            </Stack>
            <Stack gap={4}>
              <Text fz="sm" fw={600} id="offline-pace">
                Ritmo de la CPU
              </Text>
              <SegmentedControl
                aria-labelledby="offline-pace"
                value={pace}
                onChange={(value) => {
                  const next = value as Pace;
                  setPace(next);
                  writePace(next);
                }}
                data={[
                  { value: 'normal', label: 'Normal' },
                  { value: 'rapida', label: 'Rápido' },
                ]}
                data-testid="offline-pace"
              />
            </Stack>
          </Stack>
        </Card>

        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={2} fz={20}>
              Tus partidas sin conexión
            </Title>
            {results && results.length > 0 && (
              <Badge variant="light" color="felt" data-testid="offline-tally">
                {tally(results)}
              </Badge>
            )}
          </Group>
          {results === null ? null : results.length === 0 ? (
            <Text fz="sm" c="dimmed" data-testid="offline-results-empty">
              Aún no has terminado ninguna partida sin conexión. Aquí verás tus resultados.
            </Text>
          ) : (
            <Stack gap={6} data-testid="offline-results">
              {results.map((r) => {
                const line = resultLine(r);
                return (
                  <Card
                    key={r.id}
                    withBorder
                    radius="md"
                    padding="sm"
                    data-testid="offline-result"
                    data-result-id={r.id}
                    data-won={r.won}
                  >
                    <Group justify="space-between" wrap="nowrap" gap="sm">
                      <Stack gap={0} miw={0}>
                        <Text fz="sm" fw={700} c={r.won ? 'felt.7' : 'red.8'}>
                          {line.title}
                        </Text>
                        <Text fz="xs" c="dimmed">
                          {line.detail}
                        </Text>
                      </Stack>
                      <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {line.when}
                      </Text>
                    </Group>
                  </Card>
                );
              })}
            </Stack>
          )}
        </Stack>
      </Stack>
    </Container>
  );
}
