import { Stack, Table, Text } from '@mantine/core';
import type { RiskItem, SharingMove } from '@domino/contracts';
import { accountName } from '../lib/risk';

type HandSharingItem = Extract<RiskItem, { kind: 'hand_sharing' }>;

const END_LABELS = { left: 'a la izquierda', right: 'a la derecha' } as const;

/** A move as staff read it: "6-4 a la izquierda". */
export function sharingMoveText(move: SharingMove): string {
  return `${move.tile} ${END_LABELS[move.end]}`;
}

const points = (x: number) =>
  `${x > 0 ? '+' : ''}${x.toLocaleString('es-VE', { maximumFractionDigits: 1 })}`;

/**
 * The hands that weigh most in a hand-sharing alert (docs/decisions/059-hand-sharing-detector.md,
 * docs/integrity.md): for each decision, the seat's tiles, the partner's (which the seat could not
 * see), the move played, the best move with what the seat saw, the played move's value with its
 * own information and with the partner's tiles known, and the decision's gain in points.
 */
export function HandSharingEvidence({ item }: { item: HandSharingItem }) {
  return (
    <Stack gap="xs" data-testid="hand-sharing-evidence">
      {item.evidence.top_hands.map((h) => (
        <Stack key={`${h.game_id}:${h.hand_number}`} gap={4}>
          <Text fz="sm" fw={700}>
            Partida {h.game_id.slice(0, 8)} · mano {h.hand_number} · ganancia de la mano{' '}
            {points(h.score)} puntos
          </Text>
          <Table.ScrollContainer minWidth={720}>
            <Table fz="xs" striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Jugador</Table.Th>
                  <Table.Th>Sus fichas</Table.Th>
                  <Table.Th>Fichas del compañero</Table.Th>
                  <Table.Th>Jugó</Table.Th>
                  <Table.Th>Mejor con lo que veía</Table.Th>
                  <Table.Th>Valor: lo que veía → viendo al compañero</Table.Th>
                  <Table.Th>Ganancia</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {h.decisions.map((d) => {
                  const played = d.values.find(
                    (v) => v.tile === d.played.tile && v.end === d.played.end,
                  );
                  return (
                    <Table.Tr key={d.index}>
                      <Table.Td>
                        {d.user_id === null
                          ? `Asiento ${d.seat + 1}`
                          : accountName(item, d.user_id)}
                      </Table.Td>
                      <Table.Td>{d.hand.join(' ')}</Table.Td>
                      <Table.Td>{d.partner_hand.join(' ')}</Table.Td>
                      <Table.Td>{sharingMoveText(d.played)}</Table.Td>
                      <Table.Td>{sharingMoveText(d.best_own)}</Table.Td>
                      <Table.Td>
                        {played ? `${points(played.own)} → ${points(played.shared)}` : '—'}
                      </Table.Td>
                      <Table.Td>{points(d.gain)}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      ))}
    </Stack>
  );
}
