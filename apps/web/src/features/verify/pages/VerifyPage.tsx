import { useMemo, useState, type FormEvent } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Container,
  Group,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconCircleCheckFilled,
  IconCircleXFilled,
  IconShieldCheck,
} from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import type { Tile } from '@domino/domino';
import { DominoFaceSvg } from '../../../components/DominoFace';
import { isApiError } from '../../../lib/api';
import { useFairness } from '../api/fairness';
import { deriveFromSeeds, parseSeedList, verifyRecord, type HandCheck } from '../lib/verify';

type Source = 'game' | 'seeds';

function Check({ ok, testId }: { ok: boolean | null; testId?: string }) {
  if (ok === null) return null;
  return ok ? (
    <IconCircleCheckFilled
      size={22}
      color="var(--mantine-color-felt-6)"
      aria-label="Correcto"
      data-testid={testId}
      data-ok="true"
    />
  ) : (
    <IconCircleXFilled
      size={22}
      color="var(--mantine-color-red-7)"
      aria-label="No coincide"
      data-testid={testId}
      data-ok="false"
    />
  );
}

function TileRow({ tiles }: { tiles: readonly Tile[] }) {
  return (
    <Group gap={4}>
      {tiles.map((t) => (
        <DominoFaceSvg
          key={`${t[0]}-${t[1]}`}
          first={t[0]}
          second={t[1]}
          size={13}
          horizontal
          title={`${t[0]}-${t[1]}`}
        />
      ))}
    </Group>
  );
}

