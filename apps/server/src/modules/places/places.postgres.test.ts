import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_RULES,
  PLACE_ELSEWHERE,
  QUICK_PLACE_NAME,
  placeConflictSchema,
} from '@domino/contracts';
import {
  accounts,
  authTokens,
  gameTables,
  games,
  ledgerTransactions,
  playerPlaces,
  quickPlayQueue,
  tableSeats,
  tournamentEntrants,
  tournamentEntries,
  tournaments,
} from '../../db/schema';
import { pgConstraint } from '../../db/client';
import type { TestApp } from '../../test/helpers';
import { postgresAvailable } from '../../test/helpers';
import { createPrivateTable } from '../../test/private-tables';
import {
  escrowBalance,
  makePlayers,
  startNow,
  tournamentRequest,
  tournamentSuite,
  walletCents,
} from '../../test/tournaments';
import { auth } from '../../test/wallet-helpers';
import { hashToken, newToken } from '../auth/tokens';
import { checkLedger } from '../ledger/ledger';
import { createTournament, register } from '../tournaments/service';
import type { TournamentDirector } from '../tournaments/director';
import { newInviteCode } from '../tables/private';
import { isPlaceClaimConflict } from './places';

/**
 * One player, one place at a time, on real PostgreSQL (docs/decisions/047-one-place-at-a-time.md):
 * each pair of paths that places a player runs at the same moment for the same player, many times
 * over. Afterwards the player is in exactly one place, the refused path answered 409
 * `place/elsewhere` naming that place, nothing the refused path would have charged stays charged
 * (wallet + what the player's place holds = what they were given), every table's escrow equals
 * its seats' entries, and the ledger balances.
 */
