import {
  Anchor,
  Box,
  Card,
  Container,
  Group,
  SimpleGrid,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconCpu,
  IconDeviceMobile,
  IconScale,
  IconShieldCheck,
  IconTrophy,
  IconUsersGroup,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { REASONS } from '../content';
import { SectionTitle } from './SectionTitle';

const ICONS = {
  money: IconScale,
  fair: IconShieldCheck,
  payments: IconDeviceMobile,
  realtime: IconUsersGroup,
  pot: IconTrophy,
  practice: IconCpu,
} as const;

/** Why play here: six reasons a player can check for themself. */
export function WhyPlay() {
  return (
    <Box component="section" py={{ base: 48, sm: 72 }} aria-labelledby="why-title">
      <Container size="lg">
        <SectionTitle
          id="why-title"
          eyebrow="Por qué jugar aquí"
          title="Claridad con tu dinero, en cada mano"
        />
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
          {REASONS.map((reason) => {
            const Icon = ICONS[reason.key];
            return (
              <Card key={reason.key} padding="lg" shadow="xs">
                <Group gap="md" wrap="nowrap" align="flex-start">
                  <ThemeIcon
                    size={40}
                    radius="xl"
                    color="gold.6"
                    c="dark.9"
                    style={{ flexShrink: 0 }}
                  >
                    <Icon size={22} aria-hidden />
                  </ThemeIcon>
                  <Box>
                    <Title order={3} fz="md" mb={6}>
                      {reason.title}
                    </Title>
                    <Text fz="sm" c="dark.5">
                      {reason.text}
                    </Text>
                    {'link' in reason && (
                      <Anchor
                        component={Link}
                        to={reason.link.to}
                        fz="sm"
                        fw={600}
                        mt="xs"
                        c="felt.8"
                        display="inline-block"
                      >
                        {reason.link.label}
                      </Anchor>
                    )}
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
