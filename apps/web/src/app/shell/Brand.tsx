import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { DominoTile } from '../../components/DominoTile';

/** The wordmark: a small tile and "Dominó", linking home. */
export function Brand({ to }: { to: string }) {
  return (
    <UnstyledButton component={Link} to={to} aria-label="Dominó, ir al inicio">
      <Group gap={8} wrap="nowrap">
        <DominoTile top={6} bottom={6} size={16} />
        <Text
          component="span"
          fw={700}
          fz={22}
          c="gold.3"
          style={{ fontFamily: 'var(--mantine-font-family-headings)', letterSpacing: 0.5 }}
        >
          Dominó
        </Text>
      </Group>
    </UnstyledButton>
  );
}
