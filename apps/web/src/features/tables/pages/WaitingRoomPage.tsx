import { useCallback, useEffect, useRef, useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Grid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Loading } from '../../../components/LoadState';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconCoin,
  IconDoorExit,
  IconPlayerPlay,
  IconUsers,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { MSG, MSG_TABLES, type TableClosedEvent, type TableDetail } from '@domino/contracts';
import { JoinConfirmModal } from '../../../components/JoinConfirmModal';
import { LEVEL_MEANING } from '../../../lib/ratings';
import { isApiError } from '../../../lib/api';
import { formatBolivares } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { getSession, refreshUser, updateUser, useSession } from '../../../lib/session';
import { subscribeToUserEvents } from '../../../lib/socket';
import {
  clientSeedKey,
  leaveTable,
  saveClientSeed,
  tableKey,
  useClientSeed,
  useLiveTable,
} from '../api/tables';
import { cancelPrivateTable } from '../api/private';
import { FairnessCard } from '../components/FairnessCard';
import { InvitePanel } from '../components/InvitePanel';
import { PrizeCard } from '../components/PrizeCard';
import { RulesList } from '../../../components/TableRules';
import { SeatsTable } from '../components/SeatsTable';
import { TalkPanel } from '../../../components/TalkPanel';
import roomClasses from '../components/waiting-room.module.css';
import { useNow } from '../../../lib/use-now';
import { checkJoin, joinTable } from '../../../lib/join';
import { notifyJoinError } from '../../../lib/place-notice';
import { isPriceChanged } from '../lib/join';
import { closedTableNotice, closedUnderSeatedPlayer, isClosedEventFor } from '../lib/table-closed';
import { seenCommitment } from '../lib/fairness';
import { isHostOf } from '../lib/private-table';
import { rememberSeenFairness } from '../../../lib/seen-fairness';
import {
  UNAVAILABLE_TEXT,
  missingPlayers,
  missingPlayersText,
  modeLabel,
  waitingPhase,
} from '../lib/waiting-room';

/** The dashboard's table list query (refetched after a seat change so it never shows stale seats). */
const TABLE_LIST_KEY = ['tables'] as const;

/**
 * How long the room waits for the `table:closed` push (it carries the new balance) after the
 * table itself says it closed under the player (404, status closed) before acting without it.
 */
const CLOSED_PUSH_GRACE_MS = 1_500;

function setBalance(balance: number): void {
  const user = getSession().user;
  if (user) updateUser({ ...user, balance });
}

/** /waiting-room/:tableId (named route WaitingRoomPage; docs/product.md §2 route table, decision 010). */
export default function WaitingRoomPage() {
  const { tableId = '' } = useParams();
  const id = /^\d+$/.test(tableId) ? Number(tableId) : NaN;
  return <WaitingRoom key={tableId} id={id} />;
}

