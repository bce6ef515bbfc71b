import { Box, Card, Container, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconQuote } from '@tabler/icons-react';
import { TESTIMONIALS } from '../content';
import classes from '../pages/LandingPage.module.css';
import { SectionTitle } from './SectionTitle';

/**
 * Testimonials (docs/product.md §9: 3). The platform is new: instead of inventing people, each card is a
 * request players make of an online domino site, clearly labelled as illustrative, with how
 * this platform answers it.
 */
export function Testimonials() {
  return (
    <Box
      component="section"
      py={{ base: 48, sm: 72 }}
      className={classes.sand}
      aria-labelledby="testimonials-title"
    >
      <Container size="lg">
        <SectionTitle
          id="testimonials-title"
          eyebrow="Lo que buscan nuestros jugadores"
          title="Lo que nos piden, y cómo respondemos"
          lead="Ejemplos ilustrativos de lo que pide quien juega dominó en línea; no son citas de personas reales."
        />
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {TESTIMONIALS.map((t) => (
            <Card key={t.who} padding="lg" shadow="xs" component="figure" className={classes.quote}>
              <IconQuote size={28} color="var(--mantine-color-gold-7)" aria-hidden />
              <Text
                component="blockquote"
                fz="md"
                fw={600}
                mt="xs"
                mb="sm"
                className={classes.blockquote}
              >
                «{t.quote}»
              </Text>
              <Text component="figcaption" fz="xs" c="dark.5" tt="uppercase" fw={700} mb="md">
                {t.who}
              </Text>
              <Group gap="xs" wrap="nowrap" align="flex-start" mt="auto">
                <ThemeIcon
                  size={22}
                  radius="xl"
                  color="felt"
                  variant="light"
                  style={{ flexShrink: 0 }}
                >
                  <IconCheck size={14} aria-hidden />
                </ThemeIcon>
                <Text fz="sm" c="dark.6">
                  {t.answer}
                </Text>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
