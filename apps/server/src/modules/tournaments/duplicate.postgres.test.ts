import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_TOURNAMENTS } from '@domino/contracts';
import type { MatchState } from '@domino/domino';
import {
  games,
  rowState,
  tournamentEntrants,
  tournamentMatches,
  tournaments,
} from '../../db/schema';
import type { TestApp } from '../../test/helpers';
import { postgresAvailable } from '../../test/helpers';
import {
  escrowBalance,
  makePlayers,
  playGame,
  playingMatches,
  startNow,
  tournamentRequest,
  tournamentSuite,
  walletCents,
} from '../../test/tournaments';
import { eventually } from '../../test/sockets';
import { duplicateDetail } from '../duplicate/service';
import { gamesContext } from '../games/routes';
import { checkLedger } from '../ledger/ledger';
import type { TournamentDirector } from './director';
import { createTournament, register, tournamentDetail } from './service';

/**
 * Duplicate tournaments on real PostgreSQL (docs/decisions/062-duplicate-domino.md, addendum
 * "Duplicate tournaments"): entries through the escrow under concurrent registrations and
 * retries, the pairs left out of a set of four refunded, the sets dealt from one seed per set,
 * nothing of the other table shown before a board is compared, the ranking by the comparison
 * and one exact payout; a tournament under its minimum cancels and refunds.
 */
const pg = await postgresAvailable();

