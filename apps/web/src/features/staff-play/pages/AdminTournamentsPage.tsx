import { useState } from 'react';
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
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconBan,
  IconCopy,
  IconPlus,
  IconRefresh,
  IconUsers,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  TOURNAMENT_PAGES,
  formatBs,
  type StaffTournament,
  type TournamentEntryStatus,
} from '@domino/contracts';
import { isApiError } from '../../../lib/api';
import { bolivaresToCents } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import {
  entryLabel,
  formatLabel,
  formatShare,
  placesLabel,
  poolLabel,
  startLabel,
  statusColor,
  statusLabel,
} from '../../../lib/tournament-format';
import { cancelTournament, useAdminTournaments, useRefreshTournaments } from '../api/tournaments';
import { DecisionModal } from '../../../components/staff/DecisionModal';
import { DuplicateSetFormModal } from '../components/DuplicateSetFormModal';
import { TournamentFormModal } from '../components/TournamentFormModal';

const ENTRY_STATUS_LABELS: Record<TournamentEntryStatus, string> = {
  pending: 'Por confirmar',
  registered: 'Inscrito',
  refunded: 'Reembolsado',
};

/** 'Premios: 70 % · 30 %' of a staff row. */
function splitText(t: StaffTournament): string {
  return t.prize_split_bps.map((b) => formatShare(b)).join(' · ');
}

/**
 * /admin/torneos (decision 028): schedule a tournament (TournamentFormModal), open a duplicate set
 * (DuplicateSetFormModal, decision 062), every tournament with its status, start, terms and
 * places, its entrants (player, partner, state, paid), and "Cancelar" before the start, with a
 * confirmation that says every entry is refunded.
 */
