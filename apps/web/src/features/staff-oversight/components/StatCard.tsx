import { Card, Text } from '@mantine/core';

/**
 * One figure of a staff summary (the overview's dashboard, the daily report of decision 034): a
 * small label, the value (amounts already formatted, e.g. "Bs. 1.234,56") and a dimmed hint.
 */
export function StatCard({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: string;
  hint: string;
  testId: string;
}) {
  return (
    <Card padding="sm" data-testid={testId}>
      <Text fz="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fw={800} fz={{ base: 'md', sm: 'lg' }} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
      <Text fz={11} c="dimmed">
        {hint}
      </Text>
    </Card>
  );
}
