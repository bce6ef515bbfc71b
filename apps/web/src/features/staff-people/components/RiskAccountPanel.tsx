import { Anchor, Badge, Card, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useRiskMarks } from '../api/risk';
import { RiskAccountActions } from './RiskAccountActions';
import { plural } from '@domino/contracts';

/**
 * The risk marks of an account on its staff page (docs/decisions/032-risk-signals.md): flagged,
 * withdrawals held (with their reasons), the open alerts naming it (a link to /admin/riesgo), and
 * the same actions as in the queue. Shows nothing until the marks load.
 */
export function RiskAccountPanel({
  userId,
  name,
  status,
}: {
  userId: number;
  name: string;
  status: string;
}) {
  const marks = useRiskMarks(userId);
  if (!marks.data) return null;
  const m = marks.data;
  return (
    <Card padding="sm" withBorder data-testid="admin-user-risk">
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Group gap={6} style={{ minWidth: 0 }}>
          <IconAlertTriangle size={16} color="var(--mantine-color-orange-7)" aria-hidden />
          <Text fw={700} fz="sm">
            Riesgo
          </Text>
          {m.flagged && (
            <Badge size="sm" color="orange" title={m.flag_reason ?? undefined}>
              Marcada{m.flag_reason ? `: ${m.flag_reason}` : ''}
            </Badge>
          )}
          {m.withdrawals_held && (
            <Badge size="sm" color="red" variant="outline" title={m.hold_reason ?? undefined}>
              Retiros retenidos{m.hold_reason ? `: ${m.hold_reason}` : ''}
            </Badge>
          )}
          {!m.flagged && !m.withdrawals_held && (
            <Text fz="sm" c="dimmed">
              Sin marcas
            </Text>
          )}
          <Anchor component={Link} to={`/admin/riesgo?usuario=${userId}`} fz="sm">
            {plural(m.open_items, 'alerta abierta', 'alertas abiertas')}
          </Anchor>
        </Group>
        <RiskAccountActions
          account={{
            id: userId,
            name,
            status,
            flagged: m.flagged,
            withdrawals_held: m.withdrawals_held,
          }}
        />
      </Group>
    </Card>
  );
}
