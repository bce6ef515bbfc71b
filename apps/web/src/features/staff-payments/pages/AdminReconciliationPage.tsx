import { useState, type ReactNode } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Collapse,
  FileInput,
  Group,
  Loader,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconCheck,
  IconFileSpreadsheet,
  IconSettings,
  IconUpload,
} from '@tabler/icons-react';
import {
  RECONCILIATION_AMOUNT_FORMAT_LABELS,
  RECONCILIATION_AMOUNT_FORMATS,
  RECONCILIATION_AMOUNT_MODE_LABELS,
  RECONCILIATION_AMOUNT_MODES,
  RECONCILIATION_DATE_FORMAT_LABELS,
  RECONCILIATION_DATE_FORMATS,
  RECONCILIATION_DAY_TOLERANCE,
  RECONCILIATION_REFERENCE_DIGITS,
  type FieldErrors,
  type ReconciliationAccount,
  type ReconciliationRecharge,
  type ReconciliationReport,
  type StatementLine,
} from '@domino/contracts';
import { isApiError } from '../../../lib/api';
import { formatBolivares, formatCaracasDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import {
  approveReconciled,
  saveReconciliationMapping,
  uploadStatement,
  useReconciliationAccounts,
  useRefreshReconciliationAccounts,
} from '../api/reconciliation';
import {
  countLabel,
  formToMapping,
  formatDay,
  mappingToForm,
  matchedPairs,
  statementFileProblem,
  type MappingForm,
} from '../lib/reconciliation';

const accountLabel = (a: ReconciliationAccount) =>
  `${a.bank_name} · ${a.account_number.slice(-4).padStart(8, '•')} · ${a.holder_name}${a.active ? '' : ' (inactiva)'}`;

/** The statement-column form of one account. */
function MappingCard({
  account,
  onSaved,
}: {
  account: ReconciliationAccount;
  onSaved: () => void;
}) {
  const [open, setOpen] = useState(account.mapping === null);
  const [form, setForm] = useState<MappingForm>(() => mappingToForm(account.mapping));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof MappingForm>(key: K, value: MappingForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const err = (key: string) => errors[key]?.[0];

  const save = async () => {
    setBusy(true);
    setErrors({});
    try {
      const res = await saveReconciliationMapping(account.id, formToMapping(form));
      notify.success(res.message);
      onSaved();
    } catch (error) {
      if (isApiError(error) && Object.keys(error.fieldErrors).length > 0)
        setErrors(error.fieldErrors);
      else notify.error(isApiError(error) ? error.message : 'No se pudieron guardar las columnas.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder padding="md" data-testid="reconciliation-mapping">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700}>Columnas del estado de cuenta</Text>
          <Text fz="sm" c={account.mapping ? 'dimmed' : 'orange'}>
            {account.mapping
              ? `Fila ${account.mapping.header_row}: «${account.mapping.date_column}», «${account.mapping.reference_column}», ${
                  account.mapping.amount_mode === 'signed'
                    ? `«${account.mapping.amount_column}»`
                    : `«${account.mapping.credit_column}»`
                }`
              : 'Aún no configuradas: indica cómo exporta el banco sus movimientos.'}
          </Text>
        </Stack>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconSettings size={14} aria-hidden />}
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          style={{ flexShrink: 0 }}
        >
          {open ? 'Ocultar' : 'Editar'}
        </Button>
      </Group>
      <Collapse expanded={open}>
        <Stack gap="sm" mt="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NumberInput
              label="Fila de los encabezados (número)"
              min={1}
              max={100}
              value={form.header_row}
              onChange={(v) => set('header_row', v)}
              error={err('header_row')}
            />
            <TextInput
              label="Columna de referencia"
              value={form.reference_column}
              onChange={(e) => set('reference_column', e.currentTarget.value)}
              error={err('reference_column')}
            />
            <TextInput
              label="Columna de fecha"
              value={form.date_column}
              onChange={(e) => set('date_column', e.currentTarget.value)}
              error={err('date_column')}
            />
            <Select
              label="Formato de fecha"
              data={RECONCILIATION_DATE_FORMATS.map((f) => ({
                value: f,
                label: RECONCILIATION_DATE_FORMAT_LABELS[f],
              }))}
              value={form.date_format}
              onChange={(v) => v && set('date_format', v as MappingForm['date_format'])}
              allowDeselect={false}
              error={err('date_format')}
            />
            <Select
              label="Montos"
              data={RECONCILIATION_AMOUNT_MODES.map((m) => ({
                value: m,
                label: RECONCILIATION_AMOUNT_MODE_LABELS[m],
              }))}
              value={form.amount_mode}
              onChange={(v) => v && set('amount_mode', v as MappingForm['amount_mode'])}
              allowDeselect={false}
            />
            <Select
              label="Formato del monto"
              data={RECONCILIATION_AMOUNT_FORMATS.map((f) => ({
                value: f,
                label: RECONCILIATION_AMOUNT_FORMAT_LABELS[f],
              }))}
              value={form.amount_format}
              onChange={(v) => v && set('amount_format', v as MappingForm['amount_format'])}
              allowDeselect={false}
            />
            {form.amount_mode === 'signed' ? (
              <TextInput
                label="Columna del monto"
                value={form.amount_column}
                onChange={(e) => set('amount_column', e.currentTarget.value)}
                error={err('amount_column')}
              />
            ) : (
              <>
                <TextInput
                  label="Columna de créditos"
                  value={form.credit_column}
                  onChange={(e) => set('credit_column', e.currentTarget.value)}
                  error={err('credit_column')}
                />
                <TextInput
                  label="Columna de débitos (opcional)"
                  value={form.debit_column}
                  onChange={(e) => set('debit_column', e.currentTarget.value)}
                  error={err('debit_column')}
                />
              </>
            )}
            <TextInput
              label="Columna de descripción (opcional)"
              value={form.description_column}
              onChange={(e) => set('description_column', e.currentTarget.value)}
              error={err('description_column')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button onClick={() => void save()} loading={busy} data-testid="mapping-save">
              Guardar columnas
            </Button>
          </Group>
        </Stack>
      </Collapse>
    </Card>
  );
}

function LinesTable({ lines, testId }: { lines: StatementLine[]; testId: string }) {
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped fz="sm" data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Fila</Table.Th>
            <Table.Th>Fecha</Table.Th>
            <Table.Th>Referencia</Table.Th>
            <Table.Th ta="right">Monto</Table.Th>
            <Table.Th>Descripción</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => (
            <Table.Tr key={l.id}>
              <Table.Td>{l.row}</Table.Td>
              <Table.Td>{formatDay(l.date)}</Table.Td>
              <Table.Td ff="monospace">{l.reference}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatBolivares(l.amount)}
              </Table.Td>
              <Table.Td c="dimmed">{l.description ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RechargesTable({ rows, testId }: { rows: ReconciliationRecharge[]; testId: string }) {
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped fz="sm" data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Solicitud</Table.Th>
            <Table.Th>Jugador</Table.Th>
            <Table.Th>Referencia</Table.Th>
            <Table.Th ta="right">Monto</Table.Th>
            <Table.Th>Fecha</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>#{r.id}</Table.Td>
              <Table.Td>{r.user_name}</Table.Td>
              <Table.Td ff="monospace">{r.reference}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatBolivares(r.amount)}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatCaracasDateTime(r.requested_at)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Section({
  title,
  count,
  color,
  children,
  testId,
  action,
}: {
  title: string;
  count: number;
  color: string;
  children: ReactNode;
  testId: string;
  action?: ReactNode;
}) {
  return (
    <Card withBorder padding="md" data-testid={testId}>
      <Group justify="space-between" wrap="wrap" gap="xs" mb={count > 0 ? 'sm' : 0}>
        <Group gap="xs" wrap="nowrap">
          <Text fw={700}>{title}</Text>
          <Badge color={color} variant="light" data-testid={`${testId}-count`}>
            {count}
          </Badge>
        </Group>
        {action}
      </Group>
      {count > 0 ? children : null}
    </Card>
  );
}

/** The result of a statement: what will be approved, what needs a person, what was done before. */
function ReportView({
  report,
  onApproved,
}: {
  report: ReconciliationReport;
  onApproved: (next: ReconciliationReport) => void;
}) {
  const [busy, setBusy] = useState(false);
  const s = report.statement;
  const approve = async () => {
    setBusy(true);
    try {
      const res = await approveReconciled(s.id, matchedPairs(report));
      if (res.approved > 0) notify.success(res.message);
      else notify.warning(res.message);
      if (res.skipped.length > 0)
        notify.warning(
          `${countLabel(res.skipped.length, 'coincidencia no se aprobó', 'coincidencias no se aprobaron')}: ${res.skipped[0]!.message}`,
        );
      onApproved(res.report);
    } catch (error) {
      notify.error(isApiError(error) ? error.message : 'No se pudieron aprobar las recargas.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" data-testid="reconciliation-report">
      <Card withBorder padding="md">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconFileSpreadsheet size={22} aria-hidden style={{ flexShrink: 0 }} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {s.file_name}
            </Text>
            <Text fz="sm" c="dimmed">
              {countLabel(s.credit_lines, 'crédito', 'créditos')}
              {s.first_day && s.last_day
                ? ` del ${formatDay(s.first_day)} al ${formatDay(s.last_day)}`
                : ''}
              {report.ignored_rows > 0
                ? ` · ${countLabel(report.ignored_rows, 'fila de débito o sin monto ignorada', 'filas de débito o sin monto ignoradas')}`
                : ''}
            </Text>
          </Stack>
        </Group>
        {s.repeated ? (
          <Alert color="blue" variant="light" mt="sm" data-testid="reconciliation-repeated">
            Este archivo ya se había subido el {formatCaracasDateTime(s.uploaded_at)}. Las líneas ya
            usadas no vuelven a aprobar nada.
          </Alert>
        ) : null}
      </Card>

      <Section
        title="Coincidencias para aprobar"
        count={report.matched.length}
        color="green"
        testId="reconciliation-matched"
        action={
          report.matched.length > 0 ? (
            <Button
              color="green"
              leftSection={<IconCheck size={16} aria-hidden />}
              loading={busy}
              onClick={() => void approve()}
              data-testid="reconciliation-approve"
            >
              Aprobar {countLabel(report.matched.length, 'recarga', 'recargas')}
            </Button>
          ) : null
        }
      >
        <Table.ScrollContainer minWidth={620}>
          <Table striped fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fecha banco</Table.Th>
                <Table.Th>Ref. banco</Table.Th>
                <Table.Th>Solicitud</Table.Th>
                <Table.Th>Jugador</Table.Th>
                <Table.Th>Ref. jugador</Table.Th>
                <Table.Th ta="right">Monto</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.matched.map((m) => (
                <Table.Tr key={m.line.id}>
                  <Table.Td>{formatDay(m.line.date)}</Table.Td>
                  <Table.Td ff="monospace">{m.line.reference}</Table.Td>
                  <Table.Td>#{m.recharge.id}</Table.Td>
                  <Table.Td>{m.recharge.user_name}</Table.Td>
                  <Table.Td ff="monospace">{m.recharge.reference}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatBolivares(m.line.amount)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Section>

      <Section
        title="Ambiguas (revisar a mano)"
        count={report.ambiguous.length}
        color="orange"
        testId="reconciliation-ambiguous"
      >
        <Stack gap="sm">
          <Text fz="sm" c="dimmed">
            Una línea del banco sirve para más de una recarga (o al revés). No se aprueban solas:
            decide en la cola de recargas.
          </Text>
          {report.ambiguous.map((g) => (
            <Stack key={`${g.lines[0]?.id}-${g.recharges[0]?.id}`} gap={4}>
              <LinesTable lines={g.lines} testId="reconciliation-ambiguous-lines" />
              <RechargesTable rows={g.recharges} testId="reconciliation-ambiguous-recharges" />
            </Stack>
          ))}
        </Stack>
      </Section>

      <Section
        title="Líneas del banco sin recarga"
        count={report.unmatched_lines.length}
        color="gray"
        testId="reconciliation-unmatched-lines"
      >
        <LinesTable lines={report.unmatched_lines} testId="reconciliation-unmatched-lines-table" />
      </Section>

      <Section
        title="Recargas pendientes sin línea del banco"
        count={report.unmatched_recharges.length}
        color="gray"
        testId="reconciliation-unmatched-recharges"
      >
        <RechargesTable
          rows={report.unmatched_recharges}
          testId="reconciliation-unmatched-recharges-table"
        />
      </Section>

      <Section
        title="Ya conciliadas"
        count={report.reconciled.length}
        color="blue"
        testId="reconciliation-reconciled"
      >
        <LinesTable lines={report.reconciled.map((r) => r.line)} testId="reconciliation-done" />
      </Section>

      {report.rejected_rows.length > 0 ? (
        <Section
          title="Filas que no se pudieron leer"
          count={report.rejected_rows.length}
          color="red"
          testId="reconciliation-rejected"
        >
          <Stack gap={2}>
            {report.rejected_rows.slice(0, 50).map((r) => (
              <Text key={r.row} fz="sm">
                Fila {r.row}: {r.message}
              </Text>
            ))}
          </Stack>
        </Section>
      ) : null}
    </Stack>
  );
}

/**
 * /admin/conciliacion (docs/decisions/033-bank-reconciliation.md): pick a recharge
 * account, set how its bank exports statements, upload a statement (CSV or XLSX) and approve the
 * matched recharges in one click; ambiguous and unmatched ones are listed for a person.
 */
export default function AdminReconciliationPage() {
  const accounts = useReconciliationAccounts();
  const refresh = useRefreshReconciliationAccounts();
  const [accountId, setAccountId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [report, setReport] = useState<ReconciliationReport | null>(null);
  const list = accounts.data ?? [];
  // The first account until staff pick another.
  const selected = accountId ?? (list[0] ? String(list[0].id) : null);
  const account = list.find((a) => String(a.id) === selected) ?? null;

  const upload = async () => {
    if (!account || !file) return;
    const problem = statementFileProblem(file);
    if (problem) {
      setUploadError(problem);
      return;
    }
    setUploading(true);
    setUploadError(null);
    try {
      setReport(await uploadStatement(account.id, file));
    } catch (error) {
      setReport(null);
      setUploadError(
        isApiError(error)
          ? (error.fieldErrors.statement?.[0] ?? error.message)
          : 'No se pudo subir el archivo.',
      );
    } finally {
      setUploading(false);
    }
  };

  return (
    <Stack gap="md" data-testid="admin-reconciliation">
      <Stack gap={4}>
        <Title order={2} fz={{ base: 20, sm: 24 }}>
          Conciliación bancaria
        </Title>
        <Text fz="sm" c="dimmed">
          Sube el estado de cuenta de una cuenta de recarga: cada crédito se compara con las
          recargas pendientes por los últimos {RECONCILIATION_REFERENCE_DIGITS} dígitos de la
          referencia, el monto exacto y la fecha (±{RECONCILIATION_DAY_TOLERANCE} día).
        </Text>
      </Stack>

      {accounts.isPending ? (
        <Center py={48}>
          <Loader type="dots" />
        </Center>
      ) : accounts.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
          {accounts.error.message}
        </Alert>
      ) : list.length === 0 ? (
        <Text c="dimmed">No hay cuentas de recarga. Créalas en Bancos.</Text>
      ) : (
        <>
          <Select
            label="Cuenta de recarga"
            data={list.map((a) => ({ value: String(a.id), label: accountLabel(a) }))}
            value={selected}
            onChange={(v) => {
              setAccountId(v);
              setReport(null);
              setUploadError(null);
            }}
            allowDeselect={false}
            data-testid="reconciliation-account"
            description={
              account
                ? countLabel(account.pending_recharges, 'recarga pendiente', 'recargas pendientes')
                : undefined
            }
          />
          {account ? (
            // Keyed by the account and its stored mapping: the form starts again from what is saved.
            <MappingCard
              key={`${account.id}:${JSON.stringify(account.mapping)}`}
              account={account}
              onSaved={refresh}
            />
          ) : null}
          {account?.mapping ? (
            <Card withBorder padding="md">
              <Stack gap="sm">
                <FileInput
                  label="Estado de cuenta"
                  description="CSV o Excel (XLSX) tal como lo exporta el banco, hasta 5 MB"
                  placeholder="Elegir archivo"
                  accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                  value={file}
                  onChange={(f) => {
                    setFile(f);
                    setUploadError(f ? statementFileProblem(f) : null);
                  }}
                  error={uploadError}
                  leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
                  clearable
                  data-testid="reconciliation-file"
                />
                <Group justify="flex-end">
                  <Button
                    leftSection={<IconUpload size={16} aria-hidden />}
                    onClick={() => void upload()}
                    loading={uploading}
                    disabled={!file}
                    data-testid="reconciliation-upload"
                  >
                    Conciliar
                  </Button>
                </Group>
              </Stack>
            </Card>
          ) : null}
          {report && account && report.statement.account_id === account.id ? (
            <ReportView
              report={report}
              onApproved={(next) => {
                setReport(next);
                refresh();
              }}
            />
          ) : null}
        </>
      )}
    </Stack>
  );
}
