import {
  Accordion,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconBolt,
  IconBuildingBank,
  IconDeviceMobile,
  IconShieldCheck,
  IconWallet,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { DominoTile } from '../../../components/DominoTile';
import { loginPathFor } from '../../../lib/redirect';
import { FAQ, FEATURES, GAMES } from '../content';
import classes from './LandingPage.module.css';

const FEATURE_ICONS = [IconBolt, IconWallet, IconShieldCheck];

/** The landing page (spec §1): banner, about (#about), game selection (#games), FAQ (#faq). */
export default function LandingPage() {
  return (
    <>
      <Hero />
      <About />
      <Games />
      <Faq />
    </>
  );
}

function Hero() {
  return (
    <Box component="section" className={classes.hero} aria-labelledby="hero-title">
      <Container size="lg" py={{ base: 40, sm: 72 }}>
        <Group justify="space-between" align="center" wrap="nowrap" gap="xl">
          <Stack gap="lg" maw={560}>
            <Badge color="gold" variant="filled" c="dark.9" size="lg" radius="sm" w="fit-content">
              Pote del Mes
            </Badge>
            <Title id="hero-title" order={1} className={classes.heroTitle}>
              El dominó de siempre, ahora en línea
            </Title>
            <Text fz={{ base: 'md', sm: 'lg' }} c="#e4ece6">
              Juega dominó venezolano en parejas con jugadores de todo el país, recarga tu saldo por
              Pago Móvil y compite cada mes por el pote.
            </Text>
            <Group gap="sm">
              <Button
                component={Link}
                to="/register"
                size="lg"
                color="gold.5"
                c="dark.9"
                className={classes.cta}
                w={{ base: '100%', xs: 'auto' }}
              >
                Crear cuenta gratis
              </Button>
              <Button
                component={Link}
                to="/login"
                size="lg"
                variant="outline"
                color="gold.3"
                w={{ base: '100%', xs: 'auto' }}
              >
                Iniciar Sesión
              </Button>
            </Group>
            <Group gap="lg" mt="xs">
              <Group gap={6}>
                <IconDeviceMobile size={18} color="var(--mantine-color-gold-3)" aria-hidden />
                <Text fz="sm" c="#e4ece6">
                  Recarga por Pago Móvil
                </Text>
              </Group>
              <Group gap={6}>
                <IconBuildingBank size={18} color="var(--mantine-color-gold-3)" aria-hidden />
                <Text fz="sm" c="#e4ece6">
                  Retiros a tu banco
                </Text>
              </Group>
            </Group>
          </Stack>
          <Box visibleFrom="sm" className={classes.heroArt} aria-hidden>
            <DominoTile top={6} bottom={6} size={64} className={classes.tileA} />
            <DominoTile top={6} bottom={3} size={64} className={classes.tileB} />
            <DominoTile top={3} bottom={5} size={64} className={classes.tileC} />
          </Box>
        </Group>
      </Container>
    </Box>
  );
}

function SectionTitle({ id, eyebrow, title }: { id: string; eyebrow: string; title: string }) {
  return (
    <Stack gap={6} mb="xl" align="center" ta="center">
      <Text fz="xs" fw={700} tt="uppercase" c="gold.8" style={{ letterSpacing: 2 }}>
        {eyebrow}
      </Text>
      <Title order={2} id={id} fz={{ base: 26, sm: 34 }}>
        {title}
      </Title>
    </Stack>
  );
}

function About() {
  return (
    <Box component="section" id="about" py={{ base: 48, sm: 72 }} aria-labelledby="about-title">
      <Container size="lg">
        <SectionTitle
          id="about-title"
          eyebrow="Acerca de"
          title="Tu mesa de dominó, siempre abierta"
        />
        <Text ta="center" maw={680} mx="auto" mb="xl" c="dark.5">
          Dominó es una plataforma venezolana para jugar dominó en línea con dinero real. Tu saldo
          está en bolívares, las recargas y los retiros se hacen por Pago Móvil y cada partida se
          juega con las reglas que conoces.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {FEATURES.map((feature, index) => {
            const Icon = FEATURE_ICONS[index] ?? IconBolt;
            return (
              <Card key={feature.title} padding="lg" shadow="xs">
                <ThemeIcon size={44} radius="md" color="felt" variant="light" mb="md">
                  <Icon size={24} aria-hidden />
                </ThemeIcon>
                <Title order={3} fz="lg" mb={6}>
                  {feature.title}
                </Title>
                <Text fz="sm" c="dark.4">
                  {feature.text}
                </Text>
              </Card>
            );
          })}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

function Games() {
  return (
    <Box
      component="section"
      id="games"
      py={{ base: 48, sm: 72 }}
      className={classes.games}
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
              <Text fz="sm" c="dark.4" style={{ flex: 1 }}>
                {game.text}
              </Text>
              <Button
                component={Link}
                to={loginPathFor(game.target)}
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

function Faq() {
  return (
    <Box component="section" id="faq" py={{ base: 48, sm: 72 }} aria-labelledby="faq-title">
      <Container size="md">
        <SectionTitle
          id="faq-title"
          eyebrow="Preguntas Frecuentes"
          title="Lo que necesitas saber"
        />
        <Accordion variant="separated" radius="md" chevronPosition="right">
          {FAQ.map((item, index) => (
            <Accordion.Item key={item.q} value={`faq-${index}`} bg="white">
              <Accordion.Control>
                <Text fw={600} fz={{ base: 'sm', sm: 'md' }}>
                  {item.q}
                </Text>
              </Accordion.Control>
              <Accordion.Panel>
                <Text fz="sm" c="dark.5" lh={1.6}>
                  {item.a}
                </Text>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
        <Stack align="center" mt={48} gap="sm" ta="center">
          <Title order={3} fz="xl">
            ¿Listo para la primera mano?
          </Title>
          <Button component={Link} to="/register" size="md">
            Crear cuenta gratis
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}
