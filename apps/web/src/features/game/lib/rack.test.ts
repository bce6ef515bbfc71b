import { describe, expect, it } from 'vitest';
import { MIN_ONE_ROW_TILE, MIN_TILE, rackLayout } from './rack';

describe('the rack of tiles', () => {
  it('sizes a parejas hand of up to 7 tiles as before: 7 slots in one row', () => {
    expect(rackLayout(340, 7)).toEqual({ size: 43, gap: 5, rows: 1 });
    expect(rackLayout(340, 3)).toEqual({ size: 43, gap: 5, rows: 1 });
    expect(rackLayout(1000, 7)).toEqual({ size: 54, gap: 10, rows: 1 });
  });

  it('keeps a hand that grew by drawing on one row while the tiles stay readable', () => {
    const nine = rackLayout(340, 9);
    expect(nine.rows).toBe(1);
    expect(nine.size).toBeGreaterThanOrEqual(MIN_ONE_ROW_TILE);
    expect(rackLayout(1000, 15).rows).toBe(1);
  });

  it('wraps a long hand onto two rows on a phone instead of overflowing', () => {
    for (const count of [12, 16, 21]) {
      const r = rackLayout(340, count);
      expect(r.rows).toBe(2);
      const perRow = Math.ceil(count / 2);
      // Each row fits inside the rack (4 px padding each side).
      expect(perRow * r.size + (perRow - 1) * r.gap).toBeLessThanOrEqual(340 - 8);
      expect(r.size).toBeGreaterThanOrEqual(MIN_TILE);
    }
    expect(rackLayout(340, 12).size).toBe(36);
  });
});
