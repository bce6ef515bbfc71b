import { useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import {
  IconAdjustmentsDollar,
  IconAlertCircle,
  IconArrowLeft,
  IconFileSpreadsheet,
  IconHistory,
  IconLockOpen,
  IconReceipt,
  IconShieldLock,
  IconUserOff,
} from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import {
  MSG,
  TRANSACTION_TYPE_LABELS,
  transactionStatusLabel,
  type AdminUserDetail,
} from '@domino/contracts';
import { isApiError } from '../../../lib/api';
import { RiskAccountPanel } from '../components/RiskAccountPanel';
import { formatBolivares, formatCaracasDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import {
  useAdminUser,
  useAdminUserMatches,
  useAdminUserTransactions,
  useStatusChange,
} from '../api/users';
import { downloadUserLedgerCsv } from '../api/users';
import { Pager } from '../../../components/staff/Pager';
import { reasonProblem } from '../../../lib/staff/requests';
import { caracasToday } from '../../../lib/staff/csv';
import { auditActionLabel } from '../../../lib/staff/audit';
import { documentText, toSearch } from '../../../lib/staff/console';
import { userStatusColor, userStatusLabel } from '../lib/users';
import { PlayerResponsibleLine } from '../components/PlayerResponsibleLine';
import { useRiskMarks } from '../api/risk';
import { usePlayerResponsible } from '../api/responsible';

const formatDate = (iso: string) => formatCaracasDateTime(iso).slice(0, 10);

/**
 * /admin/usuarios/:id: a user's profile, balance, seat, last status change, transactions and
 * matches; suspend or reactivate with a reason; links to a balance adjustment and to the user's
 * audit trail. The page shows its loader until the profile and the two panels drawn above the
 * balance card (risk marks, responsible gaming) have answered, so nothing moves under a finger once
 * the buttons are on the screen (docs/decisions/080-pages-hold-still-while-loading.md).
 */
export default function AdminUserPage() {
  const id = Number(useParams().id);
  const detail = useAdminUser(id);
  // Same query keys as the panels' own hooks: one request each, answered once for both.
  const risk = useRiskMarks(id);
  const responsible = usePlayerResponsible(id);
  const pending = detail.isPending || risk.isPending || responsible.isPending;

  return (
    <Stack gap="md" data-testid="admin-user">
      <Anchor component={Link} to="/admin/usuarios" fz="sm" c="felt.7">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden /> Usuarios
        </Group>
      </Anchor>
      {pending ? (
        <Center py={56} role="status">
          <Loader type="dots" />
        </Center>
      ) : detail.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
          {detail.error.message}
        </Alert>
      ) : (
        <UserView detail={detail.data} />
      )}
    </Stack>
  );
}

/** Downloads every posting of the user's wallet as CSV, for disputes (decision 034). */
function ExportLedgerButton({ userId }: { userId: number }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadUserLedgerCsv(userId, caracasToday());
    } catch (e) {
      notify.error(isApiError(e) ? e.message : 'No se pudo descargar el archivo.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      size="xs"
      mt="xs"
      loading={busy}
      onClick={() => void run()}
      leftSection={<IconFileSpreadsheet size={14} aria-hidden />}
      data-testid="admin-user-export"
    >
      Exportar movimientos (CSV)
    </Button>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text fz="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

function UserView({ detail }: { detail: AdminUserDetail }) {
  const { user, seat, last_status_change: change } = detail;
  const me = useSession().user;
  const [modal, setModal] = useState<'suspend' | 'reactivate' | null>(null);
  const isStaff = user.rol === 'admin';
  const isSelf = me?.id === user.id;

  return (
    <>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap={8}>
            <Title order={2} fz={{ base: 20, sm: 24 }} data-testid="admin-user-name">
              {user.name}
            </Title>
            <Badge
              color={userStatusColor(user.status)}
              variant="light"
              data-testid="admin-user-status"
            >
              {userStatusLabel(user.status)}
            </Badge>
            {isStaff && (
              <Badge color="gold" c="dark.9" leftSection={<IconShieldLock size={12} />}>
                Personal
              </Badge>
            )}
          </Group>
          <Text fz="sm" c="dimmed">
            Usuario #{user.id} · @{user.username}
          </Text>
        </Stack>
        <Group gap="xs">
          {user.status === 'activo' ? (
            <Button
              color="red"
              variant="light"
              leftSection={<IconUserOff size={16} aria-hidden />}
              onClick={() => setModal('suspend')}
              disabled={isStaff || isSelf}
              title={isStaff ? 'No se puede suspender a un miembro del personal.' : undefined}
              data-testid="admin-user-suspend"
            >
              Suspender
            </Button>
          ) : (
            <Button
              color="green"
              leftSection={<IconLockOpen size={16} aria-hidden />}
              onClick={() => setModal('reactivate')}
              data-testid="admin-user-reactivate"
            >
              Reactivar
            </Button>
          )}
        </Group>
      </Group>

      {!isStaff && <RiskAccountPanel userId={user.id} name={user.name} status={user.status} />}

      {user.status === 'suspendido' && change?.action === 'user.suspend' && (
        <Alert
          color="red"
          variant="light"
          icon={<IconUserOff aria-hidden />}
          data-testid="admin-user-suspension"
        >
          Suspendida el {formatCaracasDateTime(change.at)} por {change.by}. Motivo: {change.reason}
        </Alert>
      )}

      <PlayerResponsibleLine userId={user.id} />

      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Card padding="lg">
          <Text fz="xs" c="dimmed" fw={600}>
            Saldo
          </Text>
          <Text fz={28} fw={800} data-testid="admin-user-balance">
            {formatBolivares(user.balance)}
          </Text>
          <Button
            component={Link}
            to={`/admin/usuarios/${user.id}/ajuste`}
            variant="light"
            size="xs"
            mt="xs"
            leftSection={<IconAdjustmentsDollar size={14} aria-hidden />}
            data-testid="admin-user-adjust"
          >
            Ajustar saldo
          </Button>
          <ExportLedgerButton userId={user.id} />
        </Card>
        <Card padding="lg">
          <Text fz="xs" c="dimmed" fw={600}>
            Puntos
          </Text>
          <Text fz={28} fw={800}>
            {user.points}
          </Text>
          <Text fz="xs" c="dimmed">
            Miembro desde {formatDate(user.created_at)}
          </Text>
        </Card>
        <Card padding="lg">
          <Text fz="xs" c="dimmed" fw={600}>
            Mesa
          </Text>
          {seat ? (
            <>
              <Text fw={700}>{seat.table_name}</Text>
              <Text fz="xs" c="dimmed">
                {seat.playing ? 'Jugando una partida' : 'Esperando que empiece la partida'}
              </Text>
            </>
          ) : (
            <Text fz="sm" c="dimmed">
              No está sentado en ninguna mesa.
            </Text>
          )}
        </Card>
      </SimpleGrid>

      <Card padding="lg">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          <Field label="Correo electrónico">{user.email}</Field>
          <Field label="Cédula">
            {documentText(user.type_identification, user.n_identification)}
          </Field>
          <Field label="Teléfono">{user.phone}</Field>
          <Field label="Rol">{user.rol === 'admin' ? 'Administrador' : 'Jugador'}</Field>
          <Field label="Fecha de registro">{formatCaracasDateTime(user.created_at)}</Field>
          <Field label="Última actualización">{formatCaracasDateTime(user.updated_at)}</Field>
        </SimpleGrid>
        {change && (
          <Text fz="xs" c="dimmed" mt="sm">
            Último cambio de estado: {auditActionLabel(change.action)} (
            {formatCaracasDateTime(change.at)}, {change.by}).{' '}
            <Anchor
              component={Link}
              to={`/admin/auditoria${toSearch({ target_type: 'user', target_id: user.id })}`}
              fz="xs"
            >
              Ver auditoría
            </Anchor>
          </Text>
        )}
      </Card>

      <Tabs defaultValue="transactions" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="transactions" leftSection={<IconReceipt size={14} aria-hidden />}>
            Movimientos
          </Tabs.Tab>
          <Tabs.Tab value="matches" leftSection={<IconHistory size={14} aria-hidden />}>
            Partidas
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="transactions" pt="sm">
          <Transactions userId={user.id} />
        </Tabs.Panel>
        <Tabs.Panel value="matches" pt="sm">
          <Matches userId={user.id} />
        </Tabs.Panel>
      </Tabs>

      <StatusChangeModal
        userId={user.id}
        name={user.name}
        action={modal}
        onClose={() => setModal(null)}
      />
    </>
  );
}

function Transactions({ userId }: { userId: number }) {
  const [page, setPage] = useState(1);
  const q = useAdminUserTransactions(userId, page);
  if (q.isPending) return <Loader type="dots" size="sm" />;
  if (q.isError)
    return (
      <Text c="red" fz="sm">
        {q.error.message}
      </Text>
    );
  if (q.data.total === 0)
    return (
      <Text c="dimmed" fz="sm">
        Sin movimientos.
      </Text>
    );
  return (
    <Stack gap="xs" data-testid="admin-user-transactions">
      {q.data.transactions.map((t) => (
        <Card key={t.id} padding="sm" withBorder>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fz="sm" fw={600}>
                {TRANSACTION_TYPE_LABELS[t.type_transaction]} · {t.id}
              </Text>
              <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {t.description}
              </Text>
              <Text fz="xs" c="dimmed">
                {formatCaracasDateTime(t.created_at)} · {transactionStatusLabel(t.status)}
              </Text>
            </Stack>
            <Text
              fz="sm"
              fw={700}
              c={t.direction === 'credit' ? 'green.8' : 'red.7'}
              style={{ whiteSpace: 'nowrap' }}
            >
              {t.direction === 'credit' ? '+' : '−'}
              {formatBolivares(t.amount)}
            </Text>
          </Group>
        </Card>
      ))}
      <Pager page={page} perPage={q.data.per_page} total={q.data.total} onChange={setPage} />
    </Stack>
  );
}

function Matches({ userId }: { userId: number }) {
  const [page, setPage] = useState(1);
  const q = useAdminUserMatches(userId, page);
  if (q.isPending) return <Loader type="dots" size="sm" />;
  if (q.isError)
    return (
      <Text c="red" fz="sm">
        {q.error.message}
      </Text>
    );
  if (q.data.total === 0)
    return (
      <Text c="dimmed" fz="sm">
        Sin partidas con dinero terminadas.
      </Text>
    );
  return (
    <Stack gap="xs" data-testid="admin-user-matches">
      {q.data.matches.map((m) => (
        <Card key={m.game_id} padding="sm" withBorder>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Group gap={6}>
                <Text fz="sm" fw={600}>
                  {m.table.name}
                </Text>
                <Badge size="sm" color={m.result === 'victoria' ? 'green' : 'gray'} variant="light">
                  {m.result === 'victoria' ? 'Victoria' : 'Derrota'}
                </Badge>
              </Group>
              <Text fz="xs" c="dimmed">
                {m.scores.mine} – {m.scores.theirs} · con {m.partners.join(', ') || '—'} contra{' '}
                {m.opponents.join(', ')}
              </Text>
              <Text fz="xs" c="dimmed">
                {formatCaracasDateTime(m.finished_at)} · entrada {formatBolivares(m.entry)}
              </Text>
            </Stack>
            <Text
              fz="sm"
              fw={700}
              c={m.amount >= 0 ? 'green.8' : 'red.7'}
              style={{ whiteSpace: 'nowrap' }}
            >
              {m.amount >= 0 ? '+' : '−'}
              {formatBolivares(Math.abs(m.amount))}
            </Text>
          </Group>
        </Card>
      ))}
      <Pager page={page} perPage={q.data.per_page} total={q.data.total} onChange={setPage} />
    </Stack>
  );
}

function StatusChangeModal({
  userId,
  name,
  action,
  onClose,
}: {
  userId: number;
  name: string;
  action: 'suspend' | 'reactivate' | null;
  onClose(): void;
}) {
  return (
    <Modal
      opened={action !== null}
      onClose={onClose}
      title={action === 'reactivate' ? `Reactivar a ${name}` : `Suspender a ${name}`}
      centered
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {action && <StatusChangeForm userId={userId} action={action} onDone={onClose} />}
    </Modal>
  );
}

function StatusChangeForm({
  userId,
  action,
  onDone,
}: {
  userId: number;
  action: 'suspend' | 'reactivate';
  onDone(): void;
}) {
  const mutation = useStatusChange();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = reasonProblem(reason.trim());
    setError(problem);
    if (problem || mutation.isPending) return;
    mutation.mutate(
      { id: userId, action, reason: reason.trim() },
      {
        onSuccess: (res) => {
          const refund = res.left_table
            ? ` Se le devolvió la entrada de ${formatBolivares(res.left_table.refund)}.`
            : '';
          notify.success(`${res.message}.${refund}`);
          onDone();
        },
        onError: (e) => {
          if (isApiError(e) && e.fieldErrors.reason) setError(e.fieldErrors.reason[0] ?? null);
          else setFormError(isApiError(e) ? e.message : MSG.unexpected);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text fz="sm">
          {action === 'suspend'
            ? 'El jugador no podrá iniciar sesión y su sesión abierta se cerrará de inmediato. Si espera en una mesa que no ha empezado, se le saca y se le devuelve la entrada.'
            : 'El jugador podrá volver a iniciar sesión con su contraseña.'}
        </Text>
        <Textarea
          label="Motivo"
          value={reason}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setError(null);
            setFormError(null);
          }}
          autosize
          minRows={2}
          maxLength={500}
          error={error}
          required
          data-autofocus
          data-testid="status-reason"
        />
        {formError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancelar
          </Button>
          <Button
            type="submit"
            color={action === 'suspend' ? 'red' : 'green'}
            loading={mutation.isPending}
            data-testid="status-confirm"
          >
            {action === 'suspend' ? 'Suspender cuenta' : 'Reactivar cuenta'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
