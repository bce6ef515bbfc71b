import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';

/** A load failure with the catalogue's message and a 'Reintentar' button. */
export function LoadError({
  message,
  onRetry,
  retrying,
}: {
  message: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text fz="sm">{message}</Text>
        <Button
          size="xs"
          color="red"
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={onRetry}
          loading={retrying}
        >
          Reintentar
        </Button>
      </Stack>
    </Alert>
  );
}