function WaitingRoom({ id }: { id: number }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const client = useQueryClient();
  const table = useLiveTable(id);
  const counting = table.data?.starts_at != null;
  const now = useNow(200, counting);
  const [busy, setBusy] = useState<'join' | 'leave' | null>(null);
  // 'Unirme' asks first (decision 017): nothing is charged until the dialog is confirmed.
  const [askingJoin, setAskingJoin] = useState(false);

  const phase = table.data ? waitingPhase(table.data, user?.id, now) : null;
  const goTo = phase?.kind === 'go' ? phase.gameId : null;
  const seated = phase !== null && 'seat' in phase;
  const myGameId = phase !== null && 'gameId' in phase ? phase.gameId : null;
  const clientSeed = useClientSeed(id, seated);

  // Provably fair (decision 015): remember the commitment shown before the start and, once the
  // player's match exists, write it down with their seed for /verificar to compare at the end.
  const seen = useRef<string | null>(null);
  const userId = user?.id;
  const mySeed = clientSeed.data?.client_seed ?? null;
  useEffect(() => {
    if (!table.data) return;
    seen.current = seenCommitment(seen.current, table.data, seated);
    if (myGameId === null || userId === undefined || seen.current === null) return;
    rememberSeenFairness({
      gameId: myGameId,
      userId,
      commitment: seen.current,
      clientSeed: mySeed,
    });
  }, [table.data, seated, myGameId, userId, mySeed]);

  // The match has begun (countdown over, or the room was opened after starts_at): to the game.
  useEffect(() => {
    if (goTo) navigate(`/games/${encodeURIComponent(goTo)}`, { replace: true });
  }, [goTo, navigate]);

  // Staff closed the table while the player waited (decision 010): the entry is back in the
  // wallet. Say so, show the balance and go to the table list. Handled once per room.
  const closedHandled = useRef(false);
  const tableName = useRef<string | null>(null);
  const wasPrivate = useRef(false);
  const leaveClosedTable = useCallback(
    (event: TableClosedEvent | null) => {
      if (closedHandled.current) return;
      closedHandled.current = true;
      if (event) setBalance(event.new_balance);
      else refreshUser().catch(() => undefined);
      const notice = closedTableNotice(tableName.current, event, wasPrivate.current);
      notify.info(notice.message, notice.title);
      void client.invalidateQueries({ queryKey: TABLE_LIST_KEY });
      navigate('/dashboard', { replace: true });
    },
    [client, navigate],
  );
  useEffect(
    () =>
      subscribeToUserEvents({
        onTableClosed: (event) => {
          if (isClosedEventFor(event, id)) leaveClosedTable(event);
        },
      }),
    [id, leaveClosedTable],
  );
  // The seated player's cached table must not outlive the room once it closed.
  useEffect(
    () => () => {
      if (closedHandled.current) client.removeQueries({ queryKey: tableKey(id) });
    },
    [client, id],
  );

  // Without the push (socket down), the table itself tells: it answers 404 or reports closed
  // after the room showed the player seated. Give the push a moment first: it has the balance.
  const wasSeated = useRef(false);
  const tableGone = isApiError(table.error) && table.error.status === 404;
  const status = table.data?.status;
  useEffect(() => {
    if (table.data) {
      tableName.current = table.data.name;
      wasPrivate.current = table.data.private !== null;
    }
    if (phase?.kind === 'waiting') wasSeated.current = true;
    else if (status !== undefined && status !== 'closed' && !tableGone) wasSeated.current = false;
    const closed = closedUnderSeatedPlayer({
      wasSeated: wasSeated.current,
      notFound: tableGone,
      status,
    });
    if (!closed) return;
    const timer = setTimeout(() => leaveClosedTable(null), CLOSED_PUSH_GRACE_MS);
    return () => clearTimeout(timer);
  }, [table.data, phase?.kind, status, tableGone, leaveClosedTable]);

  if (!Number.isInteger(id) || id <= 0 || (table.isError && !table.data)) {
    const notFound =
      !Number.isInteger(id) || (isApiError(table.error) && table.error.status === 404);
    return (
      <Container size="sm" py="xl">
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
          <Stack gap="sm" align="flex-start">
            <Text fz="sm">
              {notFound ? MSG_TABLES.notFound : (table.error?.message ?? MSG.unexpected)}
            </Text>
            <Group gap="xs">
              {!notFound && (
                <Button size="xs" onClick={() => void table.refetch()} loading={table.isFetching}>
                  Reintentar
                </Button>
              )}
              <Button size="xs" variant="default" component={Link} to="/dashboard">
                Volver a las mesas
              </Button>
            </Group>
          </Stack>
        </Alert>
      </Container>
    );
  }

  if (!table.data || !phase) {
    return <Loading py={80} label="Cargando mesa…" />;
  }

  const t: TableDetail = table.data;
  const seat = 'seat' in phase ? phase.seat : null;
  const missing = missingPlayers(t);
  const host = isHostOf(t, user?.id);
  // A private table's invitation while it waits for players (docs/product.md "Mesas privadas").
  const invitation =
    t.private !== null && (phase.kind === 'waiting' || phase.kind === 'can-join')
      ? t.private
      : null;

  /** The host cancels: every seat is refunded, the host is told and goes to the table list. */
  const cancelTable = async (code: string) => {
    try {
      const res = await cancelPrivateTable(code);
      closedHandled.current = true;
      setBalance(res.new_balance);
      notify.success(res.message);
      client.removeQueries({ queryKey: tableKey(t.id) });
      void client.invalidateQueries({ queryKey: TABLE_LIST_KEY });
      navigate('/dashboard', { replace: true });
    } catch (error) {
      notify.error(isApiError(error) ? error.message : MSG.unexpected);
      void client.invalidateQueries({ queryKey: tableKey(t.id) });
      throw error;
    }
  };

  const askJoin = () => {
    // A private table is joined through its invitation (by id it is not open to anyone else).
    if (t.private) {
      navigate(t.private.invite_path);
      return;
    }
    const check = checkJoin(user, t.entry_price);
    if (check.kind === 'login') {
      navigate(`/login?redirect=${encodeURIComponent(`/waiting-room/${t.id}`)}`);
      return;
    }
    if (check.kind === 'insufficient') {
      notify.warning(MSG.insufficientBalanceNotice);
      return;
    }
    // The dialog shows the server's balance (it may have changed on another device).
    refreshUser().catch(() => undefined);
    setAskingJoin(true);
  };

  /** Pays the entry the dialog shows (the live table's price) and takes a seat. */
  const join = async (price: number) => {
    setBusy('join');
    try {
      const res = await joinTable(t.id, price);
      setBalance(res.new_balance);
      notify.success(res.message);
      // A new seat has a new seed: never show the one of an earlier seat at this table.
      client.removeQueries({ queryKey: clientSeedKey(t.id) });
    } catch (error) {
      notifyJoinError(error, navigate);
      if (isPriceChanged(error)) notify.info('Actualizamos el precio de la mesa.');
    } finally {
      setAskingJoin(false);
      setBusy(null);
      void client.invalidateQueries({ queryKey: tableKey(t.id) });
      void client.invalidateQueries({ queryKey: TABLE_LIST_KEY });
    }
  };

  const leave = async () => {
    setBusy('leave');
    try {
      const res = await leaveTable(t.id);
      setBalance(res.new_balance);
      notify.success(res.message);
      client.removeQueries({ queryKey: TABLE_LIST_KEY });
      navigate('/dashboard');
    } catch (error) {
      notify.error(isApiError(error) ? error.message : MSG.unexpected);
      void client.invalidateQueries({ queryKey: tableKey(t.id) });
      setBusy(null);
    }
  };

  return (
    <Container
      size="md"
      py={{ base: 'md', sm: 'xl' }}
      data-testid="waiting-room"
      data-phase={phase.kind}
    >
      <Anchor
        component={Link}
        to="/dashboard"
        fz="sm"
        mb="xs"
        display="inline-flex"
        style={{ alignItems: 'center', gap: 4 }}
      >
        <IconArrowLeft size={16} aria-hidden /> Mesas
      </Anchor>
      <Group justify="space-between" align="flex-end" mb="md" gap="xs">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
            Sala de espera
          </Text>
          <Title order={1} fz={{ base: 24, sm: 32 }} data-testid="waiting-table-name">
            {t.name.trim() || `Juego ${t.id}`}
          </Title>
          <Group gap={6}>
            <Badge variant="light" color="felt" leftSection={<IconUsers size={12} aria-hidden />}>
              {modeLabel(t)}
            </Badge>
            <Badge
              variant="light"
              color="gold"
              c="gold.9"
              leftSection={<IconCoin size={12} aria-hidden />}
            >
              {t.entry_price === 0 ? 'Mesa amistosa' : `Entrada ${formatBolivares(t.entry_price)}`}
            </Badge>
            <Badge variant="light" color="gray">
              {t.turn_seconds} s por turno
            </Badge>
          </Group>
        </Stack>
        <Text
          fz="xs"
          c="dimmed"
          title={table.live ? 'Conectado en tiempo real' : 'Actualizando cada 3 s'}
        >
          <span className={roomClasses.live} data-live={table.live} aria-hidden />
          {table.live ? 'En vivo' : 'Actualizando…'}
        </Text>
      </Group>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            {invitation && (
              <InvitePanel
                invitation={invitation}
                seated={t.seats.filter((s) => s.user !== null).length}
                isHost={host}
                onCancel={() => cancelTable(invitation.invite_code)}
              />
            )}
            <SeatsTable
              table={t}
              mySeat={seat}
              countdown={phase.kind === 'countdown' ? phase.seconds : null}
            />
            {t.seats.some((s) => s.rating) && (
              <Text fz="xs" c="dimmed" data-testid="level-explainer">
                {LEVEL_MEANING} Con borde, provisional: en sus primeras 10 partidas clasificatorias
                cambia mucho.
              </Text>
            )}
            <StatusCard
              phase={phase.kind}
              reason={phase.kind === 'unavailable' ? phase.reason : null}
              missing={missing}
              entry={t.entry_price}
              isHost={host}
              busy={busy}
              onJoin={askJoin}
              onLeave={() => void leave()}
            />
            {seat !== null && (
              <TalkPanel tableId={t.id} enabled refreshKey={`${t.game_id ?? 'none'}`} />
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <Card padding="md" data-testid="waiting-rules">
              <Title order={2} fz="md" mb="xs">
                Reglas de la mesa
              </Title>
              <RulesList rules={t.rules} testId="waiting-rules-list" />
            </Card>
            <PrizeCard table={t} />
            <FairnessCard
              commitment={t.commitment}
              seated={seat !== null}
              locked={phase.kind === 'countdown' || phase.kind === 'go'}
              mine={clientSeed.data}
              onSave={async (value) => {
                const saved = await saveClientSeed(t.id, value);
                client.setQueryData(clientSeedKey(t.id), saved);
                if (saved.message) notify.success(saved.message);
                return saved;
              }}
            />
          </Stack>
        </Grid.Col>
      </Grid>
      <JoinConfirmModal
        table={askingJoin && phase.kind === 'can-join' ? t : null}
        balance={user?.balance ?? 0}
        joining={busy === 'join'}
        onConfirm={(shown) => void join(shown.entry_price)}
        onCancel={() => setAskingJoin(false)}
      />
    </Container>
  );
}

function StatusCard({
  phase,
  reason,
  missing,
  entry,
  isHost,
  busy,
  onJoin,
  onLeave,
}: {
  phase: 'waiting' | 'countdown' | 'go' | 'can-join' | 'unavailable';
  reason: 'full' | 'playing' | 'closed' | null;
  missing: number;
  entry: number;
  /** The host of a private table leaves by cancelling it (the invitation panel), not here. */
  isHost: boolean;
  busy: 'join' | 'leave' | null;
  onJoin(): void;
  onLeave(): void;
}) {
  if (phase === 'countdown' || phase === 'go') {
    return (
      <Card padding="md" data-testid="waiting-status">
        <Text fw={700} ta="center">
          ¡Mesa completa! La partida está por comenzar.
        </Text>
        <Text fz="sm" c="dimmed" ta="center">
          Te llevaremos a la mesa de juego automáticamente.
        </Text>
      </Card>
    );
  }
  if (phase === 'waiting') {
    return (
      <Card padding="md" data-testid="waiting-status">
        <Stack gap="sm">
          <div>
            <Text fw={700}>Ya tienes tu puesto. {missingPlayersText(missing)}.</Text>
            <Text fz="sm" c="dimmed">
              {isHost
                ? 'La partida empieza sola cuando la mesa se llene. Si cancelas la mesa antes, devolvemos la entrada a cada jugador.'
                : 'La partida empieza sola cuando la mesa se llene. Si sales ahora te devolvemos la entrada.'}
            </Text>
          </div>
          {!isHost && (
            <Button
              variant="outline"
              color="red"
              leftSection={<IconDoorExit size={18} aria-hidden />}
              onClick={onLeave}
              loading={busy === 'leave'}
              disabled={busy !== null}
              data-testid="waiting-leave"
              style={{ alignSelf: 'flex-start' }}
            >
              Salir de la mesa
            </Button>
          )}
        </Stack>
      </Card>
    );
  }
  if (phase === 'can-join') {
    return (
      <Card padding="md" data-testid="waiting-status">
        <Stack gap="sm">
          <div>
            <Text fw={700}>Hay puestos libres en esta mesa.</Text>
            <Text fz="sm" c="dimmed">
              {entry === 0
                ? 'Mesa amistosa: no se paga entrada.'
                : `Al unirte se descuenta la entrada de ${formatBolivares(entry)} de tu saldo.`}
            </Text>
          </div>
          <Button
            leftSection={<IconPlayerPlay size={18} aria-hidden />}
            onClick={onJoin}
            loading={busy === 'join'}
            data-testid="waiting-join"
            style={{ alignSelf: 'flex-start' }}
          >
            Unirme
          </Button>
        </Stack>
      </Card>
    );
  }
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertCircle aria-hidden />}
      data-testid="waiting-status"
    >
      <Stack gap="xs" align="flex-start">
        <Text fz="sm">{reason ? UNAVAILABLE_TEXT[reason] : MSG_TABLES.closed}</Text>
        <Button size="xs" variant="default" component={Link} to="/dashboard">
          Elegir otra mesa
        </Button>
      </Stack>
    </Alert>
  );
}
