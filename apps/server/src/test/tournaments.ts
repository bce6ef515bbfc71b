import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_RULES, type CreateTournamentRequest, type MoveRequest } from '@domino/contracts';
import { legalMoves, type MatchState } from '@domino/domino';
import type { Db } from '../db/client';
import { games, rowState, tournamentMatches, tournaments, users } from '../db/schema';
import type { GamesContext } from '../modules/games/context';
import { playDueGame } from '../modules/games/due-moves';
import { submitMove } from '../modules/games/moves';
import { reclaimSeat } from '../modules/games/presence';
import { gamesContext } from '../modules/games/routes';
import { createWallet } from '../modules/ledger/accounts';
import { systemAccount, transfer, walletAccountId } from '../modules/ledger/ledger';
import { TournamentDirector } from '../modules/tournaments/director';
import { buildTestApp, type TestApp } from './helpers';

/**
 * Test kit of the tournament suites: players made straight in the database (no password hashing:
 * 128 of them would take the suite's time), funded by a staff-style adjustment through the ledger,
 * and a simulated client that plays a tournament game to its end through the same services the
 * socket handlers call (`reclaimSeat` for `game:join`, `submitMove` for `game:move`).
 */

let counter = 0;

/** What the tournament suites share: their app, a director and the staff author of tournaments. */
export interface TournamentSuite {
  t: TestApp;
  /** Starts a tournament as soon as it is due (no start delay), not scheduled: tests `tick()` it. */
  director: TournamentDirector;
  /** The seeded admin's user id. */
  staffId: number;
}

/**
 * A test app on real PostgreSQL with no pause between hands, a director over it and the seeded
 * admin's id; the caller closes `t`.
 */
export async function tournamentSuite(): Promise<TournamentSuite> {
  const t = await buildTestApp('postgres', { HAND_PAUSE_MS: '0' });
  const director = new TournamentDirector(t.database.db, gamesContext(t.app), null, 0, t.app.log, {
    startDelayMs: 0,
  });
  const res = await t.database.db.execute(sql`select id from users where rol = 'admin'`);
  const staffId = Number((res as unknown as { rows: { id: unknown }[] }).rows[0]?.id);
  return { t, director, staffId };
}

/** `n` active players with wallets holding `cents` each; returns their ids. */
export async function makePlayers(db: Db, n: number, cents: number): Promise<number[]> {
  const ids: number[] = [];
  const adjustments = await db.transaction((tx) => systemAccount(tx, 'adjustments'));
  for (let i = 0; i < n; i++) {
    counter += 1;
    const tag = `${counter}${randomBytes(3).toString('hex')}`;
    const id = await db.transaction(async (tx) => {
      const [u] = await tx
        .insert(users)
        .values({
          name: `Jugador ${tag}`,
          email: `t${tag}@example.com`,
          username: `jug${tag}`,
          typeIdentification: 'V',
          nIdentification: String(10_000_000 + counter * 7 + Math.floor(Math.random() * 5)),
          phone: `0414${String(counter).padStart(7, '0')}`,
          passwordHash: 'x',
          // Paid entries need the 18+ declaration (decision 040).
          birthDate: '1990-01-01',
          adultDeclaredAt: new Date(),
        })
        .returning({ id: users.id });
      if (!u) throw new Error('user insert returned no row');
      await createWallet(tx, u.id);
      if (cents > 0)
        await transfer(tx, {
          kind: 'adjustment',
          idempotencyKey: `test-fund:${u.id}`,
          postings: [
            { accountId: adjustments, amountCents: -cents },
            { accountId: await walletAccountId(tx, u.id), amountCents: cents },
          ],
          description: 'Fondos de prueba',
        });
      return u.id;
    });
    ids.push(id);
  }
  return ids;
}

/** Usernames of players by id. */
export async function usernameOf(db: Db, id: number): Promise<string> {
  const [u] = await db.select({ username: users.username }).from(users).where(eq(users.id, id));
  return u?.username ?? '';
}

/** A valid staff request; `over` replaces fields. Starts one hour from now. */
export function tournamentRequest(
  over: Partial<CreateTournamentRequest> = {},
): CreateTournamentRequest {
  return {
    name: 'Copa de Prueba',
    starts_at: new Date(Date.now() + 3_600_000).toISOString(),
    entry_fee: 10,
    house_fee_bps: 1000,
    format: 'single_elimination',
    rules: { ...DEFAULT_RULES, mode: 'parejas', players: 4, target_points: 100 },
    capacity: 16,
    min_entrants: 2,
    prize_split_bps: [10_000],
    ...over,
  };
}

