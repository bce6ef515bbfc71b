import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DominoTile } from '../../../components/DominoTile';

/** The 404 page for unknown paths (and, for now, routes whose pages come in later issues). */
export default function NotFoundPage() {
  return (
    <Container size="sm" py={{ base: 48, sm: 96 }}>
      <Stack align="center" gap="lg" ta="center">
        <Group gap="sm" aria-hidden>
          <DominoTile top={4} bottom={0} size={36} style={{ transform: 'rotate(-8deg)' }} />
          <DominoTile top={0} bottom={0} size={36} />
          <DominoTile top={4} bottom={0} size={36} style={{ transform: 'rotate(8deg)' }} />
        </Group>
        <Text fz={14} fw={700} c="felt.7" tt="uppercase" style={{ letterSpacing: 2 }}>
          Error 404
        </Text>
        <Title order={1} fz={{ base: 28, sm: 36 }}>
          Página no encontrada
        </Title>
        <Text c="dimmed" maw={420}>
          La página que buscas no existe o fue movida. Revisa la dirección o vuelve al inicio.
        </Text>
        <Button component={Link} to="/" size="md" leftSection={<IconHome size={18} aria-hidden />}>
          Volver al inicio
        </Button>
      </Stack>
    </Container>
  );
}
