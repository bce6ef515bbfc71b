import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Grid,
  Group,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Loading } from '../../../components/LoadState';
import {
  IconAlertCircle,
  IconClockHour4,
  IconEye,
  IconCoin,
  IconPlayerPlay,
  IconUsers,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import {
  MSG,
  MSG_PRIVATE,
  MSG_TABLES,
  plural,
  pluralWord,
  type PrivateTable,
} from '@domino/contracts';
import { JoinConfirmModal } from '../../../components/JoinConfirmModal';
import { RulesList } from '../../../components/TableRules';
import { isApiError } from '../../../lib/api';
import { keyForSubmission, type KeyedSubmission } from '../../../lib/idempotency';
import { checkJoin } from '../../../lib/join';
import { notifyJoinError } from '../../../lib/place-notice';
import { notify } from '../../../lib/notify';
import { rememberPrivateSeat } from '../../../lib/private-seat';
import { getSession, refreshUser, updateUser, useSession } from '../../../lib/session';
import { useNow } from '../../../lib/use-now';
import { invitationKey, joinByCode, useInvitation } from '../api/private';
import { clientSeedKey, tableKey } from '../api/tables';
import { PrizeCard } from '../components/PrizeCard';
import { SeatsTable } from '../components/SeatsTable';
import {
  entryPriceLabel,
  expiryText,
  minutesLeft,
  parseInviteCode,
  seatsTakenText,
} from '../lib/private-table';
import { missingPlayers, modeLabel, mySeat } from '../lib/waiting-room';

/**
 * /invitacion/:code (docs/product.md "Mesas privadas"): the page a shared link opens. A visitor
 * is sent to /login and back (RequireAuth). It shows who invites, the rules in full, the entry and
 * the prize, the seats taken and when the invitation expires; 'Unirme' opens the join
 * confirmation and POSTs /api/private-tables/{code}/join, then the waiting room. A player already
 * seated there goes straight to the room. A malformed, unknown, closed or started code gets a
 * Spanish explanation and a way back.
 */
export default function InvitationPage() {
  const { code: raw } = useParams();
  const code = parseInviteCode(raw);
  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }} data-testid="invitation">
      {code === null ? (
        <Unavailable message={MSG_PRIVATE.badCode} />
      ) : (
        <Invitation key={code} code={code} />
      )}
    </Container>
  );
}