/** Moves a tournament's start into the past (registration closes; the director starts it). */
export async function startNow(db: Db, id: number): Promise<void> {
  await db
    .update(tournaments)
    .set({ startsAt: new Date(Date.now() - 1000) })
    .where(eq(tournaments.id, id));
}

/**
 * Plays one game to its end (or until `stopWhen` holds for its state) as its clients would: every seat opens the game (`game:join`
 * service), then the seat whose turn it is plays its first legal move (`game:move` service);
 * forced moves, hand pauses and the start countdown are made due at once and played by the
 * server's due-move path. Returns the number of player moves.
 */
export async function playGame(
  ctx: GamesContext,
  gameId: string,
  userIds: number[],
  stopWhen?: (state: MatchState) => boolean,
): Promise<number> {
  for (const u of userIds) await reclaimSeat(ctx, gameId, u);
  let moves = 0;
  for (let step = 0; step < 5000; step++) {
    const [row] = await ctx.db.select().from(games).where(eq(games.id, gameId));
    if (!row || row.status !== 'playing') return moves;
    const state = rowState(row.storedState, row.history) as MatchState;
    if (stopWhen?.(state)) return moves;
    const turn = state.hand.turn;
    // The client's own view lists these same legal moves (view.ts); read from the state to save
    // a query per move.
    const legal = turn === null ? [] : legalMoves(state, turn);
    const mover = turn === null ? undefined : userIds[turn];
    const started = !row.startsAt || row.startsAt.getTime() <= Date.now();
    if (mover !== undefined && legal.length > 1 && started) {
      const m = legal[0]!;
      const req: MoveRequest =
        m.kind === 'play'
          ? { version: row.version, tile: [m.tile[0], m.tile[1]], end: m.end }
          : m.kind === 'draw'
            ? { version: row.version, draw: true }
            : { version: row.version, pass: true };
      try {
        await submitMove(ctx, gameId, mover, req);
        moves += 1;
        continue;
      } catch {
        // A stale copy (the server moved first): look again.
      }
    }
    await ctx.db
      .update(games)
      .set({ dueAt: sql`now() - interval '1 second'`, startsAt: sql`now() - interval '1 second'` })
      .where(eq(games.id, gameId));
    await playDueGame(ctx, gameId, row.version);
  }
  throw new Error(`game ${gameId} did not end`);
}

/** The playing matches of a tournament with their game ids and players (seat order). */
export async function playingMatches(
  db: Db,
  tournamentId: number,
): Promise<{ matchId: number; gameId: string; userIds: number[] }[]> {
  const rows = await db
    .select({ id: tournamentMatches.id, gameId: tournamentMatches.gameId })
    .from(tournamentMatches)
    .where(
      sql`${tournamentMatches.tournamentId} = ${tournamentId} and ${tournamentMatches.status} = 'playing'`,
    );
  const out: { matchId: number; gameId: string; userIds: number[] }[] = [];
  for (const r of rows) {
    if (!r.gameId) continue;
    const res = await db.execute(
      sql`select user_id from game_players where game_id = ${r.gameId} order by seat`,
    );
    const userIds = (res as unknown as { rows: { user_id: unknown }[] }).rows.map((x) =>
      Number(x.user_id),
    );
    out.push({ matchId: r.id, gameId: r.gameId, userIds });
  }
  return out;
}

/** A tournament escrow's balance in céntimos. */
export async function escrowBalance(db: Db, tournamentId: number): Promise<number> {
  const res = await db.execute(
    sql`select coalesce(sum(balance_cents), 0)::bigint as b from accounts where kind = 'tournament_escrow' and ref = ${`tournament:${tournamentId}`}`,
  );
  return Number((res as unknown as { rows: { b: unknown }[] }).rows[0]?.b ?? 0);
}

/** A wallet's balance in céntimos. */
export async function walletCents(db: Db, userId: number): Promise<number> {
  const res = await db.execute(
    sql`select balance_cents from accounts where kind = 'wallet' and owner_user_id = ${userId}`,
  );
  return Number(
    (res as unknown as { rows: { balance_cents: unknown }[] }).rows[0]?.balance_cents ?? 0,
  );
}
