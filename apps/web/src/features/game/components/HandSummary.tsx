import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { scoringEventLabel, type GameView, type HandSummaryJson } from '@domino/contracts';
import { DominoFaceSvg } from '../../../components/DominoFace';
import {
  handEndingLabel,
  handOutcomeText,
  handPointsText,
  otherSeats,
  scoreLineText,
  seatName,
  seatSideTag,
  sideOfSeat,
} from '../lib/seats';

export interface HandSummaryProps {
  view: GameView;
  summary: HandSummaryJson;
}

/**
 * The end of a hand (docs/product.md §2/§4): how it ended ('Dominó', 'Tranque', 'Mano anulada (empate)'),
 * each seat's remaining tiles and pips, the pips by pair (parejas), the points awarded and the
 * bonuses. In individual mode every player is their own side, named instead of 'Nosotros'/'Ellos'.
 */
export function HandSummary({ view, summary: s }: HandSummaryProps) {
  const parejas = view.mode === 'parejas';
  const mySide = sideOfSeat(view.my_seat);
  // Me first, then the others in order of play.
  const order = [
    view.my_seat,
    ...otherSeats(view.my_seat, s.remaining.length).map((o) => o.seat),
  ].filter((seat) => seat < s.remaining.length);
  const points = handPointsText(view, s);

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
      <Text fw={600}>{handOutcomeText(view, s)}</Text>

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
                  {/* Two lines at most: 'Compañero CPU' wraps whole at 360 px instead of 'Compañer…'. */}
                  <Text
                    fz="sm"
                    fw={seat === s.winner_seat ? 700 : 500}
                    lineClamp={2}
                    title={seatName(view, seat)}
                    data-testid={`hand-summary-name-${seat}`}
                  >
                    {seatName(view, seat)}
                  </Text>
                  {seatSideTag(view, seat) && (
                    <Text fz={11} c="dimmed">
                      {seatSideTag(view, seat)}
                    </Text>
                  )}
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

      {parejas && (
        <Group justify="space-between" fz="sm">
          <Text fz="sm">
            Puntos por pareja: Nosotros <b>{s.pips_by_side[mySide] ?? 0}</b> · Ellos{' '}
            <b>{s.pips_by_side[1 - mySide] ?? 0}</b>
          </Text>
        </Group>
      )}

      {points !== null && (
        <Text
          fz="md"
          fw={700}
          c={points.mine ? 'felt.7' : 'red.7'}
          data-testid="hand-summary-points"
        >
          {points.text}
          {s.bonuses.length > 0 && (
            <Text span fz="sm" fw={500} c="dimmed">
              {' '}
              ({s.base_points} de la mano
              {s.bonuses.map((b) => ` + ${scoringEventLabel(b.kind)} ${b.points}`).join('')})
            </Text>
          )}
        </Text>
      )}
      {s.voided && s.bonuses.length > 0 && (
        <Text fz="sm">
          Bonos: {s.bonuses.map((b) => `${scoringEventLabel(b.kind)} +${b.points}`).join(', ')}
        </Text>
      )}

      <Text fz="sm" c="dimmed" data-testid="hand-summary-score">
        Marcador: {scoreLineText(view, s.scores_after)} · meta {view.target_points}
      </Text>
    </Stack>
  );
}
