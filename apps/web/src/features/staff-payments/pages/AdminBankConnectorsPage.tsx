import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Modal,
  PasswordInput,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconDeviceFloppy,
  IconPlugConnected,
  IconPlugConnectedX,
  IconTestPipe2,
} from '@tabler/icons-react';
import {
  BANK_CALL_OUTCOME_LABELS,
  BANK_CONNECTOR_CAPABILITIES,
  BANK_CONNECTOR_CAPABILITY_LABELS,
  type BankConnectorAccount,
  type BankConnectorList,
  type BankConnectorProvider,
  type FieldErrors,
} from '@domino/contracts';
import { isApiError } from '../../../lib/api';
import { formatCaracasDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import {
  deleteBankConnector,
  saveBankConnector,
  testBankConnector,
  useBankConnectors,
  useRefreshBankConnectors,
} from '../api/banking';
import { CopyValue } from '../components/CopyValue';
import {
  connectorToForm,
  defaultBaseUrl,
  credentialPlaceholder,
  formToInput,
  outcomeColor,
  type ConnectorForm,
} from '../lib/banking';

const accountTitle = (a: BankConnectorAccount) =>
  `${a.bank_name} · ${a.account_number.slice(-4).padStart(8, '•')}`;

function statusBadge(a: BankConnectorAccount) {
  if (!a.connector)
    return (
      <Badge color="gray" variant="light" style={{ flexShrink: 0 }}>
        Sin conexión
      </Badge>
    );
  return a.connector.enabled ? (
    <Badge color="green" variant="light" style={{ flexShrink: 0 }}>
      Activa
    </Badge>
  ) : (
    <Badge color="yellow" variant="light" style={{ flexShrink: 0 }}>
      Desactivada
    </Badge>
  );
}

/** The last calls of an account to its bank, newest first. */
function CallsTable({ account }: { account: BankConnectorAccount }) {
  if (account.calls.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        Aún no hay llamadas al banco.
      </Text>
    );
  return (
    <ScrollArea type="auto" offsetScrollbars>
      <Table striped fz="sm" miw={560} data-testid="bank-connector-calls">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Fecha</Table.Th>
            <Table.Th>Operación</Table.Th>
            <Table.Th>Resultado</Table.Th>
            <Table.Th>HTTP</Table.Th>
            <Table.Th>Duración</Table.Th>
            <Table.Th>Detalle</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {account.calls.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatCaracasDateTime(c.started_at)}
              </Table.Td>
              <Table.Td>{c.operation}</Table.Td>
              <Table.Td>
                <Badge color={outcomeColor(c.outcome)} variant="light">
                  {BANK_CALL_OUTCOME_LABELS[c.outcome]}
                </Badge>
              </Table.Td>
              <Table.Td>{c.http_status ?? '—'}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{c.duration_ms} ms</Table.Td>
              <Table.Td style={{ wordBreak: 'break-word' }}>
                {c.detail ?? ''}
                {c.related_type
                  ? ` (${c.related_type === 'recharge' ? 'recarga' : 'retiro'} #${c.related_id})`
                  : ''}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/** One recharge account: its connector form, the test call and its recent calls. */
function ConnectorCard({
  account,
  data,
  onChanged,
}: {
  account: BankConnectorAccount;
  data: BankConnectorList;
  onChanged: () => void;
}) {
  const [form, setForm] = useState<ConnectorForm>(() => connectorToForm(account, data.providers));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState<null | 'save' | 'test' | 'delete'>(null);
  const [testResult, setTestResult] = useState<{ ok: boolean; message: string } | null>(null);
  const provider = data.providers.find((p) => p.provider === form.provider);
  const err = (key: string) => errors[key]?.[0];
  const connector = account.connector;

  const run = async (kind: 'save' | 'test' | 'delete', work: () => Promise<void>) => {
    setBusy(kind);
    try {
      await work();
    } catch (error) {
      if (isApiError(error) && Object.keys(error.fieldErrors).length > 0)
        setErrors(error.fieldErrors);
      else notify.error(isApiError(error) ? error.message : 'No se pudo completar la acción.');
    } finally {
      setBusy(null);
    }
  };

  const save = () =>
    run('save', async () => {
      setErrors({});
      const res = await saveBankConnector(account.id, formToInput(form, provider));
      notify.success(res.message);
      setForm((f) => ({ ...f, credentials: {} }));
      onChanged();
    });
  const test = () =>
    run('test', async () => {
      setTestResult(null);
      const res = await testBankConnector(account.id);
      setTestResult({ ok: res.outcome === 'not_found', message: res.message });
      onChanged();
    });
  const [confirming, setConfirming] = useState(false);
  const remove = () => {
    setConfirming(false);
    void run('delete', async () => {
      const res = await deleteBankConnector(account.id);
      notify.success(res.message);
      setTestResult(null);
      onChanged();
    });
  };

  return (
    <Card withBorder padding="md" data-testid="bank-connector-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={700}>{accountTitle(account)}</Text>
            <Text fz="sm" c="dimmed">
              {account.holder_name}
              {account.active ? '' : ' (cuenta inactiva)'}
            </Text>
          </Stack>
          {statusBadge(account)}
        </Group>

        {connector && !connector.credentials_readable ? (
          <Alert color="orange" variant="light" icon={<IconAlertCircle aria-hidden />}>
            No podemos leer las credenciales guardadas (la clave de cifrado del servidor cambió).
            Escríbelas de nuevo y guarda.
          </Alert>
        ) : null}

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Banco (proveedor)"
            data={data.providers.map((p) => ({
              value: p.provider,
              label: p.available ? p.label : `${p.label} (aún no disponible)`,
            }))}
            value={form.provider}
            onChange={(v) => {
              if (!v) return;
              const next = data.providers.find((p) => p.provider === v);
              // The address follows the provider unless staff typed another one.
              setForm((f) => ({
                ...f,
                provider: v as BankConnectorProvider,
                credentials: {},
                base_url:
                  f.base_url === '' || f.base_url === defaultBaseUrl(provider)
                    ? defaultBaseUrl(next)
                    : f.base_url,
              }));
            }}
            allowDeselect={false}
            error={err('provider')}
          />
          <TextInput
            label="Dirección de la API"
            placeholder={provider?.hosts[0] ? `https://${provider.hosts[0]}` : 'https://'}
            description={
              provider
                ? `Permitidas: ${provider.hosts.map((h) => `https://${h}`).join(', ')}${
                    data.simulator_origin ? ` o ${data.simulator_origin} (Banco de pruebas)` : ''
                  }`
                : undefined
            }
            value={form.base_url}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setForm((f) => ({ ...f, base_url: value }));
            }}
            error={err('base_url')}
            inputMode="url"
            autoComplete="off"
          />
          {provider?.credential_fields.map((field) => (
            <PasswordInput
              key={field.name}
              label={field.label}
              placeholder={credentialPlaceholder(account, form, field.name)}
              value={form.credentials[field.name] ?? ''}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setForm((f) => ({ ...f, credentials: { ...f.credentials, [field.name]: value } }));
              }}
              autoComplete="new-password"
            />
          ))}
        </SimpleGrid>
        {err('credentials') ? (
          <Text fz="sm" c="red" role="alert">
            {err('credentials')}
          </Text>
        ) : null}

        <Stack gap={6}>
          {BANK_CONNECTOR_CAPABILITIES.map((cap) => {
            const supported = provider?.capabilities[cap] ?? false;
            return (
              <Switch
                key={cap}
                label={BANK_CONNECTOR_CAPABILITY_LABELS[cap]}
                description={supported ? undefined : 'Este banco no lo permite'}
                checked={supported && form.capabilities[cap]}
                disabled={!supported}
                onChange={(e) => {
                  const checked = e.currentTarget.checked;
                  setForm((f) => ({ ...f, capabilities: { ...f.capabilities, [cap]: checked } }));
                }}
                error={err(`capabilities.${cap}`)}
              />
            );
          })}
          <Switch
            mt="xs"
            label="Conexión activa"
            description="Desactivada, las recargas de esta cuenta las revisa el personal como siempre."
            checked={form.enabled}
            onChange={(e) => {
              const checked = e.currentTarget.checked;
              setForm((f) => ({ ...f, enabled: checked }));
            }}
          />
        </Stack>

        {connector?.notification_url ? (
          <CopyValue label="Dirección de notificaciones" value={connector.notification_url} />
        ) : null}

        {testResult ? (
          <Alert
            color={testResult.ok ? 'green' : 'orange'}
            variant="light"
            role="status"
            data-testid="bank-connector-test-result"
          >
            {testResult.message}
          </Alert>
        ) : null}

        <Group gap="xs" justify="flex-end">
          {connector ? (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconPlugConnectedX size={16} aria-hidden />}
              onClick={() => setConfirming(true)}
              loading={busy === 'delete'}
              disabled={busy !== null && busy !== 'delete'}
            >
              Quitar conexión
            </Button>
          ) : null}
          <Button
            variant="light"
            leftSection={<IconTestPipe2 size={16} aria-hidden />}
            onClick={() => void test()}
            loading={busy === 'test'}
            disabled={!connector || (busy !== null && busy !== 'test')}
          >
            Probar conexión
          </Button>
          <Button
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            onClick={() => void save()}
            loading={busy === 'save'}
            disabled={busy !== null && busy !== 'save'}
            data-testid="bank-connector-save"
          >
            Guardar
          </Button>
        </Group>

        <Modal
          opened={confirming}
          onClose={() => setConfirming(false)}
          title="Quitar la conexión bancaria"
          centered
        >
          <Stack gap="md">
            <Text>
              Las credenciales guardadas de {accountTitle(account)} se borran y sus recargas vuelven
              a revisarse a mano. El historial de llamadas se conserva.
            </Text>
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={() => setConfirming(false)}>
                Cancelar
              </Button>
              <Button color="red" onClick={remove}>
                Quitar conexión
              </Button>
            </Group>
          </Stack>
        </Modal>

        <Stack gap={4}>
          <Text fw={600} fz="sm">
            Llamadas recientes
          </Text>
          <CallsTable account={account} />
        </Stack>
      </Stack>
    </Card>
  );
}

/**
 * /admin/conexiones-bancarias: one card per recharge account to connect it to its bank's API
 * (docs/decisions/051-bank-connectors.md). Credentials are write-only: the page never receives
 * them, it shows "Guardada" where one is set.
 */
export default function AdminBankConnectorsPage() {
  const list = useBankConnectors();
  const refresh = useRefreshBankConnectors();

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Group gap="xs">
          <IconPlugConnected size={22} aria-hidden />
          <Title order={2} fz={{ base: 20, sm: 24 }}>
            Conexiones bancarias
          </Title>
        </Group>
        <Text c="dimmed" fz="sm">
          Conecta cada cuenta de recarga con la API de su banco para verificar los Pago Móvil en
          segundos. Las credenciales se guardan cifradas y nunca se muestran.
        </Text>
      </Stack>

      {list.isPending ? (
        <Center py={48}>
          <Loader type="dots" />
        </Center>
      ) : list.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
          {list.error.message}
        </Alert>
      ) : list.data.accounts.length === 0 ? (
        <Text c="dimmed">No hay cuentas de recarga. Créalas en Bancos.</Text>
      ) : (
        list.data.accounts.map((account) => (
          // Keyed by the stored connector: after a save the form starts again from what is stored.
          <ConnectorCard
            key={`${account.id}:${account.connector?.updated_at ?? 'none'}`}
            account={account}
            data={list.data}
            onChanged={refresh}
          />
        ))
      )}
    </Stack>
  );
}
