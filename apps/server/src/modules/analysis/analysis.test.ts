import { randomBytes, randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, MSG_ANALYSIS, configToRules, type AnalysisResponse } from '@domino/contracts';
import {
  DEFAULT_CONFIG,
  applyMove,
  chooseMove,
  playerView,
  startMatch,
  type MatchState,
  type Move,
  type Seat,
  type SeatedMove,
} from '@domino/domino';
import type { Db } from '../../db/client';
import { gameAnalyses, gameMoves, gamePlayers, games } from '../../db/schema';
import type { DbKind, TestApp } from '../../test/helpers';
import { buildTestApp, postgresAvailable } from '../../test/helpers';
import { createPrivateTable } from '../../test/private-tables';
import { loginAdmin, registerPlayer, routeCallers, type Player } from '../../test/wallet-helpers';
import { computeInWorker, type AnalysisInput } from './compute';
import { claimAnalysis, completeAnalysis } from './repo';
import {
  ANALYSIS_IDLE_MS,
  AnalysisRunner,
  analysisRunners,
  type AnalysisRunnerOptions,
  type AnalysisTick,
} from './runner';

/**
 * "Análisis" (docs/decisions/029-post-game-analysis.md) on real PostgreSQL and on PGlite: who may read it, the
 * idempotent queue, one claim across nodes, retries after a crash (lease expiry) or a failure,
 * the cached second read, and a wire that carries only the seat's own tiles.
 */

/** Light search effort: the same code path as the defaults, in a fraction of the time. */
const LIGHT = {
  samples: 6,
  candidates: 30,
  exactDeals: 6,
  nodeBudget: 6_000,
  minNodesPerDeal: 200,
};
const quietLog = {
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
} as unknown as ConstructorParameters<typeof AnalysisRunner>[2];

interface Fixture {
  gameId: string;
  moves: SeatedMove[];
  state: MatchState;
}

/**
 * A parejas match between Medio bots written as the games module writes one (games, seats, move
 * log): `humans[seat]` is the user at that seat (others are CPU seats). Played to the end unless
 * `unfinished`.
 */
async function writeMatch(
  db: Db,
  humans: (number | null)[],
  opts: { tableId?: number; unfinished?: boolean } = {},
): Promise<Fixture> {
  const gameId = randomUUID();
  const seeds = { serverSeed: randomBytes(16).toString('hex'), clientSeeds: ['a', 'b', 'c', 'd'] };
  let state = startMatch(DEFAULT_CONFIG, seeds);
  const moves: SeatedMove[] = [];
  while (state.status === 'playing' && !(opts.unfinished && moves.length >= 12)) {
    const seat = state.hand.turn as Seat;
    const move = chooseMove(playerView(state, seat), 'medio', `${gameId}-${moves.length}`);
    const result = applyMove(state, seat, move);
    if (!result.ok) throw new Error(result.code);
    moves.push({ seat, move });
    state = result.state;
  }
  await db.insert(games).values({
    id: gameId,
    kind: opts.tableId ? 'table' : 'practice',
    tableId: opts.tableId ?? null,
    storedState: state,
    status: state.status,
    version: moves.length,
    commitment: state.fairness.commitment,
    rules: configToRules(DEFAULT_CONFIG),
    finishedAt: state.status === 'finished' ? new Date() : null,
  });
  await db.insert(gamePlayers).values(
    [0, 1, 2, 3].map((seat) => ({
      gameId,
      seat,
      userId: humans[seat] ?? null,
      botLevel: humans[seat] ? null : 'medio',
      clientSeed: seeds.clientSeeds[seat]!,
    })),
  );
  if (moves.length > 0)
    await db.insert(gameMoves).values(
      moves.map((m, i) => ({
        gameId,
        seq: i + 1,
        seat: m.seat,
        move: m.move,
        actor: humans[m.seat] ? 'player' : 'bot',
      })),
    );
  return { gameId, moves, state };
}

