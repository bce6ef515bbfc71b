import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestDatabase, postgresAvailable } from '../../test/helpers';
import { GameCache } from './cache';
import type { GamesContext } from './context';
import { createPracticeGame } from './create';
import { findGame, gamePlayersOf, gamesWithPlayers } from './repo';

/**
 * The node's copy of a game on real PostgreSQL (cache.ts, repo.ts `gamesWithPlayers`): the
 * batched read answers for each game exactly what the single reads answer, and fresh loads asked
 * together through the node's handle share one batched read (a node taking a lost node's
 * players, decision 067 addendum "Cheaper connections"); through another executor they do not.
 */
describe('GameCache on PostgreSQL', async () => {
  const skip = !(await postgresAvailable());

  it.skipIf(skip)(
    'reads many games in one batch, each as the single reads would',
    { timeout: 60_000 },
    async () => {
      const database = await createTestDatabase('postgres');
      try {
        const db = database.db;
        const ctx = {
          db,
          timing: { botMinDelayMs: 0, botMaxDelayMs: 0, handPauseMs: 0 },
        } as unknown as GamesContext;
        const ids: string[] = [];
        for (const n of [1, 2, 3]) {
          const [user] = await db
            .insert(users)
            .values({
              name: `Jugador ${n}`,
              email: `cache${n}@example.com`,
              username: `cache${n}`,
              typeIdentification: 'V',
              nIdentification: `1234567${n}`,
              phone: `0414000000${n}`,
              passwordHash: 'x',
            })
            .returning();
          ids.push(await createPracticeGame(ctx, user!.id, 'facil', 60));
        }
        const missing = '00000000-0000-4000-8000-000000000000';

        const batch = await gamesWithPlayers(db, [...ids, missing]);
        expect([...batch.keys()].sort()).toEqual([...ids].sort());
        for (const id of ids)
          expect(batch.get(id)).toEqual({
            row: await findGame(db, id),
            players: await gamePlayersOf(db, id),
          });

        const cache = new GameCache(db);
        const loaded = await Promise.all(
          [...ids, missing].map((id) => cache.load(db, id, { refresh: true })),
        );
        expect(cache.freshReads).toBe(1);
        expect(loaded.map((e) => e?.row.id)).toEqual([...ids, undefined]);
        expect(loaded[0]).toEqual(batch.get(ids[0]!));
        expect(cache.size).toBe(3);

        // Through a transaction (another executor) each read is its own.
        await db.transaction(async (tx) => {
          const again = await cache.load(tx, ids[1]!, { refresh: true });
          expect(again).toEqual(batch.get(ids[1]!));
        });
        expect(cache.freshReads).toBe(1);
      } finally {
        await database.close();
      }
    },
  );
});
