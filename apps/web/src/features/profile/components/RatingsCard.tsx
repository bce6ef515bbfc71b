import { Anchor, Badge, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { Link } from 'react-router';
import { plural, type PlayerRating } from '@domino/contracts';
import { useMyRatings } from '../api/ratings';
import { LEVEL_MEANING, provisionalText } from '../../../lib/ratings';

function ModeRating({
  label,
  rating,
  testId,
}: {
  label: string;
  rating: PlayerRating;
  testId: string;
}) {
  return (
    <Stack
      gap={4}
      p="sm"
      data-testid={testId}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        background: 'var(--mantine-color-felt-0)',
      }}
    >
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={28} fw={800} lh={1} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {rating.rating}
      </Text>
      {rating.provisional && (
        <Badge size="sm" variant="outline" color="gray" style={{ alignSelf: 'flex-start' }}>
          Provisional
        </Badge>
      )}
      <Text fz="xs" c="dimmed">
        {plural(rating.games, 'partida clasificatoria', 'partidas clasificatorias')}
      </Text>
      {rating.provisional && (
        <Text fz="xs" c="dimmed">
          {provisionalText(rating)}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The profile's "Tu nivel" card (decision 026; words of decision 050): the player's level in
 * parejas and individual, what it means, marked provisional until 10 rated matches and why, with
 * a link to /clasificacion.
 */
export function RatingsCard() {
  const { data, isPending, isError } = useMyRatings();
  return (
    <Card padding="lg" shadow="sm" data-testid="ratings-card">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Group gap={8} wrap="nowrap">
          <IconChartBar size={20} aria-hidden />
          <Title order={2} fz={{ base: 18, sm: 20 }}>
            Tu nivel
          </Title>
        </Group>
        <Anchor component={Link} to="/clasificacion" fz="sm">
          Ver clasificación
        </Anchor>
      </Group>
      {isPending ? (
        <Loader size="sm" role="status" aria-label="Cargando tu nivel" />
      ) : isError || !data ? (
        <Text fz="sm" c="dimmed">
          No pudimos cargar tu nivel. Inténtalo de nuevo más tarde.
        </Text>
      ) : (
        <Stack gap="xs">
          <SimpleGrid cols={2} spacing="sm">
            <ModeRating label="Parejas" rating={data.parejas} testId="rating-parejas" />
            <ModeRating label="Individual" rating={data.individual} testId="rating-individual" />
          </SimpleGrid>
          <Text fz="xs" c="dimmed" data-testid="level-meaning">
            {LEVEL_MEANING} Cuentan las partidas en mesas públicas, Jugar ahora y torneos; la
            práctica y las mesas privadas no cambian tu nivel.
          </Text>
        </Stack>
      )}
    </Card>
  );
}