function analysisSuite(kind: DbKind) {
  describe(`post-game analysis on ${kind}`, async () => {
    const skip = kind === 'postgres' && !(await postgresAvailable());
    let t: TestApp;
    let db: Db;
    let ana: Player;
    let bea: Player;
    let carl: Player;
    let admin: string;
    let match: Fixture;
    const { get, post } = routeCallers(() => t.app);
    const computed: AnalysisInput[] = [];
    const countingCompute = (input: AnalysisInput, timeoutMs: number) => {
      computed.push(input);
      return computeInWorker(input, timeoutMs);
    };
    const runner = (options: Partial<AnalysisRunnerOptions> = {}) =>
      new AnalysisRunner(db, 0, quietLog, { experto: LIGHT, compute: countingCompute, ...options });
    const rows = async (gameId: string) =>
      db.select().from(gameAnalyses).where(eq(gameAnalyses.gameId, gameId));

    beforeAll(async () => {
      if (skip) return;
      t = await buildTestApp(kind);
      db = t.database.db as Db;
      [ana, bea, carl] = [
        await registerPlayer(t),
        await registerPlayer(t),
        await registerPlayer(t),
      ];
      admin = await loginAdmin(t);
      // A finished match of a PUBLIC table (its replay is open to spectators, decision 022):
      // ana at seat 0, bea at seat 1 (an opponent), CPU seats 2 and 3.
      const table = await createPrivateTable(db, {
        hostUserId: ana.id,
        visibility: 'public',
        status: 'closed',
      });
      match = await writeMatch(db, [ana.id, bea.id, null, null], { tableId: table.id });
    });
    afterAll(async () => {
      if (!skip) await t.close();
    });

    it.skipIf(skip)(
      'refuses everyone but the seat that played, in Spanish, writing nothing',
      async () => {
        const url = `/api/games/${match.gameId}/analysis`;
        // bea played the match, but seat 0 is not hers.
        for (const res of [
          await post(`${url}?seat=0`, bea.token),
          await get(`${url}?seat=0`, bea.token),
        ]) {
          expect(res.statusCode).toBe(403);
          expect(res.json()).toEqual({
            message: MSG_ANALYSIS.notYours,
            code: 'analysis/not_yours',
          });
        }
        // carl did not play it: he may watch its replay as a spectator of a public table...
        expect((await get(`/api/games/${match.gameId}/replay`, carl.token)).statusCode).toBe(200);
        // ...but not read anyone's analysis; nor may staff.
        for (const token of [carl.token, admin]) {
          const res = await post(url, token);
          expect(res.statusCode).toBe(403);
          expect(res.json().message).toBe(MSG_ANALYSIS.notYours);
        }
        expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
        // An unfinished match, an unknown game and a malformed id.
        const running = await writeMatch(db, [ana.id, null, null, null], { unfinished: true });
        const refused = await post(`/api/games/${running.gameId}/analysis`, ana.token);
        expect(refused.statusCode).toBe(409);
        expect(refused.json().message).toBe(MSG_ANALYSIS.notFinished);
        const unknown = await post(`/api/games/${randomUUID()}/analysis`, ana.token);
        expect(unknown.statusCode).toBe(404);
        expect(unknown.json().message).toBe('La partida no existe.');
        const bad = await post(`/api/games/1%20or%201=1/analysis`, ana.token);
        // A malformed id reads as "not found" (contracts `uuidParam`, like every game route).
        expect(bad.statusCode).toBe(404);
        expect(bad.json().message).toBe(MSG.notFound);
        const badSeat = await get(`${url}?seat=9`, ana.token);
        expect(badSeat.statusCode).toBe(422);
        expect(badSeat.json().message).toBe(MSG.formHasErrors);
        // Not asked yet: GET says so.
        const none = await get(url, ana.token);
        expect(none.statusCode).toBe(404);
        expect(none.json().message).toBe(MSG_ANALYSIS.notRequested);
        const [counted] = await db.select({ n: count() }).from(gameAnalyses);
        expect(counted?.n).toBe(0);
      },
    );

    it.skipIf(skip)(
      'queues once under concurrent requests and is computed once across two nodes',
      async () => {
        const fixture = await writeMatch(db, [null, null, ana.id, null]);
        const url = `/api/games/${fixture.gameId}/analysis`;
        const answers = await Promise.all(Array.from({ length: 12 }, () => post(url, ana.token)));
        for (const res of answers) {
          expect(res.statusCode).toBe(202);
          expect(res.json()).toMatchObject({
            status: 'pending',
            seat: 2,
            message: MSG_ANALYSIS.pending,
            summary: null,
            decisions: [],
          });
        }
        expect(await rows(fixture.gameId)).toHaveLength(1);
        // Two nodes' runners tick at once: the job is claimed and computed once.
        computed.length = 0;
        const [a, b] = await Promise.all([runner().tick(), runner().tick()]);
        expect(a.done + b.done).toBe(1);
        expect(computed.filter((c) => c.seed === fixture.gameId)).toHaveLength(1);
        const [row] = await rows(fixture.gameId);
        expect(row).toMatchObject({ status: 'done', attempts: 1, leaseUntil: null });
        expect(row!.cpuMs).toBeGreaterThan(0);

        // The cached second read: POST and GET return the stored result, nothing is recomputed.
        const first = await post(url, ana.token);
        expect(first.statusCode).toBe(200);
        const body = first.json() as AnalysisResponse;
        expect(body.status).toBe('done');
        expect(body.summary!.decisions).toBe(fixture.moves.filter((m) => m.seat === 2).length);
        expect(body.decisions.some((d) => !d.forced)).toBe(true);
        const again = await get(url, ana.token);
        expect(again.json()).toEqual(body);
        expect((await runner().tick()).done).toBe(0);
        expect(computed.filter((c) => c.seed === fixture.gameId)).toHaveLength(1);
      },
    );

    it.skipIf(skip)(
      "wakes the node's sleeping runner when a request queues a job; sleeps longer while none",
      async () => {
        // An interval of ten minutes: only the request's wake can run a second tick in time.
        const sleeping = new AnalysisRunner(db, 600_000, quietLog, {
          experto: LIGHT,
          compute: countingCompute,
        });
        const ticks: AnalysisTick[] = [];
        const tick = sleeping.tick.bind(sleeping);
        sleeping.tick = async () => {
          const out = await tick();
          ticks.push(out);
          return out;
        };
        analysisRunners.register(t.app.deps, sleeping);
        sleeping.start();
        try {
          await expect.poll(() => ticks.length, { timeout: 30_000 }).toBe(1);
          const fixture = await writeMatch(db, [null, null, null, ana.id]);
          const url = `/api/games/${fixture.gameId}/analysis`;
          expect((await post(url, ana.token)).statusCode).toBe(202);
          await expect
            .poll(async () => (await rows(fixture.gameId))[0]?.status, { timeout: 30_000 })
            .toBe('done');
          await expect.poll(() => ticks.length, { timeout: 30_000 }).toBe(2);
          // A tick that found work keeps the interval; one that found none sleeps longer.
          const delay = (pass: AnalysisTick) => sleeping['nextDelayMs'](pass);
          const none = { done: 0, failed: 0, superseded: 0 };
          const busy = new AnalysisRunner(db, 1_000, quietLog);
          expect(busy['nextDelayMs']({ ...none, done: 1 })).toBe(1_000);
          expect(busy['nextDelayMs'](none)).toBe(ANALYSIS_IDLE_MS);
          expect(delay(none)).toBe(600_000);
        } finally {
          await sleeping.stop();
        }
      },
    );

    it.skipIf(skip)(
      'takes a job over when a node dies mid-job, and a late run cannot overwrite it',
      async () => {
        const fixture = await writeMatch(db, [ana.id, null, null, null]);
        await post(`/api/games/${fixture.gameId}/analysis`, ana.token);
        // Node A claims the job and dies (never completes).
        const crashed = await claimAnalysis(db, 60_000, 3);
        expect(crashed).toMatchObject({ gameId: fixture.gameId, seat: 0, attempt: 1 });
        // While its lease runs, node B leaves the job alone.
        expect((await runner().tick()).done).toBe(0);
        // The lease runs out: node B takes it over and completes it.
        await db
          .update(gameAnalyses)
          .set({ leaseUntil: sql`now() - interval '1 second'` })
          .where(eq(gameAnalyses.gameId, fixture.gameId));
        expect((await runner().tick()).done).toBe(1);
        const [row] = await rows(fixture.gameId);
        expect(row).toMatchObject({ status: 'done', attempts: 2 });
        // Node A's late completion (attempt 1) is refused: the stored result stays.
        expect(await completeAnalysis(db, crashed!, { stale: true }, 1)).toBe(false);
        expect((await rows(fixture.gameId))[0]!.result).toEqual(row!.result);
      },
    );

    it.skipIf(skip)(
      'retries a failed computation, gives up after the last attempt, and re-queues on request',
      async () => {
        const fixture = await writeMatch(db, [null, ana.id, null, null]);
        const url = `/api/games/${fixture.gameId}/analysis`;
        await post(url, ana.token);
        let calls = 0;
        const flaky = runner({
          maxAttempts: 2,
          compute: async (input, ms) => {
            calls++;
            if (calls === 1) throw new Error('worker crashed');
            return computeInWorker(input, ms);
          },
        });
        expect(await flaky.tick()).toMatchObject({ done: 1, failed: 1 });
        expect((await rows(fixture.gameId))[0]).toMatchObject({ status: 'done', attempts: 2 });

        const other = await writeMatch(db, [null, ana.id, null, null]);
        const otherUrl = `/api/games/${other.gameId}/analysis`;
        await post(otherUrl, ana.token);
        const broken = runner({
          maxAttempts: 2,
          compute: () => Promise.reject(new Error('out of memory')),
        });
        expect(await broken.tick()).toMatchObject({ done: 0, failed: 2 });
        const failed = await get(otherUrl, ana.token);
        expect(failed.json()).toMatchObject({ status: 'failed', message: MSG_ANALYSIS.failed });
        expect(failed.body).not.toContain('out of memory');
        // Asking again queues it afresh, and it is computed.
        expect((await post(otherUrl, ana.token)).json().status).toBe('pending');
        expect((await runner().tick()).done).toBe(1);
        expect((await get(otherUrl, ana.token)).json().status).toBe('done');
      },
    );

    it.skipIf(skip)(
      "carries only the seat's own tiles and the public line at each decision",
      async () => {
        const url = `/api/games/${match.gameId}/analysis`;
        for (const token of [ana.token, bea.token]) await post(url, token);
        while ((await runner().tick()).done > 0);
        for (const [player, seat] of [
          [ana, 0],
          [bea, 1],
        ] as const) {
          const body = (await get(url, player.token)).json() as AnalysisResponse;
          expect(body).toMatchObject({ status: 'done', seat });
          // Replays the match and compares each decision with what the seat saw then.
          let state = startMatch(DEFAULT_CONFIG, match.state.fairness);
          const bySeat = new Map(body.decisions.map((d) => [d.index, d]));
          expect(bySeat.size).toBe(match.moves.filter((m) => m.seat === seat).length);
          match.moves.forEach((m, i) => {
            const d = bySeat.get(i);
            if (d) {
              const view = playerView(state, seat);
              const own = new Set(view.hand.map((x) => `${x[0]}-${x[1]}`));
              expect(d.hand).toEqual(view.hand.map((x) => [x[0], x[1]]));
              expect(d.line).toEqual(
                view.line.map((p) => ({ ...p, tile: [p.tile[0], p.tile[1]] })),
              );
              for (const mv of [d.played, d.best, ...d.options.map((o) => o.move)])
                if ('tile' in mv) expect(own.has(`${mv.tile[0]}-${mv.tile[1]}`)).toBe(true);
              const played = m.move as Move;
              expect(d.played).toEqual(
                played.kind === 'play' ? { tile: played.tile, end: played.end } : { pass: true },
              );
            }
            const r = applyMove(state, m.seat, m.move);
            if (!r.ok) throw new Error(r.code);
            state = r.state;
          });
          // Nothing but the documented fields travels.
          expect(Object.keys(body.decisions[0]!).sort()).toEqual(
            [
              'anchor',
              'autoplayed',
              'best',
              'ends',
              'forced',
              'hand',
              'hand_number',
              'index',
              'line',
              'loss',
              'notable',
              'options',
              'played',
              'scores',
            ].sort(),
          );
        }
        // bea's request did not give her ana's analysis: each reads her own seat.
        expect((await get(url, bea.token)).json().seat).toBe(1);
        expect((await get(url, ana.token)).json().seat).toBe(0);
      },
    );
  });
}

// PostgreSQL is production; PGlite is what `npm start` runs on (the same queue SQL).
analysisSuite('postgres');
analysisSuite('pglite');
