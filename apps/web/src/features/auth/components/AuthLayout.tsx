import type { ReactNode } from 'react';
import { Box, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { DominoTile } from '../../../components/DominoTile';

/** The framed card the login and register pages share. */
export function AuthLayout({
  title,
  subtitle,
  children,
  size = 440,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  size?: number;
}) {
  return (
    <Container size={size} px="sm" py={{ base: 'lg', sm: 48 }}>
      <Paper radius="lg" shadow="md" withBorder style={{ overflow: 'hidden' }}>
        <Box
          px={{ base: 'md', sm: 'xl' }}
          py="lg"
          style={{
            background: 'radial-gradient(circle at 30% 0%, #1f7a4a 0%, #0f4d2f 55%, #0a3322 100%)',
            borderBottom: '3px solid var(--mantine-color-gold-5)',
          }}
        >
          <Group justify="space-between" wrap="nowrap" gap="md">
            <Stack gap={4}>
              <Title order={1} fz={{ base: 24, sm: 28 }} c="white">
                {title}
              </Title>
              <Text c="#dfe9e2" fz="sm">
                {subtitle}
              </Text>
            </Stack>
            <Group gap={6} wrap="nowrap" aria-hidden>
              <DominoTile top={5} bottom={3} size={22} style={{ transform: 'rotate(-12deg)' }} />
              <DominoTile top={6} bottom={6} size={22} style={{ transform: 'rotate(8deg)' }} />
            </Group>
          </Group>
        </Box>
        <Box px={{ base: 'md', sm: 'xl' }} py="lg" bg="white">
          {children}
        </Box>
      </Paper>
    </Container>
  );
}
