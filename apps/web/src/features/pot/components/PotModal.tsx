import { useEffect, useState } from 'react';
import { Badge, Box, Button, Group, Modal, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { LIMITS, formatBs } from '@domino/contracts';
import { usePotCurrent } from '../api/pot';
import {
  caracasDay,
  markPotModalSeen,
  ordinal,
  podiumColor,
  potModalSeen,
  shouldOpenPotModal,
} from '../lib/pot';

/** Players listed in the modal; the full ranking is on /pote. */
const MODAL_PLAYERS = 5;

/**
 * The monthly pot modal of the dashboard (docs/product.md §4 "Pot modal"): once a day in this
 * browser, or again when the pot changed since it was closed (the mark is kept in localStorage,
 * across logins: decision 050), 800 ms after the dashboard loads, only when a pot exists
 * (`has_pot`). 'Ver Ranking Completo' closes it and goes to /pote.
 */
export default function PotModal() {
  const navigate = useNavigate();
  const pot = usePotCurrent();
  // Read once: closing during this visit must not make it reappear, and a seen flag must win.
  const [seen, setSeen] = useState(() => potModalSeen());
  const [delayPassed, setDelayPassed] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => setDelayPassed(true), LIMITS.potModalDelayMs);
    return () => window.clearTimeout(timer);
  }, []);

  const today = caracasDay();
  const amountCents = pot.data?.pot.amount_cents;
  const opened = shouldOpenPotModal({
    delayPassed,
    hasPot: pot.data?.has_pot,
    amountCents,
    seen,
    today,
  });
  const close = () => {
    const mark = { day: today, amountCents: amountCents ?? 0 };
    markPotModalSeen(mark);
    setSeen(mark);
  };

  const data = pot.data;
  return (
    <Modal
      opened={opened}
      onClose={close}
      centered
      radius="lg"
      size="md"
      padding="lg"
      title={
        <Group gap="xs" wrap="nowrap">
          <ThemeIcon color="gold" c="dark.9" radius="xl" size="lg" aria-hidden>
            <IconTrophy size={20} />
          </ThemeIcon>
          <Text fw={800} fz="lg">
            Pote del Mes
          </Text>
        </Group>
      }
      data-testid="pot-modal"
    >
      {data && (
        <Stack gap="md">
          <Box
            ta="center"
            py="md"
            px="sm"
            style={{
              borderRadius: 'var(--mantine-radius-lg)',
              background:
                'linear-gradient(135deg, var(--mantine-color-felt-8), var(--mantine-color-felt-6))',
              color: 'white',
            }}
          >
            <Text fz="sm" fw={600} c="gold.2" tt="uppercase" lts={1}>
              {data.pot.month_name} {data.pot.year}
            </Text>
            <Title
              order={2}
              fz={{ base: 32, xs: 38 }}
              c="gold.3"
              data-testid="pot-modal-amount"
              style={{ fontVariantNumeric: 'tabular-nums' }}
            >
              {formatBs(data.pot.amount_cents)}
            </Title>
            <Text fz="xs" c="gray.3">
              Se reparte entre los mejores del ranking al cerrar el mes
            </Text>
          </Box>
          {data.pot.description.trim() !== '' && (
            <Text fz="sm" style={{ whiteSpace: 'pre-line' }}>
              {data.pot.description}
            </Text>
          )}
          <Stack gap={6}>
            <Text fw={700} fz="sm">
              Mejores jugadores
            </Text>
            {data.top_players.length === 0 ? (
              <Text fz="sm" c="dimmed">
                Aún nadie suma puntos este mes. ¡Juega una mesa y sé el primero!
              </Text>
            ) : (
              data.top_players.slice(0, MODAL_PLAYERS).map((p) => (
                <Group key={p.position} justify="space-between" wrap="nowrap" gap="xs">
                  <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                    <Badge
                      variant={podiumColor(p.position) ? 'filled' : 'light'}
                      color={podiumColor(p.position) ?? 'felt'}
                      c={p.position === 1 ? 'dark.9' : undefined}
                      miw={48}
                      style={{ flexShrink: 0 }}
                    >
                      {ordinal(p.position)}
                    </Badge>
                    <Text fz="sm" truncate>
                      {p.name}
                    </Text>
                  </Group>
                  <Text fz="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                    {p.points} pts
                  </Text>
                </Group>
              ))
            )}
          </Stack>
          <Stack gap={6}>
            <Button
              fullWidth
              color="gold"
              c="dark.9"
              leftSection={<IconTrophy size={16} aria-hidden />}
              onClick={() => {
                close();
                navigate('/pote');
              }}
            >
              Ver Ranking Completo
            </Button>
            <Button fullWidth variant="subtle" color="gray" onClick={close}>
              Cerrar
            </Button>
          </Stack>
        </Stack>
      )}
    </Modal>
  );
}
