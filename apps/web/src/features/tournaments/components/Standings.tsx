import { Table, Text } from '@mantine/core';
import { formatBs, type TournamentDetail } from '@domino/contracts';
import { bolivaresToCents } from '../../../lib/format';
import { entrantLines, entrantsById, placeLabel } from '../lib/tournaments';

/**
 * The standings table: place, entrant, then Swiss points and the Buchholz tie-break (sum of the
 * opponents' points; decision 028) or, in single elimination, the matches won, or in duplicate
 * the point difference with the pairs that held the same tiles (decision 062) and the boards
 * gained–lost; wins–losses; and
 * the prize paid once the tournament finished. The caller's row is highlighted. Fits 360 px: the
 * tie-break and record columns are dropped on phones.
 */
export function Standings({ detail }: { detail: TournamentDetail }) {
  const byId = entrantsById(detail.entrants);
  const swiss = detail.format === 'swiss';
  const duplicate = detail.format === 'duplicate';
  const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
  const mine = detail.my_entry?.entrant_id ?? null;
  // The prize column only for a finished tournament that paid money.
  const finished = detail.status === 'finished' && detail.entry_fee > 0;
  const rows = [...detail.standings].sort((a, b) => a.place - b.place);
  if (rows.length === 0)
    return (
      <Text c="dimmed" fz="sm">
        La clasificación aparece al terminar la primera ronda.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={0}>
      <Table verticalSpacing={6} horizontalSpacing="xs" fz="sm" data-testid="standings">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={44}>Pos.</Table.Th>
            <Table.Th>{detail.mode === 'parejas' ? 'Pareja' : 'Jugador'}</Table.Th>
            {/* Knockout: the matches won only where they fit (the prize matters more). */}
            <Table.Th
              ta="right"
              visibleFrom={swiss || duplicate ? undefined : 'xs'}
              title={duplicate ? 'Puntos frente a la pareja con tus mismas fichas' : undefined}
            >
              {swiss ? (
                'Puntos'
              ) : duplicate ? (
                // "Dif." on a phone: the pairs' names keep the width (360 px, with the prize).
                <>
                  <Text span inherit hiddenFrom="xs">
                    Dif.
                  </Text>
                  <Text span inherit visibleFrom="xs">
                    Diferencia
                  </Text>
                </>
              ) : (
                'Ganadas'
              )}
            </Table.Th>
            {swiss && (
              <Table.Th ta="right" visibleFrom="xs" title="Suma de los puntos de sus rivales">
                Buchholz
              </Table.Th>
            )}
            <Table.Th ta="right" visibleFrom="xs">
              G–P
            </Table.Th>
            {finished && <Table.Th ta="right">Premio</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((s) => (
            <Table.Tr
              key={s.entrant}
              bg={s.entrant === mine ? 'var(--mantine-color-gold-0)' : undefined}
              data-testid="standing-row"
              data-place={s.place}
              data-entrant={s.entrant}
            >
              <Table.Td fw={700}>{placeLabel(s.place)}</Table.Td>
              <Table.Td>
                {entrantLines(byId, s.entrant).map((line, i, all) => (
                  <Text key={i} fz="sm" lh={1.35} style={{ overflowWrap: 'anywhere' }}>
                    {line}
                    {s.entrant === mine && i === all.length - 1 ? ' (tú)' : ''}
                  </Text>
                ))}
              </Table.Td>
              <Table.Td
                ta="right"
                visibleFrom={swiss || duplicate ? undefined : 'xs'}
                style={{ fontVariantNumeric: 'tabular-nums' }}
                data-testid="standing-points"
              >
                {swiss ? String(s.points).replace('.', ',') : duplicate ? signed(s.points) : s.wins}
              </Table.Td>
              {swiss && (
                <Table.Td
                  ta="right"
                  visibleFrom="xs"
                  style={{ fontVariantNumeric: 'tabular-nums' }}
                >
                  {s.buchholz === null ? '—' : String(s.buchholz).replace('.', ',')}
                </Table.Td>
              )}
              <Table.Td ta="right" visibleFrom="xs" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {s.wins}–{s.losses}
              </Table.Td>
              {finished && (
                <Table.Td
                  ta="right"
                  fw={s.prize > 0 ? 700 : 400}
                  c={s.prize > 0 ? 'green.8' : 'dimmed'}
                  style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
                  data-testid="standing-prize"
                >
                  {s.prize > 0 ? formatBs(bolivaresToCents(s.prize)) : '—'}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
