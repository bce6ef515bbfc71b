import { Badge } from '@mantine/core';
import { requestStatusColor, requestStatusLabel } from '../lib/admin';

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={requestStatusColor(status)} variant="light" data-testid="admin-status">
      {requestStatusLabel(status)}
    </Badge>
  );
}
