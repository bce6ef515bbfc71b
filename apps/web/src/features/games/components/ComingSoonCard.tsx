import { Badge, Card, Stack, Text, Title } from '@mantine/core';
import { IconCards } from '@tabler/icons-react';
import classes from '../games.module.css';

/** The 'Próximamente' card of the casino (docs/product.md §2: a coming-soon card). */
export function ComingSoonCard() {
  return (
    <Card
      shadow="sm"
      padding="lg"
      className={classes.card}
      style={{ alignSelf: 'start' }}
      data-testid="game-card-soon"
    >
      <Card.Section className={classes.soonArt} aria-hidden>
        <IconCards size={64} stroke={1.3} />
        <Badge pos="absolute" top={12} left={12} color="gray" variant="filled">
          Próximamente
        </Badge>
      </Card.Section>
      <Stack gap={6} mt="md">
        <Title order={2} fz={24} c="dimmed">
          Más juegos
        </Title>
        <Text fz="sm" c="dimmed">
          Estamos preparando más juegos de mesa. ¡Muy pronto podrás jugarlos aquí!
        </Text>
      </Stack>
    </Card>
  );
}
