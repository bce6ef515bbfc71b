import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_EVENTS,
  MSG_TOURNAMENTS,
  SERVER_EVENTS,
  TOURNAMENT_ROUTES,
  tournamentCallsAckSchema,
  tournamentMatchReadyEventSchema,
  tournamentUpdatedEventSchema,
  type TournamentDetail,
} from '@domino/contracts';
import { tournaments } from '../../db/schema';
import type { RunningServer } from '../../server';
import { startMemoryServer } from '../../test/memory-server';
import { newPlayer } from '../../test/helpers';
import { tournamentRequest } from '../../test/tournaments';
import type { TestSocket } from '../../test/sockets';
import { EVENT_WAIT_MS, ask, call, eventually, openSocket, roundTrip } from '../../test/sockets';

/**
 * The tournament's live channel over real Socket.IO (docs/decisions/028 "API"): anyone may watch
 * a tournament's room and gets `tournament:updated` when the director starts it; each player of a
 * new match gets `tournament:match_ready` with the game path in their own user room, and only
 * they do. Malformed and unknown ids are refused in Spanish.
 */
const ADMIN = { email: 'admin@tourn.local', password: 'AdminPass123' };

describe('tournament sockets (one node)', () => {
  let server: RunningServer;
  let base: string;
  let adminToken: string;
  const opened: TestSocket[] = [];

  beforeAll(async () => {
    ({ server, base } = await startMemoryServer(ADMIN.email, { SESSION_SWEEP_MS: '0' }));
    adminToken = (await call<{ token: string }>(base, 'POST', '/api/login_api', { body: ADMIN }))
      .body.token;
  });
  afterAll(async () => {
    for (const s of opened) s.socket.close();
    await server?.close();
  });

  const open = async (token?: string) => {
    const s = await openSocket(base, token);
    opened.push(s);
    return s;
  };
  async function player() {
    const reg = await call<{ token: string; user: { id: number } }>(
      base,
      'POST',
      '/api/register_api',
      {
        body: newPlayer(),
      },
    );
    expect(reg.status).toBe(201);
    return { token: reg.body.token, id: reg.body.user.id };
  }

  it('pushes the start to watchers and the match to its players only', async () => {
    const created = await call<TournamentDetail>(base, 'POST', TOURNAMENT_ROUTES.staffList, {
      token: adminToken,
      body: tournamentRequest({
        name: 'Relámpago',
        format: 'swiss',
        entry_fee: 0,
        rules: { ...tournamentRequest().rules, mode: 'individual', players: 2 },
        capacity: 2,
        min_entrants: 2,
        swiss_rounds: 1,
      }),
    });
    expect(created.status).toBe(200);
    const id = created.body.id;
    const [ana, luis, other] = [await player(), await player(), await player()];
    for (const p of [ana, luis])
      expect(
        (await call(base, 'POST', TOURNAMENT_ROUTES.register(id), { token: p.token, body: {} }))
          .status,
      ).toBe(200);

    const watcher = await open();
    const bad = await ask(watcher.socket, CLIENT_EVENTS.watchTournament, { tournament_id: '01' });
    expect(bad).toEqual({
      ok: false,
      code: 'tournaments/not_found',
      message: MSG_TOURNAMENTS.notFound,
    });
    const missing = await ask(watcher.socket, CLIENT_EVENTS.watchTournament, {
      tournament_id: 99999,
    });
    expect(missing).toMatchObject({ ok: false, message: MSG_TOURNAMENTS.notFound });
    const ok = await ask(watcher.socket, CLIENT_EVENTS.watchTournament, { tournament_id: id });
    expect(ok).toMatchObject({
      ok: true,
      tournament: { id, status: 'scheduled', registered_players: 2 },
    });

    const [sa, sl, so] = [await open(ana.token), await open(luis.token), await open(other.token)];
    await server.app.deps.database.db
      .update(tournaments)
      .set({ startsAt: new Date(Date.now() - 1000) })
      .where(eq(tournaments.id, id));
    await server.director.tick();

    const updated = tournamentUpdatedEventSchema.parse(
      (
        await eventually(
          'tournament:updated',
          () => watcher.received.find((r) => r.event === SERVER_EVENTS.tournamentUpdated),
          EVENT_WAIT_MS,
        )
      ).payload,
    );
    expect(updated).toMatchObject({ tournament_id: id, status: 'running', current_round: 1 });
    const readyOf = async (s: TestSocket) =>
      tournamentMatchReadyEventSchema.parse(
        (
          await eventually(
            'tournament:match_ready',
            () => s.received.find((r) => r.event === SERVER_EVENTS.tournamentMatchReady),
            EVENT_WAIT_MS,
          )
        ).payload,
      );
    const [ra, rl] = await Promise.all([readyOf(sa), readyOf(sl)]);
    expect(ra.game_id).toBe(rl.game_id);
    expect(ra).toMatchObject({
      tournament_id: id,
      round: 1,
      game_path: `/games/${ra.game_id}`,
      message: MSG_TOURNAMENTS.matchReady('Relámpago', 1),
    });
    // The round's pushes went out at once (one node): a round trip after them, and any to the
    // stranger would be here.
    await roundTrip(so.socket);
    expect(so.received.some((r) => r.event === SERVER_EVENTS.tournamentMatchReady)).toBe(false);
    // A connection that was down when the round started asks for the calls still open (on any
    // node: they are read from the database) and gets the same call; nothing is pushed to it as
    // it connects (decision 079). A stranger's and an anonymous socket's answers are empty.
    const [again, strangerAgain, anonymous] = [
      await open(ana.token),
      await open(other.token),
      await open(),
    ];
    await roundTrip(again.socket);
    expect(again.received.some((r) => r.event === SERVER_EVENTS.tournamentMatchReady)).toBe(false);
    const answer = tournamentCallsAckSchema.parse(
      await ask(again.socket, CLIENT_EVENTS.tournamentCalls, {}),
    );
    expect(answer).toEqual({ ok: true, calls: [ra] });
    expect(await ask(strangerAgain.socket, CLIENT_EVENTS.tournamentCalls, {})).toEqual({
      ok: true,
      calls: [],
    });
    expect(await ask(anonymous.socket, CLIENT_EVENTS.tournamentCalls, {})).toEqual({
      ok: true,
      calls: [],
    });
    // The player's page shows the game to open; a stranger's shows none.
    const mine = await call<TournamentDetail>(base, 'GET', TOURNAMENT_ROUTES.detail(id), {
      token: ana.token,
    });
    expect(mine.body.my_entry?.current_game_id).toBe(ra.game_id);
    const theirs = await call<TournamentDetail>(base, 'GET', TOURNAMENT_ROUTES.detail(id), {
      token: other.token,
    });
    expect(theirs.body.my_entry).toBeNull();
    expect(theirs.body.rounds[0]?.matches[0]?.game_id).toBe(ra.game_id);
  });
});
