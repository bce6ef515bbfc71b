import { useState } from 'react';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconPhoto } from '@tabler/icons-react';
import { bankAnswerLine, type AdminRecharge } from '@domino/contracts';
import { formatBolivares, formatCaracasDateTime } from '../../../lib/format';
import { useAdminRecharges } from '../api/requests';
import { DecisionModal } from '../../../components/staff/DecisionModal';
import { ProofModal } from '../../../components/staff/ProofModal';
import { QueueScaffold } from '../../../components/staff/QueueScaffold';
import {
  DecisionButtons,
  RejectRequestModal,
  RequestPlayer,
  RequestQueueTable,
} from '../../../components/staff/RequestQueue';
import { StatusBadge } from '../../../components/staff/StatusBadge';
import { useDecision } from '../components/use-decision';
import { useQueueStatus } from '../../../lib/staff/use-queue-status';
import { RECHARGE_FILTERS, isDecidable, reasonProblem } from '../../../lib/staff/requests';

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
      <RejectRequestModal
        kind="recharge"
        opened={open?.kind === 'reject'}
        onClose={decision.close}
        loading={decision.loading}
        error={decision.error}
        placeholder="Ej. La referencia no aparece en el banco"
        validate={reasonProblem}
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
      </RejectRequestModal>
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
    <RequestPlayer
      name={r.user.name}
      email={r.user.email}
      extra={
        <Text fz="xs" c="dimmed">
          C.I. {r.user.n_identification} · {r.user.phone}
        </Text>
      }
    />
  );
}

function Decided({ r }: { r: AdminRecharge }) {
  if (isDecidable(r.status)) return <BankAnswerNote r={r} />;
  return (
    <Text fz="xs" c="dimmed">
      {r.decided_by ? `Por ${r.decided_by}` : ''}
      {r.decided_at ? ` · ${formatCaracasDateTime(r.decided_at)}` : ''}
      {r.reason ? ` · Motivo: ${r.reason}` : ''}
    </Text>
  );
}

/**
 * Beside a pending recharge the bank connector could not settle (decision 051): how it was paid,
 * whether the bank is still being asked, and what the bank said last.
 */
function BankAnswerNote({ r }: { r: AdminRecharge }) {
  if (r.verification === 'checking')
    return (
      <Text fz="xs" c="blue.8" data-testid="admin-recharge-bank-answer">
        {r.method === 'c2p'
          ? 'Pago con clave (C2P): confirmando con el banco…'
          : 'Verificando con el banco…'}
      </Text>
    );
  if (r.verification !== 'needs_staff' || !r.bank_answer) return null;
  return (
    <Text fz="xs" c="orange.9" data-testid="admin-recharge-bank-answer">
      {r.method === 'c2p' ? 'Pago con clave (C2P). ' : ''}
      {bankAnswerLine(r.bank_answer)}
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
  return (
    <DecisionButtons
      kind="recharge"
      status={r.status}
      confirm={{
        label: 'Aprobar',
        icon: <IconCheck size={14} aria-hidden />,
        testId: 'recharge-approve',
        onClick: () => onApprove(r),
      }}
      onReject={() => onReject(r)}
      vertical={vertical}
    />
  );
}

function RechargeTable({ items, onProof, ...actions }: RowActions & { items: AdminRecharge[] }) {
  return (
    <RequestQueueTable
      kind="recharge"
      items={items}
      minWidth={900}
      columns={[
        { header: 'Jugador', cell: (r) => <Player r={r} />, cellProps: { maw: 220 } },
        {
          header: 'Monto',
          headerAlign: 'right',
          cell: (r) => formatBolivares(r.amount),
          cellProps: { ta: 'right', fw: 700, fz: 'sm', style: { whiteSpace: 'nowrap' } },
        },
        {
          header: 'Referencia',
          cell: (r) => (
            <Stack gap={4} align="flex-start">
              <Text fz="sm" ff="monospace">
                {r.reference}
              </Text>
              <ProofButton r={r} onProof={onProof} />
            </Stack>
          ),
        },
        {
          header: 'Destino',
          cell: (r) => (
            <>
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
            </>
          ),
        },
      ]}
      statusNotes={(r) => <Decided r={r} />}
      actions={(r) => <Actions r={r} {...actions} vertical />}
    />
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
