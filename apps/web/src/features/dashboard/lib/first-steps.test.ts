import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, type Table } from '@domino/contracts';
import { needsFirstSteps } from './first-steps';

const table = (entry_price: number, status: Table['status'] = 'open'): Table => ({
  id: Math.round(entry_price * 100),
  name: 'Mesa',
  image: null,
  game_id: null,
  status,
  current_players: 0,
  max_players: 4,
  entry_price,
  rules: DEFAULT_RULES,
  users: [],
});

describe('needsFirstSteps', () => {
  it('leads a new player with Bs. 0 to practice and to recharge', () => {
    expect(needsFirstSteps(0, [table(500), table(1000)])).toBe(true);
    expect(needsFirstSteps(0, [])).toBe(true);
  });

  it('keeps leading them while no open table is affordable, to the céntimo', () => {
    expect(needsFirstSteps(499.99, [table(500), table(1000)])).toBe(true);
    expect(needsFirstSteps(500, [table(500), table(1000)])).toBe(false);
    expect(needsFirstSteps(0.3, [table(0.1 + 0.2)])).toBe(false);
  });

  it('ignores tables a player cannot join anyway', () => {
    expect(needsFirstSteps(100, [table(50, 'closed'), table(80, 'playing'), table(500)])).toBe(
      true,
    );
    expect(needsFirstSteps(100, [table(80, 'activo')])).toBe(false);
    expect(needsFirstSteps(100, [])).toBe(false);
  });
});
