import { describe, expect, it } from 'vitest';
import type { DuplicateDetail } from '@domino/contracts';
import { boardRows, progressLine, resultLine, signed, teamLabel } from './duplicate';

const detail: DuplicateDetail = {
  id: 1,
  name: 'Duplicado',
  status: 'playing',
  boards: 8,
  commitment: 'c'.repeat(64),
  tables: [
    { table: 1, game_path: '/games/a', finished: false },
    { table: 2, game_path: null, finished: false },
  ],
  teams: {
    x: [
      { table: 1, players: ['Ana', 'Luis'] },
      { table: 2, players: ['Eva', 'Raúl'] },
    ],
    y: [
      { table: 1, players: ['Pedro', 'Juan'] },
      { table: 2, players: ['Sara', 'Tomás'] },
    ],
  },
  compared: [
    { board: 1, table1: [30, 0], table2: [10, 0], side0_diff: 20, side1_diff: 0, team_x: 20 },
    { board: 2, table1: [0, 12], table2: [0, 4], side0_diff: 0, side1_diff: -8, team_x: -8 },
  ],
  team_x_total: 12,
  leader: 'x',
  my_team: 'y',
};

describe('duplicate page figures', () => {
  it('writes each team’s points per table from the comparison', () => {
    expect(boardRows(detail)).toEqual([
      {
        board: 1,
        table1: { a: 30, b: 0 },
        table2: { a: 0, b: 10 },
        cards02: 20,
        cards13: 0,
        total: 20,
      },
      {
        board: 2,
        table1: { a: 0, b: 12 },
        table2: { a: 4, b: 0 },
        cards02: 0,
        cards13: -8,
        total: -8,
      },
    ]);
  });

  it('says who leads, how far along, and marks the caller’s team', () => {
    expect(resultLine(detail)).toBe('Equipo A va ganando por 12 puntos.');
    expect(resultLine({ ...detail, status: 'finished', team_x_total: -1, leader: 'y' })).toBe(
      'Equipo B ganó por 1 punto.',
    );
    expect(resultLine({ ...detail, compared: [] })).toBe(
      'Aún no hay manos terminadas en las dos mesas.',
    );
    expect(progressLine(detail)).toBe('2 de 8 manos comparadas');
    expect(teamLabel('y', 'y')).toBe('Equipo B (tu equipo)');
    expect(teamLabel('x', 'y')).toBe('Equipo A');
    expect(signed(-8)).toBe('\u22128');
    expect(signed(20)).toBe('+20');
  });
});
