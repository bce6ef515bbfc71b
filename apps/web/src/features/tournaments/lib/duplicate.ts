import { DUPLICATE_TEAM_LABELS, plural, pluralWord, type DuplicateDetail } from '@domino/contracts';

/**
 * The duplicate comparison as the page shows it (docs/decisions/062-duplicate-domino.md): every
 * figure from team A's side or per team, signs written out. Pure, DOM-free.
 */

/** A signed points figure: "+20", "−8", "0" (a true minus sign). */
export function signed(points: number): string {
  if (points > 0) return `+${points}`;
  if (points < 0) return `\u2212${Math.abs(points)}`;
  return '0';
}

/** The team names, "Tu equipo" marked for the caller's own. */
export function teamLabel(team: 'x' | 'y', mine: 'x' | 'y' | null): string {
  return mine === team ? `${DUPLICATE_TEAM_LABELS[team]} (tu equipo)` : DUPLICATE_TEAM_LABELS[team];
}

/** One row of the board table: each team's points at each table and the differences. */
export interface BoardRow {
  board: number;
  /** Team A's and team B's points at table 1 (A holds seats 0/2 there). */
  table1: { a: number; b: number };
  /** Team A's and team B's points at table 2 (A holds seats 1/3 there). */
  table2: { a: number; b: number };
  /** Team A's pair minus team B's pair on the seats-0/2 cards, on the seats-1/3 cards. */
  cards02: number;
  cards13: number;
  /** Team A's result on the board. */
  total: number;
}

/** The board rows of a detail, in order. */
export function boardRows(detail: DuplicateDetail): BoardRow[] {
  return detail.compared.map((b) => ({
    board: b.board,
    table1: { a: b.table1[0], b: b.table1[1] },
    table2: { a: b.table2[1], b: b.table2[0] },
    cards02: b.side0_diff,
    cards13: b.side1_diff,
    total: b.team_x,
  }));
}

/** The headline: who leads after the compared boards, and by how much. */
export function resultLine(detail: DuplicateDetail): string {
  if (detail.compared.length === 0) return 'Aún no hay manos terminadas en las dos mesas.';
  const margin = Math.abs(detail.team_x_total);
  const verb = detail.status === 'finished' ? 'ganó' : 'va ganando';
  if (detail.leader === 'tie')
    return detail.status === 'finished' ? 'Empate en la comparación.' : 'Van empatados.';
  return `${DUPLICATE_TEAM_LABELS[detail.leader]} ${verb} por ${plural(margin, 'punto', 'puntos')}.`;
}

/** "3 de 8 manos comparadas". */
export function progressLine(detail: DuplicateDetail): string {
  return `${detail.compared.length} de ${detail.boards} ${pluralWord(detail.boards, 'mano comparada', 'manos comparadas')}`;
}
