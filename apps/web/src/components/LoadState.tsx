import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { MantineSpacing, StyleProp } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * The two states every screen that reads the server shows before its content: loading (a status
 * region with the dots and a Spanish label, read out by screen readers) and a failed load (the
 * catalogue's message with "Reintentar"). One look for every page (docs/architecture.md "Web").
 */

/** A centred loading status: `label` is what is loading ("Cargando torneos…"). */
export function Loading({
  label,
  py = 64,
  testId,
}: {
  label: ReactNode;
  /** Vertical room around it (Mantine spacing or pixels). */
  py?: StyleProp<MantineSpacing>;
  testId?: string;
}) {
  return (
    <Center py={py}>
      <Stack align="center" gap="sm" role="status" data-testid={testId}>
        <Loader type="dots" />
        <Text c="dimmed">{label}</Text>
      </Stack>
    </Center>
  );
}

/** A load failure with the catalogue's message and a "Reintentar" button that calls `onRetry`. */
export function LoadError({
  message,
  onRetry,
  retrying,
  testId,
  maw,
}: {
  message: ReactNode;
  onRetry: () => void;
  /** True while the retry is under way (the button shows its loader). */
  retrying?: boolean;
  testId?: string;
  /** Maximum width in pixels, where the alert would otherwise span a wide layout. */
  maw?: number;
}) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle aria-hidden />}
      role="alert"
      data-testid={testId}
      maw={maw}
    >
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
