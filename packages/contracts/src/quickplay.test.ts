import { describe, expect, it } from 'vitest';
import { QUICK_SEATS, quickPlayRequestSchema, quickRules, ratingWindow } from './quickplay';
import { tableRulesSchema } from './rules';

describe('quick play contracts', () => {
  it('gives each mode valid default rules with its seats', () => {
    for (const mode of ['parejas', 'individual'] as const) {
      const rules = quickRules(mode);
      expect(tableRulesSchema.safeParse(rules).success).toBe(true);
      expect(rules).toMatchObject({ mode, players: QUICK_SEATS[mode] });
    }
  });

  it('widens the window by 50 every 10 s and drops it after 60 s', () => {
    expect([0, 9_999, 10_000, 29_000, 59_999].map(ratingWindow)).toEqual([100, 100, 150, 200, 350]);
    expect(ratingWindow(60_000)).toBeNull();
  });

  it('refuses unknown modes and extra fields in Spanish', () => {
    const bad = quickPlayRequestSchema.safeParse({ mode: 'torneo', entry_price: 100 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Elige un modo de juego: parejas o individual.');
    expect(
      quickPlayRequestSchema.safeParse({ mode: 'parejas', entry_price: 100, user_id: 2 }).success,
    ).toBe(false);
  });
});
