import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Collapse,
  Group,
  Loader,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconChevronDown,
  IconChevronRight,
  IconFilterOff,
} from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { MSG_PROTECTION, type AuditEntry } from '@domino/contracts';
import { formatCaracasDateTime } from '../../../lib/format';
import { useAdminAudit } from '../api/console';
import { Pager } from '../../../components/staff/Pager';
import {
  auditActionLabel,
  auditDiff,
  auditTargetLink,
  auditTargetText,
  formatAuditValue,
} from '../../../lib/staff/audit';

const FILTERS = ['actor', 'action', 'target_type', 'target_id', 'from', 'to'] as const;
type Filter = (typeof FILTERS)[number];

const TARGET_TYPES = [
  { value: '', label: 'Todos' },
  { value: 'user', label: 'Usuario' },
  { value: 'recharge', label: 'Recarga' },
  { value: 'withdrawal', label: 'Retiro' },
  { value: 'table', label: 'Mesa' },
  { value: 'bank', label: 'Banco' },
  { value: 'recharge_account', label: 'Cuenta de recarga' },
  { value: 'monthly_pot', label: 'Pote' },
  { value: 'ledger', label: 'Libro mayor' },
];

const CHANGE_COLORS = { added: 'green', removed: 'red', changed: 'yellow', same: 'gray' } as const;
const CHANGE_LABELS = {
  added: 'nuevo',
  removed: 'quitado',
  changed: 'cambió',
  same: 'igual',
} as const;

/**
 * /admin/auditoria: every staff action, newest first, 25 a page, filtered by actor, action,
 * target type and id and a range of days (filters live in the address so a link can point at one
 * user's trail). Each row expands to its reason and a field-by-field before/after diff.
 */
export default function AdminAuditPage() {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(FILTERS.map((f) => [f, params.get(f) ?? ''])) as Record<
    Filter,
    string
  >;
  const page = Math.max(1, Number(params.get('pagina')) || 1);
  const audit = useAdminAudit({ ...filters, page: page > 1 ? page : undefined });

  const setFilter = (name: Filter, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    next.delete('pagina');
    setParams(next, { replace: true });
  };
  const setPage = (p: number) => {
    const next = new URLSearchParams(params);
    if (p > 1) next.set('pagina', String(p));
    else next.delete('pagina');
    setParams(next);
  };
  const anyFilter = FILTERS.some((f) => filters[f] !== '');

  return (
    <Stack gap="md" data-testid="admin-audit">
      <Stack gap={2}>
        <Title order={2} fz={{ base: 20, sm: 24 }}>
          Auditoría
        </Title>
        <Text fz="sm" c="dimmed">
          Cada acción del personal, con quién la hizo, cuándo, el motivo y el antes y el después.
          Nada se borra.
        </Text>
      </Stack>

      <Card padding="md">
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
          <NativeSelect
            label="Quién"
            value={filters.actor}
            onChange={(e) => setFilter('actor', e.currentTarget.value)}
            data={[
              { value: '', label: 'Todos' },
              ...(audit.data?.actors ?? []).map((a) => ({ value: String(a.id), label: a.name })),
            ]}
            data-testid="audit-actor"
            size="sm"
          />
          <NativeSelect
            label="Acción"
            value={filters.action}
            onChange={(e) => setFilter('action', e.currentTarget.value)}
            data={[
              { value: '', label: 'Todas' },
              ...(audit.data?.actions ?? []).map((a) => ({ value: a, label: auditActionLabel(a) })),
            ]}
            data-testid="audit-action"
            size="sm"
          />
          <NativeSelect
            label="Sobre"
            value={filters.target_type}
            onChange={(e) => setFilter('target_type', e.currentTarget.value)}
            data={TARGET_TYPES}
            data-testid="audit-target-type"
            size="sm"
          />
          <TextInput
            label="ID"
            value={filters.target_id}
            onChange={(e) => setFilter('target_id', e.currentTarget.value.trim())}
            placeholder="Ej. 12"
            maxLength={100}
            data-testid="audit-target-id"
            size="sm"
          />
          <TextInput
            label="Desde"
            type="date"
            value={filters.from}
            onChange={(e) => setFilter('from', e.currentTarget.value)}
            data-testid="audit-from"
            size="sm"
          />
          <TextInput
            label="Hasta"
            type="date"
            value={filters.to}
            onChange={(e) => setFilter('to', e.currentTarget.value)}
            data-testid="audit-to"
            size="sm"
          />
        </SimpleGrid>
        {anyFilter && (
          <Group mt="sm">
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconFilterOff size={14} aria-hidden />}
              onClick={() => setParams({}, { replace: true })}
            >
              Quitar filtros
            </Button>
          </Group>
        )}
      </Card>

      {audit.isPending ? (
        <Center py={48} role="status">
          <Loader type="dots" />
        </Center>
      ) : audit.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
          {audit.error.message}
        </Alert>
      ) : audit.data.entries.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="audit-empty">
          No hay acciones con estos filtros.
        </Text>
      ) : (
        <>
          <Stack gap="xs" hiddenFrom="md">
            {audit.data.entries.map((e) => (
              <EntryCard key={e.id} entry={e} />
            ))}
          </Stack>
          <Card padding={0} visibleFrom="md">
            <Table verticalSpacing="xs" horizontalSpacing="md">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={32} aria-label="Detalle" />
                  <Table.Th>Fecha</Table.Th>
                  <Table.Th>Quién</Table.Th>
                  <Table.Th>Acción</Table.Th>
                  <Table.Th>Sobre</Table.Th>
                  <Table.Th>Motivo</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {audit.data.entries.map((e) => (
                  <EntryRow key={e.id} entry={e} />
                ))}
              </Table.Tbody>
            </Table>
          </Card>
          <Pager
            page={audit.data.page}
            perPage={audit.data.per_page}
            total={audit.data.total}
            onChange={setPage}
            testId="audit-pager"
          />
        </>
      )}
    </Stack>
  );
}

