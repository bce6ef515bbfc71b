import { ActionIcon, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { notify } from '../../../lib/notify';

/**
 * A labelled value with a copy button (Mantine CopyButton + a toast). `copyValue` is what goes to
 * the clipboard when it differs from the displayed text (e.g. digits without separators).
 */
export function CopyField({
  label,
  value,
  copyValue,
  testId,
  nowrap = false,
}: {
  label: string;
  value: string;
  copyValue?: string;
  testId?: string;
  /**
   * Keep the value on one line, scaled down on the narrowest phones (an account number must not
   * wrap inside its digits; decision 017).
   */
  nowrap?: boolean;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" data-testid={testId}>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fz="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
          {label}
        </Text>
        <Text
          fw={600}
          fz="sm"
          style={
            nowrap
              ? {
                  whiteSpace: 'nowrap',
                  fontSize: 'min(var(--mantine-font-size-sm), 3.9vw)',
                  fontVariantNumeric: 'tabular-nums',
                }
              : { overflowWrap: 'anywhere', fontVariantNumeric: 'tabular-nums' }
          }
          data-testid={testId ? `${testId}-value` : undefined}
        >
          {value}
        </Text>
      </Stack>
      <CopyButton value={copyValue ?? value} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copiado' : 'Copiar'} withArrow position="left">
            <ActionIcon
              variant={copied ? 'filled' : 'light'}
              color={copied ? 'teal' : 'felt'}
              size="lg"
              aria-label={`Copiar ${label.toLowerCase()}`}
              onClick={() => {
                copy();
                notify.success(`${label} copiado al portapapeles`);
              }}
            >
              {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
