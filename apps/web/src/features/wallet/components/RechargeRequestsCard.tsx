import {
  Alert,
  Anchor,
  Badge,
  Card,
  Divider,
  Group,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MSG_WALLET, transactionStatusLabel, type Transaction } from '@domino/contracts';
import { formatCaracasDateTime } from '../../../lib/format';
import { useRechargeRequests } from '../api/recharge-requests';
import { AMOUNT_COLORS, amountDisplay, statusColor } from '../lib/transactions';

/**
 * The player's recharge requests on /recharge (decision 016): those still under review, so the same
 * payment is not filed twice, and those rejected in the last 7 days with the reason. Renders
 * nothing while loading or when there is nothing to show.
 */
export function RechargeRequestsCard() {
  const { pending, rejected } = useRechargeRequests();
  if (pending.isError || rejected.isError) {
    return (
      <Text fz="sm" c="red" mb="md" role="alert" data-testid="recharge-requests-error">
        {MSG_WALLET.requestsLoadError}
      </Text>
    );
  }
  const open = pending.data?.transactions ?? [];
  const refused = rejected.data?.transactions ?? [];
  if (open.length === 0 && refused.length === 0) return null;
  const more = (pending.data?.total ?? 0) - open.length;

  return (
    <Card
      padding="lg"
      mb="md"
      component="section"
      aria-labelledby="recharge-requests-title"
      data-testid="recharge-requests"
    >
      <Group gap="xs" wrap="nowrap" mb="sm">
        <ThemeIcon variant="light" color="yellow" size="lg" radius="md">
          <IconClockHour4 size={20} aria-hidden />
        </ThemeIcon>
        <Title order={2} fz="lg" id="recharge-requests-title">
          {MSG_WALLET.requestsTitle}
        </Title>
      </Group>
      {open.length > 0 ? (
        <>
          <Alert variant="light" color="yellow" p="xs" mb="xs">
            <Text fz="sm">{MSG_WALLET.requestsPendingHint}</Text>
          </Alert>
          <Stack gap={0} data-testid="recharge-requests-pending">
            {open.map((tx) => (
              <RequestRow key={tx.id} tx={tx} />
            ))}
          </Stack>
          {more > 0 && (
            <Anchor
              component={Link}
              to="/transactions?type=deposito&status=pending"
              fz="sm"
              mt="xs"
            >
              {MSG_WALLET.requestsMore(more)}
            </Anchor>
          )}
        </>
      ) : (
        <Text fz="sm" c="dimmed">
          {MSG_WALLET.requestsPendingEmpty}
        </Text>
      )}
      {refused.length > 0 && (
        <>
          <Divider my="sm" label={MSG_WALLET.requestsRejectedTitle} labelPosition="left" />
          <Stack gap={0} data-testid="recharge-requests-rejected">
            {refused.map((tx) => (
              <RequestRow key={tx.id} tx={tx} />
            ))}
          </Stack>
        </>
      )}
    </Card>
  );
}

/** One request: amount (never shown as credited), reference, date, status and any reason. */
function RequestRow({ tx }: { tx: Transaction }) {
  const amount = amountDisplay(tx);
  const reason = tx.details.Motivo;
  return (
    <Stack
      gap={2}
      py={8}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      data-testid="recharge-request"
      data-tx-id={tx.id}
      data-reference={tx.reference ?? ''}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text
          fw={700}
          fz="sm"
          c={AMOUNT_COLORS[amount.color]}
          td={amount.struck ? 'line-through' : undefined}
          style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
        >
          {amount.text}
        </Text>
        <Badge
          color={statusColor(tx.status)}
          variant="light"
          style={{ flexShrink: 0 }}
          data-testid="recharge-request-status"
        >
          {transactionStatusLabel(tx.status)}
        </Badge>
      </Group>
      <Group gap={6} wrap="wrap">
        <Text fz="xs" c="dimmed">
          Ref.{' '}
          <Text span fz="xs" fw={600} c="var(--mantine-color-text)">
            {tx.reference}
          </Text>
        </Text>
        <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          · {formatCaracasDateTime(tx.created_at)}
        </Text>
      </Group>
      {tx.status === 'rejected' && typeof reason === 'string' && reason !== '' && (
        <Text fz="xs" c="red" data-testid="recharge-request-reason">
          Motivo: {reason}
        </Text>
      )}
    </Stack>
  );
}
