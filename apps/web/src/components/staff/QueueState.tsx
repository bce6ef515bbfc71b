import type { ReactNode } from 'react';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconChecklist, IconRefresh } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';

/** Loading, error (with retry) and empty states of a staff queue; renders `children` otherwise. */
export function QueueState<T>({
  query,
  empty,
  children,
}: {
  query: UseQueryResult<T[]>;
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  if (query.isPending)
    return (
      <Center py={56} role="status">
        <Loader type="dots" />
      </Center>
    );
  if (query.isError)
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
        <Stack gap="sm" align="flex-start">
          <Text fz="sm">{query.error.message}</Text>
          <Button
            size="xs"
            color="red"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={() => void query.refetch()}
            loading={query.isFetching}
          >
            Reintentar
          </Button>
        </Stack>
      </Alert>
    );
  if (query.data.length === 0)
    return (
      <Center py={56}>
        <Stack align="center" gap="xs" data-testid="queue-empty">
          <IconChecklist size={40} color="var(--mantine-color-felt-6)" aria-hidden />
          <Text c="dimmed">{empty}</Text>
        </Stack>
      </Center>
    );
  return <>{children(query.data)}</>;
}
