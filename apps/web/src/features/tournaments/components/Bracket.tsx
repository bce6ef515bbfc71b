import { useState } from 'react';
import { Box, Group, ScrollArea, SegmentedControl, Stack, Text } from '@mantine/core';
import type { TournamentDetail } from '@domino/contracts';
import { IconCrown } from '@tabler/icons-react';
import {
  championOf,
  entrantLines,
  entrantsById,
  orderedRounds,
  roundName,
} from '../lib/tournaments';
import { MatchCard } from './MatchCard';

/** Width of a bracket column on wide screens (px). */
const COLUMN = 260;

/**
 * The rounds of a tournament. Wide screens: a single-elimination bracket, rounds as columns (each
 * column's matches spread over the height of the first, so a match sits between the two it comes
 * from), scrolling sideways when there are many. Phones (and Swiss rounds everywhere): one round
 * at a time chosen with a segmented control, starting on the current round, its matches as a list
 * readable at 360 px. The caller's match is outlined in gold.
 */
export function Bracket({ detail }: { detail: TournamentDetail }) {
  const rounds = orderedRounds(detail.rounds);
  const byId = entrantsById(detail.entrants);
  const myEntrant = detail.my_entry?.entrant_id ?? null;
  const latest = rounds.length > 0 ? rounds[rounds.length - 1]!.number : 1;
  const [picked, setPicked] = useState<number | null>(null);
  const shownRound =
    rounds.find((r) => r.number === (picked ?? latest)) ?? rounds[rounds.length - 1];
  const elimination = detail.format === 'single_elimination';
  const name = (n: number) => roundName(n, detail.total_rounds, detail.format);

  if (rounds.length === 0)
    return (
      <Text c="dimmed" fz="sm" data-testid="bracket-empty">
        Las partidas se sortean al inicio del torneo.
      </Text>
    );

  const perRound = (
    <Stack gap="sm" hiddenFrom={elimination ? 'sm' : undefined} data-testid="bracket-rounds">
      {rounds.length > 1 && (
        <ScrollArea type="never">
          <SegmentedControl
            size="xs"
            value={String(shownRound?.number ?? latest)}
            onChange={(v) => setPicked(Number(v))}
            data={rounds.map((r) => ({ value: String(r.number), label: name(r.number) }))}
            data-testid="bracket-round-picker"
          />
        </ScrollArea>
      )}
      {shownRound && (
        <Stack gap="xs" data-testid={`bracket-round-${shownRound.number}`}>
          <Text fz="sm" fw={700}>
            {name(shownRound.number)}
            {shownRound.status === 'done' ? ' · terminada' : ' · en juego'}
          </Text>
          {shownRound.matches.map((m) => (
            <MatchCard
              key={m.id}
              match={m}
              byId={byId}
              myEntrant={myEntrant}
              tournamentId={detail.id}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );

  if (!elimination) return perRound;

  // Total rounds are known for single elimination: show empty columns for rounds not paired yet.
  const total = Math.max(detail.total_rounds ?? rounds.length, rounds.length);
  const firstCount = rounds[0]!.matches.length;
  const columns = Array.from({ length: total }, (_, i) => i + 1);
  const champion = championOf(rounds, detail.total_rounds);
  return (
    <>
      {perRound}
      <ScrollArea visibleFrom="sm" type="auto" offsetScrollbars data-testid="bracket-columns">
        <Group align="stretch" wrap="nowrap" gap="md" pb="xs">
          {columns.map((n) => {
            const round = rounds.find((r) => r.number === n);
            const expected = Math.max(1, Math.ceil(firstCount / 2 ** (n - 1)));
            return (
              <Stack key={n} w={COLUMN} gap="xs" style={{ flex: 'none' }}>
                <Text fz="sm" fw={700} ta="center">
                  {name(n)}
                </Text>
                <Box
                  style={{
                    display: 'flex',
                    flexDirection: 'column',
                    justifyContent: 'space-around',
                    gap: 8,
                    flex: 1,
                  }}
                >
                  {round
                    ? round.matches.map((m) => (
                        <MatchCard
                          key={m.id}
                          match={m}
                          byId={byId}
                          myEntrant={myEntrant}
                          tournamentId={detail.id}
                        />
                      ))
                    : Array.from({ length: expected }, (_, i) => (
                        <Box
                          key={i}
                          p="xs"
                          style={{
                            border: '1px dashed var(--mantine-color-gray-4)',
                            borderRadius: 'var(--mantine-radius-md)',
                          }}
                        >
                          <Text fz="sm" c="dimmed">
                            Por definir
                          </Text>
                        </Box>
                      ))}
                </Box>
              </Stack>
            );
          })}
          {champion !== null && (
            <Stack w={COLUMN} gap="xs" style={{ flex: 'none' }} data-testid="bracket-champion">
              <Text fz="sm" fw={700} ta="center">
                Campeón
              </Text>
              <Box
                style={{
                  display: 'flex',
                  flexDirection: 'column',
                  justifyContent: 'center',
                  flex: 1,
                }}
              >
                <Box
                  p="sm"
                  style={{
                    border: '2px solid var(--mantine-color-gold-5)',
                    borderRadius: 'var(--mantine-radius-md)',
                    background: 'var(--mantine-color-gold-0)',
                  }}
                >
                  <Group gap={6} wrap="nowrap" align="flex-start">
                    <IconCrown size={20} color="var(--mantine-color-gold-6)" aria-hidden />
                    <Stack gap={0}>
                      {entrantLines(byId, champion).map((line) => (
                        <Text key={line} fz="sm" fw={800} style={{ overflowWrap: 'anywhere' }}>
                          {line}
                        </Text>
                      ))}
                    </Stack>
                  </Group>
                </Box>
              </Box>
            </Stack>
          )}
        </Group>
      </ScrollArea>
    </>
  );
}
