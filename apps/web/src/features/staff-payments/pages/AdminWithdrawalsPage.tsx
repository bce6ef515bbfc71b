import { Alert, Badge, Card, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBuildingBank, IconCash, IconShieldLock } from '@tabler/icons-react';
import { MSG_PROTECTION, type AdminWithdrawal } from '@domino/contracts';
import { formatBolivares, formatCaracasDateTime } from '../../../lib/format';
import { useAdminWithdrawals } from '../api/requests';
import { useBankConnectors } from '../api/banking';
import { CopyValue } from '../components/CopyValue';
import { DecisionModal } from '../../../components/staff/DecisionModal';
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
import { WITHDRAWAL_FILTERS, isDecidable, reasonProblem } from '../../../lib/staff/requests';
import { payoutReferenceProblem } from '../lib/payments';

type Kind = 'pay' | 'reject' | 'bank';

/** Bolívares as typed into a bank app: "1234.56" (no thousands separators). */
function plainAmount(bs: number): string {
  return bs.toFixed(2);
}

/**
 * /admin/retiros: the withdrawal queue. Staff pay each one by Pago Móvil from the bank (copying
 * bank, phone, cédula, name and amount), then mark it paid with the bank's reference, or reject it
 * (the amount returns to the player's balance).
 */
export default function AdminWithdrawalsPage() {
  const [status, setStatus] = useQueueStatus();
  const query = useAdminWithdrawals(status);
  const decision = useDecision<AdminWithdrawal, Kind>();
  const open = decision.open;
  const connectors = useBankConnectors();
  // Some recharge account's bank pays withdrawals through its API (decision 051, payouts).
  const bankPays = (connectors.data?.accounts ?? []).some(
    (a) => a.connector?.enabled && a.connector.capabilities.payout,
  );
  // A withdrawal under review (decision 013) is paid only with its acknowledgement ticked.
  const reviewAcknowledgement = open?.item.review
    ? {
        label: MSG_PROTECTION.reviewAcknowledge,
        requiredMessage: MSG_PROTECTION.reviewAcknowledgeRequired,
        testId: 'review-acknowledge',
      }
    : undefined;
  const actions = {
    onPay: (w: AdminWithdrawal) => decision.start('pay', w),
    onPayByBank: bankPays ? (w: AdminWithdrawal) => decision.start('bank', w) : null,
    onReject: (w: AdminWithdrawal) => decision.start('reject', w),
  };

  return (
    <>
      <QueueScaffold
        title="Retiros"
        subtitle="Paga por Pago Móvil con los datos indicados y registra la referencia del banco."
        filters={WITHDRAWAL_FILTERS}
        status={status}
        onStatusChange={setStatus}
        query={query}
        empty="No hay retiros en esta lista."
        card={(w) => <WithdrawalCard w={w} {...actions} />}
        table={(items) => <WithdrawalTable items={items} {...actions} />}
      />

      <DecisionModal
        opened={open?.kind === 'pay'}
        onClose={decision.close}
        title="Marcar retiro como pagado"
        confirmLabel="Confirmar pago"
        confirmColor="green"
        loading={decision.loading}
        error={decision.error}
        testId="pay-withdrawal-modal"
        field={{
          label: 'Referencia del pago',
          placeholder: 'Número de referencia del Pago Móvil enviado',
          validate: payoutReferenceProblem,
          testId: 'payout-reference',
        }}
        acknowledgement={reviewAcknowledgement}
        onConfirm={(payoutReference, key, reviewAcknowledged) =>
          open &&
          decision.submit({
            kind: 'pay-withdrawal',
            id: open.item.id,
            payoutReference,
            reviewAcknowledged,
            key,
          })
        }
      >
        {open && <PayoutSummary w={open.item} />}
      </DecisionModal>
      <DecisionModal
        opened={open?.kind === 'bank'}
        onClose={decision.close}
        title="Pagar por el banco"
        confirmLabel="Enviar el Pago Móvil"
        confirmColor="green"
        loading={decision.loading}
        error={decision.error}
        testId="pay-by-bank-modal"
        acknowledgement={reviewAcknowledgement}
        onConfirm={(_value, key, reviewAcknowledged) =>
          open &&
          decision.submit({
            kind: 'pay-withdrawal-bank',
            id: open.item.id,
            reviewAcknowledged,
            key,
          })
        }
      >
        {open && (
          <Stack gap="xs">
            <ReviewFlag w={open.item} />
            <Text fz="sm">
              El banco envía el Pago Móvil a <b>{open.item.user.name}</b> desde nuestra cuenta y el
              retiro queda pagado con su referencia. Si el banco lo rechaza, el retiro sigue
              pendiente con su respuesta; si no responde, no lo reintentamos solos.
            </Text>
            <Paper withBorder p="xs" radius="md" bg="gray.0">
              <PayoutData w={open.item} />
            </Paper>
          </Stack>
        )}
      </DecisionModal>
      <RejectRequestModal
        kind="withdrawal"
        opened={open?.kind === 'reject'}
        onClose={decision.close}
        loading={decision.loading}
        error={decision.error}
        placeholder="Ej. El teléfono no está afiliado a Pago Móvil en ese banco"
        validate={reasonProblem}
        onConfirm={(reason, key) =>
          open && decision.submit({ kind: 'reject-withdrawal', id: open.item.id, reason, key })
        }
      >
        {open && (
          <Text fz="sm">
            Retiro de <b>{formatBolivares(open.item.amount)}</b> de <b>{open.item.user.name}</b>. El
            monto vuelve al saldo del jugador y verá el motivo.
          </Text>
        )}
      </RejectRequestModal>
    </>
  );
}