describe('one place at a time on postgres', async () => {
  const skip = !(await postgresAvailable());
  let t: TestApp;
  let staffId: number;
  let director: TournamentDirector;
  const ROUNDS = 12;
  /** A race test runs ROUNDS rounds of real transactions: minutes on a busy machine. */
  const RACE_MS = 300_000;
  const FUNDS = 1000_00;
  const ENTRY = 500;
  const ENTRY_CENTS = 500_00;

  beforeAll(async () => {
    if (skip) return;
    ({ t, director, staffId } = await tournamentSuite());
  });
  afterAll(async () => {
    if (!skip) await t.close();
  });

  const db = () => t.database.db;

  /** `n` funded players (FUNDS céntimos) with a session each, made straight in the database. */
  async function players(n: number): Promise<{ id: number; token: string }[]> {
    const ids = await makePlayers(db(), n, FUNDS);
    return Promise.all(
      ids.map(async (id) => {
        const token = newToken();
        await db()
          .insert(authTokens)
          .values({
            userId: id,
            tokenHash: hashToken(token),
            remember: false,
            expiresAt: new Date(Date.now() + 3_600_000),
          });
        return { id, token };
      }),
    );
  }

  const post = (token: string, url: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, headers: auth(token), payload });

  /** A table to join: public (by id) or private (by code), `players` seats, entry ENTRY. */
  async function table(spec: { private?: boolean; players?: 2 | 4 } = {}) {
    const made = await createPrivateTable(db(), {
      hostUserId: staffId,
      visibility: spec.private ? 'private' : 'public',
      players: spec.players ?? 4,
      entryCents: ENTRY_CENTS,
    });
    if (!spec.private) return made;
    // A code players could type (the route accepts only the invitation alphabet).
    const inviteCode = newInviteCode();
    await db().update(gameTables).set({ inviteCode }).where(eq(gameTables.id, made.id));
    return { ...made, inviteCode };
  }

  /** Where `userId` is, counted from the rows that place a player (not from player_places). */
  async function placesOf(userId: number) {
    const seats = await db().select().from(tableSeats).where(eq(tableSeats.userId, userId));
    const waiting = await db()
      .select()
      .from(quickPlayQueue)
      .where(and(eq(quickPlayQueue.userId, userId), eq(quickPlayQueue.status, 'waiting')));
    const inTournament = await db()
      .select({ id: tournamentEntrants.tournamentId })
      .from(tournamentEntrants)
      .innerJoin(tournaments, eq(tournaments.id, tournamentEntrants.tournamentId))
      .where(
        and(
          eq(tournaments.status, 'running'),
          eq(tournamentEntrants.eliminated, false),
          sql`${userId} in (${tournamentEntrants.player1Id}, ${tournamentEntrants.player2Id})`,
        ),
      );
    return {
      seats,
      waiting,
      inTournament,
      count: seats.length + waiting.length + inTournament.length,
    };
  }

  /** What the player's place holds of their money: seats' entries and tournament entries. */
  async function heldCents(userId: number) {
    const seats = await db().select().from(tableSeats).where(eq(tableSeats.userId, userId));
    const entries = await db()
      .select({ paid: tournamentEntries.paidCents })
      .from(tournamentEntries)
      .where(and(eq(tournamentEntries.userId, userId), eq(tournamentEntries.status, 'registered')));
    return seats.reduce((s, x) => s + x.entryCents, 0) + entries.reduce((s, x) => s + x.paid, 0);
  }

  /** Each table's round escrow holds exactly its seats' entries (decision 010). */
  async function expectEscrowsExact(tableIds: number[]) {
    for (const id of tableIds) {
      const [row] = await db().select().from(gameTables).where(eq(gameTables.id, id));
      const [escrow] = await db()
        .select({ balance: accounts.balanceCents })
        .from(accounts)
        .where(
          and(eq(accounts.kind, 'table_escrow'), eq(accounts.ref, `table:${id}:${row!.round}`)),
        );
      const seats = await db().select().from(tableSeats).where(eq(tableSeats.tableId, id));
      expect(escrow?.balance ?? 0, `escrow of table ${id}`).toBe(
        seats.reduce((s, x) => s + x.entryCents, 0),
      );
    }
  }

  /** The player is in exactly one place, the database's record agrees, the money is conserved. */
  async function expectOnePlace(userId: number, tableIds: number[]) {
    const where = await placesOf(userId);
    expect(where.count, `user ${userId} places`).toBe(1);
    const [recorded] = await db()
      .select()
      .from(playerPlaces)
      .where(eq(playerPlaces.userId, userId));
    if (where.seats[0])
      expect(recorded).toMatchObject({ kind: 'table', tableId: where.seats[0].tableId });
    else if (where.waiting[0])
      expect(recorded).toMatchObject({ kind: 'quick', queueEntryId: where.waiting[0].id });
    else
      expect(recorded).toMatchObject({
        kind: 'tournament',
        tournamentId: where.inTournament[0]!.id,
      });
    expect((await walletCents(db(), userId)) + (await heldCents(userId))).toBe(FUNDS);
    await expectEscrowsExact(tableIds);
    expect((await checkLedger(db())).ok).toBe(true);
  }

  /** One 200 and one 409 `place/elsewhere` naming the winner's place (never both, never neither). */
  function expectOneWinner(
    results: { statusCode: number; json: () => unknown; body: string }[],
    winnerPlace: (winner: number) => object,
  ) {
    const codes = results.map((r) => r.statusCode);
    expect(codes.sort(), results.map((r) => r.body).join(' | ')).toEqual([200, 409]);
    const winner = results.findIndex((r) => r.statusCode === 200);
    const refused = placeConflictSchema.parse(results[1 - winner]!.json());
    expect(refused.code).toBe(PLACE_ELSEWHERE);
    expect(refused.place).toMatchObject(winnerPlace(winner));
    return winner;
  }

  const quick = (token: string) =>
    post(token, '/api/quick-play', { mode: 'individual', entry_price: ENTRY });
  const join = (token: string, tableId: number) =>
    post(token, `/api/tables/${tableId}/join`, { entry_price: ENTRY });

  /** Ends a player's search or seat after a round, so the next round starts from nobody waiting. */
  async function leaveAll(p: { id: number; token: string }) {
    await t.app.inject({ method: 'DELETE', url: '/api/quick-play', headers: auth(p.token) });
    for (const s of await db().select().from(tableSeats).where(eq(tableSeats.userId, p.id)))
      await post(p.token, `/api/tables/${s.tableId}/leave`);
  }

  it.skipIf(skip)(
    'quick-play search against a table join: one place, one charge at most',
    async () => {
      for (let i = 0; i < ROUNDS; i++) {
        const [p] = await players(1);
        const tb = await table();
        const results = await Promise.all([quick(p!.token), join(p!.token, tb.id)]);
        const winner = expectOneWinner(results, (w) =>
          w === 0
            ? { kind: 'quick', name: QUICK_PLACE_NAME }
            : { kind: 'table', table_id: tb.id, playing: false },
        );
        await expectOnePlace(p!.id, [tb.id]);
        const charges = await db()
          .select()
          .from(ledgerTransactions)
          .where(
            and(
              eq(ledgerTransactions.kind, 'entry_fee'),
              eq(ledgerTransactions.actorUserId, p!.id),
            ),
          );
        expect(charges.length).toBe(winner === 1 ? 1 : 0);
        await leaveAll(p!);
      }
    },
    RACE_MS,
  );

  it.skipIf(skip)(
    'a public table join against a private table join',
    async () => {
      for (let i = 0; i < ROUNDS; i++) {
        const [p] = await players(1);
        const pub = await table();
        const priv = await table({ private: true });
        const results = await Promise.all([
          join(p!.token, pub.id),
          post(p!.token, `/api/private-tables/${priv.inviteCode}/join`, { entry_price: ENTRY }),
        ]);
        expectOneWinner(results, (w) => ({ kind: 'table', table_id: w === 0 ? pub.id : priv.id }));
        await expectOnePlace(p!.id, [pub.id, priv.id]);
        await leaveAll(p!);
      }
    },
    RACE_MS,
  );

  it.skipIf(skip)(
    'two table joins on different tables',
    async () => {
      for (let i = 0; i < ROUNDS; i++) {
        const [p] = await players(1);
        const a = await table();
        const b = await table({ players: 2 });
        const results = await Promise.all([join(p!.token, a.id), join(p!.token, b.id)]);
        expectOneWinner(results, (w) => ({ kind: 'table', table_id: w === 0 ? a.id : b.id }));
        await expectOnePlace(p!.id, [a.id, b.id]);
        await leaveAll(p!);
      }
    },
    RACE_MS,
  );

  it.skipIf(skip)(
    'a rematch against a quick-play search',
    async () => {
      for (let i = 0; i < ROUNDS; i++) {
        const [p, other] = await players(2);
        // A private table whose match was just played: its rematch window is open for both.
        const tb = await table({ private: true, players: 2 });
        await db()
          .update(gameTables)
          .set({
            round: 2,
            rematchUntil: new Date(Date.now() + 120_000),
            rematchSeats: [
              { seat: 0, user_id: p!.id },
              { seat: 1, user_id: other!.id },
            ],
          })
          .where(eq(gameTables.id, tb.id));
        const results = await Promise.all([
          post(p!.token, `/api/tables/${tb.id}/rematch`, { entry_price: ENTRY }),
          quick(p!.token),
        ]);
        expectOneWinner(results, (w) =>
          w === 0 ? { kind: 'table', table_id: tb.id } : { kind: 'quick' },
        );
        await expectOnePlace(p!.id, [tb.id]);
        await leaveAll(p!);
      }
    },
    RACE_MS,
  );

  it.skipIf(skip)(
    'a tournament start against a table join: in the tournament, or withdrawn and refunded when playing elsewhere',
    async () => {
      const startedAfter = { waitingSeat: 0, refused: 0, withdrawn: 0 };
      for (let i = 0; i < ROUNDS; i++) {
        const [p, rival, opponent] = await players(3);
        const id = await createTournament(
          db(),
          staffId,
          tournamentRequest({
            format: 'swiss',
            rules: { ...DEFAULT_RULES, mode: 'individual', players: 2, target_points: 100 },
            capacity: 4,
            min_entrants: 2,
            swiss_rounds: 1,
          }),
        );
        await register(db(), id, p!.id, undefined);
        await register(db(), id, rival!.id, undefined);
        const paid = await escrowBalance(db(), id);
        await startNow(db(), id);
        // Odd rounds: a 2-seat table where an opponent waits, so a join that comes first starts a
        // match there; even rounds: a 4-seat table, where the seat only waits.
        const busyTable = i % 2 === 1;
        const tb = busyTable ? await table({ players: 2 }) : await table({ players: 4 });
        if (busyTable) expect((await join(opponent!.token, tb.id)).statusCode).toBe(200);
        const [joined] = await Promise.all([join(p!.token, tb.id), director.work(id)]);
        const [row] = await db().select().from(tournaments).where(eq(tournaments.id, id));
        const where = await placesOf(p!.id);
        if (joined.statusCode === 409) {
          // The tournament took the player first: refused, naming it, nothing charged.
          const body = placeConflictSchema.parse(joined.json());
          expect(body.place).toMatchObject({ kind: 'tournament', tournament_id: id });
          expect(row?.status).toBe('running');
          startedAfter.refused += 1;
        } else {
          expect(joined.statusCode, joined.body).toBe(200);
          const live = await db()
            .select()
            .from(games)
            .where(and(eq(games.tableId, tb.id), eq(games.status, 'playing')));
          if (live.length > 0) {
            // Playing elsewhere when the tournament started: withdrawn, entry refunded; the
            // rival alone is short of the minimum, so the tournament is cancelled.
            expect(where.seats.map((s) => s.tableId)).toEqual([tb.id]);
            expect(row?.status).toBe('cancelled');
            const [entry] = await db()
              .select()
              .from(tournamentEntries)
              .where(
                and(eq(tournamentEntries.tournamentId, id), eq(tournamentEntries.userId, p!.id)),
              );
            expect(entry?.status).toBe('refunded');
            startedAfter.withdrawn += 1;
          } else {
            // Seated at a waiting table when it started: the seat was refunded, the player plays.
            expect(row?.status).toBe('running');
            expect(where.seats).toEqual([]);
            startedAfter.waitingSeat += 1;
          }
        }
        await expectOnePlace(p!.id, [tb.id]);
        expect(await escrowBalance(db(), id)).toBe(row?.status === 'running' ? paid : 0);
      }
      // Both orders happened (the race is real), and each outcome kept the rule.
      expect(startedAfter.refused + startedAfter.waitingSeat + startedAfter.withdrawn).toBe(ROUNDS);
    },
    RACE_MS,
  );

  it.skipIf(skip)('the database itself refuses a second place, whatever the path', async () => {
    const [p] = await players(1);
    const a = await table();
    const b = await table();
    await db().insert(tableSeats).values({ tableId: a.id, seat: 0, userId: p!.id, entryCents: 0 });
    // A waiting quick-play entry written straight to the table: the trigger refuses it.
    const refused = await db()
      .insert(quickPlayQueue)
      .values({ userId: p!.id, mode: 'individual', entryCents: ENTRY_CENTS, rating: 1500 })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(isPlaceClaimConflict(refused)).toBe(true);
    expect(pgConstraint(refused)).toBe('player_places_pkey');
    // Leaving frees the place; the next seat claims it.
    await db().delete(tableSeats).where(eq(tableSeats.userId, p!.id));
    expect(await db().select().from(playerPlaces).where(eq(playerPlaces.userId, p!.id))).toEqual(
      [],
    );
    await db().insert(tableSeats).values({ tableId: b.id, seat: 0, userId: p!.id, entryCents: 0 });
    const [place] = await db()
      .select()
      .from(playerPlaces)
      .where(inArray(playerPlaces.userId, [p!.id]));
    expect(place).toMatchObject({ kind: 'table', tableId: b.id });
    await db().delete(tableSeats).where(eq(tableSeats.userId, p!.id));
  });
});
