import { Badge, Box, Button, Card, Container, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { DominoTile } from '../../../components/DominoTile';
import { loginPathFor } from '../../../lib/redirect';
import { GAMES } from '../content';
import classes from '../pages/LandingPage.module.css';
import { SectionTitle } from './SectionTitle';

/** #games: the game selection; a visitor's "Jugar" goes through /login back to the game. */
export function Games() {
  return (
    <Box
      component="section"
      id="games"
      py={{ base: 48, sm: 72 }}
      className={classes.sand}
      aria-labelledby="games-title"
    >
      <Container size="lg">
        <SectionTitle id="games-title" eyebrow="Juegos" title="Elige cómo quieres jugar" />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {GAMES.map((game) => (
            <Card key={game.title} padding="lg" shadow="sm" className={classes.gameCard}>
              <Group justify="space-between" align="flex-start" mb="md">
                <DominoTile top={game.tiles[0]} bottom={game.tiles[1]} size={26} horizontal />
                <Badge color="felt" variant="light">
                  {game.tag}
                </Badge>
              </Group>
              <Title order={3} fz="lg" mb={6}>
                {game.title}
              </Title>
              <Text fz="sm" c="dark.5" style={{ flex: 1 }}>
                {game.text}
              </Text>
              <Button
                component={Link}
                to={loginPathFor(game.to)}
                mt="lg"
                variant="light"
                aria-label={`Jugar ${game.title}`}
              >
                Jugar
              </Button>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
