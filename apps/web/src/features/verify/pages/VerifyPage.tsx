import { useMemo, useState, type FormEvent } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Container,
  Group,
  List,
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
import { Link, useSearchParams } from 'react-router';
import { MSG_FAIRNESS } from '@domino/contracts';
import type { Tile } from '@domino/domino';
import { DominoFaceSvg } from '../../../components/DominoFace';
import { isApiError } from '../../../lib/api';
import { seenFairness } from '../../../lib/seen-fairness';
import { useSession } from '../../../lib/session';
import { useFairness } from '../api/fairness';
import {
  checkSeen,
  deriveFromSeeds,
  parseSeedList,
  verifyRecord,
  type HandCheck,
} from '../lib/verify';

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
              Publicado antes del reparto
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

function SeenLine({ ok, children, testId }: { ok: boolean; children: string; testId: string }) {
  return (
    <Group gap={6} wrap="nowrap" data-testid={testId} data-ok={ok}>
      <span style={{ flex: 'none', display: 'inline-flex' }}>
        <Check ok={ok} />
      </span>
      <Text fz="sm" c={ok ? 'felt.8' : 'red.8'} fw={600}>
        {children}
      </Text>
    </Group>
  );
}

/**
 * The player's own check (decision 015): the commitment they saw in the waiting room before any
 * seed was set, and their own seed, against what the server revealed. Prefilled from what this
 * browser wrote down in the waiting room; the player may paste what they noted instead.
 */
function SeenInWaitingRoom({
  gameId,
  computedCommitment,
  clientSeeds,
}: {
  gameId: string;
  computedCommitment: string;
  clientSeeds: string[];
}) {
  const { user } = useSession();
  const [remembered] = useState(() => seenFairness(gameId, user?.id));
  const [noted, setNoted] = useState(remembered?.commitment ?? '');
  const [mySeed, setMySeed] = useState(remembered?.clientSeed ?? '');
  const check = checkSeen(
    { computedCommitment, clientSeeds },
    { commitment: noted, clientSeed: mySeed },
  );
  return (
    <Card padding="sm" data-testid="verify-seen">
      <Text fw={700}>Lo que viste en la sala de espera</Text>
      <Text fz="xs" c="dimmed" mb="xs">
        {remembered
          ? 'Tu navegador anotó el compromiso y tu semilla en la sala de espera, antes de empezar la partida.'
          : 'Si anotaste el compromiso que viste en la sala de espera (o al empezar la partida) y tu semilla, pégalos aquí para compararlos.'}
      </Text>
      <Stack gap="xs">
        <Textarea
          label="Compromiso que viste"
          value={noted}
          onChange={(e) => setNoted(e.currentTarget.value)}
          autosize
          minRows={1}
          autoComplete="off"
          spellCheck={false}
          data-testid="verify-seen-commitment"
          styles={{
            input: {
              fontFamily: 'var(--mantine-font-family-monospace)',
              fontSize: 12,
              wordBreak: 'break-all',
            },
          }}
        />
        {check.commitment === 'match' && (
          <SeenLine ok testId="verify-seen-commitment-check">
            La semilla revelada es la que el servidor fijó antes de que eligieras la tuya.
          </SeenLine>
        )}
        {check.commitment === 'mismatch' && (
          <SeenLine ok={false} testId="verify-seen-commitment-check">
            No coincide: la semilla revelada no es la del compromiso que viste.
          </SeenLine>
        )}
        {check.commitment === 'malformed' && (
          <Text fz="xs" c="red" data-testid="verify-seen-commitment-check" data-ok="false">
            Un compromiso tiene 64 caracteres: números del 0 al 9 y letras de la a a la f.
          </Text>
        )}
        <TextInput
          label="Tu semilla"
          value={mySeed}
          onChange={(e) => setMySeed(e.currentTarget.value)}
          autoComplete="off"
          spellCheck={false}
          data-testid="verify-seen-seed"
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
        />
        {check.seed.kind === 'found' && (
          <SeenLine ok testId="verify-seen-seed-check">
            {`Tu semilla se usó en todos los repartos (asiento ${check.seed.seat + 1}).`}
          </SeenLine>
        )}
        {check.seed.kind === 'missing' && (
          <SeenLine ok={false} testId="verify-seen-seed-check">
            Esa semilla no está entre las de esta partida.
          </SeenLine>
        )}
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
    const status = isApiError(error) ? error.status : null;
    const text =
      status === 404
        ? 'La partida no existe.'
        : status === 401
          ? MSG_FAIRNESS.loginToVerify
          : isApiError(error)
            ? error.message
            : 'No se pudo obtener la partida.';
    return (
      <Alert
        color={status === 401 || status === 403 ? 'orange' : 'red'}
        icon={<IconAlertCircle aria-hidden />}
        role="alert"
        data-testid="verify-error"
        data-status={status ?? undefined}
      >
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{text}</Text>
          {status === 401 && (
            <Button
              size="xs"
              component={Link}
              to={`/login?redirect=${encodeURIComponent(`/verificar?game=${gameId}`)}`}
            >
              Iniciar sesión
            </Button>
          )}
        </Stack>
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
      <SeenInWaitingRoom
        key={gameId}
        gameId={gameId}
        computedCommitment={report.computedCommitment}
        clientSeeds={record.client_seeds}
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

/** /verificar: provably fair dealing, re-derived in the browser (docs/fairness.md). */
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
            Cada reparto es demostrablemente justo: nadie, ni siquiera nosotros, puede elegir las
            fichas de una mano. Así funciona, en este orden:
          </Text>
          <List type="ordered" fz="sm" spacing={6} data-testid="verify-steps">
            <List.Item>
              <b>Compromiso.</b> Cuando se sienta el primer jugador de una mesa, el servidor fija en
              secreto su semilla para la próxima partida y publica en la sala de espera su huella
              SHA-256, el compromiso. Desde ese momento no puede cambiarla, aunque alguien salga o
              entre.
            </List.Item>
            <List.Item>
              <b>Semillas de los jugadores.</b> Después, mientras esperan, cada jugador puede
              escribir su propia semilla en la sala de espera (si no, usamos una al azar). Quedan
              fijadas cuando la mesa se llena y empieza la partida.
            </List.Item>
            <List.Item>
              <b>Reparto.</b> Las fichas de la mano n se barajan con Fisher-Yates usando un flujo de
              bytes HMAC-SHA256 de la semilla del servidor, las semillas de los jugadores y el
              número de la mano, con muestreo por rechazo, sin sesgo. Como el servidor se
              comprometió antes de conocer las semillas de los jugadores, no pudo buscar una que le
              convenga.
            </List.Item>
            <List.Item>
              <b>Revelación.</b> Al terminar la partida revelamos la semilla del servidor. Aquí tu
              navegador comprueba que su SHA-256 es el compromiso que viste en la sala de espera y
              vuelve a repartir cada mano para confirmar que coincide con lo que se jugó.
            </List.Item>
          </List>
          <Text fz="xs" c="dimmed">
            Las semillas y los repartos de una partida con dinero solo los ven sus jugadores y el
            personal: inicia sesión con tu cuenta para verificar tus partidas. Con las semillas
            puedes recalcular los repartos sin cuenta en «Pegar semillas».
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
