import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configToRules, riskItemSchema } from '@domino/contracts';
import {
  DEFAULT_CONFIG,
  DEFAULT_INTEGRITY_OPTIONS,
  applyMove,
  chooseMove,
  createRng,
  playerView,
  sharingMove,
  startMatch,
  type MatchState,
  type Move,
  type Seat,
  type SeatedMove,
  type TableConfig,
} from '@domino/domino';
import {
  accounts,
  gameMoves,
  gamePlayers,
  games,
  handSharingScores,
  ledgerEntries,
  riskAccountMarks,
  riskItems,
  users,
} from '../../db/schema';
import type { Db } from '../../db/client';
import type { TestApp } from '../../test/helpers';
import { analysisModule } from '../analysis/module';
import { puzzlesModule } from '../puzzles/module';
import { riskModule } from './module';
import { HAND_SHARING_IDLE_MS, HAND_SHARING_POLL_MS, HandSharingRunner } from './scanner';
import { buildTestApp, postgresAvailable } from '../../test/helpers';
import { fundedPlayer, loginAdmin } from '../../test/wallet-helpers';
import {
  HAND_SHARING_MIN_HANDS,
  HAND_SHARING_Z,
  enqueueHandSharing,
  pairSharingStatistic,
  raiseIfCrossed,
  runHandSharing,
} from './hand-sharing';

/** The sharing pair's own search (its play, not the detector's score). */
const SHARE_EFFORT = { ...DEFAULT_INTEGRITY_OPTIONS, samples: 8, nodeBudget: 6_000 };

/**
 * A match played by the engine from fixed seeds: seats 0+2 know each other's tiles when
 * `sharing`, else play Medio; Medio plays 1+3.
 */
function seededMatch(seed: string, sharing: boolean, config: TableConfig = DEFAULT_CONFIG) {
  const fairness = {
    serverSeed: `hs-${seed}`,
    clientSeeds: ['a', 'b', 'c', 'd'].slice(0, config.players),
  };
  let state: MatchState = startMatch(config, fairness);
  const moves: SeatedMove[] = [];
  while (state.status === 'playing') {
    const seat = state.hand.turn as Seat;
    const view = playerView(state, seat);
    const rng = createRng(`${seed}-${moves.length}`);
    const move: Move =
      sharing && seat % 2 === 0 && config.mode === 'parejas'
        ? sharingMove(view, state.hand.hands[(seat + 2) % 4] ?? [], rng, SHARE_EFFORT)
        : chooseMove(view, 'medio', rng);
    const result = applyMove(state, seat, move);
    if (!result.ok) throw new Error(result.code);
    moves.push({ seat, move });
    state = result.state;
  }
  return { state, moves };
}

/**
 * The hand-sharing detector on real PostgreSQL (docs/decisions/059-hand-sharing-detector.md): a
 * pair that knows each other's tiles, over matches crafted from seeded play and settled through
 * the risk port, raises one `hand_sharing` item with evidence a person can read; an honest pair,
 * an individual match and a practice match raise none; re-running changes nothing; and no money
 * moves and no account is marked.
 */
