import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Image,
  Loader,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { RuleChips } from '../../../components/TableRules';
import {
  IconAlertCircle,
  IconDoorEnter,
  IconLock,
  IconPencil,
  IconPlus,
  IconRefresh,
} from '@tabler/icons-react';
import type { TableDetail } from '@domino/contracts';
import { TableIllustration } from '../../../components/TableIllustration';
import { isApiError } from '../../../lib/api';
import { formatBolivares } from '../../../lib/format';
import { PrivateSettingsCard } from '../components/PrivateSettingsCard';
import { notify } from '../../../lib/notify';
import { useAdminTables, useTableAction } from '../api/tables';
import { DecisionModal } from '../../../components/staff/DecisionModal';
import { TableFormModal } from '../components/TableFormModal';
import {
  TABLE_STATUS_LABELS,
  bpsToPercentText,
  closeConfirmText,
  closeMode,
  closedToast,
  tableStatusColor,
} from '../lib/tables';

function StatusBadge({ table }: { table: TableDetail }) {
  return (
    <Badge
      color={tableStatusColor(table.status)}
      variant="light"
      // Never truncated to 'ABIER…': a table cell ignores min-width, so the badge keeps its own.
      miw="max-content"
      data-testid={`admin-table-status-${table.id}`}
    >
      {TABLE_STATUS_LABELS[table.status] ?? table.status}
    </Badge>
  );
}

function Thumb({ table }: { table: TableDetail }) {
  return table.image ? (
    <Image src={table.image} w={64} h={42} fit="cover" radius="sm" alt="" />
  ) : (
    <div style={{ width: 64, height: 42, borderRadius: 4, overflow: 'hidden' }}>
      <TableIllustration height={42} seed={table.id} />
    </div>
  );
}

function modeText(t: TableDetail): string {
  return `${t.mode === 'parejas' ? 'Parejas' : 'Individual'} · ${t.target_points} pts`;
}

function feesText(t: TableDetail): string {
  return `${bpsToPercentText(t.house_fee_bps)} % casa · ${bpsToPercentText(t.pot_share_bps)} % pote`;
}

function feesShort(t: TableDetail): string {
  return `${bpsToPercentText(t.house_fee_bps)} % / ${bpsToPercentText(t.pot_share_bps)} %`;
}

/**
 * 'Cerrar': disabled only while a match runs (the tooltip says why); with players waiting it asks
 * first, since closing refunds their entries (decision 010).
 */
function CloseButton({
  table,
  loading,
  onClick,
}: {
  table: TableDetail;
  loading: boolean;
  onClick(): void;
}) {
  const mode = closeMode(table);
  const reason = mode.kind === 'blocked' ? mode.reason : null;
  return (
    <Tooltip label={reason} disabled={reason === null} withArrow multiline w={240}>
      {/* A disabled button gets no pointer events: the wrapper carries the tooltip. */}
      <span style={{ display: 'inline-flex' }}>
        <Button
          size="xs"
          variant="light"
          color={mode.kind === 'confirm' ? 'red' : 'gray'}
          leftSection={<IconLock size={14} aria-hidden />}
          onClick={onClick}
          loading={loading}
          disabled={reason !== null}
          aria-description={reason ?? undefined}
          data-testid={`admin-table-close-${table.id}`}
          data-close-mode={mode.kind}
        >
          Cerrar
        </Button>
      </span>
    </Tooltip>
  );
}

