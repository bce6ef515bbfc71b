import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCards, IconDeviceGamepad2 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session';
import { Faq } from '../components/Faq';

/** The closing call of /faq for a logged-in player: back to playing, for free or at a table. */
function PlayCall() {
  return (
    <Stack align="center" mt={48} gap="sm" ta="center" data-testid="faq-play-call">
      <Title order={2} fz="xl">
        ¿Listo para la próxima mano?
      </Title>
      <Text fz="sm" c="dark.5">
        Practica gratis contra la CPU o siéntate en una mesa.
      </Text>
      <Group justify="center" gap="sm">
        <Button
          component={Link}
          to="/games"
          variant="light"
          leftSection={<IconDeviceGamepad2 size={18} aria-hidden />}
        >
          Práctica gratis
        </Button>
        <Button component={Link} to="/dashboard" leftSection={<IconCards size={18} aria-hidden />}>
          Ir a las mesas
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * /faq: the landing's questions as a page of their own, open to everyone (decision 017: the
 * footer's FAQ link pointed into the landing, which sends a logged-in player to /dashboard). The
 * same component as the landing's #faq section, so the answers are written once.
 */
export default function FaqPage() {
  const { token } = useSession();
  return <Faq page action={token ? <PlayCall /> : undefined} />;
}
