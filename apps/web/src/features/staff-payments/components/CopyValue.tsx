import { ActionIcon, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { notify } from '../../../lib/notify';

/** A value with a small copy button (payout data staff paste into their bank app). */
export function CopyValue({
  label,
  value,
  copyValue,
  strong,
}: {
  label: string;
  value: string;
  copyValue?: string;
  strong?: boolean;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <Text
        fz="sm"
        fw={strong ? 700 : 500}
        style={{ fontVariantNumeric: 'tabular-nums', wordBreak: 'break-word' }}
      >
        {value}
      </Text>
      <CopyButton value={copyValue ?? value} timeout={1500}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copiado' : `Copiar ${label.toLowerCase()}`} withArrow>
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              size="sm"
              aria-label={`Copiar ${label.toLowerCase()}`}
              onClick={() => {
                copy();
                notify.success(`${label} copiado al portapapeles`);
              }}
            >
              {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
