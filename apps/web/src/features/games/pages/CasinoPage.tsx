import { Container, SimpleGrid, Text, Title } from '@mantine/core';
import { DominoFaceSvg } from '../../../components/DominoFace';
import { ComingSoonCard } from '../components/ComingSoonCard';
import { DominoGameCard } from '../components/DominoGameCard';
import classes from '../games.module.css';

/** /games: "Práctica gratis" (docs/product.md §2 game integration, glossary): domino against the CPU with its mode picker, and more soon. */
export default function CasinoPage() {
  return (
    <>
      <div className={classes.hero}>
        <div className={classes.heroTiles} aria-hidden>
          <DominoFaceSvg first={5} second={5} size={70} />
        </div>
        <Container size="md" pos="relative">
          <Title order={1} fz={{ base: 28, sm: 36 }}>
            Práctica gratis
          </Title>
          <Text fz={{ base: 'sm', sm: 'md' }} opacity={0.85} maw={520}>
            Elige un juego. Practica contra la CPU cuando quieras o siéntate en una mesa con otros
            jugadores.
          </Text>
        </Container>
      </div>
      <Container size="md" py={{ base: 'lg', sm: 'xl' }}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={{ base: 'md', sm: 'lg' }}>
          <DominoGameCard />
          <ComingSoonCard />
        </SimpleGrid>
      </Container>
    </>
  );
}
