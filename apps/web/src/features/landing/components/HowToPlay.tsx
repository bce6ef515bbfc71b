import { Box, Button, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { STEPS } from '../content';
import classes from '../pages/LandingPage.module.css';
import { SectionTitle } from './SectionTitle';

/** How to play in 3 steps (docs/product.md §1: register, complete profile, choose table). */
export function HowToPlay() {
  return (
    <Box
      component="section"
      py={{ base: 48, sm: 72 }}
      className={classes.felt}
      aria-labelledby="steps-title"
    >
      <Container size="lg">
        <SectionTitle id="steps-title" eyebrow="Cómo jugar" title="Tres pasos y a la mesa" light />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl" component="ol" className={classes.steps}>
          {STEPS.map((step, index) => (
            <Stack key={step.title} component="li" gap="sm" className={classes.step}>
              <Box className={classes.stepNumber} aria-hidden>
                {index + 1}
              </Box>
              <Title order={3} fz="lg" c="white">
                <span className={classes.visuallyHidden}>Paso {index + 1}: </span>
                {step.title}
              </Title>
              <Text fz="sm" c="#e4ece6" style={{ flex: 1 }}>
                {step.text}
              </Text>
              <Button
                component={Link}
                to={step.link.to}
                variant="outline"
                color="gold.3"
                w="fit-content"
              >
                {step.link.label}
              </Button>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
