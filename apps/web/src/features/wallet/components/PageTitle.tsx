import type { ReactNode } from 'react';
import { Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';

/** The heading of a wallet page: icon, title and a one-line explanation. */
export function PageTitle({
  icon,
  title,
  subtitle,
}: {
  icon: ReactNode;
  title: string;
  subtitle?: string;
}) {
  return (
    <Group gap="sm" wrap="nowrap" align="center" mb="lg">
      <ThemeIcon size={44} radius="md" variant="light" color="felt" visibleFrom="xs">
        {icon}
      </ThemeIcon>
      <Stack gap={2}>
        <Title order={1} fz={{ base: 24, sm: 32 }}>
          {title}
        </Title>
        {subtitle && (
          <Text c="dimmed" fz={{ base: 'sm', sm: 'md' }}>
            {subtitle}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
