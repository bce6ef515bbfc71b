import { Badge } from '@mantine/core';
import { requestStatusColor, requestStatusLabel } from '../../lib/staff/requests';

/** A request's status in a staff queue. */
export function StatusBadge({ status, kind }: { status: string; kind: 'recharge' | 'withdrawal' }) {
  return (
    <Badge
      color={requestStatusColor(status)}
      variant="light"
      style={{ flexShrink: 0, overflow: 'visible' }}
      data-testid="admin-status"
    >
      {requestStatusLabel(status, kind)}
    </Badge>
  );
}
