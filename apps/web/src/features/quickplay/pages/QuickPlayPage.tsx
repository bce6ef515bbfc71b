import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Center,
  Chip,
  Container,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconArmchair, IconBolt, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import {
  MSG_QUICK,
  SERVER_EVENTS,
  formatBs,
  quickMatchedEventSchema,
  type QuickMode,
  type QuickPlayStatus,
} from '@domino/contracts';
import { JoinConfirmModal } from '../../../components/JoinConfirmModal';
import { isApiError, serverMessage } from '../../../lib/api';
import { elsewhereRefusal, type ElsewhereRefusal } from '../../../lib/place';
import { bolivaresToCents } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { openChannel } from '../../../lib/socket';
import { useNow } from '../../../lib/use-now';
import {
  enqueueQuick,
  leaveQuick,
  leaveSeatedTable,
  quickStatusKey,
  useQuickOptions,
  useQuickStatus,
} from '../api/quickplay';
import { elapsedText, givesUpText, quickTable, windowText } from '../lib/quickplay';

const MODE_LABELS: Record<QuickMode, string> = { parejas: 'Parejas', individual: 'Individual' };

/** Buttons whose label may take two lines on a phone (a price and who waits there). */
const WRAP = { label: { whiteSpace: 'normal', textAlign: 'center' } } as const;

function errorText(err: unknown): string {
  if (isApiError(err)) return serverMessage(err.body) ?? err.message;
  return 'No pudimos completar la acción. Intenta de nuevo.';
}

/**
 * /jugar-ahora, quick play (docs/decisions/027-quick-play.md): pick a mode and an entry price,
 * confirm the same terms a table join shows, then "Buscando mesa…" with the time waited, how many
 * search at that price, the rating range, when the search gives up, other prices with players
 * waiting, public tables open at that price and "Cancelar" (docs/decisions/039). A player already
 * seated elsewhere gets a link to that table and "Dejar esa mesa". When the server forms the table (`quickplay:matched`, or the
 * polled status) the player goes to its waiting room, which opens the match after the countdown.
 * The status comes from the server, so a reload lands in the same place.
 */
