import { useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconBuildingBank,
  IconCircleCheck,
  IconCircleOff,
  IconPencil,
  IconPlus,
} from '@tabler/icons-react';
import type { AdminBank, AdminRechargeAccount } from '@domino/contracts';
import { isApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import {
  useAdminBanks,
  useAdminRechargeAccounts,
  useCatalogAction,
  type CatalogAction,
} from '../api/catalog';
import { AccountFormModal, BankFormModal } from '../components/CatalogForms';
import { documentText } from '../../../lib/staff/console';
import { plural } from '@domino/contracts';

function ActiveBadge({ active, testId }: { active: boolean; testId?: string }) {
  return (
    <Badge color={active ? 'green' : 'gray'} variant="light" data-testid={testId}>
      {active ? 'Activo' : 'Inactivo'}
    </Badge>
  );
}

/**
 * /admin/bancos: the banks players withdraw to and the platform accounts they pay recharges into.
 * Create, edit, activate and deactivate; players see only active ones at once. Refusals (the
 * last active account, a bank with active accounts) come back as the server's Spanish message.
 */
export default function AdminBanksPage() {
  const banks = useAdminBanks();
  const accounts = useAdminRechargeAccounts();
  const action = useCatalogAction();
  const [pending, setPending] = useState<string | null>(null);
  const [bankForm, setBankForm] = useState<{ bank: AdminBank | null } | null>(null);
  const [accountForm, setAccountForm] = useState<{ account: AdminRechargeAccount | null } | null>(
    null,
  );

  const toggle = async (a: CatalogAction & { id: number }, label: string, done: string) => {
    const key = `${a.kind}:${a.id}`;
    setPending(key);
    try {
      await action.mutateAsync(a);
      notify.success(`${label}: ${done}`);
    } catch (error) {
      notify.error(isApiError(error) ? error.message : 'No se pudo cambiar el estado.');
    } finally {
      setPending(null);
    }
  };

  const bankToggle = (b: AdminBank) =>
    b.status === 'activo' ? (
      <ToggleButton
        off
        loading={pending === `bank.deactivate:${b.id}`}
        onClick={() => void toggle({ kind: 'bank.deactivate', id: b.id }, b.name, 'desactivado')}
        testId={`bank-deactivate-${b.code}`}
      />
    ) : (
      <ToggleButton
        loading={pending === `bank.activate:${b.id}`}
        onClick={() => void toggle({ kind: 'bank.activate', id: b.id }, b.name, 'activado')}
        testId={`bank-activate-${b.code}`}
      />
    );
  const bankEdit = (b: AdminBank) => (
    <EditButton label={`Editar ${b.name}`} onClick={() => setBankForm({ bank: b })} />
  );

  const accountToggle = (a: AdminRechargeAccount) =>
    a.active ? (
      <ToggleButton
        off
        loading={pending === `account.deactivate:${a.id}`}
        onClick={() =>
          void toggle(
            { kind: 'account.deactivate', id: a.id },
            `Cuenta ${a.account_number}`,
            'desactivada',
          )
        }
        testId={`account-deactivate-${a.id}`}
      />
    ) : (
      <ToggleButton
        loading={pending === `account.activate:${a.id}`}
        onClick={() =>
          void toggle(
            { kind: 'account.activate', id: a.id },
            `Cuenta ${a.account_number}`,
            'activada',
          )
        }
        testId={`account-activate-${a.id}`}
      />
    );
  const accountEdit = (a: AdminRechargeAccount) => (
    <EditButton
      label={`Editar la cuenta ${a.account_number}`}
      onClick={() => setAccountForm({ account: a })}
    />
  );

  // Both lists are drawn together: the accounts' section sits under the banks' list, and drawing
  // it first would push it down as the banks arrive (docs/decisions/080-pages-hold-still-while-loading.md).
  if (banks.isPending || accounts.isPending)
    return (
      <Center py={56} role="status">
        <Loader type="dots" />
      </Center>
    );

  return (
    <Stack gap="xl" data-testid="admin-banks">
      <Stack gap="md">
        <SectionHeader
          title="Bancos"
          text="Los bancos activos aparecen a los jugadores al pedir un retiro."
          button="Nuevo banco"
          onNew={() => setBankForm({ bank: null })}
          testId="bank-new"
        />
        <Loadable query={banks} empty="No hay bancos.">
          {(list) => (
            <>
              <Stack gap="xs" hiddenFrom="sm">
                {list.map((b) => (
                  <Card key={b.id} padding="sm" data-testid={`bank-row-${b.code}`}>
                    <Stack gap={6}>
                      <Group justify="space-between" wrap="nowrap" gap="xs">
                        <Text fw={700} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                          <Text span ff="monospace" fw={700}>
                            {b.code}
                          </Text>{' '}
                          {b.name}
                        </Text>
                        <ActiveBadge
                          active={b.status === 'activo'}
                          testId={`bank-status-${b.code}`}
                        />
                      </Group>
                      <Group justify="space-between" wrap="nowrap" gap="xs">
                        <Text fz="xs" c="dimmed">
                          {plural(
                            b.active_accounts,
                            'cuenta de recarga activa',
                            'cuentas de recarga activas',
                          )}
                        </Text>
                        <Group gap={6} wrap="nowrap">
                          {bankEdit(b)}
                          {bankToggle(b)}
                        </Group>
                      </Group>
                    </Stack>
                  </Card>
                ))}
              </Stack>
              <Card padding={0} visibleFrom="sm">
                <Table verticalSpacing="sm" horizontalSpacing="md">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Código</Table.Th>
                      <Table.Th>Nombre</Table.Th>
                      <Table.Th>Estado</Table.Th>
                      <Table.Th>Cuentas de recarga activas</Table.Th>
                      <Table.Th aria-label="Acciones" />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {list.map((b) => (
                      <Table.Tr key={b.id} data-testid={`bank-row-${b.code}`}>
                        <Table.Td ff="monospace" fw={700}>
                          {b.code}
                        </Table.Td>
                        <Table.Td>{b.name}</Table.Td>
                        <Table.Td>
                          <ActiveBadge
                            active={b.status === 'activo'}
                            testId={`bank-status-${b.code}`}
                          />
                        </Table.Td>
                        <Table.Td>{b.active_accounts}</Table.Td>
                        <Table.Td>
                          <Group gap={6} justify="flex-end" wrap="nowrap">
                            {bankEdit(b)}
                            {bankToggle(b)}
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Card>
            </>
          )}
        </Loadable>
      </Stack>

      <Stack gap="md">
        <SectionHeader
          title="Cuentas de recarga"
          text="Las cuentas activas son las que ven los jugadores para pagar sus recargas por Pago Móvil. Siempre debe quedar al menos una activa."
          button="Nueva cuenta"
          onNew={() => setAccountForm({ account: null })}
          testId="account-new"
        />
        <Loadable query={accounts} empty="No hay cuentas de recarga.">
          {(list) => (
            <>
              <Stack gap="xs" hiddenFrom="md">
                {list.map((a) => (
                  <Card key={a.id} padding="sm" data-testid={`account-row-${a.id}`}>
                    <Stack gap={4}>
                      <Group justify="space-between" wrap="nowrap" gap="xs">
                        <Text fw={700} fz="sm" style={{ minWidth: 0 }}>
                          {a.bank.code} {a.bank.name}
                        </Text>
                        <ActiveBadge active={a.active} testId={`account-status-${a.id}`} />
                      </Group>
                      <Text
                        ff="monospace"
                        fz="sm"
                        style={{ whiteSpace: 'nowrap' }}
                        data-testid="admin-account-number"
                      >
                        {a.account_number}
                      </Text>
                      <Text fz="xs" c="dimmed">
                        {a.holder_name} · {documentText(a.type_identification, a.n_identification)}{' '}
                        · {a.phone}
                      </Text>
                      <Group gap={6} wrap="nowrap" justify="flex-end">
                        {accountEdit(a)}
                        {accountToggle(a)}
                      </Group>
                    </Stack>
                  </Card>
                ))}
              </Stack>
              <Card padding={0} visibleFrom="md">
                <Table verticalSpacing="sm" horizontalSpacing="md">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Banco</Table.Th>
                      <Table.Th>Número de cuenta</Table.Th>
                      <Table.Th>Titular</Table.Th>
                      <Table.Th>Pago Móvil</Table.Th>
                      <Table.Th>Estado</Table.Th>
                      <Table.Th aria-label="Acciones" />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {list.map((a) => (
                      <Table.Tr key={a.id} data-testid={`account-row-${a.id}`}>
                        <Table.Td fz="sm">
                          {a.bank.code} {a.bank.name}
                        </Table.Td>
                        <Table.Td
                          ff="monospace"
                          fz="sm"
                          style={{ whiteSpace: 'nowrap' }}
                          data-testid="admin-account-number"
                        >
                          {a.account_number}
                        </Table.Td>
                        <Table.Td fz="sm">
                          {a.holder_name}
                          <Text fz="xs" c="dimmed">
                            {documentText(a.type_identification, a.n_identification)}
                          </Text>
                        </Table.Td>
                        <Table.Td fz="sm">{a.phone}</Table.Td>
                        <Table.Td>
                          <ActiveBadge active={a.active} testId={`account-status-${a.id}`} />
                        </Table.Td>
                        <Table.Td>
                          <Group gap={6} justify="flex-end" wrap="nowrap">
                            {accountEdit(a)}
                            {accountToggle(a)}
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Card>
            </>
          )}
        </Loadable>
      </Stack>

      <BankFormModal
        bank={bankForm?.bank ?? null}
        opened={bankForm !== null}
        onClose={() => setBankForm(null)}
      />
      <AccountFormModal
        account={accountForm?.account ?? null}
        banks={banks.data ?? []}
        opened={accountForm !== null}
        onClose={() => setAccountForm(null)}
      />
    </Stack>
  );
}

function SectionHeader({
  title,
  text,
  button,
  onNew,
  testId,
}: {
  title: string;
  text: string;
  button: string;
  onNew(): void;
  testId: string;
}) {
  return (
    <Group justify="space-between" align="flex-start" gap="sm">
      <Stack gap={2} style={{ flex: 1, minWidth: 220 }}>
        <Group gap={6}>
          <IconBuildingBank size={20} color="var(--mantine-color-felt-7)" aria-hidden />
          <Title order={2} fz={{ base: 20, sm: 24 }}>
            {title}
          </Title>
        </Group>
        <Text fz="sm" c="dimmed">
          {text}
        </Text>
      </Stack>
      <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onNew} data-testid={testId}>
        {button}
      </Button>
    </Group>
  );
}

function EditButton({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <Tooltip label="Editar" withArrow>
      <ActionIcon variant="light" size="lg" aria-label={label} onClick={onClick}>
        <IconPencil size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

function ToggleButton({
  off,
  loading,
  onClick,
  testId,
}: {
  off?: boolean;
  loading: boolean;
  onClick(): void;
  testId: string;
}) {
  return (
    <Button
      size="xs"
      variant="light"
      color={off ? 'gray' : 'green'}
      leftSection={
        off ? <IconCircleOff size={14} aria-hidden /> : <IconCircleCheck size={14} aria-hidden />
      }
      onClick={onClick}
      loading={loading}
      data-testid={testId}
    >
      {off ? 'Desactivar' : 'Activar'}
    </Button>
  );
}

function Loadable<T>({
  query,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: Error | null; data: T[] | undefined };
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  if (query.isPending)
    return (
      <Center py={32} role="status">
        <Loader type="dots" />
      </Center>
    );
  if (query.isError || !query.data)
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
        {query.error?.message}
      </Alert>
    );
  if (query.data.length === 0) return <Text c="dimmed">{empty}</Text>;
  return <>{children(query.data)}</>;
}
