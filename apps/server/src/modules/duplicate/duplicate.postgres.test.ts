import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DUPLICATE_ROUTES,
  MSG_DUPLICATE,
  duplicateDetailSchema,
  type CreateDuplicateRequest,
  type DuplicateDetail,
} from '@domino/contracts';
import { compareDuplicate, type MatchState } from '@domino/domino';
import { gamePlayers, games, ratingChanges, rowState, users } from '../../db/schema';
import type { TestApp } from '../../test/helpers';
import { buildTestApp, postgresAvailable } from '../../test/helpers';
import { playGame } from '../../test/tournaments';
import type { Player } from '../../test/wallet-helpers';
import { fundedPlayer, loginAdmin, routeCallers } from '../../test/wallet-helpers';
import { gamesContext } from '../games/routes';
import { checkLedger } from '../ledger/ledger';
import { placeOf } from '../places/places';
import { duplicateSets } from './schema';

/**
 * Duplicate sets on real PostgreSQL (docs/decisions/062-duplicate-domino.md): staff open two
 * tables on one commitment with the teams rotated by a seat; the comparison shows a board only
 * once both tables finished it (HTTP); the other table's game is closed to the set's players;
 * nothing moves in the ledger and nothing is rated.
 */
const pg = await postgresAvailable();

describe.skipIf(!pg)('duplicate sets (PostgreSQL)', () => {
  let t: TestApp;
  let admin: string;
  let players: (Player & { name: string; username: string })[];
  const { get, post } = routeCallers(() => t.app);

  beforeAll(async () => {
    t = await buildTestApp('postgres', { HAND_PAUSE_MS: '0' });
    admin = await loginAdmin(t);
    players = [];
    for (let i = 0; i < 9; i++) {
      const p = await fundedPlayer(t, admin, 50);
      const [u] = await t.database.db
        .select({ username: users.username })
        .from(users)
        .where(eq(users.id, p.id));
      players.push({ ...p, username: u?.username ?? '' });
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Team A: players 0,1 (table 1) and 2,3 (table 2); team B: 4,5 (table 1) and 6,7 (table 2). */
  function request(over: Partial<CreateDuplicateRequest> = {}): CreateDuplicateRequest {
    const u = (i: number) => (players[i] as { username: string }).username;
    return {
      name: 'Duplicado de prueba',
      boards: 2,
      teams: {
        x: [
          [u(0), u(1)],
          [u(2), u(3)],
        ],
        y: [
          [u(4), u(5)],
          [u(6), u(7)],
        ],
      },
      ...over,
    };
  }
  const token = (i: number) => (players[i] as Player).token;
  const id = (i: number) => (players[i] as Player).id;

  async function detail(setId: number, who: string): Promise<DuplicateDetail> {
    const res = await get(DUPLICATE_ROUTES.detail(setId), who);
    expect(res.statusCode, res.body).toBe(200);
    // The web's own schema reads the answer (apps/server/src/test/web-contract.test.ts).
    return duplicateDetailSchema.parse(res.json());
  }

  async function stateOf(gameId: string): Promise<MatchState> {
    const [g] = await t.database.db.select().from(games).where(eq(games.id, gameId));
    return rowState(g?.storedState, g?.history) as MatchState;
  }

  it('refuses bad sets in Spanish and players and strangers the staff route', async () => {
    const repeated = request();
    repeated.teams.y[1][0] = repeated.teams.x[0][0];
    const res = await post(DUPLICATE_ROUTES.staffCreate, admin, repeated);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MSG_DUPLICATE.playerRepeated);
    const unknown = request();
    unknown.teams.y[1][1] = 'nadie.existe';
    const res2 = await post(DUPLICATE_ROUTES.staffCreate, admin, unknown);
    expect(res2.statusCode).toBe(422);
    expect(res2.json().message).toBe(MSG_DUPLICATE.playerNotFound('nadie.existe'));
    expect((await post(DUPLICATE_ROUTES.staffCreate, token(0), request())).statusCode).toBe(403);
  });

  it('plays both tables on one commitment, compares only finished boards, moves no money', async () => {
    const db = t.database.db;
    const ledgerBefore = await checkLedger(db);
    const res = await post(DUPLICATE_ROUTES.staffCreate, admin, request());
    expect(res.statusCode, res.body).toBe(200);
    const opened = res.json() as DuplicateDetail;
    const [set] = await db.select().from(duplicateSets).where(eq(duplicateSets.id, opened.id));
    if (!set) throw new Error('no set row');

    // One commitment, the same seeds, the same deal for each seat at both tables.
    const s1 = await stateOf(set.game1Id);
    const s2 = await stateOf(set.game2Id);
    expect(s1.fairness).toEqual(s2.fairness);
    expect(opened.commitment).toBe(s1.fairness.commitment);
    expect(s2.hand.dealt).toEqual(s1.hand.dealt);
    expect(s1.config).toMatchObject({ boards: 2, leadRule: 'rotate' });

    // Seats: team A's first pair at 0/2 of table 1, its second pair at 1/3 of table 2.
    const seatsOf = async (gameId: string) =>
      (
        await db
          .select({ seat: gamePlayers.seat, userId: gamePlayers.userId })
          .from(gamePlayers)
          .where(eq(gamePlayers.gameId, gameId))
      )
        .sort((a, b) => a.seat - b.seat)
        .map((s) => s.userId as number);
    expect(await seatsOf(set.game1Id)).toEqual([id(0), id(4), id(1), id(5)]);
    expect(await seatsOf(set.game2Id)).toEqual([id(6), id(2), id(7), id(3)]);

    // The set holds its players' places (decision 047): each at their own table; a second set
    // naming one of them is refused in Spanish.
    expect(await placeOf(db, id(0))).toMatchObject({ kind: 'table', table_id: set.table1Id });
    expect(await placeOf(db, id(6))).toMatchObject({ kind: 'table', table_id: set.table2Id });
    const busy = request();
    busy.teams.x[0][0] = (players[8] as { username: string }).username;
    busy.teams.y[1][0] = (players[0] as { username: string }).username;
    busy.teams.x[1][0] = (players[6] as { username: string }).username;
    const again = await post(DUPLICATE_ROUTES.staffCreate, admin, busy);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toContain(
      // The first named player who is elsewhere: player 1, seated at table 1.
      MSG_DUPLICATE.playerElsewhere((players[1] as { username: string }).username),
    );

    // The set's pages: players of either table; a stranger gets the missing set's 404.
    const stranger = await get(DUPLICATE_ROUTES.detail(opened.id), token(8));
    const missing = await get(DUPLICATE_ROUTES.detail(opened.id + 1000), token(8));
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual(missing.json());
    expect(stranger.json().message).toBe(MSG_DUPLICATE.notFound);

    // Table 1 plays to its end; table 2 has not finished a board: nothing is compared.
    const ctx = gamesContext(t.app);
    await playGame(ctx, set.game1Id, await seatsOf(set.game1Id));
    // Table 1 ended: its players are free again; table 2's still hold their places.
    expect(await placeOf(db, id(0))).toBeNull();
    expect(await placeOf(db, id(6))).toMatchObject({ kind: 'table', table_id: set.table2Id });
    const early = await detail(opened.id, token(0));
    expect(early.compared).toEqual([]);
    expect(early.tables).toEqual([
      { table: 1, game_path: `/games/${set.game1Id}`, finished: true },
      { table: 2, game_path: null, finished: false },
    ]);
    expect(early.my_team).toBe('x');
    expect((await detail(opened.id, token(6))).compared).toEqual([]);
    // The other table's game is closed to a table-1 player: view, spectate and records.
    for (const path of ['view', 'spectate', 'fairness', 'replay']) {
      const r = await get(`/api/games/${set.game2Id}/${path}`, token(0));
      expect(r.statusCode, `${path}: ${r.body}`).toBeGreaterThanOrEqual(400);
      expect(r.body).not.toContain('"hands"');
    }

    // Table 2 finishes board 1: board 1 is compared, board 2 not yet.
    await playGame(ctx, set.game2Id, await seatsOf(set.game2Id), (s) => s.history.length >= 1);
    const one = await detail(opened.id, token(2));
    expect(one.compared.map((b) => b.board)).toEqual([1]);
    expect(one.status).toBe('playing');

    // Both finished: both boards, the engine's comparison, team B's view the same.
    await playGame(ctx, set.game2Id, await seatsOf(set.game2Id));
    const done = await detail(opened.id, token(5));
    const expected = compareDuplicate(
      (await stateOf(set.game1Id)).history,
      (await stateOf(set.game2Id)).history,
      2,
    );
    expect(done.status).toBe('finished');
    expect(done.compared.map((b) => b.team_x)).toEqual(expected.boards.map((b) => b.teamX));
    expect(done.team_x_total).toBe(expected.teamX);
    expect(done.my_team).toBe('y');
    expect((await stateOf(set.game2Id)).history.map((h) => h.dealt)).toEqual(
      (await stateOf(set.game1Id)).history.map((h) => h.dealt),
    );

    // No money, no rating: the ledger has not moved and still balances.
    for (let i = 0; i < 8; i++) {
      const bal = await routeCallers(() => t.app).balance(token(i));
      expect(bal).toBe(50);
    }
    const ledgerAfter = await checkLedger(db);
    expect(ledgerAfter).toEqual(ledgerBefore);
    const rated = await db
      .select()
      .from(ratingChanges)
      .where(inArray(ratingChanges.gameId, [set.game1Id, set.game2Id]));
    expect(rated).toEqual([]);
  });
});
