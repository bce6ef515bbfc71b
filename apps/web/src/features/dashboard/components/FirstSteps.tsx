import type { ReactNode } from 'react';
import { Box, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDeviceGamepad2, IconWallet } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatBolivares } from '../../../lib/format';

/**
 * The dashboard's first steps for a player whose balance pays no table's entry (decision 017): free
 * practice against the CPU, and a recharge by Pago Móvil to sit at a table.
 */
export function FirstSteps({ balance }: { balance: number }) {
  return (
    <Card
      padding="lg"
      mb="lg"
      data-testid="first-steps"
      style={{
        background: 'linear-gradient(135deg, #0f4d2f 0%, #156139 60%, #1f7a4a 100%)',
        color: 'white',
        borderBottom: '3px solid var(--mantine-color-gold-5)',
      }}
    >
      <Stack gap="md">
        <Box>
          <Title order={2} fz={{ base: 20, sm: 24 }} c="white">
            Empieza gratis
          </Title>
          <Text fz="sm" c="#dfe9e2" maw={640}>
            Tu saldo es {formatBolivares(balance)}: aún no alcanza para la entrada de una mesa.
            Practica contra la CPU sin pagar nada, o recarga tu saldo por Pago Móvil para jugar por
            premios.
          </Text>
        </Box>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Step
            icon={<IconDeviceGamepad2 size={22} aria-hidden />}
            title="Practica gratis contra la CPU"
            text="Partidas completas, sin dinero, a tu ritmo."
            to="/games"
            label="Practicar ahora"
            testId="first-steps-practice"
            primary
          />
          <Step
            icon={<IconWallet size={22} aria-hidden />}
            title="Recarga tu saldo"
            text="Paga por Pago Móvil y registra la referencia."
            to="/recharge"
            label="Recargar"
            testId="first-steps-recharge"
          />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

function Step({
  icon,
  title,
  text,
  to,
  label,
  testId,
  primary = false,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  to: string;
  label: string;
  testId: string;
  primary?: boolean;
}) {
  return (
    <Group
      wrap="nowrap"
      align="center"
      gap="sm"
      p="sm"
      style={{ borderRadius: 12, background: 'rgba(0, 0, 0, 0.22)' }}
    >
      <ThemeIcon size={40} radius="xl" color="gold.5" c="dark.9" variant="filled">
        {icon}
      </ThemeIcon>
      <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
        <Box>
          <Text fw={700} fz="sm" c="white">
            {title}
          </Text>
          <Text fz="xs" c="#dfe9e2">
            {text}
          </Text>
        </Box>
        <Button
          component={Link}
          to={to}
          size="xs"
          color={primary ? 'gold.5' : 'gray.0'}
          c="dark.9"
          variant="filled"
          data-testid={testId}
          style={{ alignSelf: 'flex-start' }}
        >
          {label}
        </Button>
      </Stack>
    </Group>
  );
}
