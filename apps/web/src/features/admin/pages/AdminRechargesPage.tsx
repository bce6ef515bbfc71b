import { useState } from 'react';
import { Button, Card, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconCheck, IconPhoto, IconX } from '@tabler/icons-react';
import type { AdminRecharge } from '@domino/contracts';
import { formatBolivares, formatCaracasDateTime } from '../../../lib/format';
import { useAdminRecharges } from '../api/admin';
import { DecisionModal } from '../components/DecisionModal';
import { ProofModal } from '../components/ProofModal';
import { QueueScaffold } from '../components/QueueScaffold';
import { StatusBadge } from '../components/StatusBadge';
import { useDecision } from '../components/use-decision';
import { useQueueStatus } from '../components/use-queue-status';
import { RECHARGE_FILTERS, isDecidable, reasonProblem } from '../lib/admin';

type Kind = 'approve' | 'reject';

/** /admin/recargas: the recharge queue (pending first), proof viewer, approve and reject. */
export default function AdminRechargesPage() {
  const [status, setStatus] = useQueueStatus();
  const query = useAdminRecharges(status);
  const decision = useDecision<AdminRecharge, Kind>();
  const [proof, setProof] = useState<AdminRecharge | null>(null);

  const actions = {
    onProof: setProof,
    onApprove: (r: AdminRecharge) => decision.start('approve', r),
    onReject: (r: AdminRecharge) => decision.start('reject', r),
  };
  const open = decision.open;

  return (
    <>
      <QueueScaffold
        title="Recargas"
        subtitle="Verifica cada Pago Móvil en el banco antes de aprobarlo."
        filters={RECHARGE_FILTERS}
        status={status}
        onStatusChange={setStatus}
        query={query}
        empty="No hay recargas en esta lista."
        card={(r) => <RechargeCard r={r} {...actions} />}
        table={(items) => <RechargeTable items={items} {...actions} />}
      />

      <ProofModal
        url={proof?.proof_url ?? null}
        title={proof ? `Comprobante · ref. ${proof.reference}` : 'Comprobante'}
        onClose={() => setProof(null)}
      />
      <DecisionModal
        opened={open?.kind === 'approve'}
        onClose={decision.close}
        title="Aprobar recarga"
        confirmLabel="Confirmar aprobación"
        confirmColor="green"
        loading={decision.loading}
        error={decision.error}
        testId="approve-recharge-modal"
        onConfirm={(_, key) =>
          open && decision.submit({ kind: 'approve-recharge', id: open.item.id, key })
        }
      >
        {open && (
          <Text fz="sm">
            ¿Confirmas que recibiste <b>{formatBolivares(open.item.amount)}</b> de{' '}
            <b>{open.item.user.name}</b> con la referencia <b>{open.item.reference}</b>? El saldo se
            acreditará de inmediato.
          </Text>
        )}
      </DecisionModal>
      <DecisionModal
        opened={open?.kind === 'reject'}
        onClose={decision.close}
        title="Rechazar recarga"
        confirmLabel="Rechazar recarga"
        confirmColor="red"
        loading={decision.loading}
        error={decision.error}
        testId="reject-recharge-modal"
        field={{
          label: 'Motivo del rechazo',
          placeholder: 'Ej. La referencia no aparece en el banco',
          multiline: true,
          validate: reasonProblem,
          testId: 'reject-reason',
        }}
        onConfirm={(reason, key) =>
          open && decision.submit({ kind: 'reject-recharge', id: open.item.id, reason, key })
        }
      >
        {open && (
          <Text fz="sm">
            Recarga de <b>{formatBolivares(open.item.amount)}</b> de <b>{open.item.user.name}</b>{' '}
            (ref. {open.item.reference}). El jugador verá el motivo.
          </Text>
        )}
      </DecisionModal>
    </>
  );
}

interface RowActions {
  onProof: (r: AdminRecharge) => void;
  onApprove: (r: AdminRecharge) => void;
  onReject: (r: AdminRecharge) => void;
}

function Player({ r }: { r: AdminRecharge }) {
  return (
    <Stack gap={0}>
      <Text fz="sm" fw={600}>
        {r.user.name}
      </Text>
      <Text fz="xs" c="dimmed">
        {r.user.email}
      </Text>
      <Text fz="xs" c="dimmed">
        C.I. {r.user.n_identification} · {r.user.phone}
      </Text>
    </Stack>
  );
}

function Decided({ r }: { r: AdminRecharge }) {
  if (isDecidable(r.status)) return null;
  return (
    <Text fz="xs" c="dimmed">
      {r.decided_by ? `Por ${r.decided_by}` : ''}
      {r.decided_at ? ` · ${formatCaracasDateTime(r.decided_at)}` : ''}
      {r.reason ? ` · Motivo: ${r.reason}` : ''}
    </Text>
  );
}

