import { useState } from 'react';
import { Badge, Box, Button, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconCoin, IconEye, IconPlayerPlay, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { tableBadge, type Table } from '@domino/contracts';
import { RuleChips } from '../../../components/TableRules';
import { TableIllustration } from '../../../components/TableIllustration';
import { formatBolivares } from '../../../lib/format';
import { canPressPlay } from '../lib/join';
import { BADGE_COLORS, tableTitle } from '../lib/tables';

const IMAGE_HEIGHT = 150;

export interface TableCardProps {
  table: Table;
  /** 'Jugar': the join flow (features/dashboard/hooks/use-join-table). */
  onPlay(table: Table): void;
  /** This card's join request is in flight. */
  joining: boolean;
  /** Another card's join request is in flight. */
  busy: boolean;
}

/**
 * One table of the game list (docs/product.md §2): badge, image, name, entry fee, players and 'Jugar'. While
 * the table's match runs the badge says 'Jugando', the button is disabled and 'Ver' opens the
 * match as a spectator (docs/decisions/022-spectators.md).
 */
export function TableCard({ table, onPlay, joining, busy }: TableCardProps) {
  const [imageFailed, setImageFailed] = useState(false);
  const badge = tableBadge(table);
  const title = tableTitle(table);
  const playable = canPressPlay(table);

  return (
    <Card
      shadow="sm"
      padding="md"
      component="article"
      aria-label={title}
      data-testid={`table-card-${table.id}`}
      data-status={table.status}
    >
      <Card.Section pos="relative">
        {table.image && !imageFailed ? (
          <Image
            src={table.image}
            h={IMAGE_HEIGHT}
            fit="cover"
            alt=""
            onError={() => setImageFailed(true)}
          />
        ) : (
          <TableIllustration height={IMAGE_HEIGHT} seed={table.id} />
        )}
        <Badge
          pos="absolute"
          top={12}
          left={12}
          color={BADGE_COLORS[badge]}
          variant="filled"
          size="md"
          style={{ boxShadow: '0 1px 4px rgba(0,0,0,0.3)' }}
        >
          <span data-testid={`table-badge-${table.id}`}>{badge}</span>
        </Badge>
      </Card.Section>

      <Stack gap="sm" mt="md" style={{ flex: 1 }}>
        <Title order={3} fz="lg" lineClamp={2}>
          {title}
        </Title>
        <RuleChips rules={table.rules} testId={`table-rules-${table.id}`} />
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={6} wrap="nowrap">
            <IconCoin size={18} color="var(--mantine-color-gold-7)" aria-hidden />
            <Box>
              <Text fz="xs" c="dimmed" lh={1.2}>
                Entrada
              </Text>
              <Text fw={700} fz="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatBolivares(table.entry_price)}
              </Text>
            </Box>
          </Group>
          <Group gap={6} wrap="nowrap">
            <IconUsers size={18} color="var(--mantine-color-felt-7)" aria-hidden />
            <Box>
              <Text fz="xs" c="dimmed" lh={1.2}>
                Jugadores
              </Text>
              <Text fw={700} fz="sm" ta="right">
                {table.current_players}/{table.max_players}
              </Text>
            </Box>
          </Group>
        </Group>
      </Stack>

      <Button
        mt="md"
        fullWidth
        leftSection={<IconPlayerPlay size={16} aria-hidden />}
        aria-label={playable ? `Jugar en ${title}` : `${title}: partida en curso`}
        onClick={() => onPlay(table)}
        loading={joining}
        disabled={!playable || (busy && !joining)}
        data-testid={`table-join-${table.id}`}
      >
        {playable ? 'Jugar' : 'Partida en curso'}
      </Button>
      {table.status === 'playing' && table.game_id && (
        <Button
          mt="xs"
          fullWidth
          variant="light"
          component={Link}
          to={`/partida/${table.game_id}/ver`}
          leftSection={<IconEye size={16} aria-hidden />}
          aria-label={`Ver la partida de ${title}`}
          data-testid={`table-watch-${table.id}`}
        >
          Ver
        </Button>
      )}
    </Card>
  );
}
