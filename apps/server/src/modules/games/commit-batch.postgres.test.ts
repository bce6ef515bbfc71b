import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import type { MatchState, Move, Seat } from '@domino/domino';
import { DEFAULT_CONFIG, applyMove, legalMoves, startMatch } from '@domino/domino';
import { openDatabase } from '../../db/client';
import type { Database } from '../../db/client';
import { gameMoves, gamePlayers, games, rowState } from '../../db/schema';
import { createTestDatabase, postgresAvailable } from '../../test/helpers';
import type { CommitOutcome, MoveCommit } from './commit-batch';
import { MoveCommitter } from './commit-batch';

/**
 * Group commit of moves (commit-batch.ts, `game_commit_moves`, decision 035) on real PostgreSQL:
 * many games moved at once by two nodes (two pools, two committers) through batches; every move
 * is checked against its own game's version, applied once, and a locked game answers 'busy'
 * without holding the rest of its batch.
 */
describe('group commit of moves on PostgreSQL', async () => {
  const skip = !(await postgresAvailable());
  let database: Database & { url?: string };
  let second: Database;

  beforeAll(async () => {
    if (skip) return;
    database = await createTestDatabase('postgres');
    second = await openDatabase({ databaseUrl: database.url!, dataDir: 'unused', poolMax: 10 });
  });
  afterAll(async () => {
    if (skip) return;
    await second?.close();
    await database?.close();
  });

  /** Inserts a playing practice game with four CPU seats; returns its id and state. */
  async function newGame(n: number): Promise<{ id: string; state: MatchState }> {
    const id = `batch-${n}-${Math.random().toString(36).slice(2, 8)}`;
    const state = startMatch(DEFAULT_CONFIG, {
      serverSeed: `seed-${id}`,
      clientSeeds: ['a', 'b', 'c', 'd'],
    });
    await database.db.insert(games).values({
      id,
      kind: 'practice',
      storedState: state,
      version: 0,
      status: 'playing',
      commitment: state.fairness.commitment,
      rules: {} as never,
    });
    await database.db
      .insert(gamePlayers)
      .values(
        [0, 1, 2, 3].map((seat) => ({ gameId: id, seat, botLevel: 'medio', clientSeed: 's' })),
      );
    return { id, state };
  }

  /** The next move of a game from `state` at `version`, as a node would write it. */
  function nextMove(id: string, state: MatchState, version: number, dueOnly = false) {
    const seat = state.hand.turn as Seat;
    const move = legalMoves(state, seat)[0] as Move;
    const r = applyMove(state, seat, move);
    if (!r.ok) throw new Error(r.code);
    const item: MoveCommit = {
      gameId: id,
      expectedVersion: version,
      presence: '0000',
      dueOnly,
      state: r.state,
      previous: state,
      seat,
      move,
      actor: 'player',
      dueAt: new Date(Date.now() + 20_000),
      turnDeadline: new Date(Date.now() + 20_000),
      autoplayed: null,
      seatsRev: null,
    };
    return { item, next: r.state };
  }

  it.skipIf(skip)(
    'writes the moves of 40 games from two nodes in batches, each once and in order',
    async () => {
      const nodes = [new MoveCommitter(database.db), new MoveCommitter(second.db)];
      const live = await Promise.all(Array.from({ length: 40 }, (_, i) => newGame(i)));
      const versions = live.map(() => 0);
      const states = live.map((g) => g.state);
      let stale = 0;
      for (let round = 0; round < 6; round++) {
        // Every game's move is sent by both nodes at once: exactly one of them may win.
        const sent = live.flatMap((g, i) => {
          const { item, next } = nextMove(g.id, states[i]!, versions[i]!);
          return nodes.map((node) =>
            node.commit(item).then((out: CommitOutcome) => ({ i, out, next })),
          );
        });
        const outs = await Promise.all(sent);
        for (let i = 0; i < live.length; i++) {
          const mine = outs.filter((o) => o.i === i);
          const ok = mine.filter((o) => o.out.outcome === 'ok');
          expect(ok, `game ${i} round ${round}`).toHaveLength(1);
          const first = ok[0]!;
          if (first.out.outcome === 'ok') {
            expect(first.out.version).toBe(versions[i]! + 1);
            expect(first.out.players?.map((p) => p.seat)).toEqual([0, 1, 2, 3]);
          }
          stale += mine.filter((o) => o.out.outcome === 'stale' || o.out.outcome === 'busy').length;
          versions[i]! += 1;
          states[i] = first.next;
        }
      }
      expect(stale).toBe(40 * 6);
      // Batching happened: fewer calls than moves.
      const calls = nodes.reduce((a, n) => a + n.stats.calls, 0);
      const moves = nodes.reduce((a, n) => a + n.stats.moves, 0);
      expect(moves).toBeGreaterThanOrEqual(40 * 6 * 2);
      expect(calls).toBeLessThan(moves / 4);
      expect(Math.max(...nodes.map((n) => n.stats.largest))).toBeGreaterThan(1);
      for (const [i, g] of live.entries()) {
        const [row] = await database.db.select().from(games).where(eq(games.id, g.id));
        expect(row!.version).toBe(6);
        expect(rowState(row!.storedState, row!.history)).toEqual(
          JSON.parse(JSON.stringify(states[i])),
        );
        const log = await database.db
          .select({ seq: gameMoves.seq })
          .from(gameMoves)
          .where(eq(gameMoves.gameId, g.id))
          .orderBy(asc(gameMoves.seq));
        expect(log.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6]);
      }
    },
  );

  it.skipIf(skip)(
    'stores exactly the engine state after a whole match written as state deltas',
    async () => {
      const committer = new MoveCommitter(database.db);
      const g = await newGame(50);
      let state = g.state;
      let version = 0;
      let hands = 0;
      while (state.status === 'playing') {
        const { item, next } = nextMove(g.id, state, version);
        if (next.status !== 'playing') break; // a final move is settled by the locked path
        if (next.history.length !== state.history.length) hands += 1;
        expect(await committer.commit(item)).toMatchObject({ outcome: 'ok', version: version + 1 });
        state = next;
        version += 1;
      }
      expect(hands).toBeGreaterThan(1);
      const [row] = await database.db.select().from(games).where(eq(games.id, g.id));
      expect(row!.version).toBe(version);
      expect(rowState(row!.storedState, row!.history)).toEqual(JSON.parse(JSON.stringify(state)));
    },
  );

  it.skipIf(skip)(
    'keeps the finished hands apart from the state a move rewrites (migration 0044)',
    async () => {
      const committer = new MoveCommitter(database.db);
      const g = await newGame(60);
      const stored = async () => {
        const [row] = await database.db.select().from(games).where(eq(games.id, g.id));
        return row!;
      };
      // Created whole: the history is inside the state, the column empty.
      expect((await stored()).history).toBeNull();
      expect(await stored()).toMatchObject({ storedState: { history: [] } });
      let state = g.state;
      let version = 0;
      let handsSeen = 0;
      while (state.status === 'playing' && handsSeen < 2) {
        const { item, next } = nextMove(g.id, state, version);
        if (next.status !== 'playing') break;
        expect(await committer.commit(item)).toMatchObject({ outcome: 'ok' });
        state = next;
        version += 1;
        const row = await stored();
        // After the first delta the state column never holds the history again, the column
        // holds exactly the engine's, and together they are the engine state.
        expect(Object.keys(row.storedState as object)).not.toContain('history');
        expect(row.history).toEqual(JSON.parse(JSON.stringify(state.history)));
        expect(rowState(row.storedState, row.history)).toEqual(JSON.parse(JSON.stringify(state)));
        handsSeen = state.history.length;
      }
      expect(handsSeen).toBe(2);

      // A whole state written by anyone (the locked path, a settlement) clears the column: the
      // trigger keeps the two from disagreeing.
      await database.db
        .update(games)
        .set({ storedState: JSON.parse(JSON.stringify(state)) })
        .where(eq(games.id, g.id));
      const whole = await stored();
      expect(whole.history).toBeNull();
      expect(rowState(whole.storedState, whole.history)).toEqual(JSON.parse(JSON.stringify(state)));

      // The next delta moves the history out again; the state read back is still exact.
      const { item, next } = nextMove(g.id, state, version);
      expect(await committer.commit(item)).toMatchObject({ outcome: 'ok' });
      const after = await stored();
      expect(after.history).toEqual(JSON.parse(JSON.stringify(next.history)));
      expect(rowState(after.storedState, after.history)).toEqual(JSON.parse(JSON.stringify(next)));
    },
  );

  it.skipIf(skip)(
    'answers busy for a game another transaction holds, without holding the rest of the batch',
    async () => {
      const committer = new MoveCommitter(database.db, { concurrency: 1 });
      const [held, free] = [await newGame(100), await newGame(101)];
      const lock = new pg.Client({ connectionString: database.url });
      await lock.connect();
      try {
        await lock.query('begin');
        await lock.query('select 1 from games where id = $1 for update', [held.id]);
        const a = nextMove(held.id, held.state, 0);
        const b = nextMove(free.id, free.state, 0);
        const [outA, outB] = await Promise.all([
          committer.commit(a.item),
          committer.commit(b.item),
        ]);
        expect(outA.outcome).toBe('busy');
        expect(outB.outcome).toBe('ok');
      } finally {
        await lock.query('rollback');
        await lock.end();
      }
      const [row] = await database.db.select().from(games).where(eq(games.id, held.id));
      expect(row!.version).toBe(0);
    },
  );

  it.skipIf(skip)(
    'refuses a due-only move of a game that is not due, and one with other presence',
    async () => {
      const committer = new MoveCommitter(database.db);
      const g = await newGame(200);
      const notDue = nextMove(g.id, g.state, 0, true);
      expect((await committer.commit(notDue.item)).outcome).toBe('stale');
      await database.db.execute(
        sql`update games set due_at = now() - interval '1 second' where id = ${g.id}`,
      );
      const away = nextMove(g.id, g.state, 0, true);
      expect((await committer.commit({ ...away.item, presence: '0100' })).outcome).toBe('stale');
      expect((await committer.commit(away.item)).outcome).toBe('ok');
      const missing = nextMove('no-such-game', g.state, 0);
      expect((await committer.commit(missing.item)).outcome).toBe('not_found');
    },
  );

  it.skipIf(skip)(
    'sends the seats back only when the copy is not exact (seats revision, decision 037)',
    async () => {
      const committer = new MoveCommitter(database.db);
      const g = await newGame(400);
      const revs = async () =>
        (
          await database.db
            .select({ seat: gamePlayers.seat, rev: gamePlayers.rev })
            .from(gamePlayers)
            .where(eq(gamePlayers.gameId, g.id))
            .orderBy(asc(gamePlayers.seat))
        ).map((r) => r.rev);
      expect(await revs()).toEqual([0, 0, 0, 0]);
      // An exact copy: no seats back, the sum as it was.
      const first = nextMove(g.id, g.state, 0);
      expect(await committer.commit({ ...first.item, seatsRev: 0 })).toEqual({
        outcome: 'ok',
        version: 1,
        rev: 0,
        players: null,
      });
      // The mover's count of bot-played turns changes its row: revision + 1, still no seats.
      const second = nextMove(g.id, first.next, 1);
      const mover = second.item.seat;
      expect(
        await committer.commit({ ...second.item, seatsRev: 0, autoplayed: 1, presence: '0000' }),
      ).toEqual({ outcome: 'ok', version: 2, rev: 1, players: null });
      expect((await revs())[mover]).toBe(1);
      // Any other write to a seat row raises its revision, whoever makes it.
      await database.db.execute(
        sql`update game_players set client_seed = client_seed where game_id = ${g.id} and seat = 0`,
      );
      const sum = (await revs()).reduce((a, b) => a + b, 0);
      expect(sum).toBe(2);
      const presence = [0, 1, 2, 3].map((s) => (s === mover ? '1' : '0')).join('');
      // A copy that missed it gets the seats, each with its revision, and the new sum.
      const third = nextMove(g.id, second.next, 2);
      const out = await committer.commit({ ...third.item, seatsRev: 1, presence });
      expect(out).toMatchObject({ outcome: 'ok', version: 3, rev: 2 });
      if (out.outcome !== 'ok') throw new Error(out.outcome);
      expect(out.players?.map((p) => [p.seat, p.rev, p.autoplayedTurns])).toEqual(
        [0, 1, 2, 3].map((s) => [
          s,
          (s === 0 ? 1 : 0) + (s === mover ? 1 : 0),
          s === mover ? 1 : 0,
        ]),
      );
      // So does a node that does not send a revision (the previous release).
      const fourth = nextMove(g.id, third.next, 3);
      const old = await committer.commit({ ...fourth.item, presence });
      expect(old.outcome === 'ok' && old.players?.length).toBe(4);
    },
  );

  it.skipIf(skip)(
    'rewrites the game row in place: moves are heap-only updates, no index entry',
    async () => {
      // One connection (the pool keeps it), so that its statistics can be flushed before they
      // are read.
      const single = await openDatabase({
        databaseUrl: database.url!,
        dataDir: 'unused',
        poolMax: 1,
      });
      try {
        const committer = new MoveCommitter(single.db);
        const g = await newGame(500);
        const stats = async () => {
          await single.db.execute(sql`select pg_stat_force_next_flush()`);
          await single.db.execute(sql`select 1`);
          const r = await single.db.execute(
            sql`select n_tup_upd as upd, n_tup_hot_upd as hot from pg_stat_user_tables
                 where relname = 'games'`,
          );
          const row = (r as unknown as { rows: { upd: string; hot: string }[] }).rows[0]!;
          return { upd: Number(row.upd), hot: Number(row.hot) };
        };
        const before = await stats();
        let state = g.state;
        let version = 0;
        for (let i = 0; i < 40; i++) {
          const { item, next } = nextMove(g.id, state, version);
          if (next.status !== 'playing') break;
          expect((await committer.commit({ ...item, seatsRev: 0 })).outcome).toBe('ok');
          state = next;
          version += 1;
        }
        const after = await stats();
        // At least this game's moves. Other connections' counters may land in the window too: a
        // backend sends its statistics at most once a second and, when idle, up to 10 s late
        // (pg_stat_force_next_flush only hurries the calling one), so the updates of an earlier
        // test's pooled connection were once counted here (54 for 40 moves, on a loaded machine).
        expect(after.upd - before.upd).toBeGreaterThanOrEqual(version);
        // PostgreSQL makes an update heap-only only when the new version fits in the page; the
        // old versions are pruned when no snapshot needs them, which other backends' snapshots
        // can delay, so some moves may go to another page (35 of 40 HOT once in a full run, 28
        // of 40 in a run beside the browser journeys, 40 of 40 alone). What this guards against,
        // an index on a column a move writes, makes none HOT.
        expect(after.hot - before.hot).toBeGreaterThanOrEqual(Math.ceil(version * 0.5));
        expect(version).toBeGreaterThan(10);
      } finally {
        await single.close();
      }
    },
  );

  it.skipIf(skip)('gives each move of a failed batch its own answer', async () => {
    const committer = new MoveCommitter(database.db, { concurrency: 1 });
    const [a, b, c] = [await newGame(300), await newGame(301), await newGame(302)];
    const good = nextMove(a.id, a.state, 0);
    const bad = nextMove(b.id, b.state, 0);
    // The first move takes the only slot; the next three wait and go as one batch. A seat the
    // database refuses (smallint overflow) fails that batch: the good move is retried alone and
    // commits, the bad one gets its error, the stale one its answer.
    const filler = committer.commit(nextMove(c.id, c.state, 0).item);
    const results = await Promise.allSettled([
      committer.commit(good.item),
      committer.commit({ ...bad.item, seat: 70_000 }),
      committer.commit(nextMove(a.id, a.state, 5).item),
    ]);
    expect(results[0]).toMatchObject({ status: 'fulfilled', value: { outcome: 'ok' } });
    expect(results[1]!.status).toBe('rejected');
    expect(results[2]).toMatchObject({ status: 'fulfilled', value: { outcome: 'stale' } });
    expect((await filler).outcome).toBe('ok');
    expect(committer.stats.largest).toBe(3);
    const [row] = await database.db.select().from(games).where(eq(games.id, b.id));
    expect(row!.version).toBe(0);
  });

  it.skipIf(skip)(
    'lingers: moves of several games wait and go in one call, a full batch goes at once, and a flush writes what waits',
    async () => {
      // A linger no test could outwait: only a full batch or the flush can send.
      const committer = new MoveCommitter(database.db, { lingerMs: 3_600_000, fill: 3 });
      const g = await Promise.all([600, 601, 602, 603].map((n) => newGame(n)));
      const settledOf = (p: Promise<CommitOutcome>) => {
        const seen = { done: false };
        void p.then(
          () => (seen.done = true),
          () => (seen.done = true),
        );
        return seen;
      };
      const first = committer.commit(nextMove(g[0]!.id, g[0]!.state, 0).item);
      const second = committer.commit(nextMove(g[1]!.id, g[1]!.state, 0).item);
      const firstSeen = settledOf(first);
      // A round trip to the database and back: the two moves are still waiting, none sent.
      await database.db.execute(sql`select 1`);
      expect(committer.stats.calls).toBe(0);
      expect(committer.writing(g[0]!.id)).toBe(true);
      expect(firstSeen.done).toBe(false);

      // The third fills the batch: the three go together, with no wait.
      const third = committer.commit(nextMove(g[2]!.id, g[2]!.state, 0).item);
      expect(await Promise.all([first, second, third])).toMatchObject([
        { outcome: 'ok' },
        { outcome: 'ok' },
        { outcome: 'ok' },
      ]);
      expect(committer.stats).toEqual({ calls: 1, moves: 3, largest: 3 });

      // A lone move waits for company until the node closes: the flush writes it.
      const lone = committer.commit(nextMove(g[3]!.id, g[3]!.state, 0).item);
      await database.db.execute(sql`select 1`);
      expect(committer.stats.calls).toBe(1);
      await committer.flush();
      expect(await lone).toMatchObject({ outcome: 'ok', version: 1 });
      expect(committer.stats.calls).toBe(2);
      expect(committer.writing(g[3]!.id)).toBe(false);
      const rows = await database.db
        .select({ id: games.id, version: games.version })
        .from(games)
        .where(sql`${games.id} in ${g.map((x) => x.id)}`);
      expect(rows.map((r) => r.version)).toEqual([1, 1, 1, 1]);
      // After the flush a move goes at once.
      const after = committer.commit(nextMove(g[0]!.id, g[0]!.state, 0).item);
      expect((await after).outcome).toBe('stale');
      expect(committer.stats.calls).toBe(3);
    },
  );

  it.skipIf(skip)('a short linger sends a lone move by itself', async () => {
    const committer = new MoveCommitter(database.db, { lingerMs: 5 });
    const g = await newGame(610);
    expect(await committer.commit(nextMove(g.id, g.state, 0).item)).toMatchObject({
      outcome: 'ok',
      version: 1,
    });
    expect(committer.stats).toEqual({ calls: 1, moves: 1, largest: 1 });
  });
});
