import { Badge, Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconBuildingBank, IconDeviceMobile, IconShieldCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DominoTile } from '../../../components/DominoTile';
import { formatBolivares } from '../../../lib/format';
import { useHighlights } from '../api/highlights';
import { useHydrated } from '../../../lib/hydration';
import { monthName } from '../lib/format';
import classes from '../pages/LandingPage.module.css';

/** The banner: what this is, the two calls to action, and the month's pot when it holds money. */
export function Hero() {
  const { data } = useHighlights();
  // The prerendered banner says 'Pote del Mes'; the amount comes once hydration is over.
  const hydrated = useHydrated();
  const pot = hydrated && data && data.pot > 0 ? data : null;
  return (
    <Box component="section" className={classes.hero} aria-labelledby="hero-title">
      <Container size="lg" py={{ base: 36, sm: 72 }}>
        <Group justify="space-between" align="center" wrap="nowrap" gap="xl">
          <Stack gap="lg" maw={580}>
            <Badge
              color="gold"
              variant="filled"
              c="dark.9"
              size="lg"
              radius="sm"
              w="fit-content"
              data-testid="hero-pot"
            >
              {pot
                ? `Pote de ${monthName(pot.month)}: ${formatBolivares(pot.pot)}`
                : 'Pote del Mes'}
            </Badge>
            <Title id="hero-title" order={1} className={classes.heroTitle}>
              El dominó de siempre, ahora en línea
            </Title>
            <Text fz={{ base: 'md', sm: 'lg' }} c="#e4ece6">
              Juega dominó venezolano en parejas con jugadores de todo el país, con tu saldo en
              bolívares. Recarga por Pago Móvil, cobra en tu banco y compite cada mes por el pote.
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
            <Group gap="md" mt={4} component="ul" className={classes.heroFacts}>
              <Group gap={6} component="li" wrap="nowrap">
                <IconDeviceMobile size={18} color="var(--mantine-color-gold-3)" aria-hidden />
                <Text fz="sm" c="#e4ece6">
                  Recarga por Pago Móvil
                </Text>
              </Group>
              <Group gap={6} component="li" wrap="nowrap">
                <IconBuildingBank size={18} color="var(--mantine-color-gold-3)" aria-hidden />
                <Text fz="sm" c="#e4ece6">
                  Retiros a tu banco
                </Text>
              </Group>
              <Group gap={6} component="li" wrap="nowrap">
                <IconShieldCheck size={18} color="var(--mantine-color-gold-3)" aria-hidden />
                <Text fz="sm" c="#e4ece6">
                  Repartos verificables
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
