import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Container,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Tooltip,
  em,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconArrowDownLeft,
  IconArrowUpRight,
  IconChevronLeft,
  IconChevronRight,
  IconDice5,
  IconEye,
  IconFilterOff,
  IconReceipt,
  IconTrophy,
  IconMoodEmpty,
} from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import {
  LIMITS,
  MSG,
  transactionStatusLabel,
  type Transaction,
  type TransactionsResponse,
} from '@domino/contracts';
import { formatBolivares, formatCaracasDateTime } from '../../../lib/format';
import { useTransactions } from '../api/wallet';
import { LoadError } from '../../../components/LoadState';
import { PageTitle } from '../components/PageTitle';
import { TransactionDetailModal } from '../components/TransactionDetailModal';
import {
  AMOUNT_COLORS,
  PERIOD_OPTIONS,
  STATUS_OPTIONS,
  TYPE_OPTIONS,
  amountDisplay,
  effectNote,
  filtersFromSearch,
  pageCount,
  pageWindow,
  statusColor,
  typeLabel,
  type TransactionFilters,
} from '../lib/transactions';

/** Local wording: the catalogue has no message for an empty list. */
const EMPTY_MESSAGE = 'No hay transacciones para mostrar.';
const EMPTY_FILTERED_MESSAGE = 'No hay transacciones que coincidan con los filtros.';

/** /transactions (docs/product.md §2 Transactions, §4, §9). Filters and page live in the URL query. */
export default function TransactionsPage() {
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const query = useTransactions(filters);
  const [selected, setSelected] = useState<Transaction | null>(null);
  const phone = useMediaQuery(`(max-width: ${em(767)})`, false, { getInitialValueInEffect: false });

  const update = (patch: Partial<TransactionFilters>) => {
    const next = { ...filters, page: 1, ...patch };
    const q = new URLSearchParams();
    if (next.type) q.set('type', next.type);
    if (next.status) q.set('status', next.status);
    if (next.period) q.set('period', next.period);
    if (next.page > 1) q.set('page', String(next.page));
    setSearch(q, { replace: patch.page === undefined });
  };
  const filtered = Boolean(filters.type || filters.status || filters.period);

  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
      <PageTitle
        icon={<IconReceipt size={26} aria-hidden />}
        title="Transacciones"
        subtitle="Tus recargas, retiros, entradas y premios."
      />

      <Summary summary={query.data?.summary} />

      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} mb="md">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Select
            label="Tipo"
            data={TYPE_OPTIONS}
            value={filters.type}
            onChange={(v) => update({ type: (v ?? '') as TransactionFilters['type'] })}
            allowDeselect={false}
            size="sm"
            data-testid="tx-filter-type"
          />
          <Select
            label="Estado"
            data={STATUS_OPTIONS}
            value={filters.status}
            onChange={(v) => update({ status: (v ?? '') as TransactionFilters['status'] })}
            allowDeselect={false}
            size="sm"
            data-testid="tx-filter-status"
          />
          <Select
            label="Período"
            data={PERIOD_OPTIONS}
            value={filters.period}
            onChange={(v) => update({ period: (v ?? '') as TransactionFilters['period'] })}
            allowDeselect={false}
            size="sm"
            data-testid="tx-filter-period"
          />
        </SimpleGrid>
        {filtered && (
          <Group justify="flex-end" mt="xs">
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconFilterOff size={14} aria-hidden />}
              onClick={() => update({ type: '', status: '', period: '' })}
            >
              Limpiar filtros
            </Button>
          </Group>
        )}
      </Paper>

      {query.isPending ? (
        <Center py={64} role="status" aria-label="Cargando transacciones">
          <Stack align="center" gap="sm">
            <Loader type="dots" />
            <Text c="dimmed" fz="sm">
              Cargando transacciones...
            </Text>
          </Stack>
        </Center>
      ) : query.isError ? (
        <LoadError
          message={MSG.transactionsLoadError}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.data.transactions.length === 0 ? (
        <Center py={56}>
          <Stack align="center" gap="sm" ta="center" data-testid="tx-empty">
            <IconMoodEmpty size={40} color="var(--mantine-color-felt-6)" aria-hidden />
            <Text c="dimmed">{filtered ? EMPTY_FILTERED_MESSAGE : EMPTY_MESSAGE}</Text>
          </Stack>
        </Center>
      ) : (
        <Box
          style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
          aria-busy={query.isPlaceholderData}
        >
          {phone ? (
            <TransactionCards items={query.data.transactions} onOpen={setSelected} />
          ) : (
            <TransactionTable items={query.data.transactions} onOpen={setSelected} />
          )}
          <Pager data={query.data} onPage={(page) => update({ page })} />
        </Box>
      )}

      <TransactionDetailModal transaction={selected} onClose={() => setSelected(null)} />
    </Container>
  );
}