/** /admin/mesas: every table with its status, price, players, mode and fees; create, edit, open, close. */
export default function AdminTablesPage() {
  const tables = useAdminTables();
  const action = useTableAction();
  const [editing, setEditing] = useState<TableDetail | null>(null);
  const [creating, setCreating] = useState(false);
  const [pendingId, setPendingId] = useState<number | null>(null);
  // The table whose close waits for confirmation (players are waiting at it), by id so the
  // dialog follows the list's refreshes.
  const [closingId, setClosingId] = useState<number | null>(null);
  const [closeError, setCloseError] = useState<string | null>(null);
  const closing = tables.data?.find((t) => t.id === closingId) ?? null;

  const toggle = async (t: TableDetail) => {
    const kind = t.status === 'closed' ? 'open' : 'close';
    setPendingId(t.id);
    try {
      await action.mutateAsync({ kind, id: t.id });
      notify.success(kind === 'open' ? `${t.name}: mesa abierta` : closedToast(t.name, false));
    } catch (error) {
      notify.error(isApiError(error) ? error.message : 'No se pudo cambiar el estado de la mesa.');
    } finally {
      setPendingId(null);
    }
  };

  const askClose = (t: TableDetail) => {
    const mode = closeMode(t);
    if (mode.kind === 'blocked') return;
    if (mode.kind === 'direct') return void toggle(t);
    setCloseError(null);
    setClosingId(t.id);
  };

  const confirmClose = async (t: TableDetail) => {
    setCloseError(null);
    setPendingId(t.id);
    try {
      await action.mutateAsync({ kind: 'close', id: t.id });
      notify.success(closedToast(t.name, t.current_players > 0));
      setClosingId(null);
    } catch (error) {
      setCloseError(isApiError(error) ? error.message : 'No se pudo cerrar la mesa.');
    } finally {
      setPendingId(null);
    }
  };

  const closeText = closing ? closeConfirmText(closing) : null;

  const actions = (t: TableDetail) => (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      <Tooltip label="Editar" withArrow>
        <ActionIcon
          variant="light"
          size="lg"
          aria-label={`Editar ${t.name}`}
          onClick={() => setEditing(t)}
          data-testid={`admin-table-edit-${t.id}`}
        >
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      {t.status === 'closed' ? (
        <Button
          size="xs"
          variant="light"
          color="green"
          leftSection={<IconDoorEnter size={14} aria-hidden />}
          onClick={() => void toggle(t)}
          loading={pendingId === t.id}
          data-testid={`admin-table-open-${t.id}`}
        >
          Abrir
        </Button>
      ) : (
        <CloseButton
          table={t}
          loading={pendingId === t.id && closingId === null}
          onClick={() => askClose(t)}
        />
      )}
    </Group>
  );

  return (
    <Stack gap="md" data-testid="admin-tables">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2}>
          <Title order={2} fz={{ base: 20, sm: 24 }}>
            Mesas
          </Title>
          <Text fz="sm" c="dimmed">
            Precio, modo, meta y comisiones de cada mesa. Las cerradas no aparecen a los jugadores.
          </Text>
        </Stack>
        <Group gap={6} wrap="nowrap">
          <Tooltip label="Actualizar" withArrow>
            <ActionIcon
              variant="light"
              size="lg"
              onClick={() => void tables.refetch()}
              loading={tables.isFetching}
              aria-label="Actualizar mesas"
            >
              <IconRefresh size={18} />
            </ActionIcon>
          </Tooltip>
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setCreating(true)}
            data-testid="admin-tables-new"
          >
            Nueva mesa
          </Button>
        </Group>
      </Group>

      {tables.isPending ? (
        <Center py={48}>
          <Loader type="dots" />
        </Center>
      ) : tables.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
          {tables.error.message}
        </Alert>
      ) : tables.data.length === 0 ? (
        <Text c="dimmed">No hay mesas. Crea la primera con «Nueva mesa».</Text>
      ) : (
        <>
          <Stack gap="sm" hiddenFrom="md">
            {tables.data.map((t) => (
              <Card key={t.id} padding="sm" data-testid={`admin-table-row-${t.id}`}>
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Thumb table={t} />
                  <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                    <Group gap={6} wrap="nowrap" justify="space-between">
                      <Text fw={700} truncate>
                        {t.name}
                        {t.private && ' · Privada'}
                      </Text>
                      <StatusBadge table={t} />
                    </Group>
                    <Text fz="sm">
                      {formatBolivares(t.entry_price)} · {t.current_players}/{t.max_players}{' '}
                      jugadores
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {modeText(t)} · {feesText(t)} · {t.turn_seconds} s
                    </Text>
                    <RuleChips rules={t.rules} testId={`admin-table-rules-card-${t.id}`} />
                  </Stack>
                </Group>
                <Group justify="flex-end" mt="xs">
                  {actions(t)}
                </Group>
              </Card>
            ))}
          </Stack>

          <Card padding={0} visibleFrom="md">
            <Table.ScrollContainer minWidth={820}>
              <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
                <Table.Thead bg="gray.0">
                  <Table.Tr>
                    <Table.Th>Mesa</Table.Th>
                    <Table.Th>Estado</Table.Th>
                    <Table.Th ta="right">Entrada</Table.Th>
                    <Table.Th ta="center">Jugadores</Table.Th>
                    <Table.Th>Modo</Table.Th>
                    <Table.Th>Casa / Pote</Table.Th>
                    <Table.Th ta="right">Acciones</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {tables.data.map((t) => (
                    <Table.Tr key={t.id} data-testid={`admin-table-row-${t.id}`}>
                      <Table.Td>
                        <Group gap="sm" wrap="nowrap">
                          <Thumb table={t} />
                          <Stack gap={0}>
                            <Text fw={700} fz="sm">
                              {t.name}
                            </Text>
                            <Text fz="xs" c="dimmed">
                              #{t.id} · {t.turn_seconds} s por turno
                              {t.private && ` · Privada de ${t.private.host.name}`}
                            </Text>
                          </Stack>
                        </Group>
                      </Table.Td>
                      <Table.Td miw={104}>
                        <StatusBadge table={t} />
                      </Table.Td>
                      <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                        {formatBolivares(t.entry_price)}
                      </Table.Td>
                      <Table.Td ta="center">
                        {t.current_players}/{t.max_players}
                      </Table.Td>
                      <Table.Td fz="sm">
                        <Stack gap={4}>
                          <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                            {modeText(t)}
                          </Text>
                          <RuleChips rules={t.rules} testId={`admin-table-rules-${t.id}`} />
                        </Stack>
                      </Table.Td>
                      <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>
                        {feesShort(t)}
                      </Table.Td>
                      <Table.Td>{actions(t)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
        </>
      )}

      <DecisionModal
        opened={closing !== null}
        onClose={() => setClosingId(null)}
        title={closing ? `Cerrar ${closing.name}` : 'Cerrar mesa'}
        // Short enough to sit beside 'Cancelar' on a 360 px phone; the text says what it does.
        confirmLabel="Cerrar mesa"
        confirmColor="red"
        loading={closing !== null && pendingId === closing.id}
        error={closeError}
        testId="admin-table-close-modal"
        onConfirm={() => closing && void confirmClose(closing)}
      >
        {closeText && (
          <Stack gap="xs">
            <Text fz="sm">{closeText.summary}</Text>
            <Text fz="sm" fw={600}>
              {closeText.refund}
            </Text>
          </Stack>
        )}
      </DecisionModal>

      <TableFormModal
        opened={creating || editing !== null}
        table={editing}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
      />
      {/* Under the list once it is drawn, not under its loader first (docs/decisions/080-pages-hold-still-while-loading.md). */}
      {!tables.isPending && <PrivateSettingsCard />}
    </Stack>
  );
}
