import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tournamentEntrants, tournaments, users } from '../../db/schema';
import { createTestDatabase, postgresAvailable } from '../../test/helpers';
import type { NodeProcess } from '../../test/nodes';
import { redisAvailable, startNodeProcess } from '../../test/nodes';
import { eventually } from '../../test/sockets';
import {
  escrowBalance,
  makePlayers,
  playGame,
  playingMatches,
  tournamentRequest,
  usernameOf,
  walletCents,
} from '../../test/tournaments';
import { engineBots } from '../games/bots';
import type { GamesContext } from '../games/context';
import { checkLedger } from '../ledger/ledger';
import { RealtimeHub } from '../realtime/hub';
import { createTournament, register } from './service';

/**
 * A tournament driven only by server processes' directors (docs/decisions/028 "Restarts and
 * nodes"): two nodes share PostgreSQL and Redis; the test process plays the games as clients
 * would (the services behind game:join and game:move, on the same database). Node A is killed
 * (SIGKILL) in the middle of round 1; node B alone decides round 1 and pairs round 2; then B is
 * stopped in the middle of round 2 and a new node C on the same database finishes the tournament
 * and pays the prizes once, exactly.
 */
describe('tournament across nodes, a kill and a restart', async () => {
  const skip = !(await postgresAvailable()) || !(await redisAvailable());

  it.skipIf(skip)(
    'continues after a node is killed mid-round and after a restart mid-round',
    { timeout: 180_000 },
    async () => {
      const database = await createTestDatabase('postgres');
      const nodes: NodeProcess[] = [];
      const env = { HAND_PAUSE_MS: '0', SESSION_SWEEP_MS: '0' };
      try {
        nodes.push(await startNodeProcess(database.url!, env));
        nodes.push(await startNodeProcess(database.url!, env));
        const [a, b] = nodes as [NodeProcess, NodeProcess];
        const db = database.db;
        const ctx: GamesContext = {
          db,
          hub: new RealtimeHub(),
          bots: engineBots,
          timing: { botMinDelayMs: 0, botMaxDelayMs: 0, handPauseMs: 0 },
          tableMatchFinished: () => undefined,
        };
        const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.rol, 'admin'));
        const players = await makePlayers(db, 8, 30_00);
        const id = await createTournament(
          db,
          admin!.id,
          tournamentRequest({
            entry_fee: 5.55,
            house_fee_bps: 500,
            capacity: 8,
            min_entrants: 2,
            prize_split_bps: [6000, 4000],
            starts_at: new Date(Date.now() + 4_000).toISOString(),
          }),
        );
        await register(db, id, players[0]!, await usernameOf(db, players[1]!));
        await register(db, id, players[1]!, await usernameOf(db, players[0]!));
        for (const p of players.slice(2)) await register(db, id, p, undefined);

        const waitFor = <T>(what: string, probe: () => Promise<T | null>) =>
          eventually(what, probe, 30_000, 100);
        const round = async () =>
          (await db.select().from(tournaments).where(eq(tournaments.id, id)))[0]!;

        // The directors start it and open round 1 (2 matches of 2 pairs).
        const r1 = await waitFor('round 1', async () => {
          const open = await playingMatches(db, id);
          return open.length === 2 ? open : null;
        });
        expect((await round()).currentRound).toBe(1);

        // Node A dies in the middle of round 1; the clients play on.
        a.child.kill('SIGKILL');
        await Promise.all(r1.map((m) => playGame(ctx, m.gameId, m.userIds)));

        // Node B alone decides round 1 and opens the final.
        const r2 = await waitFor('round 2', async () => {
          const t = await round();
          const open = await playingMatches(db, id);
          return t.currentRound === 2 && open.length === 1 ? open : null;
        });

        // B is stopped in the middle of the final; a new node C takes over the same database.
        await b.stop();
        nodes.push(await startNodeProcess(database.url!, env));
        await Promise.all(r2.map((m) => playGame(ctx, m.gameId, m.userIds)));
        const done = await waitFor('the end', async () => {
          const t = await round();
          return t.status === 'finished' ? t : null;
        });

        // pool 8 × 555 = 4440; fee floor(222) = 222; net 4218; 60 % = 2530.8 → 2530 + 1 = 2531;
        // 40 % = 1687.2 → 1687. Pairs split 1266/1265 and 844/843.
        expect(done.payout).toMatchObject({
          poolCents: 4440,
          houseFeeCents: 222,
          placeCents: [2531, 1687],
        });
        const entrants = await db
          .select()
          .from(tournamentEntrants)
          .where(eq(tournamentEntrants.tournamentId, id));
        const champ = entrants.find((e) => e.place === 1)!;
        expect(await walletCents(db, champ.player1Id)).toBe(30_00 - 5_55 + 1266);
        expect(await walletCents(db, champ.player2Id!)).toBe(30_00 - 5_55 + 1265);
        expect(await escrowBalance(db, id)).toBe(0);
        const payouts = (
          (await db.execute(
            sql`select count(*)::int as n from ledger_transactions where kind = 'tournament_payout' and reference_id = ${String(id)}`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0]?.n;
        expect(payouts).toBe(1);
        // Every step was recorded once: start, two pairings, three decisions, the finish.
        const steps = (
          (await db.execute(
            sql`select action, count(*)::int as n from audit_log where target_type = 'tournament' and target_id = ${String(id)} group by action`,
          )) as unknown as { rows: { action: string; n: number }[] }
        ).rows;
        const count = (a: string) => steps.find((s) => s.action === a)?.n ?? 0;
        expect(count('tournament.start')).toBe(1);
        expect(count('tournament.pair_round')).toBe(2);
        expect(count('tournament.match_decided')).toBe(3);
        expect(count('tournament.finish')).toBe(1);
        expect((await checkLedger(db)).ok).toBe(true);
      } finally {
        for (const n of nodes) await n.stop();
        await database.close();
      }
    },
  );
});
