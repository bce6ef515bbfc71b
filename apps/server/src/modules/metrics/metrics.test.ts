import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameView, TableDetail } from '@domino/contracts';
import { MSG } from '@domino/contracts';
import { games } from '../../db/schema';
import type { DbKind, TestApp } from '../../test/helpers';
import { buildTestApp, postgresAvailable } from '../../test/helpers';
import { playMatchToEnd } from '../../test/play';
import { isSpanish } from '../../test/spanish';
import { fundedPlayer, loginAdmin, registerPlayer, routeCallers } from '../../test/wallet-helpers';
import { runDueGame } from '../games/due-moves';
import { gamesContext } from '../games/routes';

const TOKEN = 'prueba-de-metricas-0123456789abcdef';

/** Every metric of decision 061 (the pool's only on PostgreSQL), as its scrape names it. */
const DOMINO_SERIES = [
  'domino_moves_total{kind="player"}',
  'domino_moves_total{kind="due"}',
  'domino_moves_total{kind="bot"}',
  'domino_move_duration_seconds_bucket{le="0.005",kind="player"}',
  'domino_move_duration_seconds_sum{kind="player"}',
  'domino_move_duration_seconds_count{kind="bot"}',
  'domino_sockets',
  'domino_queue_depth{queue="quickplay_waiting"}',
  'domino_queue_depth{queue="analysis_pending"}',
  'domino_queue_depth{queue="push_pending"}',
  'domino_queue_depth{queue="hand_sharing_pending"}',
  'domino_settlements_total',
];
const POOL_SERIES = [
  'domino_db_pool_connections{state="total"}',
  'domino_db_pool_connections{state="idle"}',
  'domino_db_pool_waiting',
];
/** prom-client's default process metrics: event-loop delay, memory, GC. */
const DEFAULT_SERIES = [
  'nodejs_eventloop_lag_p99_seconds',
  'nodejs_eventloop_lag_seconds',
  'process_resident_memory_bytes',
  'nodejs_heap_size_used_bytes',
];

/** One scrape as series -> value (`name{labels}` exactly as written, comments dropped). */
async function scrape(t: TestApp): Promise<Map<string, number>> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  const series = new Map<string, number>();
  for (const line of res.body.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    series.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return series;
}

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('is an unknown route (404), whatever the token sent', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/no-existe' });
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(unknown.json());
    }
  });
});

function metricsSuite(kind: DbKind) {
  describe(`GET /metrics on ${kind}`, async () => {
    const skip = kind === 'postgres' && !(await postgresAvailable());
    let t: TestApp;
    let admin: string;
    const { get, post } = routeCallers(() => t.app);

    beforeAll(async () => {
      if (skip) return;
      t = await buildTestApp(kind, {
        METRICS_TOKEN: TOKEN,
        BOT_MIN_DELAY_MS: '0',
        BOT_MAX_DELAY_MS: '0',
        HAND_PAUSE_MS: '0',
      });
      admin = await loginAdmin(t);
    });
    afterAll(async () => {
      if (!skip) await t.close();
    });

    it.skipIf(skip)('refuses a missing or wrong bearer token with 401 in Spanish', async () => {
      for (const authorization of [
        undefined,
        'Bearer otro-token-0123456789abcdef0123456789',
        `Bearer ${TOKEN}x`,
        `Basic ${TOKEN}`,
        TOKEN,
      ]) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/metrics',
          headers: authorization === undefined ? {} : { authorization },
        });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({
          message: MSG.metricsUnauthorized,
          code: 'auth/unauthenticated',
        });
        expect(isSpanish(res.json().message)).toBe(true);
      }
    });

    it.skipIf(skip)(
      'exposes every metric with the right token, and stays out of the OpenAPI document',
      async () => {
        const series = await scrape(t);
        const expected = [
          ...DOMINO_SERIES,
          ...DEFAULT_SERIES,
          ...(kind === 'postgres' ? POOL_SERIES : []),
        ];
        expect(expected.filter((s) => !series.has(s))).toEqual([]);
        if (kind === 'postgres') expect(series.get(POOL_SERIES[0]!)).toBeGreaterThan(0);
        else expect([...series.keys()].some((s) => s.startsWith('domino_db_pool'))).toBe(false);
        const doc = (await get('/api/docs/json')).json() as { paths: Record<string, unknown> };
        expect(Object.keys(doc.paths)).not.toContain('/metrics');
      },
    );

    it.skipIf(skip)(
      'counts a player move and a bot move and observes their durations',
      async () => {
        const player = await registerPlayer(t);
        const created = await post('/api/practice-games', player.token, { difficulty: 'facil' });
        expect(created.statusCode).toBe(201);
        const gameId: string = created.json().game_id;
        const before = await scrape(t);
        let played = { player: 0, bot: 0 };
        while (played.player === 0 || played.bot === 0) {
          const view: GameView = (await get(`/api/games/${gameId}/view`, player.token)).json();
          expect(view.status).toBe('playing');
          if (view.turn_seat === 0 && view.legal_moves.length > 0) {
            const res = await post(`/api/games/${gameId}/moves`, player.token, {
              version: view.version,
              ...view.legal_moves[0],
            });
            expect(res.statusCode).toBe(200);
            played = { ...played, player: played.player + 1 };
          } else if (view.turn_seat !== null && view.turn_seat !== 0) {
            await t.database.db
              .update(games)
              .set({ dueAt: sql`now() - interval '1 second'` })
              .where(eq(games.id, gameId));
            if (await runDueGame(gamesContext(t.app))) played = { ...played, bot: played.bot + 1 };
          } else {
            throw new Error(`unexpected turn in the first hand: ${JSON.stringify(view.turn_seat)}`);
          }
        }
        const after = await scrape(t);
        const delta = (s: string) => (after.get(s) ?? NaN) - (before.get(s) ?? NaN);
        expect(delta('domino_moves_total{kind="player"}')).toBe(played.player);
        expect(delta('domino_moves_total{kind="bot"}')).toBe(played.bot);
        expect(delta('domino_moves_total{kind="due"}')).toBe(0);
        expect(delta('domino_move_duration_seconds_count{kind="player"}')).toBe(played.player);
        expect(delta('domino_move_duration_seconds_count{kind="bot"}')).toBe(played.bot);
        expect(delta('domino_move_duration_seconds_sum{kind="player"}')).toBeGreaterThan(0);
        expect(delta('domino_move_duration_seconds_bucket{le="+Inf",kind="player"}')).toBe(
          played.player,
        );
      },
    );

    it.skipIf(skip)('counts a table match once when it settles', async () => {
      const players = await Promise.all(
        ['Ana Métrica', 'Luis Métrica', 'Carla Métrica', 'Pedro Métrica'].map((name) =>
          fundedPlayer(t, admin, 2000, { name }),
        ),
      );
      for (const p of players)
        expect((await post('/api/tables/2/join', p.token, { entry_price: 1000 })).statusCode).toBe(
          200,
        );
      const detail: TableDetail = (await get('/api/tables/2')).json();
      const before = await scrape(t);
      const final = await playMatchToEnd(t, detail.game_id!, players);
      expect(final.status).toBe('finished');
      const after = await scrape(t);
      expect(after.get('domino_settlements_total')! - before.get('domino_settlements_total')!).toBe(
        1,
      );
      expect(
        after.get('domino_moves_total{kind="player"}')! -
          before.get('domino_moves_total{kind="player"}')!,
      ).toBeGreaterThan(0);
    });
  });
}

metricsSuite('pglite');
metricsSuite('postgres');
