import { Box, Card, Container, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBolt, IconShieldCheck, IconWallet } from '@tabler/icons-react';
import { FEATURES } from '../content';
import { SectionTitle } from './SectionTitle';

const ICONS = [IconBolt, IconWallet, IconShieldCheck];

/** #about: what the platform is, in three facts. */
export function About() {
  return (
    <Box component="section" id="about" py={{ base: 48, sm: 72 }} aria-labelledby="about-title">
      <Container size="lg">
        <SectionTitle
          id="about-title"
          eyebrow="Acerca de"
          title="Tu mesa de dominó, siempre abierta"
          lead="Dominó es una plataforma venezolana para jugar dominó en línea con dinero real. Tu saldo está en bolívares, las recargas y los retiros se hacen por Pago Móvil y cada partida se juega con las reglas que conoces."
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {FEATURES.map((feature, index) => {
            const Icon = ICONS[index] ?? IconBolt;
            return (
              <Card key={feature.title} padding="lg" shadow="xs">
                <Group gap="md" wrap="nowrap" align="flex-start">
                  <ThemeIcon
                    size={44}
                    radius="md"
                    color="felt"
                    variant="light"
                    style={{ flexShrink: 0 }}
                  >
                    <Icon size={24} aria-hidden />
                  </ThemeIcon>
                  <Box>
                    <Title order={3} fz="lg" mb={6}>
                      {feature.title}
                    </Title>
                    <Text fz="sm" c="dark.5">
                      {feature.text}
                    </Text>
                  </Box>
                </Group>
              </Card>
            );
          })}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
