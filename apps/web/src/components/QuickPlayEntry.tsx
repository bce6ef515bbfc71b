import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';
import { Link } from 'react-router';

/**
 * The dashboard's prominent "Jugar ahora" (docs/decisions/027-quick-play.md): one tap to
 * /jugar-ahora, where the player picks mode and entry and the server finds the table.
 */
export function QuickPlayEntry() {
  return (
    <Card padding="md" mb="lg" data-testid="dashboard-quick">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={2} style={{ flex: '1 1 220px' }}>
          <Title order={2} fz="lg">
            ¿Sin tiempo para elegir mesa?
          </Title>
          <Text fz="sm" c="dimmed">
            Elige modo y entrada: te sentamos con rivales de tu nivel en segundos.
          </Text>
        </Stack>
        <Button
          component={Link}
          to="/jugar-ahora"
          size="lg"
          color="gold.5"
          c="dark.9"
          leftSection={<IconBolt size={20} aria-hidden />}
          data-testid="dashboard-quick-play"
          style={{ flex: '1 1 180px', maxWidth: 320 }}
        >
          Jugar ahora
        </Button>
      </Group>
    </Card>
  );
}
