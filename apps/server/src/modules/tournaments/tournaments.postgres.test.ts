import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_TOURNAMENTS } from '@domino/contracts';
import {
  gamePlayers,
  games,
  ratingChanges,
  rowState,
  tournamentEntrants,
  tournamentMatches,
  tournaments,
  users,
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
  usernameOf,
  walletCents,
} from '../../test/tournaments';
import { listHistory, replayData } from '../games/history';
import { gamesContext } from '../games/routes';
import { toGameRow } from '../games/repo';
import { isDelayed } from '../games/spectate';
import { checkLedger } from '../ledger/ledger';
import type { TournamentDirector } from './director';
import { createTournament, register, tournamentDetail, unregister } from './service';

/**
 * Tournaments on real PostgreSQL (docs/decisions/028-tournaments.md): registration money and its
 * races, the director's rounds with simulated clients, no-show forfeits, cancellation, and the
 * prizes to the céntimo.
 */
const pg = await postgresAvailable();

describe.skipIf(!pg)('tournaments (PostgreSQL)', () => {
  let t: TestApp;
  let director: TournamentDirector;
  let staffId: number;

  beforeAll(async () => {
    ({ t, director, staffId } = await tournamentSuite());
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Ticks the director and plays every playing game until the tournament ends. */
  async function runToEnd(id: number, parallel = 8): Promise<number> {
    const ctx = gamesContext(t.app);
    let played = 0;
    for (let i = 0; i < 200; i++) {
      await director.tick();
      const [row] = await t.database.db.select().from(tournaments).where(eq(tournaments.id, id));
      if (row?.status === 'finished' || row?.status === 'cancelled') return played;
      const open = await playingMatches(t.database.db, id);
      for (let k = 0; k < open.length; k += parallel) {
        await Promise.all(
          open.slice(k, k + parallel).map((m) => playGame(ctx, m.gameId, m.userIds)),
        );
      }
      played += open.length;
    }
    throw new Error('tournament did not end');
  }

  it('plays a 4-pair paid knockout to the end and pays the prizes exactly', async () => {
    const db = t.database.db;
    const players = await makePlayers(db, 8, 100_00);
    const id = await createTournament(
      db,
      staffId,
      tournamentRequest({ entry_fee: 10.01, house_fee_bps: 1000, prize_split_bps: [7000, 3000] }),
    );
    // Two named pairs (each naming the other), four alone.
    await register(db, id, players[0]!, await usernameOf(db, players[1]!));
    await register(db, id, players[1]!, await usernameOf(db, players[0]!));
    for (const p of players.slice(2)) await register(db, id, p, undefined);
    expect(await escrowBalance(db, id)).toBe(8 * 10_01);
    await startNow(db, id);
    const matches = await runToEnd(id);
    expect(matches).toBe(3);
    const [row] = await db.select().from(tournaments).where(eq(tournaments.id, id));
    expect(row?.status).toBe('finished');
    // pool 8008; fee floor(800.8) = 800; net 7208; 1st floor(5045.6)=5045 +1 undivided = 5046;
    // 2nd floor(2162.4) = 2162. A pair splits: 2523/2523 and 1081/1081.
    expect(row?.payout).toMatchObject({ poolCents: 8008, houseFeeCents: 800, netCents: 7208 });
    expect((row?.payout as { placeCents: number[] }).placeCents).toEqual([5046, 2162]);
    expect(await escrowBalance(db, id)).toBe(0);
    const entrants = await db
      .select()
      .from(tournamentEntrants)
      .where(eq(tournamentEntrants.tournamentId, id));
    const champion = entrants.find((e) => e.place === 1)!;
    const finalist = entrants.find((e) => e.place === 2)!;
    expect(champion.prizeCents).toBe(5046);
    expect(finalist.prizeCents).toBe(2162);
    expect(await walletCents(db, champion.player1Id)).toBe(100_00 - 10_01 + 2523);
    expect(await walletCents(db, champion.player2Id!)).toBe(100_00 - 10_01 + 2523);
    expect(await walletCents(db, finalist.player1Id)).toBe(100_00 - 10_01 + 1081);
    // The named pair stayed together.
    expect(
      entrants.some(
        (e) =>
          (e.player1Id === players[0] && e.player2Id === players[1]) ||
          (e.player1Id === players[1] && e.player2Id === players[0]),
      ),
    ).toBe(true);
    // Every match was played through (no forfeits) and tournament games moved no table money.
    const ms = await db
      .select()
      .from(tournamentMatches)
      .where(eq(tournamentMatches.tournamentId, id));
    expect(ms.every((m) => m.result === 'played')).toBe(true);
    const gameRows = await db
      .select({ entry: games.entryCents, kind: games.kind })
      .from(games)
      .where(
        sql`${games.id} in (select game_id from tournament_matches where tournament_id = ${id})`,
      );
    expect(gameRows.every((g) => g.entry === 0)).toBe(true);
    // Played tournament matches are rated (decision 026): four players in each of the 3 matches.
    const rated = await db
      .select({ gameId: ratingChanges.gameId })
      .from(ratingChanges)
      .where(
        sql`${ratingChanges.gameId} in (select game_id from tournament_matches where tournament_id = ${id})`,
      );
    expect(rated).toHaveLength(3 * 4);
    // Mis Partidas marks the champion's matches with the tournament and round (1 then the final).
    const history = await listHistory(db, champion.player1Id, 1);
    expect(history.matches.map((h) => h.tournament)).toEqual([
      { id, name: 'Copa de Prueba', round: 2 },
      { id, name: 'Copa de Prueba', round: 1 },
    ]);
    // A stranger may replay a finished tournament match, as a spectator.
    const [stranger] = await makePlayers(db, 1, 0);
    const replay = await replayData(db, ms[0]!.gameId!, { userId: stranger!, staff: false });
    expect(replay.my_seat).toBeNull();
    // The hidden match tables never reach the public table list.
    const listed = (await t.app.inject({ method: 'GET', url: '/api/tables' })).json() as {
      name: string;
    }[];
    expect(listed.some((x) => x.name.startsWith('Copa de Prueba'))).toBe(false);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('lets exactly one of many simultaneous registrations take the last place', async () => {
    const db = t.database.db;
    const id = await createTournament(
      db,
      staffId,
      tournamentRequest({
        format: 'swiss',
        rules: { ...tournamentRequest().rules, mode: 'individual', players: 2 },
        capacity: 3,
        min_entrants: 2,
      }),
    );
    const early = await makePlayers(db, 2, 50_00);
    for (const p of early) await register(db, id, p, undefined);
    const racers = await makePlayers(db, 8, 50_00);
    const results = await Promise.allSettled(racers.map((p) => register(db, id, p, undefined)));
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const r of results)
      if (r.status === 'rejected') expect((r.reason as Error).message).toBe(MSG_TOURNAMENTS.full);
    // The winner paid; every other racer kept their money.
    const balances = await Promise.all(racers.map((p) => walletCents(db, p)));
    expect(balances.filter((b) => b === 40_00)).toHaveLength(1);
    expect(balances.filter((b) => b === 50_00)).toHaveLength(7);
    expect(await escrowBalance(db, id)).toBe(3 * 10_00);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('refunds on unregister, refuses after the start, and cancels under the minimum', async () => {
    const db = t.database.db;
    const [a, b, c] = await makePlayers(db, 3, 20_00);
    const id = await createTournament(db, staffId, tournamentRequest({ min_entrants: 2 }));
    await register(db, id, a!, undefined);
    await expect(register(db, id, a!, undefined)).rejects.toThrow(
      MSG_TOURNAMENTS.alreadyRegistered,
    );
    expect(await walletCents(db, a!)).toBe(10_00);
    await unregister(db, id, a!);
    expect(await walletCents(db, a!)).toBe(20_00);
    // Registering again after unregistering pays again under a new idempotency key.
    await register(db, id, a!, undefined);
    await register(db, id, b!, undefined);
    await register(db, id, c!, undefined);
    expect(await escrowBalance(db, id)).toBe(30_00);
    await startNow(db, id);
    await expect(unregister(db, id, b!)).rejects.toThrow(MSG_TOURNAMENTS.cannotUnregister);
    await director.tick();
    // Three players alone make one pair; the third is refunded; one pair < minimum 2: cancelled.
    const [row] = await db.select().from(tournaments).where(eq(tournaments.id, id));
    expect(row?.status).toBe('cancelled');
    expect(row?.cancelledReason).toBe(MSG_TOURNAMENTS.cancelledMinimum);
    for (const p of [a!, b!, c!]) expect(await walletCents(db, p)).toBe(20_00);
    expect(await escrowBalance(db, id)).toBe(0);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('forfeits a side that does not open its game within the no-show time', async () => {
    const db = t.database.db;
    const [a, b] = await makePlayers(db, 2, 20_00);
    const id = await createTournament(
      db,
      staffId,
      tournamentRequest({
        format: 'swiss',
        rules: { ...tournamentRequest().rules, mode: 'individual', players: 2 },
        capacity: 2,
        min_entrants: 2,
        swiss_rounds: 1,
      }),
    );
    await register(db, id, a!, undefined);
    await register(db, id, b!, undefined);
    await startNow(db, id);
    await director.tick();
    const [m] = await playingMatches(db, id);
    expect(m).toBeDefined();
    // Only seat 0's player opens the game.
    const ctx = gamesContext(t.app);
    const { reclaimSeat } = await import('../games/presence');
    await reclaimSeat(ctx, m!.gameId, m!.userIds[0]!);
    // Before the deadline nothing is decided.
    await director.tick();
    const [still] = await db
      .select()
      .from(tournamentMatches)
      .where(eq(tournamentMatches.id, m!.matchId));
    expect(still?.status).toBe('playing');
    // The detail says by when the absent side must show (a page opened later counts down to it).
    const shown = (await tournamentDetail(db, id, a!)).rounds[0]?.matches[0];
    expect(shown?.show_by).toBe(new Date(still!.readyAt!.getTime() + 120_000).toISOString());
    // Two minutes later (ready_at moved back, as is the seat's marker) the absent side forfeits.
    const past = new Date(Date.now() - 121_000);
    await db
      .update(tournamentMatches)
      .set({ readyAt: past })
      .where(eq(tournamentMatches.id, m!.matchId));
    await db
      .update(gamePlayers)
      .set({ disconnectedAt: past })
      .where(and(eq(gamePlayers.gameId, m!.gameId), eq(gamePlayers.seat, 1)));
    await director.tick();
    const [decided] = await db
      .select()
      .from(tournamentMatches)
      .where(eq(tournamentMatches.id, m!.matchId));
    expect(decided?.status).toBe('decided');
    expect(decided?.result).toBe('forfeit');
    const [g] = await db.select().from(games).where(eq(games.id, m!.gameId));
    expect(g?.status).toBe('finished');
    // A forfeit is not played out: unrated (decision 026), and the rebuild agrees (it reads the flag).
    expect(
      await db.select().from(ratingChanges).where(eq(ratingChanges.gameId, m!.gameId)),
    ).toHaveLength(0);
    expect(
      (rowState(g?.storedState, g?.history) as { result?: { forfeit?: boolean } }).result?.forfeit,
    ).toBe(true);
    const [row] = await db.select().from(tournaments).where(eq(tournaments.id, id));
    expect(row?.status).toBe('finished');
    // The one who showed won everything after the fee: pool 2000, fee 200.
    const winnerUser = m!.userIds[0]!;
    expect(await walletCents(db, winnerUser)).toBe(20_00 - 10_00 + 18_00);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('plays a free 5-player Swiss to the end: byes once each, no repeats, no money moved', async () => {
    const db = t.database.db;
    const players = await makePlayers(db, 5, 0);
    const id = await createTournament(
      db,
      staffId,
      tournamentRequest({
        name: 'Suizo Gratis',
        format: 'swiss',
        entry_fee: 0,
        rules: { ...tournamentRequest().rules, mode: 'individual', players: 2 },
        capacity: 8,
        min_entrants: 3,
        prize_split_bps: [6000, 3000, 1000],
      }),
    );
    for (const p of players) await register(db, id, p, undefined);
    await startNow(db, id);
    await runToEnd(id);
    const [row] = await db.select().from(tournaments).where(eq(tournaments.id, id));
    expect(row?.status).toBe('finished');
    expect(row?.totalRounds).toBe(3);
    const ms = await db
      .select()
      .from(tournamentMatches)
      .where(eq(tournamentMatches.tournamentId, id));
    expect(ms).toHaveLength(9); // 3 rounds × (2 matches + 1 bye)
    const byes = ms.filter((m) => m.result === 'bye').map((m) => m.entrantA);
    expect(new Set(byes).size).toBe(3);
    const pairs = ms
      .filter((m) => m.entrantB !== null)
      .map((m) => [m.entrantA, m.entrantB].sort().join('-'));
    expect(new Set(pairs).size).toBe(pairs.length);
    // Standings have distinct places 1..5; nobody was paid and the wallets are untouched.
    const entrants = await db
      .select()
      .from(tournamentEntrants)
      .where(eq(tournamentEntrants.tournamentId, id));
    expect(entrants.map((e) => e.place).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(entrants.every((e) => e.prizeCents === 0)).toBe(true);
    for (const p of players) expect(await walletCents(db, p)).toBe(0);
    const moved = (
      (await db.execute(
        sql`select count(*)::int as n from ledger_transactions where reference_type = 'tournament' and reference_id = ${String(id)}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]?.n;
    expect(moved).toBe(0);
    const detail = await tournamentDetail(db, id, players[0]!);
    expect(detail.standings).toHaveLength(5);
    expect(detail.standings[0]!.points).toBeGreaterThanOrEqual(detail.standings[4]!.points);
    expect(detail.my_entry?.status).toBe('registered');
  });

  it('advances the better seed when neither pair shows, and shows the match delayed to spectators', async () => {
    const db = t.database.db;
    const players = await makePlayers(db, 4, 20_00);
    const id = await createTournament(
      db,
      staffId,
      tournamentRequest({ capacity: 4, min_entrants: 2, house_fee_bps: 0 }),
    );
    for (const p of players) await register(db, id, p, undefined);
    await startNow(db, id);
    await director.tick();
    const [m] = await playingMatches(db, id);
    const [g] = await db.select().from(games).where(eq(games.id, m!.gameId));
    // A tournament match plays for prizes: spectators see it two moves behind.
    expect(isDelayed(toGameRow(g!))).toBe(true);
    const past = new Date(Date.now() - 121_000);
    await db
      .update(tournamentMatches)
      .set({ readyAt: past })
      .where(eq(tournamentMatches.id, m!.matchId));
    await db
      .update(gamePlayers)
      .set({ disconnectedAt: past })
      .where(eq(gamePlayers.gameId, m!.gameId));
    await director.tick();
    const [decided] = await db
      .select()
      .from(tournamentMatches)
      .where(eq(tournamentMatches.id, m!.matchId));
    expect(decided?.result).toBe('double_forfeit');
    const entrants = await db
      .select()
      .from(tournamentEntrants)
      .where(eq(tournamentEntrants.tournamentId, id));
    const seed1 = entrants.find((e) => e.seed === 1)!;
    expect(decided?.winner).toBe(seed1.id);
    // Both seats of the game lost (nobody won it); the better seed takes the whole pool.
    const seats = await db.select().from(gamePlayers).where(eq(gamePlayers.gameId, m!.gameId));
    expect(seats.every((x) => x.result === 'loss')).toBe(true);
    expect(seed1.place).toBe(1);
    expect(seed1.prizeCents).toBe(40_00);
    expect(await walletCents(db, seed1.player1Id)).toBe(20_00 - 10_00 + 20_00);
    expect(await escrowBalance(db, id)).toBe(0);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('refuses a suspended account', async () => {
    const db = t.database.db;
    const [p] = await makePlayers(db, 1, 20_00);
    const id = await createTournament(db, staffId, tournamentRequest());
    await db.update(users).set({ status: 'suspendido' }).where(eq(users.id, p!));
    await expect(register(db, id, p!, undefined)).rejects.toThrow(MSG_TOURNAMENTS.accountInactive);
    expect(await walletCents(db, p!)).toBe(20_00);
  });
});