export default function QuickPlayPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const options = useQuickOptions();
  const status = useQuickStatus();
  const [mode, setMode] = useState<QuickMode>('individual');
  const [price, setPrice] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The enqueue was refused because the player is elsewhere: the link to that place. */
  const [elsewhere, setElsewhere] = useState<ElsewhereRefusal | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const current: QuickPlayStatus | undefined = status.data;
  const waiting = current?.status === 'waiting';
  const now = useNow(1000, waiting);

  useEffect(() => {
    if (current?.status === 'matched')
      navigate(`/waiting-room/${current.table_id}`, { replace: true });
  }, [current, navigate]);
  // The last formation left the player out: its message, until they act again.
  const shown = notice ?? (current?.status === 'dropped' ? current.message : null);

  useEffect(
    () =>
      openChannel({
        listen: {
          [SERVER_EVENTS.quickMatched]: (payload) => {
            const parsed = quickMatchedEventSchema.safeParse(payload);
            if (parsed.success)
              navigate(`/waiting-room/${parsed.data.table_id}`, { replace: true });
          },
        },
        onReconnect: () => void queryClient.invalidateQueries({ queryKey: quickStatusKey }),
      }).close,
    [navigate, queryClient],
  );

  const prices = options.data?.entry_prices ?? [];
  const chosen = price !== null && prices.includes(price) ? price : (prices[0] ?? null);

  async function start() {
    if (chosen === null) return;
    setBusy(true);
    setError(null);
    setElsewhere(null);
    setNotice(null);
    try {
      // Another price from the waiting screen: this search ends first (nothing was charged).
      if (waiting) await leaveQuick();
      const next = await enqueueQuick(mode, chosen);
      queryClient.setQueryData(quickStatusKey, next);
      setConfirming(false);
    } catch (err) {
      setError(errorText(err));
      setElsewhere(elsewhereRefusal(err));
      setConfirming(false);
      // Seated elsewhere meanwhile, or the search ended: show where the player stands.
      await queryClient.invalidateQueries({ queryKey: quickStatusKey });
    } finally {
      setBusy(false);
    }
  }

  /** "Buscar a este precio" on the waiting screen: the same confirmation, at that price. */
  function switchPrice(to: number) {
    if (!waiting) return;
    setMode(current.mode);
    setPrice(to);
    setConfirming(true);
  }

  async function leaveSeat(tableId: number) {
    setBusy(true);
    setError(null);
    setElsewhere(null);
    try {
      const left = await leaveSeatedTable(tableId);
      setNotice(left.message);
      await queryClient.invalidateQueries({ queryKey: quickStatusKey });
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  async function cancel() {
    setBusy(true);
    setError(null);
    setElsewhere(null);
    try {
      const next = await leaveQuick();
      queryClient.setQueryData(quickStatusKey, next);
      setNotice(MSG_QUICK.left);
    } catch (err) {
      setError(errorText(err));
      await queryClient.invalidateQueries({ queryKey: quickStatusKey });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Container size="sm" py={{ base: 'lg', sm: 'xl' }}>
      <Title order={1} fz={{ base: 26, sm: 34 }} mb="md">
        Jugar ahora
      </Title>
      {error && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle aria-hidden />}
          mb="md"
          role="alert"
          data-testid="quick-error"
        >
          {error}
          {elsewhere && (
            <Button
              component={Link}
              to={elsewhere.to}
              size="compact-sm"
              variant="light"
              color="red"
              mt="xs"
              display="block"
              data-testid="quick-elsewhere-go"
            >
              {elsewhere.label}
            </Button>
          )}
        </Alert>
      )}
      {shown && !waiting && (
        <Alert color="blue" variant="light" mb="md" data-testid="quick-notice">
          {shown}
        </Alert>
      )}
      {status.isPending || options.isPending ? (
        <Center py={64}>
          <Loader type="dots" />
        </Center>
      ) : status.isError || options.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
          {errorText(status.error ?? options.error)}
        </Alert>
      ) : waiting ? (
        <Card padding="xl" data-testid="quick-searching">
          <Stack align="center" gap="sm" ta="center">
            <Loader type="bars" color="gold.5" />
            <Title order={2} fz="xl">
              Buscando mesa…
            </Title>
            <Text
              fz={32}
              fw={800}
              style={{ fontVariantNumeric: 'tabular-nums' }}
              data-testid="quick-elapsed"
            >
              {elapsedText(now - Date.parse(current.queued_at))}
            </Text>
            <Text fz="sm">
              {MODE_LABELS[current.mode]} · Entrada{' '}
              {formatBs(bolivaresToCents(current.entry_price))}
            </Text>
            <Text fz="sm" data-testid="quick-count">
              {MSG_QUICK.searching(current.searching, current.needed)}
            </Text>
            <Text fz="sm" c="dimmed" data-testid="quick-window">
              {windowText(current.window)}
            </Text>
            <Text fz="sm" c="dimmed" data-testid="quick-gives-up">
              {givesUpText(current.gives_up_at, now)}
            </Text>
            {current.other_prices.length > 0 && (
              <Stack gap={6} w="100%" maw={340} data-testid="quick-other-prices">
                <Text fz="sm" fw={600}>
                  {MSG_QUICK.otherPricesTitle}
                </Text>
                {current.other_prices.map((o) => (
                  <Button
                    key={o.entry_price}
                    variant="light"
                    color="felt"
                    onClick={() => switchPrice(o.entry_price)}
                    disabled={busy}
                    title={MSG_QUICK.switchPrice}
                    h="auto"
                    py={8}
                    styles={WRAP}
                  >
                    {formatBs(bolivaresToCents(o.entry_price))} ·{' '}
                    {MSG_QUICK.otherPrice(o.searching)}
                  </Button>
                ))}
              </Stack>
            )}
            {current.open_tables.length > 0 && (
              <Stack gap={6} w="100%" maw={340} data-testid="quick-open-tables">
                <Text fz="sm" fw={600}>
                  {MSG_QUICK.openTablesTitle}
                </Text>
                {current.open_tables.map((o) => (
                  <Button
                    key={o.id}
                    variant="default"
                    component={Link}
                    to="/games"
                    h="auto"
                    py={8}
                    styles={WRAP}
                  >
                    {o.name} · {o.current_players}/{o.max_players}
                  </Button>
                ))}
              </Stack>
            )}
            <Button
              variant="default"
              leftSection={<IconX size={16} aria-hidden />}
              onClick={() => void cancel()}
              loading={busy}
              data-testid="quick-cancel"
              fullWidth
              maw={280}
            >
              Cancelar
            </Button>
          </Stack>
        </Card>
      ) : current?.status === 'idle' && current.seated ? (
        <Card padding="lg" data-testid="quick-seated">
          <Stack gap="md">
            <Text>{MSG_QUICK.seatedElsewhere(current.seated.name)}</Text>
            <Group grow>
              <Button
                component={Link}
                to={`/waiting-room/${current.seated.table_id}`}
                leftSection={<IconArmchair size={18} aria-hidden />}
                data-testid="quick-seated-go"
              >
                {MSG_QUICK.goToTable}
              </Button>
              {!current.seated.quick && (
                <Button
                  variant="default"
                  onClick={() => void leaveSeat(current.seated!.table_id)}
                  loading={busy}
                  data-testid="quick-seated-leave"
                >
                  {MSG_QUICK.leaveThatTable}
                </Button>
              )}
            </Group>
          </Stack>
        </Card>
      ) : (
        <Card padding="lg" data-testid="quick-pick">
          <Stack gap="md">
            <Text fz="sm" c="dimmed">
              Elige el modo y la entrada: te sentamos con jugadores de tu nivel en cuanto haya mesa.
            </Text>
            <Stack gap={6}>
              <Text fw={600} fz="sm">
                Modo
              </Text>
              <SegmentedControl
                fullWidth
                value={mode}
                onChange={(v) => setMode(v as QuickMode)}
                data={(options.data?.modes ?? []).map((m) => ({
                  value: m,
                  label: m === 'parejas' ? 'Parejas (4)' : 'Individual (2)',
                }))}
                data-testid="quick-mode"
              />
            </Stack>
            <Stack gap={6}>
              <Text fw={600} fz="sm">
                Entrada
              </Text>
              <Chip.Group
                value={chosen === null ? '' : String(chosen)}
                onChange={(v) => setPrice(Number(v))}
              >
                <Group gap="xs" data-testid="quick-price">
                  {prices.map((p) => (
                    <Chip key={p} value={String(p)} size="md" color="felt">
                      {formatBs(bolivaresToCents(p))}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            </Stack>
            <Button
              size="lg"
              color="gold.5"
              c="dark.9"
              leftSection={<IconBolt size={20} aria-hidden />}
              disabled={chosen === null}
              onClick={() => setConfirming(true)}
              data-testid="quick-start"
            >
              Jugar ahora
            </Button>
          </Stack>
        </Card>
      )}
      <Group mt="md" />
      <JoinConfirmModal
        table={
          confirming && chosen !== null && options.data
            ? quickTable(mode, chosen, options.data)
            : null
        }
        balance={user?.balance ?? 0}
        joining={busy}
        onConfirm={() => void start()}
        onCancel={() => setConfirming(false)}
        action="queue"
      />
    </Container>
  );
}