function ProofButton({ r, onProof }: { r: AdminRecharge; onProof: (r: AdminRecharge) => void }) {
  if (!r.proof_url)
    return (
      <Text fz="xs" c="dimmed">
        Sin comprobante
      </Text>
    );
  return (
    <Button
      size="compact-xs"
      variant="light"
      color="blue"
      leftSection={<IconPhoto size={14} aria-hidden />}
      onClick={() => onProof(r)}
      aria-label={`Ver comprobante de la recarga ${r.id}`}
      data-testid="recharge-proof-button"
    >
      Ver comprobante
    </Button>
  );
}

function Actions({
  r,
  onApprove,
  onReject,
  vertical,
}: Omit<RowActions, 'onProof'> & { r: AdminRecharge; vertical?: boolean }) {
  if (!isDecidable(r.status)) return null;
  const Wrapper = vertical ? Stack : Group;
  return (
    <Wrapper gap={6} wrap="nowrap">
      {
        <>
          <Button
            size="xs"
            color="green"
            leftSection={<IconCheck size={14} aria-hidden />}
            onClick={() => onApprove(r)}
            data-testid="recharge-approve"
          >
            Aprobar
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            leftSection={<IconX size={14} aria-hidden />}
            onClick={() => onReject(r)}
            data-testid="recharge-reject"
          >
            Rechazar
          </Button>
        </>
      }
    </Wrapper>
  );
}

function RechargeTable({ items, onProof, ...actions }: RowActions & { items: AdminRecharge[] }) {
  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={900}>
        <Table
          verticalSpacing="sm"
          horizontalSpacing="xs"
          highlightOnHover
          data-testid="admin-recharges"
        >
          <Table.Thead bg="gray.0">
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>Jugador</Table.Th>
              <Table.Th ta="right">Monto</Table.Th>
              <Table.Th>Referencia</Table.Th>
              <Table.Th>Destino</Table.Th>
              <Table.Th>Fecha</Table.Th>
              <Table.Th miw={120}>Estado</Table.Th>
              <Table.Th>Acciones</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((r) => (
              <Table.Tr key={r.id} data-testid="admin-recharge-row" data-request-id={r.id}>
                <Table.Td fz="sm" c="dimmed">
                  {r.id}
                </Table.Td>
                <Table.Td maw={220}>
                  <Player r={r} />
                </Table.Td>
                <Table.Td ta="right" fw={700} fz="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatBolivares(r.amount)}
                </Table.Td>
                <Table.Td>
                  <Stack gap={4} align="flex-start">
                    <Text fz="sm" ff="monospace">
                      {r.reference}
                    </Text>
                    <ProofButton r={r} onProof={onProof} />
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Text fz="sm">{r.account.bank}</Text>
                  <Text
                    fz="xs"
                    c="dimmed"
                    ff="monospace"
                    style={{ whiteSpace: 'nowrap' }}
                    data-testid="admin-recharge-account-number"
                  >
                    {r.account.account_number}
                  </Text>
                </Table.Td>
                <Table.Td fz="sm" w={90}>
                  {formatCaracasDateTime(r.created_at)}
                </Table.Td>
                <Table.Td>
                  <Stack gap={2} align="flex-start">
                    <StatusBadge status={r.status} kind="recharge" />
                    <Decided r={r} />
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Actions r={r} {...actions} vertical />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function RechargeCard({ r, onProof, ...actions }: RowActions & { r: AdminRecharge }) {
  return (
    <Card padding="md" data-testid="admin-recharge-row" data-request-id={r.id}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
        <Player r={r} />
        <Stack gap={4} align="flex-end">
          <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
            {formatBolivares(r.amount)}
          </Text>
          <StatusBadge status={r.status} kind="recharge" />
        </Stack>
      </Group>
      <Stack gap={2} mb="sm">
        <Text fz="sm">
          Ref. <b>{r.reference}</b>
        </Text>
        <Text fz="xs" c="dimmed">
          Destino: {r.account.bank} ·{' '}
          <span style={{ whiteSpace: 'nowrap' }} data-testid="admin-recharge-account-number">
            {r.account.account_number}
          </span>
        </Text>
        <Text fz="xs" c="dimmed">
          #{r.id} · {formatCaracasDateTime(r.created_at)}
        </Text>
        <Decided r={r} />
      </Stack>
      <Group gap="xs" justify="space-between">
        <ProofButton r={r} onProof={onProof} />
        <Actions r={r} {...actions} />
      </Group>
    </Card>
  );
}
