import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Highlights } from '@domino/contracts';
import { publicName } from '@domino/contracts';
import { games, potPoints } from '../../db/schema';
import type { DbKind, TestApp } from '../../test/helpers';
import { buildTestApp, newPlayer, postgresAvailable } from '../../test/helpers';
import { auth, loginAdmin } from '../../test/wallet-helpers';
import { playMatchToEnd } from '../../test/play';
import { potMonth } from '../pot/month';
import { cached, HIGHLIGHTS_TTL_MS, loadHighlights } from './service';

describe('the highlights cache', () => {
  it('serves one load for the time to live, shares a pending load and forgets a failure', async () => {
    let now = 0;
    let calls = 0;
    let fail = false;
    const get = cached(
      async () => {
        calls += 1;
        if (fail) throw new Error('down');
        return calls;
      },
      30_000,
      () => now,
    );
    expect(await Promise.all([get(), get()])).toEqual([1, 1]);
    now = 29_999;
    expect(await get()).toBe(1);
    now = 30_000;
    fail = true;
    await expect(get()).rejects.toThrow('down');
    fail = false;
    expect(await get()).toBe(3);
  });
});

function highlightsSuite(kind: DbKind) {
  describe(`GET /api/public/highlights on ${kind}`, async () => {
    const skip = kind === 'postgres' && !(await postgresAvailable());
    let t: TestApp;
    let admin: string;
    const get = (url: string, token?: string) =>
      t.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });
    const post = (url: string, token: string, payload?: unknown) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: auth(token),
        payload: payload as Record<string, unknown>,
      });
    const funded = async (name: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/register_api',
        payload: newPlayer({ name }),
      });
      const body = res.json();
      if (res.statusCode !== 201) throw new Error(`register failed: ${res.body}`);
      await post(`/api/admin/users/${body.user.id}/adjustments`, admin, {
        amount: 2000,
        reason: 'Saldo de prueba',
      });
      return { token: body.token as string, id: body.user.id as number, name };
    };

    beforeAll(async () => {
      if (skip) return;
      t = await buildTestApp(kind, {
        BOT_MIN_DELAY_MS: '0',
        BOT_MAX_DELAY_MS: '0',
        HAND_PAUSE_MS: '0',
      });
      admin = await loginAdmin(t);
    });
    afterAll(async () => {
      if (!skip) await t.close();
    });

    it.skipIf(skip)(
      'shows no winners before any match, then the real winners of a paid match with short names',
      async () => {
        const month = potMonth(new Date());
        const askedAt = Date.now();
        const empty = await get('/api/public/highlights');
        const answeredAt = Date.now();
        expect(empty.statusCode).toBe(200);
        expect(empty.headers['cache-control']).toBe('public, max-age=30');
        expect(empty.json()).toEqual({ month, pot: 0, winners: [], top_players: [] });

        const players = await Promise.all([
          funded('María Gabriela González'),
          funded('José Pérez'),
          funded('Luisa Fernanda Rojas'),
          funded('Carlos Díaz'),
        ]);
        for (const p of players)
          expect(
            (await post('/api/tables/2/join', p.token, { entry_price: 1000 })).statusCode,
          ).toBe(200);
        const gameId: string = (await get('/api/tables/2')).json().game_id;
        const view = await playMatchToEnd(t, gameId, players);
        expect(view.status).toBe('finished');
        const winnerSeats = [...view.result!.winner_seats].sort();
        const expectedNames = winnerSeats.map((s) => publicName(players[s]!.name));

        // The endpoint answers from its 30 s cache: still the empty answer while the first one is
        // fresh. On a loaded machine the match can outlast the cache; then the answer is the new
        // one. The cache's clock started somewhere between the first request and its answer, and
        // the second request is read somewhere between its sending and its answer: only outside
        // that uncertainty is the answer known. (The cache itself is proven with a clock above.)
        const sentAt = Date.now();
        const again = (await get('/api/public/highlights')).json();
        if (Date.now() - askedAt < HIGHLIGHTS_TTL_MS) expect(again.winners).toEqual([]);
        else if (sentAt - answeredAt >= HIGHLIGHTS_TTL_MS) expect(again.winners).toHaveLength(1);
        else expect([0, 1]).toContain(again.winners.length);

        const fresh = await loadHighlights(t.database.db);
        expect(fresh.winners).toHaveLength(1);
        const [win] = fresh.winners;
        expect(win).toMatchObject({
          game_id: gameId,
          table: 'Mesa Clásica',
          winners: expectedNames,
          // 4 entries of Bs. 1.000 minus 8% house fee and 2% pot share, split between partners.
          prize: 1800,
        });
        expect(Date.now() - Date.parse(win!.finished_at)).toBeLessThan(120_000);
        for (const n of win!.winners) expect(n).toMatch(/^\p{L}+ \p{Lu}\.$/u);
        // The month's pot holds the match's pot share (2% of Bs. 4.000).
        expect(fresh.pot).toBe(80);
        expect(fresh.month).toBe(month);
        // Nothing of a player's identity beyond the short name is public.
        const text = JSON.stringify(fresh);
        for (const p of players) {
          expect(text).not.toContain(p.name);
          expect(text).not.toContain(`"${p.id}"`);
        }
      },
    );

    it.skipIf(skip)(
      "lists the month's top players by points, then matches won, with short names",
      async () => {
        const month = potMonth(new Date());
        const [ana, beto] = [await funded('Ana Rosa Rivas'), await funded('Beto Salas')];
        // A finished match of this month scored for two players (what settlement records).
        const [game] = await t.database.db.select({ id: games.id }).from(games).limit(1);
        await t.database.db.insert(potPoints).values([
          { gameId: game!.id, userId: beto.id, month, points: 950, won: true },
          { gameId: game!.id, userId: ana.id, month, points: 900, won: true },
        ]);
        // Another month's points do not count.
        await t.database.db.insert(potPoints).values({
          gameId: (await t.database.db.select({ id: games.id }).from(games).limit(1))[0]!.id,
          userId: (await funded('Otra Persona')).id,
          month: '2001-01',
          points: 5000,
          won: true,
        });
        const h: Highlights = await loadHighlights(t.database.db);
        expect(h.top_players.length).toBeLessThanOrEqual(5);
        expect(h.top_players.slice(0, 2)).toEqual([
          { position: 1, name: 'Beto S.', points: 950, matches_won: 1 },
          { position: 2, name: 'Ana R.', points: 900, matches_won: 1 },
        ]);
        expect(h.top_players.map((p) => p.name)).not.toContain('Otra P.');
        h.top_players.forEach((p, i) => expect(p.position).toBe(i + 1));
      },
    );
  });
}

highlightsSuite('pglite');
highlightsSuite('postgres');
