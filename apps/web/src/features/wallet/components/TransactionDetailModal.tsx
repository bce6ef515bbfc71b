import { useState } from 'react';
import {
  Badge,
  Button,
  Center,
  Divider,
  Group,
  Image,
  Loader,
  Modal,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { transactionStatusLabel, type Transaction } from '@domino/contracts';
import { formatCaracasDateTime } from '../../../lib/format';
import { useRechargeProof } from '../api/wallet';
import {
  AMOUNT_COLORS,
  amountDisplay,
  detailValue,
  effectNote,
  kindLabel,
  rechargeIdOf,
  statusColor,
  typeLabel,
} from '../lib/transactions';
import { useObjectUrl } from '../../../lib/use-object-url';

/** The detail of one transaction (docs/product.md §2 Transactions): every field plus the server's details. */
export function TransactionDetailModal({
  transaction,
  onClose,
}: {
  transaction: Transaction | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={transaction !== null}
      onClose={onClose}
      title="Detalle de la transacción"
      centered
      size="md"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {transaction && <Detail key={transaction.id} tx={transaction} />}
    </Modal>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w="36%" fw={500} c="dimmed" fz="sm">
        {label}
      </Table.Th>
      <Table.Td fz="sm" style={{ overflowWrap: 'break-word' }}>
        {children}
      </Table.Td>
    </Table.Tr>
  );
}

function Detail({ tx }: { tx: Transaction }) {
  const amount = amountDisplay(tx);
  const rechargeId = rechargeIdOf(tx.id);
  const hasProof = rechargeId !== null && tx.details.Comprobante === 'Sí';
  const details = Object.entries(tx.details).filter(
    ([, v]) => v !== null && v !== '' && v !== undefined,
  );
  const note = effectNote(tx);
  const concept = kindLabel(tx.kind);
  return (
    <Stack gap="sm" data-testid="tx-detail">
      <Group justify="space-between" wrap="nowrap">
        <Text
          fw={700}
          fz={22}
          c={AMOUNT_COLORS[amount.color]}
          td={amount.struck ? 'line-through' : undefined}
          style={{ fontVariantNumeric: 'tabular-nums' }}
          data-testid="tx-detail-amount"
          data-effect={tx.effect}
        >
          {amount.text}
        </Text>
        <Badge color={statusColor(tx.status)} variant="light" size="lg">
          {transactionStatusLabel(tx.status)}
        </Badge>
      </Group>
      {note && (
        <Text fz="sm" c="dimmed" data-testid="tx-detail-effect">
          {note}
        </Text>
      )}
      <Table withRowBorders verticalSpacing={6} layout="fixed">
        <Table.Tbody>
          <Row label="ID">{tx.id}</Row>
          <Row label="Tipo">{typeLabel(tx.type_transaction)}</Row>
          {concept && <Row label="Concepto">{concept}</Row>}
          <Row label="Descripción">{tx.description}</Row>
          <Row label="Fecha">{formatCaracasDateTime(tx.created_at)}</Row>
          <Row label="Referencia">{tx.reference || '—'}</Row>
          {details.map(([label, value]) => (
            <Row key={label} label={label}>
              {detailValue(value)}
            </Row>
          ))}
        </Table.Tbody>
      </Table>
      {hasProof && rechargeId !== null && <ProofPreview rechargeId={rechargeId} />}
    </Stack>
  );
}

function ProofPreview({ rechargeId }: { rechargeId: number }) {
  const [show, setShow] = useState(false);
  const proof = useRechargeProof(show ? rechargeId : null);
  const url = useObjectUrl(proof.data);
  if (!show) {
    return (
      <Button
        variant="light"
        leftSection={<IconPhoto size={16} aria-hidden />}
        onClick={() => setShow(true)}
      >
        Ver comprobante
      </Button>
    );
  }
  return (
    <>
      <Divider label="Comprobante" />
      {proof.isError ? (
        <Text fz="sm" c="red" role="alert">
          {proof.error.message}
        </Text>
      ) : url ? (
        <Image src={url} alt="Comprobante de pago" radius="md" mah={420} fit="contain" />
      ) : (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      )}
    </>
  );
}
