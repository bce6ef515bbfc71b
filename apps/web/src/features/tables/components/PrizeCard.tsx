import { Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import { formatBs, type TableDetail } from '@domino/contracts';
import { formatBolivares, keepTogether } from '../../../lib/format';
import { formatBps, prizeBreakdown } from '../lib/waiting-room';

function Row({
  label,
  value,
  strong = false,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text fz="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text
        fz={strong ? 'md' : 'sm'}
        fw={strong ? 800 : 600}
        style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
        data-testid={testId}
      >
        {value}
      </Text>
    </Group>
  );
}

/** The terms the prize is computed from (a table, or the private-table form before creating). */
export type PrizeTerms = Pick<
  TableDetail,
  'entry_price' | 'max_players' | 'mode' | 'house_fee_bps' | 'pot_share_bps'
>;

/**
 * What is at stake at this table: the pot (entries × players), the house fee and the monthly-pot
 * share taken from it, the prize of the winning side and what each winner receives. A free
 * private table ("amistosa") has none of it, and says so.
 */
export function PrizeCard({ table }: { table: PrizeTerms }) {
  const p = prizeBreakdown(table);
  if (table.entry_price === 0)
    return (
      <Card padding="md" data-testid="waiting-prize" data-free>
        <Group gap={8} mb={4} wrap="nowrap">
          <IconTrophy size={22} color="var(--mantine-color-gold-6)" aria-hidden />
          <Title order={2} fz="lg">
            Mesa amistosa
          </Title>
        </Group>
        <Text fz="sm" c="dimmed">
          Sin entrada ni premio: se juega por el gusto. Tu saldo no cambia.
        </Text>
      </Card>
    );
  return (
    <Card padding="md" data-testid="waiting-prize">
      <Group gap={8} mb="xs" wrap="nowrap">
        <IconTrophy size={22} color="var(--mantine-color-gold-6)" aria-hidden />
        <Title order={2} fz="lg">
          Premio de la mesa
        </Title>
      </Group>
      <Stack gap={6}>
        <Row
          label={`Bote (${keepTogether(`${table.max_players} × ${formatBolivares(table.entry_price)}`)})`}
          value={formatBs(p.potCents)}
          testId="prize-pot"
        />
        <Row
          label={`Comisión de la casa (${formatBps(table.house_fee_bps)})`}
          value={`− ${formatBs(p.houseFeeCents)}`}
        />
        <Row
          label={`Aporte al Pote del Mes (${formatBps(table.pot_share_bps)})`}
          value={`− ${formatBs(p.potShareCents)}`}
        />
        <Divider />
        <Row
          label={p.winners === 2 ? 'Premio para la pareja ganadora' : 'Premio para el ganador'}
          value={formatBs(p.prizeCents)}
          strong
          testId="prize-total"
        />
        {p.winners > 1 && (
          <Row
            label="Cada ganador recibe"
            value={formatBs(p.perWinnerCents)}
            testId="prize-per-winner"
          />
        )}
        <Text fz="xs" c="dimmed">
          Ganancia neta por ganador: {formatBs(p.netPerWinnerCents)} sobre la entrada de{' '}
          {formatBolivares(table.entry_price)}.
        </Text>
      </Stack>
    </Card>
  );
}
