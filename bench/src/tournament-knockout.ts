/**
 * A whole paid single-elimination tournament on real PostgreSQL (docs/decisions/028): N pairs
 * register (half as named pairs, half alone), the director opens every round, and simulated
 * clients play every match to its end through the services the socket handlers call
 * (reclaimSeat for game:join, submitMove for game:move), PARALLEL games at a time. Prints the
 * registration rate, matches, player moves, moves per second and the wall time per round, and
 * checks that the escrow ends at 0 and the ledger balances.
 *
 * Run: npx tsx bench/src/tournament-knockout.ts [--pairs 64] [--parallel 16]
 * Needs PostgreSQL at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
 */
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { tournaments, users } from '../../apps/server/src/db/schema';
import { engineBots } from '../../apps/server/src/modules/games/bots';
import type { GamesContext } from '../../apps/server/src/modules/games/context';
import { checkLedger } from '../../apps/server/src/modules/ledger/ledger';
import { RealtimeHub } from '../../apps/server/src/modules/realtime/hub';
import { TournamentDirector } from '../../apps/server/src/modules/tournaments/director';
import { createTournament, register } from '../../apps/server/src/modules/tournaments/service';
import { bootstrap } from '../../apps/server/src/modules/catalog/bootstrap';
import { createTestDatabase } from '../../apps/server/src/test/helpers';
import {
  escrowBalance,
  makePlayers,
  playGame,
  playingMatches,
  startNow,
  tournamentRequest,
  usernameOf,
} from '../../apps/server/src/test/tournaments';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const PAIRS = arg('--pairs', 64);
const PARALLEL = arg('--parallel', 16);

async function main() {
  const database = await createTestDatabase('postgres');
  try {
    const db = database.db;
    await bootstrap(db, {
      adminEmail: 'admin@bench.local',
      adminPassword: 'AdminPass123',
      seedDemo: false,
    });
    const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.rol, 'admin'));
    const ctx: GamesContext = {
      db,
      hub: new RealtimeHub(),
      bots: engineBots,
      timing: { botMinDelayMs: 0, botMaxDelayMs: 0, handPauseMs: 0 },
      tableMatchFinished: () => undefined,
    };
    const director = new TournamentDirector(db, ctx, null, 0, pino({ level: 'silent' }), {
      startDelayMs: 0,
    });
    const players = await makePlayers(db, PAIRS * 2, 100_00);
    const id = await createTournament(
      db,
      admin!.id,
      tournamentRequest({
        name: 'Bench',
        capacity: PAIRS * 2,
        min_entrants: 2,
        entry_fee: 12.34,
        prize_split_bps: [7000, 3000],
      }),
    );
    let t0 = Date.now();
    const half = PAIRS; // players[0..half) as named pairs, the rest alone
    for (let i = 0; i < half; i += 2) {
      await register(db, id, players[i]!, await usernameOf(db, players[i + 1]!));
      await register(db, id, players[i + 1]!, await usernameOf(db, players[i]!));
    }
    for (const p of players.slice(half)) await register(db, id, p, undefined);
    const regMs = Date.now() - t0;
    console.log(
      `registrations: ${players.length} in ${regMs} ms (${((players.length * 1000) / regMs).toFixed(0)}/s, sequential)`,
    );
    await startNow(db, id);
    t0 = Date.now();
    let matches = 0;
    let moves = 0;
    for (let round = 1; round < 40; round++) {
      const r0 = Date.now();
      await director.tick();
      const [row] = await db.select().from(tournaments).where(eq(tournaments.id, id));
      if (row?.status === 'finished') break;
      const open = await playingMatches(db, id);
      for (let k = 0; k < open.length; k += PARALLEL) {
        const counts = await Promise.all(
          open.slice(k, k + PARALLEL).map((m) => playGame(ctx, m.gameId, m.userIds)),
        );
        moves += counts.reduce((a, b) => a + b, 0);
      }
      matches += open.length;
      console.log(`round ${row?.currentRound}: ${open.length} matches in ${Date.now() - r0} ms`);
    }
    const ms = Date.now() - t0;
    console.log(
      `tournament: ${PAIRS} pairs, ${matches} matches, ${moves} player moves in ${(ms / 1000).toFixed(1)} s ` +
        `(${((moves * 1000) / ms).toFixed(0)} moves/s, ${PARALLEL} games at a time)`,
    );
    const ledger = await checkLedger(db);
    const escrow = await escrowBalance(db, id);
    console.log(`escrow after payout: ${escrow} céntimos; ledger balanced: ${ledger.ok}`);
    const payouts = (
      (await db.execute(
        sql`select count(*)::int as n from ledger_transactions where kind = 'tournament_payout'`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]?.n;
    console.log(`payout transactions: ${payouts}`);
  } finally {
    await database.close();
  }
}

await main();
