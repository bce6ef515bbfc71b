import { useEffect, useState } from 'react';
import {
  Alert,
  Badge,
  Card,
  Center,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconChevronRight, IconSearch, IconShieldLock } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { AdminUser } from '@domino/contracts';
import { formatBolivares } from '../../../lib/format';
import { useAdminUsers } from '../api/users';
import { Pager } from '../../../components/staff/Pager';
import { documentText } from '../../../lib/staff/console';
import { userStatusColor, userStatusLabel } from '../lib/users';

function StatusBadge({ user }: { user: AdminUser }) {
  return (
    <Badge color={userStatusColor(user.status)} variant="light" data-testid="admin-user-status">
      {userStatusLabel(user.status)}
    </Badge>
  );
}

function StaffBadge() {
  return (
    <Badge color="gold" c="dark.9" variant="filled" leftSection={<IconShieldLock size={12} />}>
      Personal
    </Badge>
  );
}

/**
 * /admin/usuarios: search by name, e-mail, cédula or phone (partial, any case; the query and page
 * live in the address, ?q=&pagina=), 20 a page; cards on phones, a table otherwise. A row opens
 * the user's page.
 */
export default function AdminUsersPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('pagina')) || 1);
  const [text, setText] = useState(q);
  const [debounced] = useDebouncedValue(text.trim(), 350);
  const navigate = useNavigate();
  const users = useAdminUsers(q, page);

  useEffect(() => {
    if (debounced === q) return;
    setParams(debounced ? { q: debounced } : {}, { replace: true });
  }, [debounced, q, setParams]);

  const setPage = (p: number) => {
    const next: Record<string, string> = {};
    if (q) next.q = q;
    if (p > 1) next.pagina = String(p);
    setParams(next);
  };

  return (
    <Stack gap="md" data-testid="admin-users">
      <Stack gap={2}>
        <Title order={2} fz={{ base: 20, sm: 24 }}>
          Usuarios
        </Title>
        <Text fz="sm" c="dimmed">
          Busca por nombre, correo, cédula o teléfono. Abre un usuario para ver su saldo, sus
          movimientos y partidas, suspenderlo o ajustar su saldo.
        </Text>
      </Stack>
      <TextInput
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        placeholder="Ej. María, maria@correo.com, V-12345678, 0414..."
        aria-label="Buscar usuarios"
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={users.isFetching ? <Loader size="xs" /> : null}
        maxLength={100}
        data-testid="admin-users-search"
      />
      {users.isPending ? (
        <Center py={48} role="status">
          <Loader type="dots" />
        </Center>
      ) : users.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
          {users.error.message}
        </Alert>
      ) : users.data.users.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="admin-users-empty">
          {q ? `Ningún usuario coincide con «${q}».` : 'Aún no hay usuarios.'}
        </Text>
      ) : (
        <>
          <Stack gap="xs" hiddenFrom="md">
            {users.data.users.map((u) => (
              <Card
                key={u.id}
                padding="sm"
                component={Link}
                to={`/admin/usuarios/${u.id}`}
                data-testid="admin-user-row"
                style={{ textDecoration: 'none', color: 'inherit' }}
              >
                <Group wrap="nowrap" gap="sm" justify="space-between">
                  <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                    <Group gap={6} wrap="nowrap">
                      <Text fw={700} truncate>
                        {u.name}
                      </Text>
                      {u.rol === 'admin' && <StaffBadge />}
                    </Group>
                    <Text fz="xs" c="dimmed" truncate>
                      #{u.id} · {u.email}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {documentText(u.type_identification, u.n_identification)} · {u.phone}
                    </Text>
                    <Group gap={6}>
                      <Text fz="sm" fw={700}>
                        {formatBolivares(u.balance)}
                      </Text>
                      <StatusBadge user={u} />
                    </Group>
                  </Stack>
                  <IconChevronRight size={18} color="var(--mantine-color-gray-5)" aria-hidden />
                </Group>
              </Card>
            ))}
          </Stack>
          <Card padding={0} visibleFrom="md">
            <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Usuario</Table.Th>
                  <Table.Th>Cédula</Table.Th>
                  <Table.Th>Teléfono</Table.Th>
                  <Table.Th ta="right">Saldo</Table.Th>
                  <Table.Th>Estado</Table.Th>
                  <Table.Th aria-label="Abrir" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {users.data.users.map((u) => (
                  <Table.Tr
                    key={u.id}
                    data-testid="admin-user-row"
                    style={{ cursor: 'pointer' }}
                    onClick={() => navigate(`/admin/usuarios/${u.id}`)}
                  >
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Text fw={700} fz="sm">
                          {u.name}
                        </Text>
                        {u.rol === 'admin' && <StaffBadge />}
                      </Group>
                      <Text fz="xs" c="dimmed">
                        #{u.id} · {u.email}
                      </Text>
                    </Table.Td>
                    <Table.Td fz="sm">
                      {documentText(u.type_identification, u.n_identification)}
                    </Table.Td>
                    <Table.Td fz="sm">{u.phone}</Table.Td>
                    <Table.Td ta="right" fz="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                      {formatBolivares(u.balance)}
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge user={u} />
                    </Table.Td>
                    <Table.Td>
                      <UnstyledButton
                        component={Link}
                        to={`/admin/usuarios/${u.id}`}
                        aria-label={`Ver ${u.name}`}
                        onClick={(e) => e.stopPropagation()}
                      >
                        <IconChevronRight size={18} aria-hidden />
                      </UnstyledButton>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
          <Pager
            page={users.data.page}
            perPage={users.data.per_page}
            total={users.data.total}
            onChange={setPage}
            testId="admin-users-pager"
          />
        </>
      )}
    </Stack>
  );
}
