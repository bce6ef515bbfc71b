import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCrown, IconEye, IconPlayerPlay, IconScale } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  tournamentGamePath,
  type TournamentEntrant,
  type TournamentMatch,
} from '@domino/contracts';
import { rememberTournamentGame } from '../../../lib/tournament-events';
import { entrantLines, playsIn, resultLabel } from '../lib/tournaments';

function Side({
  lines,
  score,
  won,
  lost,
  mine,
  testId,
}: {
  lines: string[];
  score: number | null;
  won: boolean;
  lost: boolean;
  mine: boolean;
  testId: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" data-testid={testId} data-won={won}>
      <Group gap={4} wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
        {won && (
          <IconCrown
            size={14}
            color="var(--mantine-color-gold-6)"
            aria-label="Ganador"
            style={{ flex: 'none', marginTop: 3 }}
          />
        )}
        <Stack gap={0} style={{ minWidth: 0 }}>
          {lines.map((line, i) => (
            <Text
              key={i}
              fz="sm"
              lh={1.35}
              fw={won || mine ? 700 : 400}
              c={lost ? 'dimmed' : undefined}
              td={lost ? 'line-through' : undefined}
              style={{ overflowWrap: 'anywhere' }}
            >
              {line}
              {mine && i === lines.length - 1 ? ' (tú)' : ''}
            </Text>
          ))}
        </Stack>
      </Group>
      {score !== null && (
        <Text fz="sm" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {score}
        </Text>
      )}
    </Group>
  );
}

/**
 * One match of a round: both sides (a bye shows 'Sin rival'), the winner crowned, the score or
 * how it was decided, and what can be done: the caller's own running match gets "Ir a mi
 * partida", anyone else's running match a "Mirar" link to the spectator page. A duplicate
 * tournament's table (decision 062) is never watched: it is labelled with its set and table, and
 * the caller's own table links to the set's comparison (/duplicado/{id}).
 */
export function MatchCard({
  match,
  byId,
  myEntrant,
  tournamentId,
}: {
  /** The tournament, remembered for the game screen's way back. */
  tournamentId: number;
  match: TournamentMatch;
  byId: ReadonlyMap<number, TournamentEntrant>;
  myEntrant: number | null;
}) {
  const mine = playsIn(match, myEntrant);
  const decided = match.status === 'decided';
  const result = resultLabel(match);
  const setId = match.duplicate_set_id;
  const side = (id: number | null, score: number | null, key: 'a' | 'b') => (
    <Side
      lines={
        key === 'b' && id === null && match.result === 'bye'
          ? ['Sin rival']
          : entrantLines(byId, id)
      }
      score={match.result === 'played' ? score : null}
      won={decided && id !== null && match.winner === id}
      lost={decided && id !== null && match.winner !== null && match.winner !== id}
      mine={id !== null && id === myEntrant}
      testId={`match-${match.id}-${key}`}
    />
  );
  return (
    <Paper
      withBorder
      radius="md"
      p="xs"
      data-testid={`match-${match.id}`}
      data-status={match.status}
      data-mine={mine}
      style={
        mine
          ? {
              borderColor: 'var(--mantine-color-gold-5)',
              boxShadow: '0 0 0 2px var(--mantine-color-gold-2)',
            }
          : undefined
      }
    >
      <Stack gap={4}>
        {setId !== null && (
          <Text fz="xs" c="dimmed" data-testid={`match-${match.id}-table`}>
            Duplicado {Math.floor(match.slot / 2) + 1} · Mesa {(match.slot % 2) + 1}
          </Text>
        )}
        {side(match.entrant_a, match.score_a, 'a')}
        {side(match.entrant_b, match.score_b, 'b')}
        <Group justify="space-between" gap={4} wrap="nowrap">
          {match.status === 'pending' ? (
            <Badge size="xs" variant="light" color="gray">
              Por jugar
            </Badge>
          ) : match.status === 'playing' ? (
            <Badge size="xs" variant="light" color="orange">
              En juego
            </Badge>
          ) : (
            <Text fz="xs" c="dimmed" data-testid={`match-${match.id}-result`}>
              {result}
            </Text>
          )}
          {setId !== null && mine && (
            <Button
              size="compact-xs"
              variant="subtle"
              component={Link}
              to={`/duplicado/${setId}`}
              leftSection={<IconScale size={12} aria-hidden />}
              data-testid={`match-${match.id}-comparison`}
            >
              Comparación
            </Button>
          )}
          {match.status === 'playing' &&
            match.game_id &&
            (mine ? (
              <Button
                size="compact-xs"
                component={Link}
                to={tournamentGamePath(match.game_id)}
                onClick={() => rememberTournamentGame(match.game_id!, tournamentId)}
                leftSection={<IconPlayerPlay size={12} aria-hidden />}
              >
                Jugar
              </Button>
            ) : setId !== null ? null : (
              <Button
                size="compact-xs"
                variant="subtle"
                component={Link}
                to={`/partida/${encodeURIComponent(match.game_id)}/ver`}
                leftSection={<IconEye size={12} aria-hidden />}
                data-testid={`match-${match.id}-watch`}
              >
                Mirar
              </Button>
            ))}
        </Group>
      </Stack>
    </Paper>
  );
}
