import type { ReactNode } from 'react';
import { Button, Group, Paper, Stack, Table, Text, type TableTdProps } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { formatCaracasDateTime } from '../../lib/format';
import { isDecidable } from '../../lib/staff/requests';
import { DecisionModal, type DecisionModalProps } from './DecisionModal';
import { StatusBadge } from './StatusBadge';

/**
 * The pieces the recharge and withdrawal queues (/admin/recargas, /admin/retiros) share: the
 * table frame, the decision buttons and the rejection dialog. What differs (proof, payout data,
 * review flag) is passed in by each page. Test ids follow the request kind, e.g.
 * `admin-recharge-row` / `admin-withdrawal-row`, which the browser journeys rely on.
 */

export type RequestKind = 'recharge' | 'withdrawal';

/** What every queued request has. */
export interface QueuedRequest {
  id: number;
  status: string;
  created_at: string;
}

/** One column of a queue table between '#' / 'Jugador' and 'Fecha'. */
export interface QueueColumn<T> {
  header: ReactNode;
  headerAlign?: 'right';
  cell: (item: T) => ReactNode;
  cellProps?: TableTdProps;
}

/**
 * The desktop table of a queue: '#', the page's columns, 'Fecha' (Caracas time), 'Estado' with the
 * status badge and the page's notes under it, and 'Acciones'.
 */
export function RequestQueueTable<T extends QueuedRequest>({
  kind,
  items,
  minWidth,
  columns,
  statusNotes,
  actions,
}: {
  kind: RequestKind;
  items: T[];
  minWidth: number;
  columns: QueueColumn<T>[];
  statusNotes: (item: T) => ReactNode;
  actions: (item: T) => ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={minWidth}>
        <Table
          verticalSpacing="sm"
          horizontalSpacing="xs"
          highlightOnHover
          data-testid={`admin-${kind}s`}
        >
          <Table.Thead bg="gray.0">
            <Table.Tr>
              <Table.Th>#</Table.Th>
              {columns.map((c, i) => (
                <Table.Th key={i} ta={c.headerAlign}>
                  {c.header}
                </Table.Th>
              ))}
              <Table.Th>Fecha</Table.Th>
              <Table.Th miw={120}>Estado</Table.Th>
              <Table.Th>Acciones</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.id} data-testid={`admin-${kind}-row`} data-request-id={item.id}>
                <Table.Td fz="sm" c="dimmed">
                  {item.id}
                </Table.Td>
                {columns.map((c, i) => (
                  <Table.Td key={i} {...c.cellProps}>
                    {c.cell(item)}
                  </Table.Td>
                ))}
                <Table.Td fz="sm" w={90}>
                  {formatCaracasDateTime(item.created_at)}
                </Table.Td>
                <Table.Td>
                  <Stack gap={4} align="flex-start" maw={240}>
                    <StatusBadge status={item.status} kind={kind} />
                    {statusNotes(item)}
                  </Stack>
                </Table.Td>
                <Table.Td>{actions(item)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/**
 * The decision buttons of a request still open (none once decided): the page's confirming action
 * (approve, mark paid), an optional second one (pay through the bank) and 'Rechazar'.
 */
export function DecisionButtons({
  kind,
  status,
  confirm,
  extra,
  onReject,
  vertical,
}: {
  kind: RequestKind;
  status: string;
  confirm: { label: string; icon: ReactNode; testId: string; onClick: () => void };
  extra?: { label: string; icon: ReactNode; testId: string; onClick: () => void } | null;
  onReject: () => void;
  vertical?: boolean;
}) {
  if (!isDecidable(status)) return null;
  const Wrapper = vertical ? Stack : Group;
  return (
    <Wrapper gap={6} wrap="nowrap">
      {extra && (
        <Button
          size="xs"
          color="green"
          variant="light"
          leftSection={extra.icon}
          onClick={extra.onClick}
          data-testid={extra.testId}
        >
          {extra.label}
        </Button>
      )}
      <Button
        size="xs"
        color="green"
        leftSection={confirm.icon}
        onClick={confirm.onClick}
        data-testid={confirm.testId}
      >
        {confirm.label}
      </Button>
      <Button
        size="xs"
        color="red"
        variant="light"
        leftSection={<IconX size={14} aria-hidden />}
        onClick={onReject}
        data-testid={`${kind}-reject`}
      >
        Rechazar
      </Button>
    </Wrapper>
  );
}

const REJECT_COPY: Record<RequestKind, { title: string }> = {
  recharge: { title: 'Rechazar recarga' },
  withdrawal: { title: 'Rechazar retiro' },
};

/**
 * The rejection dialog of a request: a required reason (validated by `validate`) that the player
 * will read, with the page's summary of the request as its body.
 */
export function RejectRequestModal({
  kind,
  placeholder,
  validate,
  ...modal
}: Pick<
  DecisionModalProps,
  'opened' | 'onClose' | 'loading' | 'error' | 'onConfirm' | 'children'
> & {
  kind: RequestKind;
  placeholder: string;
  validate: (value: string) => string | null;
}) {
  const { title } = REJECT_COPY[kind];
  return (
    <DecisionModal
      {...modal}
      title={title}
      confirmLabel={title}
      confirmColor="red"
      testId={`reject-${kind}-modal`}
      field={{
        label: 'Motivo del rechazo',
        placeholder,
        multiline: true,
        validate,
        testId: 'reject-reason',
      }}
    />
  );
}

/** The player of a request: name, then e-mail (and more lines when the page adds them). */
export function RequestPlayer({
  name,
  email,
  extra,
}: {
  name: string;
  email: string;
  extra?: ReactNode;
}) {
  return (
    <Stack gap={0}>
      <Text fz="sm" fw={600}>
        {name}
      </Text>
      <Text fz="xs" c="dimmed">
        {email}
      </Text>
      {extra}
    </Stack>
  );
}
