import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GameRow, PlayerRow } from './repo';

/**
 * The node's copy of a game (cache.ts): a fresh read asks for the game and its seats at once,
 * so a player reconnecting to a busy node waits for one pooled connection, not two in a row
 * (decision 067). The repository is replaced by reads that each wait until both were asked:
 * reads made one after the other never finish, and the test fails on its timeout. The database
 * handle is a pool's (`readTogether` runs reads at once only there: db/client.ts).
 */

const asked = new Set<string>();
let bothAsked: () => void = () => undefined;
const both = () =>
  new Promise<void>((resolve) => {
    bothAsked = resolve;
    if (asked.size === 2) resolve();
  });

vi.mock('./repo', () => ({
  findGame: async (_db: unknown, gameId: string) => {
    asked.add('game');
    if (asked.size === 2) bothAsked();
    await both();
    return gameId === 'missing'
      ? undefined
      : ({ id: gameId, version: 7, status: 'playing' } as unknown as GameRow);
  },
  gamePlayersOf: async () => {
    asked.add('players');
    if (asked.size === 2) bothAsked();
    await both();
    return [{ seat: 0, userId: 1 }] as unknown as PlayerRow[];
  },
}));

const { GameCache } = await import('./cache');

/** A database handle on a PostgreSQL pool, as `readTogether` tells one; never queried here. */
const poolDb = { $client: Object.create(pg.Pool.prototype) as pg.Pool } as never;

afterEach(() => asked.clear());

describe('GameCache.load', () => {
  it(
    'reads the game and its seats at the same time, and keeps them',
    { timeout: 5_000 },
    async () => {
      const cache = new GameCache();
      const entry = await cache.load(poolDb, 'g1', { refresh: true });
      expect(entry?.row).toMatchObject({ id: 'g1', version: 7 });
      expect(entry?.players).toEqual([{ seat: 0, userId: 1 }]);
      expect(cache.get('g1')).toBe(entry);
    },
  );

  it('forgets a game that is no longer there', { timeout: 5_000 }, async () => {
    const cache = new GameCache();
    cache.set({
      row: { id: 'missing', version: 1, status: 'playing' } as unknown as GameRow,
      players: [],
    });
    expect(await cache.load(poolDb, 'missing', { refresh: true })).toBeUndefined();
    expect(cache.get('missing')).toBeUndefined();
  });
});