function Summary({ summary }: { summary: TransactionsResponse['summary'] | undefined }) {
  const cards = [
    {
      label: 'Recargas',
      value: summary?.totalRecharges,
      icon: <IconArrowDownLeft size={18} aria-hidden />,
      color: 'green',
      testId: 'tx-summary-recharges',
    },
    {
      label: 'Retiros',
      value: summary?.totalWithdrawals,
      icon: <IconArrowUpRight size={18} aria-hidden />,
      color: 'red',
      testId: 'tx-summary-withdrawals',
    },
    {
      label: 'Entradas',
      value: summary?.totalBets,
      icon: <IconDice5 size={18} aria-hidden />,
      color: 'orange',
      testId: 'tx-summary-bets',
    },
    {
      label: 'Premios',
      value: summary?.totalWins,
      icon: <IconTrophy size={18} aria-hidden />,
      color: 'gold',
      testId: 'tx-summary-wins',
    },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing={{ base: 'xs', sm: 'md' }} mb="md">
      {cards.map((c) => (
        <Card key={c.label} padding="sm" data-testid={c.testId}>
          <Group gap={8} wrap="nowrap" mb={4}>
            <ThemeIcon size="md" radius="xl" variant="light" color={c.color}>
              {c.icon}
            </ThemeIcon>
            <Text fz="xs" c="dimmed" fw={600} tt="uppercase">
              {c.label}
            </Text>
          </Group>
          <Text
            fw={700}
            fz={{ base: 'md', sm: 'lg' }}
            style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
          >
            {c.value === undefined ? '—' : formatBolivares(c.value)}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function StatusBadge({ status }: { status: string }) {
  return (
    <Badge
      color={statusColor(status)}
      variant="light"
      style={{ flexShrink: 0, overflow: 'visible' }}
      data-testid="tx-status"
    >
      {transactionStatusLabel(status)}
    </Badge>
  );
}

/** The amount: green "+" or red "−" only for money that moved; otherwise neutral (decision 016). */
function Amount({ tx }: { tx: Transaction }) {
  const a = amountDisplay(tx);
  return (
    <Text
      component="span"
      fw={a.color === 'gray' ? 600 : 700}
      fz="sm"
      c={AMOUNT_COLORS[a.color]}
      td={a.struck ? 'line-through' : undefined}
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      title={effectNote(tx) ?? undefined}
      data-testid="tx-amount"
      data-effect={tx.effect}
    >
      {a.text}
    </Text>
  );
}

function TransactionTable({
  items,
  onOpen,
}: {
  items: Transaction[];
  onOpen: (tx: Transaction) => void;
}) {
  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={720}>
        <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" data-testid="tx-table">
          <Table.Thead bg="gray.0">
            <Table.Tr>
              <Table.Th>ID</Table.Th>
              <Table.Th>Tipo</Table.Th>
              <Table.Th>Descripción</Table.Th>
              <Table.Th ta="right">Monto</Table.Th>
              <Table.Th>Estado</Table.Th>
              <Table.Th>Fecha</Table.Th>
              <Table.Th w={60}>
                <Box component="span" style={visuallyHidden}>
                  Acciones
                </Box>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((tx) => (
              <Table.Tr key={tx.id} data-testid="tx-row" data-tx-id={tx.id}>
                <Table.Td fz="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {tx.id}
                </Table.Td>
                <Table.Td fz="sm" fw={600}>
                  {typeLabel(tx.type_transaction)}
                </Table.Td>
                <Table.Td fz="sm" maw={280}>
                  <Text fz="sm" truncate>
                    {tx.description}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Amount tx={tx} />
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={tx.status} />
                </Table.Td>
                <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatCaracasDateTime(tx.created_at)}
                </Table.Td>
                <Table.Td>
                  <Tooltip label="Ver detalle" withArrow>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Ver detalle de ${tx.id}`}
                      onClick={() => onOpen(tx)}
                      data-testid="tx-detail-button"
                    >
                      <IconEye size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

const visuallyHidden: React.CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

function TransactionCards({
  items,
  onOpen,
}: {
  items: Transaction[];
  onOpen: (tx: Transaction) => void;
}) {
  return (
    <Stack gap="xs" data-testid="tx-cards">
      {items.map((tx) => (
        <Card key={tx.id} padding="sm" data-testid="tx-row" data-tx-id={tx.id}>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap={6} wrap="nowrap">
                <Text fw={700} fz="sm">
                  {typeLabel(tx.type_transaction)}
                </Text>
                <Text fz="xs" c="dimmed">
                  {tx.id}
                </Text>
              </Group>
              <Text fz="xs" c="dimmed" lineClamp={2}>
                {tx.description}
              </Text>
            </Stack>
            <Amount tx={tx} />
          </Group>
          <Group justify="space-between" mt="xs" wrap="nowrap" gap={4}>
            <Group gap={8} wrap="wrap" style={{ minWidth: 0 }}>
              <StatusBadge status={tx.status} />
              <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {formatCaracasDateTime(tx.created_at)}
              </Text>
            </Group>
            <Button
              variant="subtle"
              size="compact-sm"
              style={{ flexShrink: 0 }}
              leftSection={<IconEye size={14} aria-hidden />}
              onClick={() => onOpen(tx)}
              aria-label={`Ver detalle de ${tx.id}`}
              data-testid="tx-detail-button"
            >
              Detalle
            </Button>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** Previous / up to five page numbers / next (docs/product.md §9). */
function Pager({ data, onPage }: { data: TransactionsResponse; onPage: (page: number) => void }) {
  const perPage = data.per_page || LIMITS.transactionsPageSize;
  const pages = pageCount(data.total, perPage);
  const first = (data.page - 1) * perPage + 1;
  const last = Math.min(data.total, data.page * perPage);
  return (
    <Group justify="space-between" mt="md" gap="sm">
      <Text fz="sm" c="dimmed" data-testid="tx-range">
        {first}–{last} de {data.total}
      </Text>
      {pages > 1 && (
        <Group gap={4} component="nav" aria-label="Paginación" wrap="nowrap">
          <ActionIcon
            variant="default"
            size="lg"
            disabled={data.page <= 1}
            onClick={() => onPage(data.page - 1)}
            aria-label="Página anterior"
          >
            <IconChevronLeft size={16} />
          </ActionIcon>
          {pageWindow(data.page, pages).map((p) => (
            <Button
              key={p}
              size="compact-md"
              h={34}
              miw={34}
              px={8}
              variant={p === data.page ? 'filled' : 'default'}
              onClick={() => onPage(p)}
              aria-label={`Página ${p}`}
              aria-current={p === data.page ? 'page' : undefined}
            >
              {p}
            </Button>
          ))}
          <ActionIcon
            variant="default"
            size="lg"
            disabled={data.page >= pages}
            onClick={() => onPage(data.page + 1)}
            aria-label="Página siguiente"
          >
            <IconChevronRight size={16} />
          </ActionIcon>
        </Group>
      )}
    </Group>
  );
}