interface RowActions {
  onPay: (w: AdminWithdrawal) => void;
  /** Null when no recharge account's bank pays withdrawals through its API. */
  onPayByBank: ((w: AdminWithdrawal) => void) | null;
  onReject: (w: AdminWithdrawal) => void;
}

/** The Pago Móvil data, each value copyable. */
function PayoutData({ w }: { w: AdminWithdrawal }) {
  const doc = `${w.payout.type_identification}-${w.payout.n_identification}`;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={4} verticalSpacing={2} data-testid="payout-data">
      <Field label="Banco">
        <CopyValue
          label="Banco"
          value={`${w.bank.code} - ${w.bank.name}`}
          copyValue={w.bank.code}
        />
      </Field>
      <Field label="Teléfono">
        <CopyValue label="Teléfono" value={w.payout.phone} />
      </Field>
      <Field label="Cédula">
        <CopyValue label="Cédula" value={doc} copyValue={w.payout.n_identification} />
      </Field>
      <Field label="Nombre">
        <CopyValue label="Nombre" value={w.payout.name} />
      </Field>
      <Field label="Monto">
        <CopyValue
          label="Monto"
          value={formatBolivares(w.amount)}
          copyValue={plainAmount(w.amount)}
          strong
        />
      </Field>
    </SimpleGrid>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text fz={10} c="dimmed" tt="uppercase" fw={700} lts={0.4}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/**
 * The review flag of a withdrawal requested within 24 h of a change of the player's e-mail, phone
 * or bank account (docs/decisions/013): what changed and when, and who acknowledged it.
 */
function ReviewFlag({ w }: { w: AdminWithdrawal }) {
  if (!w.review) return null;
  const pending = isDecidable(w.status);
  return (
    <Alert
      variant="light"
      color={pending ? 'orange' : 'gray'}
      p="xs"
      icon={<IconShieldLock size={18} aria-hidden />}
      title={
        <Group gap={6} wrap="nowrap">
          <Badge color="orange" variant="filled" size="sm">
            En revisión
          </Badge>
        </Group>
      }
      data-testid="withdrawal-review"
    >
      <Text fz="xs">{w.review.message}</Text>
      {w.review.acknowledged_by && (
        <Text fz="xs" c="dimmed" mt={4}>
          Revisión confirmada por {w.review.acknowledged_by}
          {w.review.acknowledged_at ? ` · ${formatCaracasDateTime(w.review.acknowledged_at)}` : ''}
        </Text>
      )}
    </Alert>
  );
}

function PayoutSummary({ w }: { w: AdminWithdrawal }) {
  return (
    <Stack gap="xs">
      <ReviewFlag w={w} />
      <Text fz="sm">
        Confirma que enviaste el Pago Móvil a <b>{w.user.name}</b> y escribe la referencia que te
        dio el banco.
      </Text>
      <Paper withBorder p="xs" radius="md" bg="gray.0">
        <PayoutData w={w} />
      </Paper>
    </Stack>
  );
}

function Decided({ w }: { w: AdminWithdrawal }) {
  if (isDecidable(w.status)) return null;
  return (
    <Text fz="xs" c="dimmed">
      {w.payout_reference ? `Ref. ${w.payout_reference}` : ''}
      {w.reason ? `Motivo: ${w.reason}` : ''}
      {w.decided_by ? ` · Por ${w.decided_by}` : ''}
      {w.decided_at ? ` · ${formatCaracasDateTime(w.decided_at)}` : ''}
    </Text>
  );
}

function Actions({
  w,
  onPay,
  onPayByBank,
  onReject,
  vertical,
}: RowActions & { w: AdminWithdrawal; vertical?: boolean }) {
  return (
    <DecisionButtons
      kind="withdrawal"
      status={w.status}
      confirm={{
        label: 'Marcar pagado',
        icon: <IconCash size={14} aria-hidden />,
        testId: 'withdrawal-pay',
        onClick: () => onPay(w),
      }}
      extra={
        onPayByBank && {
          label: 'Pagar por el banco',
          icon: <IconBuildingBank size={14} aria-hidden />,
          testId: 'withdrawal-pay-by-bank',
          onClick: () => onPayByBank(w),
        }
      }
      onReject={() => onReject(w)}
      vertical={vertical}
    />
  );
}

function WithdrawalTable({ items, ...actions }: RowActions & { items: AdminWithdrawal[] }) {
  return (
    <RequestQueueTable
      kind="withdrawal"
      items={items}
      minWidth={960}
      columns={[
        {
          header: 'Jugador',
          cell: (w) => <RequestPlayer name={w.user.name} email={w.user.email} />,
        },
        { header: 'Pago Móvil', cell: (w) => <PayoutData w={w} />, cellProps: { miw: 340 } },
      ]}
      statusNotes={(w) => (
        <>
          <Decided w={w} />
          <ReviewFlag w={w} />
        </>
      )}
      actions={(w) => <Actions w={w} {...actions} vertical />}
    />
  );
}

function WithdrawalCard({ w, ...actions }: RowActions & { w: AdminWithdrawal }) {
  return (
    <Card padding="md" data-testid="admin-withdrawal-row" data-request-id={w.id}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
        <Stack gap={0}>
          <Text fz="sm" fw={600}>
            {w.user.name}
          </Text>
          <Text fz="xs" c="dimmed">
            #{w.id} · {formatCaracasDateTime(w.created_at)}
          </Text>
        </Stack>
        <StatusBadge status={w.status} kind="withdrawal" />
      </Group>
      <PayoutData w={w} />
      <Stack gap="xs" mt="sm">
        <ReviewFlag w={w} />
        <Decided w={w} />
        <Actions w={w} {...actions} />
      </Stack>
    </Card>
  );
}
