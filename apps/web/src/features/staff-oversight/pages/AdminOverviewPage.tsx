import { useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  List,
  Loader,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAdjustmentsDollar,
  IconAlertCircle,
  IconArrowRight,
  IconCashBanknote,
  IconCircleCheck,
  IconPlayCard,
  IconRefresh,
  IconScale,
  IconTrophy,
  IconWallet,
} from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import type { AdminDashboard, LedgerCheck } from '@domino/contracts';
import { isApiError } from '../../../lib/api';
import { formatBolivares, formatCaracasDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useAdminDashboard, useLedgerCheck } from '../api/console';
import { sinceText } from '../lib/overview';
import { StatCard } from '../components/StatCard';

const monthFormat = new Intl.DateTimeFormat('es-VE', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'YYYY-MM' -> "noviembre de 2026". */
function monthText(month: string): string {
  const [y, m] = month.split('-').map(Number);
  if (!y || !m) return month;
  return monthFormat.format(new Date(Date.UTC(y, m - 1, 1)));
}

/** 'YYYY-MM-DD' -> "21/11/2026". */
function dayText(day: string): string {
  const [y, m, d] = day.split('-');
  return y && m && d ? `${d}/${m}/${y}` : day;
}

/**
 * /admin: the platform at a glance (GET /api/admin/dashboard, refreshed every 30 s): pending
 * queues, today's volume (Caracas day), house fees, the month's pot, matches in progress, the last
 * ledger consistency check with a "Verificar ahora" button, and a shortcut to a balance
 * adjustment.
 */
export default function AdminOverviewPage() {
  const dashboard = useAdminDashboard();

  return (
    <Stack gap="lg" data-testid="admin-overview">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} fz={{ base: 20, sm: 24 }}>
          Resumen
        </Title>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={() => void dashboard.refetch()}
          loading={dashboard.isFetching}
        >
          Actualizar
        </Button>
      </Group>
      {dashboard.isPending ? (
        <Center py={56} role="status">
          <Loader type="dots" />
        </Center>
      ) : dashboard.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
          {dashboard.error.message}
        </Alert>
      ) : (
        <Overview data={dashboard.data} />
      )}
      {/* Under the summary once it is drawn, never under its loader first and pushed down after
          (docs/decisions/080-pages-hold-still-while-loading.md). */}
      {!dashboard.isPending && <AdjustmentShortcut />}
    </Stack>
  );
}

function Overview({ data }: { data: AdminDashboard }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <PendingCard
          testId="pending-recharges"
          icon={<IconWallet size={22} aria-hidden />}
          label="Recargas pendientes"
          count={data.pending.recharges.count}
          amount={data.pending.recharges.amount}
          to="/admin/recargas"
          action="Revisar recargas"
        />
        <PendingCard
          testId="pending-withdrawals"
          icon={<IconCashBanknote size={22} aria-hidden />}
          label="Retiros pendientes"
          count={data.pending.withdrawals.count}
          amount={data.pending.withdrawals.amount}
          to="/admin/retiros"
          action="Pagar retiros"
        />
      </SimpleGrid>

      <Stack gap="xs">
        <Title order={3} fz="md">
          Hoy, {dayText(data.today.date)}
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <StatCard
            label="Recargas aprobadas"
            value={formatBolivares(data.today.recharges_approved.amount)}
            hint={`${data.today.recharges_approved.count} operaciones`}
            testId="today-recharges"
          />
          <StatCard
            label="Retiros pagados"
            value={formatBolivares(data.today.withdrawals_paid.amount)}
            hint={`${data.today.withdrawals_paid.count} operaciones`}
            testId="today-withdrawals"
          />
          <StatCard
            label="Entradas a mesas"
            value={formatBolivares(data.today.entries.amount)}
            hint={`${data.today.entries.count} entradas (sin devoluciones)`}
            testId="today-entries"
          />
          <StatCard
            label="Comisión de la casa"
            value={formatBolivares(data.house_fees.today)}
            hint={`Total acumulado ${formatBolivares(data.house_fees.total)}`}
            testId="today-fees"
          />
        </SimpleGrid>
      </Stack>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Card padding="lg" data-testid="dashboard-pot">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon size={44} radius="md" variant="light" color="gold">
              <IconTrophy size={22} aria-hidden />
            </ThemeIcon>
            <Stack gap={2}>
              <Text fz="sm" c="dimmed" fw={600}>
                Pote de {monthText(data.pot.month)}
              </Text>
              <Text fz={26} fw={800} lh={1.1}>
                {formatBolivares(data.pot.amount)}
              </Text>
              <Text fz="xs" c="dimmed">
                Se reparte al cierre del mes entre los mejores del ranking.
              </Text>
            </Stack>
          </Group>
        </Card>
        <LedgerCard check={data.ledger_check} />
      </SimpleGrid>

      <Card padding="lg" data-testid="dashboard-matches">
        <Group gap="xs" mb="sm" wrap="nowrap">
          <ThemeIcon variant="light" color="felt" size="lg" radius="md">
            <IconPlayCard size={20} aria-hidden />
          </ThemeIcon>
          <Title order={3} fz="md">
            Partidas en curso ({data.matches.length})
          </Title>
        </Group>
        {data.matches.length === 0 ? (
          <Text fz="sm" c="dimmed">
            No hay partidas con dinero en curso.
          </Text>
        ) : (
          <Stack gap="xs">
            {data.matches.map((m) => (
              <Stack
                key={m.game_id}
                gap={0}
                py={6}
                style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
                data-testid="dashboard-match"
              >
                <Text fw={700} fz="sm">
                  {m.table_name}
                </Text>
                <Text fz="xs" c="dimmed">
                  {m.players.join(' · ')}
                </Text>
                <Text fz="xs">
                  Entrada {formatBolivares(m.entry)}
                  {m.started_at ? ` · desde ${formatCaracasDateTime(m.started_at)}` : ''}
                </Text>
              </Stack>
            ))}
          </Stack>
        )}
      </Card>
    </>
  );
}