export default function AdminTournamentsPage() {
  const list = useAdminTournaments();
  const refresh = useRefreshTournaments();
  const [creating, setCreating] = useState(false);
  const [openingSet, setOpeningSet] = useState(false);
  const [entrantsOf, setEntrantsOf] = useState<number | null>(null);
  const [cancellingId, setCancellingId] = useState<number | null>(null);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const [cancelBusy, setCancelBusy] = useState(false);
  const rows = list.data ?? [];
  const cancelling = rows.find((t) => t.id === cancellingId) ?? null;
  const showing = rows.find((t) => t.id === entrantsOf) ?? null;

  const confirmCancel = async (t: StaffTournament, reason: string, key: string) => {
    setCancelBusy(true);
    setCancelError(null);
    try {
      const res = await cancelTournament(t.id, reason, key);
      notify.success(res.message);
      setCancellingId(null);
      refresh();
    } catch (error) {
      setCancelError(isApiError(error) ? error.message : 'No se pudo cancelar el torneo.');
    } finally {
      setCancelBusy(false);
    }
  };

  return (
    <Stack gap="md" data-testid="admin-tournaments">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} fz={{ base: 20, sm: 24 }}>
          Torneos
        </Title>
        <Group gap="xs">
          <Button
            variant="light"
            leftSection={<IconCopy size={16} aria-hidden />}
            onClick={() => setOpeningSet(true)}
            data-testid="admin-duplicate-new"
          >
            Abrir duplicado
          </Button>
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setCreating(true)}
            data-testid="admin-tournament-new"
          >
            Programar torneo
          </Button>
        </Group>
      </Group>

      {list.isPending ? (
        <Center py={48}>
          <Loader type="dots" />
        </Center>
      ) : list.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
          <Stack gap="sm" align="flex-start">
            <Text fz="sm">{list.error.message}</Text>
            <Button
              size="xs"
              color="red"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={() => void list.refetch()}
            >
              Reintentar
            </Button>
          </Stack>
        </Alert>
      ) : rows.length === 0 ? (
        <Text c="dimmed">Todavía no hay torneos. Programa el primero.</Text>
      ) : (
        <Stack gap="sm">
          {rows.map((t) => (
            <Card key={t.id} withBorder padding="md" data-testid={`admin-tournament-${t.id}`}>
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                  <Anchor
                    component={Link}
                    to={TOURNAMENT_PAGES.detail(t.id)}
                    fw={700}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {t.name}
                  </Anchor>
                  <Badge
                    color={statusColor(t.status)}
                    variant="light"
                    miw="max-content"
                    data-testid={`admin-tournament-status-${t.id}`}
                  >
                    {statusLabel(t.status)}
                  </Badge>
                </Group>
                <Text fz="sm" c="dimmed">
                  {formatLabel(t)} · {startLabel(t.starts_at)}
                </Text>
                <Group gap="md" wrap="wrap">
                  <Text fz="sm">
                    Entrada: <b>{entryLabel(t.entry_fee)}</b>
                  </Text>
                  <Text fz="sm">
                    Inscritos: <b>{placesLabel(t)}</b> (mín. {t.min_entrants})
                  </Text>
                  <Text fz="sm">
                    Bote: <b>{poolLabel(t)}</b>
                  </Text>
                  {t.entry_fee > 0 && (
                    <Text fz="sm" c="dimmed">
                      Casa {formatShare(t.house_fee_bps)} · Premios {splitText(t)}
                    </Text>
                  )}
                </Group>
                {t.cancelled_reason && (
                  <Text fz="sm" c="dimmed">
                    Cancelado: {t.cancelled_reason}
                  </Text>
                )}
                <Group gap="xs" justify="flex-end">
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconUsers size={14} aria-hidden />}
                    onClick={() => setEntrantsOf(t.id)}
                    data-testid={`admin-tournament-entrants-${t.id}`}
                  >
                    Inscritos ({t.entrants.filter((e) => e.status !== 'refunded').length})
                  </Button>
                  {t.status === 'scheduled' && (
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      leftSection={<IconBan size={14} aria-hidden />}
                      onClick={() => {
                        setCancelError(null);
                        setCancellingId(t.id);
                      }}
                      data-testid={`admin-tournament-cancel-${t.id}`}
                    >
                      Cancelar
                    </Button>
                  )}
                </Group>
              </Stack>
            </Card>
          ))}
        </Stack>
      )}

      <TournamentFormModal opened={creating} onClose={() => setCreating(false)} />
      <DuplicateSetFormModal opened={openingSet} onClose={() => setOpeningSet(false)} />

      <Modal
        opened={showing !== null}
        onClose={() => setEntrantsOf(null)}
        title={showing ? `Inscritos · ${showing.name}` : ''}
        size="lg"
        centered
        closeButtonProps={{ 'aria-label': 'Cerrar' }}
      >
        {showing &&
          (showing.entrants.length === 0 ? (
            <Text c="dimmed" fz="sm">
              Nadie se ha inscrito todavía.
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={0}>
              <Table fz="sm" verticalSpacing={6} data-testid="admin-tournament-entrants">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Jugador</Table.Th>
                    {showing.mode === 'parejas' && <Table.Th>Pareja</Table.Th>}
                    <Table.Th>Estado</Table.Th>
                    <Table.Th ta="right">Pagó</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {showing.entrants.map((e) => (
                    <Table.Tr key={e.user.id}>
                      <Table.Td>{e.user.name}</Table.Td>
                      {showing.mode === 'parejas' && (
                        <Table.Td>{e.partner?.name ?? 'Al azar'}</Table.Td>
                      )}
                      <Table.Td>{ENTRY_STATUS_LABELS[e.status]}</Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {formatBs(bolivaresToCents(e.paid))}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ))}
      </Modal>

      <DecisionModal
        opened={cancelling !== null}
        onClose={() => setCancellingId(null)}
        title="Cancelar torneo"
        confirmLabel="Cancelar torneo y reembolsar"
        confirmColor="red"
        loading={cancelBusy}
        error={cancelError}
        field={{
          label: 'Motivo (lo verán los inscritos)',
          placeholder: 'Por ejemplo: mantenimiento programado',
          validate: (v) => (v.length > 200 ? 'Como máximo 200 caracteres' : null),
          testId: 'admin-tournament-cancel-reason',
        }}
        onConfirm={(reason, key) => {
          if (cancelling) void confirmCancel(cancelling, reason, key);
        }}
        testId="admin-tournament-cancel-form"
      >
        {cancelling && (
          <Text fz="sm">
            <b>{cancelling.name}</b> tiene {placesLabel(cancelling)}.{' '}
            {cancelling.entry_fee > 0
              ? `Al cancelarlo devolvemos a cada inscrito su entrada (${formatBs(
                  bolivaresToCents(cancelling.entry_fee),
                )}) y les avisamos.`
              : 'Es gratuito: no hay dinero que devolver; avisamos a los inscritos.'}
          </Text>
        )}
      </DecisionModal>
    </Stack>
  );
}
