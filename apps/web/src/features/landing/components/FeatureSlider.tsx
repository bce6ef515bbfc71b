import { Carousel } from '@mantine/carousel';
import '@mantine/carousel/styles.css';
import { Box, Card, Container, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartBar, IconHistory, IconRobot, IconShieldCheck } from '@tabler/icons-react';
import { SLIDES } from '../content';
import classes from '../pages/LandingPage.module.css';
import { SectionTitle } from './SectionTitle';

const ICONS = {
  history: IconHistory,
  verify: IconShieldCheck,
  bot: IconRobot,
  pot: IconChartBar,
} as const;

/** The feature slider (docs/product.md §9: 4 items): one card per view on phones, two or three wider. */
export function FeatureSlider() {
  return (
    <Box component="section" py={{ base: 48, sm: 72 }} aria-labelledby="slider-title">
      <Container size="lg">
        <SectionTitle
          id="slider-title"
          eyebrow="La plataforma"
          title="Pensada para jugar tranquilo"
        />
        <Carousel
          slideSize={{ base: '88%', sm: '50%', md: '33.333%' }}
          slideGap="md"
          emblaOptions={{ align: 'start', loop: false, containScroll: 'trimSnaps' }}
          withIndicators
          controlSize={36}
          classNames={{
            root: classes.carousel,
            indicators: classes.indicators,
            indicator: classes.indicator,
            control: classes.control,
          }}
          previousControlProps={{ 'aria-label': 'Anterior' }}
          nextControlProps={{ 'aria-label': 'Siguiente' }}
          getIndicatorProps={(index) => ({ 'aria-label': `Ir a la tarjeta ${index + 1}` })}
          aria-roledescription="carrusel"
          aria-label="Funciones de la plataforma"
          data-testid="feature-slider"
        >
          {SLIDES.map((slide, index) => {
            const Icon = ICONS[slide.key];
            return (
              <Carousel.Slide
                key={slide.key}
                aria-roledescription="diapositiva"
                aria-label={`${index + 1} de ${SLIDES.length}`}
              >
                <Card padding="lg" shadow="xs" h="100%" className={classes.slide}>
                  <ThemeIcon size={44} radius="md" color="felt" variant="light" mb="md">
                    <Icon size={24} aria-hidden />
                  </ThemeIcon>
                  <Title order={3} fz="lg" mb={6}>
                    {slide.title}
                  </Title>
                  <Text fz="sm" c="dark.5">
                    {slide.text}
                  </Text>
                </Card>
              </Carousel.Slide>
            );
          })}
        </Carousel>
      </Container>
    </Box>
  );
}
