import {
  ActionIcon,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
  Tooltip,
  em,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconRefresh } from '@tabler/icons-react';

/** Title, status filter and manual refresh of a staff queue. */
export function QueueHeader({
  title,
  subtitle,
  filters,
  value,
  onChange,
  onRefresh,
  refreshing,
}: {
  title: string;
  subtitle: string;
  filters: readonly { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  // Four segments do not fit a phone: a select there.
  const narrow = useMediaQuery(`(max-width: ${em(575)})`, false, {
    getInitialValueInEffect: false,
  });
  return (
    <Stack gap="sm" mb="md">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2}>
          <Title order={2} fz={{ base: 20, sm: 24 }}>
            {title}
          </Title>
          <Text fz="sm" c="dimmed">
            {subtitle}
          </Text>
        </Stack>
        <Tooltip label="Actualizar" withArrow>
          <ActionIcon
            variant="light"
            size="lg"
            onClick={onRefresh}
            loading={refreshing}
            aria-label="Actualizar cola"
          >
            <IconRefresh size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {narrow ? (
        <Select
          data={filters.map((f) => ({ value: f.value, label: f.label }))}
          value={value}
          onChange={(v) => onChange(v ?? '')}
          allowDeselect={false}
          aria-label="Filtrar por estado"
          size="sm"
          data-testid="queue-filter"
        />
      ) : (
        <SegmentedControl
          data={filters.map((f) => ({ value: f.value, label: f.label }))}
          value={value}
          onChange={onChange}
          fullWidth
          maw={520}
          aria-label="Filtrar por estado"
          data-testid="queue-filter"
        />
      )}
    </Stack>
  );
}
