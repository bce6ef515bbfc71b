import { useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  List,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconChevronLeft,
  IconChevronRight,
  IconCircleCheck,
  IconCurrencyDollar,
  IconDownload,
  IconScale,
} from '@tabler/icons-react';
import { formatIsoDay, type BcvRate, type DailyReport } from '@domino/contracts';
import { isApiError } from '../../../lib/api';
import { formatBolivares, formatCaracasDateTime, monthLabel } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import {
  downloadDailyReportCsv,
  useBcvRates,
  useDailyReport,
  useSaveBcvRate,
} from '../api/reports';
import { caracasToday } from '../../../lib/staff/csv';
import { operations, shiftDay, signedBolivares } from '../lib/reports';
import { StatCard } from '../components/StatCard';

/**
 * /admin/informe: the daily report of a Caracas calendar day (GET /api/admin/reports/daily):
 * recharges, withdrawals, house fees, the monthly pot, escrow, what the platform owes players,
 * and the check that the ledger squares ("Cuadra" / "No cuadra" with the difference), with its
 * CSV export; below, the BCV reference rate form and history. Decision 034.
 */
export default function AdminDailyReportPage() {
  const today = caracasToday();
  const [date, setDate] = useState(today);
  const report = useDailyReport(date);
  const [downloading, setDownloading] = useState(false);

  const exportCsv = async () => {
    setDownloading(true);
    try {
      await downloadDailyReportCsv(date);
    } catch (e) {
      notify.error(isApiError(e) ? e.message : 'No se pudo descargar el informe.');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="lg" data-testid="admin-daily-report">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2} fz={{ base: 20, sm: 24 }}>
          Informe diario
        </Title>
        <Group gap={6} wrap="nowrap" align="flex-end">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Día anterior"
            onClick={() => setDate(shiftDay(date, -1))}
          >
            <IconChevronLeft size={18} />
          </ActionIcon>
          <TextInput
            type="date"
            aria-label="Día del informe"
            value={date}
            max={today}
            onChange={(e) => e.currentTarget.value && setDate(e.currentTarget.value)}
            data-testid="report-date"
            w={150}
          />
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Día siguiente"
            disabled={date >= today}
            onClick={() => setDate(shiftDay(date, 1))}
          >
            <IconChevronRight size={18} />
          </ActionIcon>
          <Button
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void exportCsv()}
            loading={downloading}
            data-testid="report-csv"
            visibleFrom="xs"
          >
            Exportar CSV
          </Button>
        </Group>
      </Group>
      <Button
        leftSection={<IconDownload size={16} aria-hidden />}
        onClick={() => void exportCsv()}
        loading={downloading}
        hiddenFrom="xs"
        variant="light"
      >
        Exportar CSV
      </Button>

      {report.isPending ? (
        <Center py={56} role="status">
          <Loader type="dots" />
        </Center>
      ) : report.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
          {report.error.message}
        </Alert>
      ) : (
        <Report data={report.data} />
      )}

      {/* Under the report once it is drawn, not under its loader first (docs/decisions/080-pages-hold-still-while-loading.md). */}
      {!report.isPending && <BcvRateCard today={today} />}
    </Stack>
  );
}