function HandCard({ hand, compared }: { hand: HandCheck; compared: boolean }) {
  return (
    <Card padding="sm" data-testid={`verify-hand-${hand.handNumber}`} data-ok={hand.ok}>
      <Group justify="space-between" mb={6}>
        <Text fw={700}>Mano {hand.handNumber}</Text>
        {compared ? (
          <Group gap={4}>
            <Text fz="xs" c={hand.ok ? 'felt.7' : 'red.7'} fw={600}>
              {hand.ok ? 'Coincide' : 'No coincide'}
            </Text>
            <Check ok={hand.ok} />
          </Group>
        ) : (
          <Badge variant="light" color="gray">
            Calculada
          </Badge>
        )}
      </Group>
      <Stack gap={6}>
        {hand.hands.map((tiles, seat) => (
          <Group key={seat} gap={8} wrap="nowrap" align="center">
            <Text fz="xs" c="dimmed" w={62} style={{ flex: 'none' }}>
              Asiento {seat + 1}
            </Text>
            <TileRow tiles={tiles} />
          </Group>
        ))}
        {hand.stock.length > 0 && (
          <Group gap={8} wrap="nowrap" align="center">
            <Text fz="xs" c="dimmed" w={62} style={{ flex: 'none' }}>
              Pozo
            </Text>
            <TileRow tiles={hand.stock} />
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function CommitmentBox({
  published,
  computed,
  ok,
}: {
  published: string | null;
  computed: string;
  ok: boolean | null;
}) {
  return (
    <Card padding="sm" data-testid="verify-commitment">
      <Group justify="space-between" mb={4}>
        <Text fw={700}>Compromiso</Text>
        <Check ok={ok} testId="verify-commitment-check" />
      </Group>
      <Stack gap={4}>
        {published !== null && (
          <>
            <Text fz="xs" c="dimmed">
              Publicado al empezar
            </Text>
            <Code block fz={11} style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
              {published}
            </Code>
          </>
        )}
        <Text fz="xs" c="dimmed">
          SHA-256 de la semilla del servidor (calculado en tu navegador)
        </Text>
        <Code block fz={11} style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {computed}
        </Code>
      </Stack>
    </Card>
  );
}

/** Re-derives a finished game's deals from its published record. */
function GameResult({ gameId }: { gameId: string }) {
  const fairness = useFairness(gameId);
  const report = useMemo(
    () => (fairness.data ? verifyRecord(fairness.data) : null),
    [fairness.data],
  );
  if (fairness.isPending) return <Text c="dimmed">Verificando…</Text>;
  if (fairness.isError) {
    const error = fairness.error;
    const text =
      isApiError(error) && error.status === 404
        ? 'La partida no existe.'
        : isApiError(error)
          ? error.message
          : 'No se pudo obtener la partida.';
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
        {text}
      </Alert>
    );
  }
  if (!report || !fairness.data) return null;
  const record = fairness.data;
  return (
    <Stack gap="md" data-testid="verify-result" data-ok={report.ok}>
      <Alert
        color={report.ok ? 'felt' : 'red'}
        variant="filled"
        icon={report.ok ? <IconShieldCheck aria-hidden /> : <IconAlertCircle aria-hidden />}
        title={report.ok ? 'Repartos verificados' : 'La verificación falló'}
        data-testid="verify-summary"
      >
        {report.ok
          ? `La semilla del servidor coincide con el compromiso y las ${report.hands.length} manos repartidas salen exactamente de las semillas.`
          : 'Algún dato publicado no coincide con lo que se calcula a partir de las semillas.'}
      </Alert>
      <CommitmentBox
        published={record.commitment}
        computed={report.computedCommitment}
        ok={report.commitmentOk}
      />
      <Card padding="sm">
        <Text fw={700} mb={4}>
          Semillas
        </Text>
        <Text fz="xs" c="dimmed">
          Servidor
        </Text>
        <Code block fz={11} style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {record.server_seed}
        </Code>
        <Text fz="xs" c="dimmed" mt={6}>
          Jugadores (por asiento)
        </Text>
        <Code block fz={11} style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {record.client_seeds.join('\n')}
        </Code>
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {report.hands.map((h) => (
          <HandCard key={h.handNumber} hand={h} compared />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

interface SeedsInput {
  serverSeed: string;
  clientSeeds: string;
  commitment: string;
  players: number;
  handCount: number;
}

function SeedsResult({ input }: { input: SeedsInput }) {
  const result = useMemo(
    () =>
      deriveFromSeeds({
        serverSeed: input.serverSeed,
        clientSeeds: parseSeedList(input.clientSeeds),
        commitment: input.commitment,
        players: input.players,
        handCount: input.handCount,
      }),
    [input],
  );
  return (
    <Stack gap="md" data-testid="verify-result">
      <CommitmentBox
        published={input.commitment.trim() === '' ? null : input.commitment.trim()}
        computed={result.computedCommitment}
        ok={result.commitmentOk}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {result.hands.map((h) => (
          <HandCard key={h.handNumber} hand={h} compared={false} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** /verificar: provably fair dealing, re-derived in the browser (DESIGN §4). */
export default function VerifyPage() {
  const [params, setParams] = useSearchParams();
  const gameParam = params.get('game')?.trim() ?? '';
  const [source, setSource] = useState<Source>('game');
  const [gameId, setGameId] = useState(gameParam);
  const [seeds, setSeeds] = useState<SeedsInput>({
    serverSeed: '',
    clientSeeds: '',
    commitment: '',
    players: 4,
    handCount: 1,
  });
  const [submittedSeeds, setSubmittedSeeds] = useState<SeedsInput | null>(null);

  const submitGame = (e: FormEvent) => {
    e.preventDefault();
    const id = gameId.trim();
    if (id !== '') setParams({ game: id });
  };

  const submitSeeds = (e: FormEvent) => {
    e.preventDefault();
    if (seeds.serverSeed.trim() === '' || parseSeedList(seeds.clientSeeds).length === 0) return;
    setSubmittedSeeds({ ...seeds });
  };

  return (
    <Container size="md" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack gap={6}>
          <Group gap="xs">
            <IconShieldCheck size={30} color="var(--mantine-color-felt-7)" aria-hidden />
            <Title order={1} fz={{ base: 26, sm: 32 }}>
              Verificar repartos
            </Title>
          </Group>
          <Text fz="sm">
            Cada reparto es demostrablemente justo. Al empezar la partida publicamos un compromiso:
            el hash SHA-256 de una semilla secreta del servidor, así no podemos cambiarla después.
            Cada jugador aporta además su propia semilla. Las fichas de la mano n se barajan con
            Fisher-Yates usando un flujo de bytes HMAC-SHA256 de la semilla del servidor, las
            semillas de los jugadores y el número de la mano; los números se sacan con muestreo por
            rechazo, sin sesgo. Al terminar la partida revelamos la semilla del servidor: aquí tu
            navegador comprueba que su SHA-256 es el compromiso publicado y vuelve a repartir cada
            mano para confirmar que coincide con lo que se jugó.
          </Text>
        </Stack>

        <Card padding="md">
          <Stack gap="sm">
            <SegmentedControl
              value={source}
              onChange={(v) => setSource(v as Source)}
              data={[
                { value: 'game', label: 'Por partida' },
                { value: 'seeds', label: 'Pegar semillas' },
              ]}
            />
            {source === 'game' ? (
              <form onSubmit={submitGame}>
                <Group align="flex-end" gap="sm">
                  <TextInput
                    label="ID de la partida"
                    placeholder="Pega el ID de la partida"
                    value={gameId}
                    onChange={(e) => setGameId(e.currentTarget.value)}
                    style={{ flex: 1, minWidth: 200 }}
                    data-testid="verify-game-id"
                  />
                  <Button type="submit" size="md" data-testid="verify-submit">
                    Verificar
                  </Button>
                </Group>
              </form>
            ) : (
              <form onSubmit={submitSeeds}>
                <Stack gap="sm">
                  <TextInput
                    label="Semilla del servidor"
                    required
                    value={seeds.serverSeed}
                    onChange={(e) => {
                      const v = e.currentTarget.value;
                      setSeeds((s) => ({ ...s, serverSeed: v }));
                    }}
                  />
                  <Textarea
                    label="Semillas de los jugadores"
                    description="Una por línea, en orden de asiento"
                    required
                    autosize
                    minRows={3}
                    value={seeds.clientSeeds}
                    onChange={(e) => {
                      const v = e.currentTarget.value;
                      setSeeds((s) => ({ ...s, clientSeeds: v }));
                    }}
                  />
                  <TextInput
                    label="Compromiso publicado (opcional)"
                    value={seeds.commitment}
                    onChange={(e) => {
                      const v = e.currentTarget.value;
                      setSeeds((s) => ({ ...s, commitment: v }));
                    }}
                  />
                  <Group grow>
                    <NumberInput
                      label="Jugadores"
                      min={2}
                      max={4}
                      value={seeds.players}
                      onChange={(v) =>
                        setSeeds((s) => ({
                          ...s,
                          players: Math.min(4, Math.max(2, Number(v) || 4)),
                        }))
                      }
                    />
                    <NumberInput
                      label="Manos"
                      min={1}
                      max={60}
                      value={seeds.handCount}
                      onChange={(v) =>
                        setSeeds((s) => ({
                          ...s,
                          handCount: Math.min(60, Math.max(1, Number(v) || 1)),
                        }))
                      }
                    />
                  </Group>
                  <Button type="submit" size="md">
                    Calcular repartos
                  </Button>
                </Stack>
              </form>
            )}
          </Stack>
        </Card>

        {source === 'game' && gameParam !== '' && <GameResult key={gameParam} gameId={gameParam} />}
        {source === 'seeds' && submittedSeeds && <SeedsResult input={submittedSeeds} />}
      </Stack>
    </Container>
  );
}