function Unavailable({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertCircle aria-hidden />}
      role="alert"
      title="Invitación no disponible"
      data-testid="invitation-unavailable"
      maw={560}
      mx="auto"
    >
      <Stack gap="sm" align="flex-start">
        <Text fz="sm">{message}</Text>
        <Group gap="xs">
          {onRetry && (
            <Button size="xs" onClick={onRetry}>
              Reintentar
            </Button>
          )}
          <Button size="xs" variant="default" component={Link} to="/dashboard">
            Ir a las mesas
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function Invitation({ code }: { code: string }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const client = useQueryClient();
  const invitation = useInvitation(code);
  const now = useNow(15_000);
  const [confirming, setConfirming] = useState<PrivateTable | null>(null);
  const [joining, setJoining] = useState(false);
  const submission = useRef<KeyedSubmission | null>(null);

  const t = invitation.data;
  const seated = t ? mySeat(t, user?.id) !== null : false;
  // Already at this table (the host, or a second visit): the waiting room is the place.
  useEffect(() => {
    if (t && seated) navigate(`/waiting-room/${t.id}`, { replace: true });
  }, [t, seated, navigate]);

  if (invitation.isPending || (t && seated)) {
    return <Loading py={80} label="Cargando invitación…" />;
  }
  if (!t) {
    const error = invitation.error;
    const gone = isApiError(error) && (error.status === 404 || error.status === 429);
    return (
      <Unavailable
        message={error?.message ?? MSG.unexpected}
        onRetry={gone ? undefined : () => void invitation.refetch()}
      />
    );
  }

  const missing = missingPlayers(t);
  const minutes = minutesLeft(t.private.expires_at, now);

  const ask = () => {
    const check = checkJoin(user, t.entry_price);
    if (check.kind === 'login') {
      navigate(`/login?redirect=${encodeURIComponent(`/invitacion/${code}`)}`);
      return;
    }
    // The dialog shows the server's balance; with too little it offers 'Recargar saldo'.
    refreshUser().catch(() => undefined);
    setConfirming(t);
  };

  const join = async (shown: PrivateTable) => {
    const fingerprint = JSON.stringify({ code, entry_price: shown.entry_price });
    submission.current = keyForSubmission(submission.current, fingerprint);
    setJoining(true);
    try {
      const res = await joinByCode(code, shown.entry_price, submission.current.key);
      const current = getSession().user;
      if (current) {
        updateUser({ ...current, balance: res.new_balance });
        rememberPrivateSeat({ userId: current.id, tableId: shown.id });
      }
      notify.success(res.message);
      setConfirming(null);
      client.removeQueries({ queryKey: clientSeedKey(shown.id) });
      void client.invalidateQueries({ queryKey: tableKey(shown.id) });
      navigate(`/waiting-room/${shown.id}`);
    } catch (error) {
      setConfirming(null);
      notifyJoinError(error, navigate);
      void client.invalidateQueries({ queryKey: invitationKey(code) });
    } finally {
      setJoining(false);
    }
  };

  return (
    <>
      <Stack gap={4} mb="md">
        <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
          Invitación a una mesa privada
        </Text>
        <Title order={1} fz={{ base: 24, sm: 32 }} data-testid="invitation-table-name">
          {t.name}
        </Title>
        <Text fz="sm" data-testid="invitation-host">
          Te invita <b>{t.private.host.name}</b> · código{' '}
          <Text span ff="monospace" fw={700}>
            {t.private.invite_code}
          </Text>
        </Text>
        <Group gap={6} mt={4}>
          <Badge variant="light" color="felt" leftSection={<IconUsers size={12} aria-hidden />}>
            {modeLabel(t)}
          </Badge>
          <Badge
            variant="light"
            color="gold"
            c="gold.9"
            leftSection={<IconCoin size={12} aria-hidden />}
            data-testid="invitation-entry"
          >
            Entrada {entryPriceLabel(t.entry_price)}
          </Badge>
          <Badge variant="light" color="gray" data-testid="invitation-seats">
            Sentados: {seatsTakenText(t)}
          </Badge>
        </Group>
      </Stack>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <Card padding="md" data-testid="invitation-action">
              <Stack gap="sm">
                {missing > 0 ? (
                  <>
                    <Text fw={700}>
                      {`${pluralWord(missing, 'Queda', 'Quedan')} ${plural(missing, 'puesto libre', 'puestos libres')}.`}
                    </Text>
                    <Text fz="sm" c="dimmed">
                      {t.entry_price === 0
                        ? 'Mesa amistosa: no se paga entrada.'
                        : 'La entrada se descuenta de tu saldo cuando confirmas. Si sales antes de que empiece la partida, te la devolvemos.'}
                    </Text>
                    <Button
                      size="md"
                      leftSection={<IconPlayerPlay size={18} aria-hidden />}
                      onClick={ask}
                      loading={joining}
                      data-testid="invitation-join"
                    >
                      Unirme
                    </Button>
                  </>
                ) : (
                  <>
                    <Text fz="sm">{MSG_TABLES.full}</Text>
                    {/* The host lets anyone with the invitation watch (decision 022). */}
                    {t.game_id && t.private.allow_spectators && (
                      <Button
                        size="md"
                        variant="light"
                        leftSection={<IconEye size={18} aria-hidden />}
                        component={Link}
                        to={`/partida/${t.game_id}/ver?code=${encodeURIComponent(t.private.invite_code)}`}
                        data-testid="invitation-watch"
                      >
                        Ver la partida
                      </Button>
                    )}
                  </>
                )}
                {minutes !== null && (
                  <Group gap={6} wrap="nowrap" data-testid="invitation-expiry">
                    <IconClockHour4 size={16} color="var(--mantine-color-dimmed)" aria-hidden />
                    <Text fz="xs" c="dimmed">
                      {expiryText(minutes)} si la mesa no se completa.
                    </Text>
                  </Group>
                )}
              </Stack>
            </Card>
            <SeatsTable table={t} mySeat={null} countdown={null} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <PrizeCard table={t} />
            <Card padding="md" data-testid="invitation-rules">
              <Title order={2} fz="md" mb="xs">
                Reglas de la mesa
              </Title>
              <RulesList rules={t.rules} testId="invitation-rules-list" />
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>

      <JoinConfirmModal
        table={confirming}
        balance={user?.balance ?? 0}
        joining={joining}
        onConfirm={() => {
          if (confirming) void join(confirming);
        }}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
