import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tournamentEntrants, tournamentMatches, tournaments } from '../../db/schema';
import type { TestApp } from '../../test/helpers';
import { buildTestApp, postgresAvailable } from '../../test/helpers';
import {
  escrowBalance,
  makePlayers,
  playGame,
  playingMatches,
  startNow,
  tournamentRequest,
  usernameOf,
  walletCents,
} from '../../test/tournaments';
import { gamesContext } from '../games/routes';
import { checkLedger } from '../ledger/ledger';
import { TournamentDirector } from './director';
import { createTournament, register } from './service';

/**
 * The proof (docs/decisions/028-tournaments.md): 64 pairs (128 players) in a paid
 * single-elimination tournament, every one of its 63 matches played to the end by simulated
 * clients through the services the socket handlers call (game:join → reclaimSeat, game:move →
 * submitMove), on real PostgreSQL; the prizes exact to the céntimo and the ledger balanced.
 */
const pg = await postgresAvailable();

describe.skipIf(!pg)('a 64-pair knockout played to the end (PostgreSQL)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp('postgres', { HAND_PAUSE_MS: '0' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('plays 63 matches over 6 rounds and pays 1st, 2nd and the two 3rd places exactly', async () => {
    const db = t.database.db;
    const director = new TournamentDirector(db, gamesContext(t.app), null, 0, t.app.log, {
      startDelayMs: 0,
    });
    const [admin] = (
      (await db.execute(sql`select id from users where rol = 'admin'`)) as unknown as {
        rows: { id: unknown }[];
      }
    ).rows;
    const players = await makePlayers(db, 128, 50_00);
    // Bs. 12,34 a player; 7,5 % house fee; 50/25/12,5/12,5 (3rd and 4th: both semifinal losers).
    const id = await createTournament(
      db,
      Number(admin?.id),
      tournamentRequest({
        name: 'Copa 64',
        entry_fee: 12.34,
        house_fee_bps: 750,
        capacity: 128,
        min_entrants: 4,
        prize_split_bps: [5000, 2500, 1250, 1250],
      }),
    );
    // Half register as named pairs, half alone (paired by the recorded draw).
    for (let i = 0; i < 64; i += 2) {
      await register(db, id, players[i]!, await usernameOf(db, players[i + 1]!));
      await register(db, id, players[i + 1]!, await usernameOf(db, players[i]!));
    }
    for (const p of players.slice(64)) await register(db, id, p, undefined);
    const pool = 128 * 12_34;
    expect(await escrowBalance(db, id)).toBe(pool);
    await startNow(db, id);

    const ctx = gamesContext(t.app);
    let played = 0;
    let moves = 0;
    for (let i = 0; i < 50; i++) {
      await director.tick();
      const [row] = await db.select().from(tournaments).where(eq(tournaments.id, id));
      if (row?.status === 'finished') break;
      const open = await playingMatches(db, id);
      for (let k = 0; k < open.length; k += 16) {
        const counts = await Promise.all(
          open.slice(k, k + 16).map((m) => playGame(ctx, m.gameId, m.userIds)),
        );
        moves += counts.reduce((a, b) => a + b, 0);
      }
      played += open.length;
    }
    expect(played).toBe(63);
    // Players moved (the clients' own moves, not only the server's forced ones).
    expect(moves).toBeGreaterThan(63 * 20);
    const [row] = await db.select().from(tournaments).where(eq(tournaments.id, id));
    expect(row?.status).toBe('finished');
    expect(row?.totalRounds).toBe(6);
    const ms = await db
      .select()
      .from(tournamentMatches)
      .where(eq(tournamentMatches.tournamentId, id));
    expect(ms).toHaveLength(63);
    expect(ms.every((m) => m.status === 'decided' && m.result === 'played')).toBe(true);

    // pool 157952; fee floor(11846.4) = 11846; net 146106;
    // places floor(73053) = 73053, floor(36526.5) = 36526, 18263 (x2 floors of 18263.25);
    // floors sum 146105: 1 céntimo undivided -> 1st = 73054.
    expect(pool).toBe(157_952);
    expect(row?.payout).toMatchObject({
      poolCents: 157_952,
      houseFeeCents: 11_846,
      netCents: 146_106,
      placeCents: [73_054, 36_526, 18_263, 18_263],
    });
    const entrants = await db
      .select()
      .from(tournamentEntrants)
      .where(eq(tournamentEntrants.tournamentId, id));
    expect(entrants).toHaveLength(64);
    const byPlace = (p: number) => entrants.filter((e) => e.place === p);
    expect(byPlace(1)).toHaveLength(1);
    expect(byPlace(2)).toHaveLength(1);
    expect(byPlace(3)).toHaveLength(2);
    expect(byPlace(5)).toHaveLength(4);
    expect(byPlace(33)).toHaveLength(32);
    expect(byPlace(1)[0]!.prizeCents).toBe(73_054);
    expect(byPlace(2)[0]!.prizeCents).toBe(36_526);
    // Places 3 and 4 shared: (18263 + 18263) / 2 each.
    for (const e of byPlace(3)) expect(e.prizeCents).toBe(18_263);
    // Partners split half each; the odd céntimo to the pair's first player.
    const champ = byPlace(1)[0]!;
    expect(await walletCents(db, champ.player1Id)).toBe(50_00 - 12_34 + 36_527);
    expect(await walletCents(db, champ.player2Id!)).toBe(50_00 - 12_34 + 36_527);
    const third = byPlace(3)[0]!;
    expect(await walletCents(db, third.player1Id)).toBe(50_00 - 12_34 + 9_132);
    expect(await walletCents(db, third.player2Id!)).toBe(50_00 - 12_34 + 9_131);
    // Every wallet together holds what it had, minus the house fee.
    let total = 0;
    for (const p of players) total += await walletCents(db, p);
    expect(total).toBe(128 * 50_00 - 11_846);
    expect(await escrowBalance(db, id)).toBe(0);
    // One payout transaction for the whole tournament.
    const payouts = (
      (await db.execute(
        sql`select count(*)::int as n from ledger_transactions where kind = 'tournament_payout' and reference_id = ${String(id)}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]?.n;
    expect(payouts).toBe(1);
    expect((await checkLedger(db)).ok).toBe(true);
    // 63 whole matches: about 170 s on the CI machine, more when its cores are shared.
  }, 400_000);
});