describe('hand sharing on postgres', async () => {
  const skip = !(await postgresAvailable());
  let t: TestApp;
  let admin: string;
  const db = () => t.database.db;

  beforeAll(async () => {
    if (skip) return;
    t = await buildTestApp('postgres', {});
    admin = await loginAdmin(t);
  });
  afterAll(async () => {
    if (!skip) await t.close();
  });

  /** Stores a finished match as the games module leaves it after settlement. */
  async function storeMatch(
    match: { state: MatchState; moves: SeatedMove[] },
    seats: (number | null)[],
    options: { kind?: 'table' | 'practice'; entryCents?: number } = {},
    on: Db = db(),
  ): Promise<string> {
    const id = randomUUID();
    await on.insert(games).values({
      id,
      kind: options.kind ?? 'table',
      storedState: match.state,
      status: 'finished',
      version: match.moves.length,
      commitment: match.state.fairness.commitment,
      rules: configToRules(match.state.config),
      entryCents: options.entryCents ?? 10_000,
      finishedAt: new Date(),
    });
    await on.insert(gamePlayers).values(
      seats.map((userId, seat) => ({
        gameId: id,
        seat,
        userId,
        botLevel: userId === null ? 'medio' : null,
        clientSeed: match.state.fairness.clientSeeds[seat] ?? 'x',
      })),
    );
    await on.insert(gameMoves).values(
      match.moves.map((m, seq) => ({
        gameId: id,
        seq: seq + 1,
        seat: m.seat,
        move: m.move,
        actor: 'player',
      })),
    );
    return id;
  }

  const itemsOf = (low: number, high: number) =>
    db()
      .select()
      .from(riskItems)
      .where(
        and(eq(riskItems.kind, 'hand_sharing'), eq(riskItems.key, `hand_sharing:${low}:${high}`)),
      );

  /** Everything money or marks: wallet balances, ledger entries, marks, account status. */
  async function moneyAndMarks(ids: number[]) {
    const [entries] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerEntries);
    const wallets = await db()
      .select({ id: accounts.id, balance: accounts.balanceCents })
      .from(accounts)
      .orderBy(accounts.id);
    const marks = await db().select().from(riskAccountMarks);
    const status = await db()
      .select({ id: users.id, status: users.status })
      .from(users)
      .where(inArray(users.id, ids));
    return { entries: entries!.n, wallets, marks, status };
  }

  it.skipIf(skip)(
    'a pair that knows each other’s tiles is flagged once, with evidence, and nothing moves money',
    async () => {
      const players = await Promise.all([0, 1, 2, 3].map(() => fundedPlayer(t, admin, 200)));
      const ids = players.map((p) => p.id);
      const [low, high] = [Math.min(ids[0]!, ids[2]!), Math.max(ids[0]!, ids[2]!)];
      const before = await moneyAndMarks(ids);
      let hands = 0;
      let crossedAt = -1;
      for (let i = 0; i < 20 && crossedAt < 0; i++) {
        const gameId = await storeMatch(seededMatch(`cheat-${i}`, true), ids);
        // The settlement's port (games/context.ts broadcast), then wait for its scans.
        t.app.deps.riskFollowUp.matchSettled(ids, gameId);
        await t.app.deps.riskFollowUp.idle();
        const rows = await db()
          .select()
          .from(handSharingScores)
          .where(eq(handSharingScores.gameId, gameId));
        expect(rows.map((r) => r.status)).toEqual(['done', 'done']);
        const { stat } = await pairSharingStatistic(db(), low, high);
        hands = stat.hands;
        if ((await itemsOf(low, high)).length > 0) crossedAt = hands;
        else expect(stat.hands < HAND_SHARING_MIN_HANDS || stat.z < HAND_SHARING_Z).toBe(true);
      }
      expect(crossedAt).toBeGreaterThanOrEqual(HAND_SHARING_MIN_HANDS);
      const [item] = await itemsOf(low, high);
      expect(item!.status).toBe('open');
      expect(item!.userIds).toEqual([low, high]);
      expect(item!.score).toBeGreaterThanOrEqual(HAND_SHARING_Z);

      // Staff read it through the API, in its contract shape.
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/admin/risk/items?status=open',
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      const listed = (res.json().data as unknown[])
        .map((x) => riskItemSchema.parse(x))
        .find((x) => x.id === item!.id);
      expect(listed?.kind).toBe('hand_sharing');
      if (listed?.kind !== 'hand_sharing') throw new Error('not listed');
      expect(listed.evidence.hands).toBe(hands);
      expect(listed.evidence.z).toBeGreaterThanOrEqual(listed.evidence.threshold);
      expect(listed.evidence.top_hands.length).toBeGreaterThan(0);
      const decision = listed.evidence.top_hands[0]!.decisions[0]!;
      expect([low, high]).toContain(decision.user_id);
      expect(decision.partner_hand.length).toBeGreaterThan(0);
      expect(decision.values.length).toBeGreaterThan(1);

      // The opponents (Medio, honest) are scored too and raise nothing.
      const [o1, o2] = [Math.min(ids[1]!, ids[3]!), Math.max(ids[1]!, ids[3]!)];
      expect(await itemsOf(o1, o2)).toEqual([]);

      // Idempotent: settling the same matches again and re-checking leaves one item as it was.
      const gameIds = await db()
        .selectDistinct({ id: handSharingScores.gameId })
        .from(handSharingScores)
        .where(eq(handSharingScores.userLow, low));
      for (const g of gameIds) expect(await enqueueHandSharing(db(), g.id)).toBe(0);
      expect(await runHandSharing(db())).toEqual({ done: 0, failed: 0, flagged: 0 });
      expect(await raiseIfCrossed(db(), low, high)).toBe(true);
      const again = await itemsOf(low, high);
      expect(again.map((r) => [r.id, r.evidence])).toEqual([[item!.id, item!.evidence]]);

      // A signal never moves money nor marks anyone.
      expect(await moneyAndMarks(ids)).toEqual(before);
    },
    600_000,
  );

  it.skipIf(skip)('individual, practice and unpaid private matches are not scored', async () => {
    const players = await Promise.all([0, 1, 2, 3].map(() => fundedPlayer(t, admin, 10)));
    const ids = players.map((p) => p.id);
    const individual = { ...DEFAULT_CONFIG, mode: 'individual' as const, players: 3 as const };
    const solo = await storeMatch(seededMatch('solo', false, individual), ids.slice(0, 3));
    const practice = await storeMatch(
      seededMatch('practice', true),
      [ids[0]!, null, ids[2]!, null],
      {
        kind: 'practice',
        entryCents: 0,
      },
    );
    // A table with no entry and no table row behind it: neither paid nor rated.
    const free = await storeMatch(seededMatch('free', true), ids, { entryCents: 0 });
    // Two seats of one side held by one account: not a pair.
    const self = await storeMatch(seededMatch('self', true), [ids[0]!, ids[1]!, ids[0]!, ids[3]!]);
    for (const id of [solo, practice, free]) {
      t.app.deps.riskFollowUp.matchSettled(ids, id);
      await t.app.deps.riskFollowUp.idle();
      expect(
        await db().select().from(handSharingScores).where(eq(handSharingScores.gameId, id)),
      ).toEqual([]);
    }
    expect(await enqueueHandSharing(db(), self)).toBe(1);
    const rows = await db()
      .select()
      .from(handSharingScores)
      .where(eq(handSharingScores.gameId, self));
    expect(rows.map((r) => r.side)).toEqual([1]);
  });
  it.skipIf(skip)(
    'a node that does not compute jobs queues the scores, and a node that does computes them',
    async () => {
      const gameNode = await buildTestApp('postgres', { COMPUTE_JOBS: 'false' });
      try {
        const on = gameNode.database.db as Db;
        const staff = await loginAdmin(gameNode);
        const players = await Promise.all(
          [0, 1, 2, 3].map(() => fundedPlayer(gameNode, staff, 10)),
        );
        const ids = players.map((p) => p.id);
        const gameId = await storeMatch(seededMatch('job-node', false), ids, {}, on);
        gameNode.app.deps.riskFollowUp.matchSettled(ids, gameId);
        await gameNode.app.deps.riskFollowUp.idle();
        const statuses = async () =>
          (
            await on
              .select({ status: handSharingScores.status })
              .from(handSharingScores)
              .where(eq(handSharingScores.gameId, gameId))
          ).map((r) => r.status);
        // Queued for both sides, computed by nobody on this node.
        expect(await statuses()).toEqual(['pending', 'pending']);
        // The game node starts no runner of computed jobs: no analyses, puzzles or scores.
        expect(analysisModule.workers!(gameNode.app)).toEqual([]);
        expect(puzzlesModule.workers!(gameNode.app)).toEqual([]);
        const riskWorkers = riskModule({ suspend: async () => undefined }).workers!(gameNode.app);
        expect(riskWorkers.map((w) => w.constructor.name)).toEqual(['RiskScanner']);
        // A node that computes jobs, on the same database, takes them from the queue.
        const jobNode = new HandSharingRunner(on, HAND_SHARING_POLL_MS, gameNode.app.log);
        const found = await jobNode.tick();
        expect(found).toMatchObject({ done: 2, failed: 0 });
        expect(await statuses()).toEqual(['done', 'done']);
        // It polls at its interval while it finds scores, less often once it finds none.
        expect(jobNode['nextDelayMs'](found)).toBe(HAND_SHARING_POLL_MS);
        expect(jobNode['nextDelayMs'](await jobNode.tick())).toBe(HAND_SHARING_IDLE_MS);
        // And a node that computes jobs runs the runner (the default).
        expect(
          riskModule({ suspend: async () => undefined }).workers!(t.app).map(
            (w) => w.constructor.name,
          ),
        ).toEqual(['RiskScanner', 'HandSharingRunner']);
      } finally {
        await gameNode.close();
      }
    },
    300_000,
  );
});