function Target({ entry }: { entry: AuditEntry }) {
  const link = auditTargetLink(entry.target_type, entry.target_id);
  const text = auditTargetText(entry.target_type, entry.target_id);
  return link ? (
    <Anchor component={Link} to={link} fz="sm" onClick={(ev) => ev.stopPropagation()}>
      {text}
    </Anchor>
  ) : (
    <Text fz="sm" component="span">
      {text}
    </Text>
  );
}

function EntryRow({ entry }: { entry: AuditEntry }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Table.Tr
        data-testid="audit-row"
        onClick={() => setOpen((o) => !o)}
        style={{ cursor: 'pointer' }}
        aria-expanded={open}
      >
        <Table.Td>
          <UnstyledButton
            aria-label={open ? 'Ocultar cambios' : 'Ver cambios'}
            onClick={(ev) => {
              ev.stopPropagation();
              setOpen((o) => !o);
            }}
          >
            {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
          </UnstyledButton>
        </Table.Td>
        <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatCaracasDateTime(entry.created_at)}
        </Table.Td>
        <Table.Td fz="sm">{entry.actor?.name ?? MSG_PROTECTION.systemActor}</Table.Td>
        <Table.Td>
          <Badge variant="light" color="felt" tt="none" data-testid="audit-action-label">
            {auditActionLabel(entry.action)}
          </Badge>
        </Table.Td>
        <Table.Td>
          <Target entry={entry} />
        </Table.Td>
        <Table.Td fz="sm" maw={280} style={{ overflowWrap: 'anywhere' }}>
          {entry.reason ?? '—'}
        </Table.Td>
      </Table.Tr>
      {open && (
        <Table.Tr>
          <Table.Td colSpan={6} bg="gray.0">
            <Diff entry={entry} />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

function EntryCard({ entry }: { entry: AuditEntry }) {
  const [open, setOpen] = useState(false);
  return (
    <Card padding="sm" data-testid="audit-row">
      <Stack gap={4}>
        <Group justify="space-between" gap={6} wrap="nowrap">
          <Badge variant="light" color="felt" tt="none" data-testid="audit-action-label">
            {auditActionLabel(entry.action)}
          </Badge>
          <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatCaracasDateTime(entry.created_at)}
          </Text>
        </Group>
        <Text fz="sm">
          {entry.actor?.name ?? MSG_PROTECTION.systemActor} · <Target entry={entry} />
        </Text>
        {entry.reason && (
          <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            Motivo: {entry.reason}
          </Text>
        )}
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => setOpen((o) => !o)}
          rightSection={open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          aria-expanded={open}
          style={{ alignSelf: 'flex-start' }}
        >
          {open ? 'Ocultar cambios' : 'Ver cambios'}
        </Button>
        <Collapse expanded={open}>{open && <Diff entry={entry} />}</Collapse>
      </Stack>
    </Card>
  );
}

/** The before/after of one entry, field by field; unchanged fields are dimmed. */
function Diff({ entry }: { entry: AuditEntry }) {
  const rows = auditDiff(entry.before, entry.after);
  if (rows.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        Sin datos de antes ni después.
      </Text>
    );
  return (
    <Stack gap={4} data-testid="audit-diff">
      {rows.map((r) => (
        <Box
          key={r.path || '(valor)'}
          style={{
            display: 'grid',
            gridTemplateColumns: 'minmax(90px, 160px) 1fr',
            gap: 8,
            opacity: r.change === 'same' ? 0.6 : 1,
          }}
        >
          <Group gap={4} wrap="nowrap" align="flex-start">
            <Text fz="xs" fw={700} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {r.path || '(valor)'}
            </Text>
          </Group>
          <Group gap={6} align="center" wrap="wrap">
            {r.change !== 'added' && (
              <Text
                fz="xs"
                ff="monospace"
                td={r.change === 'same' ? undefined : 'line-through'}
                c={r.change === 'same' ? undefined : 'red.8'}
                style={{ overflowWrap: 'anywhere' }}
              >
                {formatAuditValue(r.before)}
              </Text>
            )}
            {r.change !== 'same' && r.change !== 'removed' && (
              <>
                {r.change === 'changed' && (
                  <Text fz="xs" c="dimmed">
                    →
                  </Text>
                )}
                <Text
                  fz="xs"
                  ff="monospace"
                  c="green"
                  fw={600}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {formatAuditValue(r.after)}
                </Text>
              </>
            )}
            <Badge size="xs" variant="light" color={CHANGE_COLORS[r.change]} tt="none">
              {CHANGE_LABELS[r.change]}
            </Badge>
          </Group>
        </Box>
      ))}
    </Stack>
  );
}
