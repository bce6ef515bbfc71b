import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, type Table } from '@domino/contracts';
import { findUserTable, tableTitle } from './tables';

const table = (id: number, userIds: number[], name = `Mesa ${id}`): Table => ({
  id,
  name,
  image: null,
  game_id: null,
  status: 'open',
  current_players: userIds.length,
  max_players: 4,
  entry_price: 100,
  rules: DEFAULT_RULES,
  users: userIds.map((u) => ({ id: u, name: `Jugador ${u}` })),
});

describe('findUserTable', () => {
  it('finds the table the user is seated at', () => {
    const tables = [table(1, [5]), table(2, [7, 9])];
    expect(findUserTable(tables, 9)?.id).toBe(2);
  });

  it('returns null when the user is at no listed table or unknown', () => {
    expect(findUserTable([table(1, [5])], 6)).toBeNull();
    expect(findUserTable([table(1, [5])], undefined)).toBeNull();
    expect(findUserTable([], 5)).toBeNull();
  });
});

describe('tableTitle', () => {
  it("uses the name, else 'Juego {id}'", () => {
    expect(tableTitle({ id: 3, name: 'Mesa VIP' })).toBe('Mesa VIP');
    expect(tableTitle({ id: 3, name: '  ' })).toBe('Juego 3');
  });
});