describe.skipIf(!pg)('duplicate tournaments (PostgreSQL)', () => {
  let t: TestApp;
  let director: TournamentDirector;
  let staffId: number;

  beforeAll(async () => {
    ({ t, director, staffId } = await tournamentSuite());
  });
  afterAll(async () => {
    await t?.close();
  });

  it('plays two sets from paid entries, ranks the pairs by the comparison and pays exactly', async () => {
    const db = t.database.db;
    const ctx = gamesContext(t.app);
    const players = await makePlayers(db, 18, 50_00);
    const id = await createTournament(
      db,
      staffId,
      tournamentRequest({
        name: 'Duplicado de Prueba',
        format: 'duplicate',
        boards: 2,
        entry_fee: 5.01,
        house_fee_bps: 1000,
        capacity: 24,
        min_entrants: 4,
        prize_split_bps: [6000, 4000],
      }),
    );
    // Everybody registers alone at once; one player's request is sent twice (a retry): it pays
    // once and the second is refused.
    const results = await Promise.allSettled([
      ...players.map((p) => register(db, id, p, undefined)),
      register(db, id, players[0]!, undefined),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(18);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect(String((refused[0] as PromiseRejectedResult).reason)).toContain(
      MSG_TOURNAMENTS.alreadyRegistered,
    );
    for (const p of players) expect(await walletCents(db, p)).toBe(50_00 - 5_01);
    expect(await escrowBalance(db, id)).toBe(18 * 5_01);

    await startNow(db, id);
    await director.tick();
    const [row] = await db.select().from(tournaments).where(eq(tournaments.id, id));
    expect(row?.status).toBe('running');
    expect(row?.rules.lead_rule).toBe('rotate');
    // Nine pairs drawn: two sets of four play, the last pair is refunded.
    const entrants = await db
      .select()
      .from(tournamentEntrants)
      .where(eq(tournamentEntrants.tournamentId, id));
    expect(entrants).toHaveLength(8);
    const inPlay = new Set(entrants.flatMap((e) => [e.player1Id, e.player2Id as number]));
    const leftOut = players.filter((p) => !inPlay.has(p));
    expect(leftOut).toHaveLength(2);
    for (const p of leftOut) expect(await walletCents(db, p)).toBe(50_00);
    expect(await escrowBalance(db, id)).toBe(16 * 5_01);

    const open = await playingMatches(db, id);
    expect(open).toHaveLength(4);
    const detail = await tournamentDetail(db, id, null);
    const setIds = [...new Set(detail.rounds[0]!.matches.map((m) => m.duplicate_set_id))];
    expect(setIds).toHaveLength(2);
    expect(setIds.every((s) => typeof s === 'number')).toBe(true);
    // Both tables of a set share one commitment; the two sets have their own.
    const commitments = await Promise.all(
      open.map(async (m) => {
        const [g] = await db
          .select({ commitment: games.commitment })
          .from(games)
          .where(eq(games.id, m.gameId));
        return g?.commitment;
      }),
    );
    expect(new Set(commitments).size).toBe(2);

    // Boards compared reach the tournament's room through the duplicate module's port (decision
    // 062, addendum "A board compared, live"): recorded here, then passed on.
    const told: number[] = [];
    const bound = t.app.deps.duplicate.tournamentBoardCompared;
    t.app.deps.duplicate.tournamentBoardCompared = (x) => {
      told.push(x);
      bound(x);
    };

    // One table of the first set plays to its end; the other has not started.
    const ordered = [...detail.rounds[0]!.matches].sort((a, b) => a.slot - b.slot);
    const table1 = open.find((m) => m.matchId === ordered[0]!.id)!;
    const table2 = open.find((m) => m.matchId === ordered[1]!.id)!;
    await playGame(ctx, table1.gameId, table1.userIds);
    await director.tick();
    const half = await tournamentDetail(db, id, table2.userIds[0]!);
    const m1 = half.rounds[0]!.matches.find((m) => m.id === ordered[0]!.id)!;
    // Table 1 is decided, but its totals stay hidden while table 2 plays the same deals, and no
    // board counts in the standings before both tables finished it.
    expect(m1.status).toBe('decided');
    expect(m1.score_a).toBeNull();
    expect(m1.score_b).toBeNull();
    expect(half.standings.every((s) => s.points === 0 && s.wins === 0 && s.losses === 0)).toBe(
      true,
    );
    const set1 = await duplicateDetail(
      db,
      ordered[0]!.duplicate_set_id!,
      table2.userIds[0]!,
      false,
    );
    expect(set1.compared).toEqual([]);
    expect(told).toEqual([]);
    expect(set1.tables.find((x) => x.table === 1)?.game_path).toBeNull();

    for (const m of open) if (m.gameId !== table1.gameId) await playGame(ctx, m.gameId, m.userIds);
    // Two sets of two boards: at least four compared boards told to this tournament's room.
    await eventually('four boards compared', () => told.filter((x) => x === id).length >= 4);
    expect(told.every((x) => x === id)).toBe(true);
    t.app.deps.duplicate.tournamentBoardCompared = bound;
    for (let i = 0; i < 5; i++) await director.tick();
    const [done] = await db.select().from(tournaments).where(eq(tournaments.id, id));
    expect(done?.status).toBe('finished');

    // The standings follow the comparison of the played histories: each set sums to 0, and
    // every pair's score is its points minus the points of the pair that held its tiles.
    const final = await tournamentDetail(db, id, null);
    const stateOf = async (gameId: string) => {
      const [g] = await db.select().from(games).where(eq(games.id, gameId));
      return rowState(g?.storedState, g?.history) as MatchState;
    };
    const ms = await db
      .select()
      .from(tournamentMatches)
      .where(eq(tournamentMatches.tournamentId, id));
    const bySlot = [...ms].sort((a, b) => a.slot - b.slot);
    for (let k = 0; k < bySlot.length; k += 2) {
      const s1 = await stateOf(bySlot[k]!.gameId!);
      const s2 = await stateOf(bySlot[k + 1]!.gameId!);
      expect(s1.history).toHaveLength(2);
      const pts = (s: MatchState, side: 0 | 1) =>
        s.history.reduce((a, h) => a + (h.pointsBySide[side] ?? 0), 0);
      const score = (entrant: number) => final.standings.find((x) => x.entrant === entrant)!.points;
      expect(score(bySlot[k]!.entrantA!)).toBe(pts(s1, 0) - pts(s2, 0));
      expect(score(bySlot[k + 1]!.entrantA!)).toBe(pts(s2, 0) - pts(s1, 0));
      expect(score(bySlot[k + 1]!.entrantB!)).toBe(pts(s2, 1) - pts(s1, 1));
      expect(score(bySlot[k]!.entrantB!)).toBe(pts(s1, 1) - pts(s2, 1));
      // Now both tables finished: the totals are shown.
      expect(final.rounds[0]!.matches.find((m) => m.id === bySlot[k]!.id)?.score_a).toBe(
        s1.scores[0],
      );
    }
    const points = final.standings.map((s) => s.points);
    expect([...points].sort((a, b) => b - a)).toEqual(points);

    // Money: pool 16 × 501 = 8016; fee floor(801.6) = 801; net 7215; 1st floor(4329) = 4329,
    // 2nd floor(2886) = 2886. Places shared by equal scores share those prizes.
    expect(done?.payout).toMatchObject({ poolCents: 8016, houseFeeCents: 801, netCents: 7215 });
    expect(await escrowBalance(db, id)).toBe(0);
    const paid = await db
      .select()
      .from(tournamentEntrants)
      .where(eq(tournamentEntrants.tournamentId, id));
    expect(paid.reduce((a, e) => a + e.prizeCents, 0)).toBe(7215);
    for (const e of paid) {
      const half1 = e.prizeCents - Math.floor(e.prizeCents / 2);
      expect(await walletCents(db, e.player1Id)).toBe(50_00 - 5_01 + half1);
      expect(await walletCents(db, e.player2Id!)).toBe(50_00 - 5_01 + Math.floor(e.prizeCents / 2));
    }
    const best = final.standings[0]!;
    expect(paid.find((e) => e.id === best.entrant)?.place).toBe(1);
    expect((await checkLedger(db)).ok).toBe(true);
    // The payout is one transfer: ticking again moves nothing.
    await director.tick();
    expect(await escrowBalance(db, id)).toBe(0);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('cancels under four pairs and refunds every entry', async () => {
    const db = t.database.db;
    const players = await makePlayers(db, 6, 20_00);
    const id = await createTournament(
      db,
      staffId,
      tournamentRequest({ format: 'duplicate', boards: 4, min_entrants: 4, capacity: 16 }),
    );
    await Promise.all(players.map((p) => register(db, id, p, undefined)));
    expect(await escrowBalance(db, id)).toBe(60_00);
    await startNow(db, id);
    await director.tick();
    const [row] = await db.select().from(tournaments).where(eq(tournaments.id, id));
    expect(row?.status).toBe('cancelled');
    expect(row?.cancelledReason).toBe(MSG_TOURNAMENTS.cancelledMinimum);
    for (const p of players) expect(await walletCents(db, p)).toBe(20_00);
    expect(await escrowBalance(db, id)).toBe(0);
    expect((await checkLedger(db)).ok).toBe(true);
  });
});