function LedgerCard({ check }: { check: LedgerCheck | null }) {
  const run = useLedgerCheck();
  const verify = () =>
    run.mutate(undefined, {
      onSuccess: (r) =>
        r.ok
          ? notify.success('Libro mayor consistente')
          : notify.error('El libro mayor tiene inconsistencias'),
      onError: (e) => notify.error(isApiError(e) ? e.message : 'No se pudo verificar.'),
    });
  return (
    <Card padding="lg" data-testid="dashboard-ledger">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon
          size={44}
          radius="md"
          variant="light"
          color={check === null ? 'gray' : check.ok ? 'green' : 'red'}
        >
          {check?.ok ? (
            <IconCircleCheck size={22} aria-hidden />
          ) : (
            <IconScale size={22} aria-hidden />
          )}
        </ThemeIcon>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6}>
            <Text fz="sm" c="dimmed" fw={600}>
              Libro mayor
            </Text>
            {check && (
              <Badge color={check.ok ? 'green' : 'red'} variant="light" data-testid="ledger-status">
                {check.ok ? 'Consistente' : 'Con errores'}
              </Badge>
            )}
          </Group>
          {check === null ? (
            <Text fz="sm">Aún no se ha verificado.</Text>
          ) : (
            <>
              <Text fz="xs" c="dimmed">
                {formatCaracasDateTime(check.checked_at)} ({sinceText(check.checked_at)})
                {check.checked_by ? ` · ${check.checked_by}` : ''} · {check.duration_ms} ms
              </Text>
              {check.ok ? (
                <Text fz="sm">
                  Cada saldo coincide con sus movimientos, cada transacción suma cero y el total es
                  Bs. 0,00.
                </Text>
              ) : (
                <List size="sm" c="red" data-testid="ledger-problems">
                  {check.problems.map((p) => (
                    <List.Item key={p}>{p}</List.Item>
                  ))}
                </List>
              )}
            </>
          )}
          <Button
            mt={4}
            size="xs"
            variant="light"
            leftSection={<IconScale size={14} aria-hidden />}
            onClick={verify}
            loading={run.isPending}
            style={{ alignSelf: 'flex-start' }}
            data-testid="ledger-verify"
          >
            Verificar ahora
          </Button>
        </Stack>
      </Group>
    </Card>
  );
}

function PendingCard({
  icon,
  label,
  count,
  amount,
  to,
  action,
  testId,
}: {
  icon: ReactNode;
  label: string;
  count: number;
  amount: number;
  to: string;
  action: string;
  testId: string;
}) {
  return (
    <Card padding="lg" data-testid={testId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Text fz="sm" c="dimmed" fw={600}>
            {label}
          </Text>
          <Text fz={36} fw={800} lh={1} data-testid={`${testId}-count`}>
            {count}
          </Text>
          <Text fz="xs" c="dimmed">
            Total {formatBolivares(amount)}
          </Text>
        </Stack>
        <ThemeIcon size={44} radius="md" variant="light" color={count ? 'gold' : 'felt'}>
          {icon}
        </ThemeIcon>
      </Group>
      <Button
        component={Link}
        to={to}
        mt="md"
        variant={count ? 'filled' : 'light'}
        rightSection={<IconArrowRight size={16} aria-hidden />}
        fullWidth
      >
        {action}
      </Button>
    </Card>
  );
}

function AdjustmentShortcut() {
  const navigate = useNavigate();
  const [userId, setUserId] = useState<string | number>('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = Number(userId);
    navigate(
      Number.isSafeInteger(id) && id > 0 ? `/admin/usuarios/${id}/ajuste` : '/admin/ajustes',
    );
  };
  return (
    <Card padding="lg">
      <Group gap="xs" mb="sm" wrap="nowrap">
        <ThemeIcon variant="light" color="felt" size="lg" radius="md">
          <IconAdjustmentsDollar size={20} aria-hidden />
        </ThemeIcon>
        <Title order={3} fz="md">
          Ajuste de saldo
        </Title>
      </Group>
      <Text fz="sm" c="dimmed" mb="sm">
        Corrige el saldo de un jugador con un crédito o débito, siempre con un motivo. Queda
        registrado en la auditoría. Para buscar al jugador, usa{' '}
        <Text component={Link} to="/admin/usuarios" fz="sm" c="felt.7" fw={600}>
          Usuarios
        </Text>
        .
      </Text>
      <form onSubmit={submit}>
        <Group align="flex-end" gap="sm">
          <NumberInput
            label="ID del jugador"
            value={userId}
            onChange={setUserId}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            hideControls
            w={180}
            size="sm"
          />
          <Button type="submit" variant="light">
            Ajustar saldo
          </Button>
        </Group>
      </form>
    </Card>
  );
}