function Report({ data }: { data: DailyReport }) {
  return (
    <>
      <CheckBanner data={data} />
      <Text fz="sm" c="dimmed" mt={-8}>
        Día {formatIsoDay(data.date)}, hora de Caracas
        {data.complete ? '' : ' · día en curso: cifras hasta ahora'}.
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
        <StatCard
          testId="report-recharges"
          label="Recargas aprobadas"
          value={formatBolivares(data.recharges.amount)}
          hint={operations(data.recharges.count)}
        />
        <StatCard
          testId="report-withdrawals-paid"
          label="Retiros pagados"
          value={formatBolivares(data.withdrawals.paid.amount)}
          hint={`${operations(data.withdrawals.paid.count)} · ${data.withdrawals.requested.count} solicitados`}
        />
        <StatCard
          testId="report-withdrawals-pending"
          label="Retiros pendientes al cierre"
          value={formatBolivares(data.withdrawals.pending.amount)}
          hint={`${data.withdrawals.pending.count} por pagar`}
        />
        <StatCard
          testId="report-house-fees"
          label="Comisiones cobradas"
          value={formatBolivares(data.house_fees.collected)}
          hint={`Acumulado ${formatBolivares(data.house_fees.balance)}`}
        />
        <StatCard
          testId="report-pot"
          label={`Pote de ${monthLabel(data.pot.month)}`}
          value={formatBolivares(data.pot.month_balance)}
          hint={`Movimientos del día ${signedBolivares(
            data.pot.movements.reduce((s, m) => s + m.amount, 0),
          )}`}
        />
        <StatCard
          testId="report-escrow"
          label="En custodia"
          value={formatBolivares(data.escrow.tables + data.escrow.tournaments)}
          hint={`Mesas ${formatBolivares(data.escrow.tables)} · Torneos ${formatBolivares(data.escrow.tournaments)}`}
        />
        <StatCard
          testId="report-owed"
          label="Adeudado a jugadores"
          value={formatBolivares(data.owed.closing)}
          hint={`Al abrir ${formatBolivares(data.owed.opening)}`}
        />
      </SimpleGrid>

      <Card padding="lg" data-testid="report-statement">
        <Title order={3} fz="md" mb="xs">
          Saldos de jugadores en el día
        </Title>
        <Table fz="sm" verticalSpacing={6}>
          <Table.Tbody>
            <Row label="Saldos al abrir" value={formatBolivares(data.owed.opening)} strong />
            {data.wallet_statement.map((l) => (
              <Row
                key={l.kind}
                label={`${l.label} (${l.count})`}
                value={signedBolivares(l.amount)}
              />
            ))}
            <Row label="Saldos al cierre" value={formatBolivares(data.owed.closing)} strong />
          </Table.Tbody>
        </Table>
      </Card>

      <Card padding="lg" data-testid="report-accounts">
        <Title order={3} fz="md" mb="xs">
          Cuadre por cuenta
        </Title>
        <Table.ScrollContainer minWidth={560}>
          <Table fz="sm" verticalSpacing={6} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Cuenta</Table.Th>
                <Table.Th ta="right">Apertura</Table.Th>
                <Table.Th ta="right">Movimientos</Table.Th>
                <Table.Th ta="right">Cierre</Table.Th>
                <Table.Th ta="right">Diferencia</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.accounts.map((a) => (
                <Table.Tr key={a.kind}>
                  <Table.Td>{a.label}</Table.Td>
                  <Table.Td ta="right">{formatBolivares(a.opening)}</Table.Td>
                  <Table.Td ta="right">{signedBolivares(a.movements)}</Table.Td>
                  <Table.Td ta="right">{formatBolivares(a.closing)}</Table.Td>
                  <Table.Td ta="right" c={a.difference === 0 ? undefined : 'red'} fw={700}>
                    {formatBolivares(a.difference)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text fz="xs" c="dimmed" mt="xs">
          Apertura y cierre son los saldos registrados en el libro mayor; movimientos, la suma de
          los asientos del día. Las cuentas externas (Pago Móvil, ajustes) llevan signo negativo
          cuando el dinero entró a la plataforma.
        </Text>
      </Card>
    </>
  );
}

function CheckBanner({ data }: { data: DailyReport }) {
  const { check } = data;
  return (
    <Alert
      color={check.ok ? 'green' : 'red'}
      variant="light"
      icon={check.ok ? <IconCircleCheck aria-hidden /> : <IconScale aria-hidden />}
      title={
        <Group gap="xs">
          <span data-testid="report-check">{check.label}</span>
          {!check.ok && (
            <Badge color="red" variant="filled" data-testid="report-difference">
              Diferencia {formatBolivares(check.difference)}
            </Badge>
          )}
        </Group>
      }
    >
      {check.ok ? (
        <Text fz="sm">
          Cada cuenta pasa de su apertura a su cierre con los asientos del día, los saldos suman
          cero y todas las transacciones están balanceadas.
        </Text>
      ) : (
        <List fz="sm" spacing={4}>
          {check.problems.map((p) => (
            <List.Item key={p}>{p}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Table.Tr>
      <Table.Td fw={strong ? 700 : undefined}>{label}</Table.Td>
      <Table.Td ta="right" fw={strong ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Table.Td>
    </Table.Tr>
  );
}

/** The BCV rate: record the day's rate (or correct a recorded one) and the history. */
function BcvRateCard({ today }: { today: string }) {
  const rates = useBcvRates();
  const save = useSaveBcvRate();
  const [date, setDate] = useState(today);
  const [rate, setRate] = useState('');
  const [errors, setErrors] = useState<{ date?: string; rate?: string }>({});
  const recorded = rates.data?.rates ?? [];
  const correcting = recorded.some((r) => r.date === date);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    save.mutate(
      { input: { date, rate }, correct: correcting },
      {
        onSuccess: (out) => {
          notify.success(`${out.message}: ${out.rate.rate} Bs./US$`);
          setRate('');
        },
        onError: (err) => {
          if (isApiError(err) && Object.keys(err.fieldErrors).length > 0)
            setErrors({ date: err.fieldErrors.date?.[0], rate: err.fieldErrors.rate?.[0] });
          else notify.error(isApiError(err) ? err.message : 'No se pudo guardar la tasa.');
        },
      },
    );
  };

  const edit = (r: BcvRate) => {
    setDate(r.date);
    setRate(r.rate);
    setErrors({});
  };

  return (
    <Card padding="lg" data-testid="bcv-card">
      <Group gap="xs" mb="xs" wrap="nowrap">
        <IconCurrencyDollar size={20} aria-hidden />
        <Title order={3} fz="md">
          Tasa de referencia del BCV
        </Title>
      </Group>
      <Text fz="sm" c="dimmed" mb="sm">
        Bolívares por dólar. Los jugadores ven «≈ US$» junto a su saldo con la tasa más reciente; el
        saldo en Bs. es el que vale.
      </Text>
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Fecha"
            type="date"
            value={date}
            max={today}
            onChange={(e) => setDate(e.currentTarget.value)}
            error={errors.date}
            data-testid="bcv-date"
            w={160}
          />
          <TextInput
            label="Tasa (Bs. por US$)"
            placeholder="36,5210"
            inputMode="decimal"
            value={rate}
            onChange={(e) => setRate(e.currentTarget.value)}
            error={errors.rate}
            data-testid="bcv-rate"
            w={180}
          />
          <Button type="submit" loading={save.isPending} data-testid="bcv-save">
            {correcting ? 'Corregir tasa' : 'Registrar tasa'}
          </Button>
        </Group>
      </form>

      <Title order={4} fz="sm" mt="lg" mb={6}>
        Historial
      </Title>
      {rates.isPending ? (
        <Loader size="sm" type="dots" />
      ) : rates.isError ? (
        <Text fz="sm" c="red">
          {rates.error.message}
        </Text>
      ) : recorded.length === 0 ? (
        <Text fz="sm" c="dimmed">
          Todavía no hay tasas registradas.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={0}>
          <Table fz="sm" verticalSpacing={4} data-testid="bcv-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fecha</Table.Th>
                <Table.Th ta="right">Bs. por US$</Table.Th>
                <Table.Th visibleFrom="sm">Registrada por</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {recorded.map((r) => (
                <Table.Tr key={r.date}>
                  <Table.Td>{formatIsoDay(r.date)}</Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {r.rate}
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text fz="xs">{r.recorded_by ?? '—'}</Text>
                    <Text fz={11} c="dimmed">
                      {formatCaracasDateTime(r.updated_at)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Button size="compact-xs" variant="subtle" onClick={() => edit(r)}>
                      Corregir
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
