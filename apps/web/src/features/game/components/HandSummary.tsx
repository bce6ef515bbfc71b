import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import type { GameView, HandSummaryJson } from '@domino/contracts';
import { DominoFaceSvg } from '../../../components/DominoFace';
import { BONUS_LABELS, handEndingLabel, seatName, sideLabel, sideOfSeat } from '../lib/seats';

export interface HandSummaryProps {
  view: GameView;
  summary: HandSummaryJson;
}

/** Who won the hand, in words. */
function outcome(view: GameView, s: HandSummaryJson): string {
  if (s.voided) return 'Empate en el tranque: nadie suma puntos.';
  const side = s.winner_side ?? 0;
  const who = s.winner_seat === null ? null : seatName(view, s.winner_seat);
  const pair = sideLabel(side, view.my_seat) === 'Nosotros' ? 'Ganamos' : 'Ganan ellos';
  if (s.ending === 'domino') {
    return who === 'Tú'
      ? `¡Dominaste! ${pair} la mano.`
      : `${who ?? 'Alguien'} dominó. ${pair} la mano.`;
  }
  return `Tranque: ${pair.toLowerCase()} la mano con menos puntos.`;
}

/**
 * The end of a hand (spec §2/§4): how it ended ('Dominó', 'Tranque', 'Mano anulada (empate)'),
 * each seat's remaining tiles and pips, the pips by pair, the points awarded and the bonuses.
 */
export function HandSummary({ view, summary: s }: HandSummaryProps) {
  const mySide = sideOfSeat(view.my_seat);
  const order = [0, 1, 2, 3]
    .map((i) => (view.my_seat + i) % 4)
    .filter((seat) => seat < s.remaining.length);
  const winnerPoints = s.winner_side === null ? 0 : (s.points_by_side[s.winner_side] ?? 0);
  const winnerLabel = s.winner_side === null ? null : sideLabel(s.winner_side, view.my_seat);

  return (
    <Stack gap="sm" data-testid="hand-summary">
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Badge
          size="lg"
          color={s.voided ? 'gray' : s.ending === 'domino' ? 'felt' : 'gold'}
          variant="filled"
          data-testid="hand-summary-ending"
        >
          {handEndingLabel(s)}
        </Badge>
        <Text fz="sm" c="dimmed">
          Mano {s.hand_number}
        </Text>
      </Group>
      <Text fw={600}>{outcome(view, s)}</Text>

      <Table verticalSpacing={4} horizontalSpacing={6} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Jugador</Table.Th>
            <Table.Th>Fichas que quedaron</Table.Th>
            <Table.Th ta="right">Puntos</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.map((seat) => {
            const tiles = s.remaining[seat] ?? [];
            return (
              <Table.Tr key={seat}>
                <Table.Td>
                  <Text fz="sm" fw={seat === s.winner_seat ? 700 : 500} lineClamp={1}>
                    {seatName(view, seat)}
                  </Text>
                  <Text fz={11} c="dimmed">
                    {sideOfSeat(seat) === mySide ? 'Nosotros' : 'Ellos'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {tiles.length === 0 ? (
                    <Text fz="xs" c="dimmed">
                      —
                    </Text>
                  ) : (
                    <Group gap={3}>
                      {tiles.map((t) => (
                        <DominoFaceSvg
                          key={`${t[0]}-${t[1]}`}
                          first={t[0]}
                          second={t[1]}
                          size={14}
                          horizontal
                          title={`${t[0]}-${t[1]}`}
                        />
                      ))}
                    </Group>
                  )}
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {s.pips_by_seat[seat] ?? 0}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>

      <Group justify="space-between" fz="sm">
        <Text fz="sm">
          Puntos por pareja: Nosotros <b>{s.pips_by_side[mySide] ?? 0}</b> · Ellos{' '}
          <b>{s.pips_by_side[1 - mySide] ?? 0}</b>
        </Text>
      </Group>

      {winnerLabel !== null && (
        <Text
          fz="md"
          fw={700}
          c={winnerLabel === 'Nosotros' ? 'felt.7' : 'red.7'}
          data-testid="hand-summary-points"
        >
          +{winnerPoints} puntos para {winnerLabel}
          {s.bonuses.length > 0 && (
            <Text span fz="sm" fw={500} c="dimmed">
              {' '}
              ({s.base_points} de la mano
              {s.bonuses.map((b) => ` + ${BONUS_LABELS[b.kind]} ${b.points}`).join('')})
            </Text>
          )}
        </Text>
      )}
      {s.voided && s.bonuses.length > 0 && (
        <Text fz="sm">
          Bonos: {s.bonuses.map((b) => `${BONUS_LABELS[b.kind]} +${b.points}`).join(', ')}
        </Text>
      )}

      <Text fz="sm" c="dimmed">
        Marcador: Nosotros {s.scores_after[mySide] ?? 0} — Ellos {s.scores_after[1 - mySide] ?? 0} ·
        meta {view.target_points}
      </Text>
    </Stack>
  );
}
