import type { AddressInfo } from 'node:net';
import { and, eq, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FRIEND_LIMITS,
  MSG_FRIENDS,
  SERVER_EVENTS,
  friendsOverviewSchema,
  invitationSchema,
} from '@domino/contracts';
import type { FriendsOverview, Invitation } from '@domino/contracts';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { friendships, gameTables, tableInvitations, tableSeats, userBlocks } from '../../db/schema';
import type { RunningServer } from '../../server';
import { startServer } from '../../server';
import { createTestDatabase, newPlayer, postgresAvailable } from '../../test/helpers';
import { createPrivateTable, startMatchRow } from '../../test/private-tables';
import type { TestSocket } from '../../test/sockets';
import { EVENT_WAIT_MS, call, eventually, openSocket, roundTrip } from '../../test/sockets';

/**
 * Friends on real PostgreSQL with real sockets, one node (docs/decisions/024): requests
 * by username and their answers, the races (two players asking each other at once, a block racing
 * a request), blocks both ways, every id checked against the caller, presence (offline, online,
 * waiting, playing) and invitations to private tables pushed live. The two-node version of the
 * invitation is friends.multinode.test.ts.
 */
describe('friends (PostgreSQL, one node)', async () => {
  const skip = !(await postgresAvailable());
  let database: Database & { url?: string };
  let server: RunningServer;
  let base: string;
  const opened: TestSocket[] = [];

  beforeAll(async () => {
    if (skip) return;
    database = await createTestDatabase('postgres');
    server = await startServer(
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        WEB_DIST: '',
        DATABASE_URL: database.url!,
        PORT: '0',
        HOST: '127.0.0.1',
        SWEEPER_INTERVAL_MS: '0',
        SESSION_SWEEP_MS: '0',
        ADMIN_EMAIL: 'admin@friends.local',
        ADMIN_PASSWORD: 'AdminPass123',
        AVAILABILITY_LIMIT_PER_MINUTE: '100000',
      }),
    );
    base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(async () => {
    for (const s of opened) s.socket.close();
    await server?.close();
    await database?.close();
  });

  interface Player {
    id: number;
    token: string;
    username: string;
    name: string;
  }
  let n = 0;
  async function player(): Promise<Player> {
    n += 1;
    const p = newPlayer({ name: `Amigo${n} Pérez` });
    const reg = await call<{ token: string; user: { id: number; username: string } }>(
      base,
      'POST',
      '/api/register_api',
      { body: p },
    );
    expect(reg.status).toBe(201);
    return {
      id: reg.body.user.id,
      token: reg.body.token,
      username: reg.body.user.username,
      name: `Amigo${n} P.`,
    };
  }
  const api = <T = Record<string, unknown>>(
    who: Player | null,
    method: string,
    path: string,
    body?: unknown,
  ) => call<T>(base, method, path, { token: who?.token, body });
  const request = (from: Player, username: string) =>
    api(from, 'POST', '/api/friends/requests', { username });
  const overview = async (who: Player) => {
    const res = await api<FriendsOverview>(who, 'GET', '/api/friends');
    expect(res.status).toBe(200);
    return friendsOverviewSchema.strict().parse(res.body);
  };
  async function friends(a: Player, b: Player) {
    expect((await request(a, b.username)).body).toMatchObject({ status: 'pending' });
    expect((await api(b, 'POST', `/api/friends/requests/${a.id}/accept`)).body).toMatchObject({
      status: 'friends',
    });
  }
  const pairRows = (a: number, b: number) =>
    database.db
      .select()
      .from(friendships)
      .where(
        and(eq(friendships.userLow, Math.min(a, b)), eq(friendships.userHigh, Math.max(a, b))),
      );
  async function socketOf(who: Player) {
    const s = await openSocket(base, who.token);
    opened.push(s);
    return s;
  }
  const eventsOf = (s: TestSocket, name: string) =>
    s.received.filter((r) => r.event === name).map((r) => r.payload);
  function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>) {
    return eventually(what, probe, EVENT_WAIT_MS, 25);
  }

  it.skipIf(skip)('a request by username is accepted; both see each other as friends', async () => {
    const ana = await player();
    const beto = await player();
    const sent = await request(ana, `  @${beto.username.toUpperCase()} `);
    expect(sent).toEqual({
      status: 200,
      body: { status: 'pending', message: MSG_FRIENDS.requestSent },
    });
    expect((await request(ana, beto.username)).body).toEqual({
      status: 'pending',
      message: MSG_FRIENDS.alreadyRequested,
    });
    const anaView = await overview(ana);
    expect(anaView.me.username).toBe(ana.username);
    expect(anaView.outgoing).toMatchObject([
      { user_id: beto.id, name: beto.name, username: beto.username },
    ]);
    const betoView = await overview(beto);
    expect(betoView.incoming).toMatchObject([{ user_id: ana.id, name: ana.name }]);
    expect(betoView.friends).toEqual([]);

    expect((await api(beto, 'POST', `/api/friends/requests/${ana.id}/accept`)).body).toEqual({
      status: 'friends',
      message: MSG_FRIENDS.accepted,
    });
    expect((await api(beto, 'POST', `/api/friends/requests/${ana.id}/accept`)).body).toEqual({
      status: 'friends',
      message: MSG_FRIENDS.alreadyFriends,
    });
    for (const [me, other] of [
      [ana, beto],
      [beto, ana],
    ] as const) {
      const v = await overview(me);
      expect(v.friends).toMatchObject([
        { user_id: other.id, name: other.name, username: other.username, presence: 'offline' },
      ]);
      expect(v.incoming).toEqual([]);
      expect(v.outgoing).toEqual([]);
    }
    expect(await pairRows(ana.id, beto.id)).toHaveLength(1);
    expect((await request(beto, ana.username)).body).toEqual({
      status: 'friends',
      message: MSG_FRIENDS.alreadyFriends,
    });

    // Removing ends it for both.
    expect((await api(ana, 'DELETE', `/api/friends/${beto.id}`)).body).toEqual({
      status: 'none',
      message: MSG_FRIENDS.removed,
    });
    expect((await overview(beto)).friends).toEqual([]);
    expect((await api(ana, 'DELETE', `/api/friends/${beto.id}`)).status).toBe(404);
  });

  it.skipIf(skip)('declines and cancels requests; refuses bad usernames in Spanish', async () => {
    const ana = await player();
    const beto = await player();
    await request(ana, beto.username);
    expect((await api(beto, 'POST', `/api/friends/requests/${ana.id}/decline`)).body).toEqual({
      status: 'none',
      message: MSG_FRIENDS.declined,
    });
    expect(await pairRows(ana.id, beto.id)).toHaveLength(0);
    await request(ana, beto.username);
    expect((await api(ana, 'DELETE', `/api/friends/requests/${beto.id}`)).body).toEqual({
      status: 'none',
      message: MSG_FRIENDS.cancelled,
    });
    expect(await pairRows(ana.id, beto.id)).toHaveLength(0);

    expect(await request(ana, 'nadie.con.este.nombre')).toEqual({
      status: 404,
      body: { code: 'friends/user_not_found', message: MSG_FRIENDS.userNotFound },
    });
    // Staff accounts are not players: the same answer as an unknown name.
    expect((await request(ana, 'admin')).body).toMatchObject({
      code: 'friends/user_not_found',
    });
    expect(await request(ana, ana.username)).toEqual({
      status: 422,
      body: { code: 'friends/self', message: MSG_FRIENDS.self },
    });
    const empty = await api(ana, 'POST', '/api/friends/requests', {});
    expect(empty.status, JSON.stringify(empty.body)).toBe(422);
    expect(empty.body, JSON.stringify(empty.body)).toMatchObject({
      errors: { username: [MSG_FRIENDS.usernameRequired] },
    });
    const bad = await request(ana, 'a b');
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ errors: { username: [MSG_FRIENDS.usernameInvalid] } });
    expect(await api(null, 'GET', '/api/friends')).toMatchObject({ status: 401 });
  });

  it.skipIf(skip)(
    'two players asking each other at once become friends with one row, never two',
    async () => {
      const pairs = await Promise.all(
        Array.from({ length: 8 }, async () => [await player(), await player()] as const),
      );
      const answers = await Promise.all(
        pairs.flatMap(([a, b]) => [request(a, b.username), request(b, a.username)]),
      );
      for (const res of answers) expect(res.status).toBe(200);
      for (const [a, b] of pairs) {
        const rows = await pairRows(a.id, b.id);
        expect(rows).toHaveLength(1);
        expect(rows[0]!.status).toBe('accepted');
      }
      // And the same request five times at once stays one pending row.
      const [c, d] = [await player(), await player()];
      const same = await Promise.all(Array.from({ length: 5 }, () => request(c, d.username)));
      expect(same.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      expect(same.filter((r) => r.body.message === MSG_FRIENDS.requestSent)).toHaveLength(1);
      expect((await pairRows(c.id, d.id)).map((r) => r.status)).toEqual(['pending']);
    },
  );

  it.skipIf(skip)(
    'a block ends the friendship and refuses requests and invitations both ways',
    async () => {
      const ana = await player();
      const beto = await player();
      await friends(ana, beto);
      const table = await createPrivateTable(database.db, {
        hostUserId: beto.id,
        seated: [beto.id],
      });
      await api(beto, 'POST', '/api/friends/invitations', { user_id: ana.id, table_id: table.id });
      expect(await api<Invitation[]>(ana, 'GET', '/api/friends/invitations')).toMatchObject({
        body: [{ table_id: table.id }],
      });

      expect((await api(ana, 'POST', `/api/friends/blocks/${beto.id}`)).body).toEqual({
        status: 'blocked',
        message: MSG_FRIENDS.blockDone,
      });
      expect(await pairRows(ana.id, beto.id)).toHaveLength(0);
      // The pending invitation between them is withdrawn.
      expect((await api(ana, 'GET', '/api/friends/invitations')).body).toEqual([]);
      const blocked = { code: 'friends/blocked', message: MSG_FRIENDS.blocked };
      // The blocker knows their own block; the blocked player is answered exactly as a player who
      // is simply no friend (decision 048): a request is "sent", an invitation "only friends".
      expect(await request(ana, beto.username)).toEqual({ status: 403, body: blocked });
      const cleo = await player();
      const toStranger = await request(beto, cleo.username);
      expect(await request(beto, ana.username)).toEqual(toStranger);
      expect(await request(beto, ana.username)).toEqual(await request(beto, cleo.username));
      expect((await overview(ana)).incoming).toEqual([]);
      const inviteStranger = await api(beto, 'POST', '/api/friends/invitations', {
        user_id: cleo.id,
        table_id: table.id,
      });
      expect(inviteStranger.status).toBe(403);
      expect(
        await api(beto, 'POST', '/api/friends/invitations', {
          user_id: ana.id,
          table_id: table.id,
        }),
      ).toEqual(inviteStranger);
      // A request Beto made while blocked is not Ana's to accept while the block lasts.
      expect((await api(ana, 'POST', `/api/friends/requests/${beto.id}/accept`)).status).toBe(404);
      expect((await overview(ana)).blocked).toMatchObject([{ user_id: beto.id }]);
      // Beto sees nothing of Ana any more (no presence, no request), and no block either.
      const betoView = await overview(beto);
      expect(betoView.friends).toEqual([]);
      expect(betoView.blocked).toEqual([]);

      // Blocking twice is harmless; only the blocker can unblock.
      expect((await api(ana, 'POST', `/api/friends/blocks/${beto.id}`)).status).toBe(200);
      expect((await api(beto, 'DELETE', `/api/friends/blocks/${ana.id}`)).status).toBe(404);
      expect((await api(ana, 'DELETE', `/api/friends/blocks/${beto.id}`)).body).toEqual({
        status: 'none',
        message: MSG_FRIENDS.unblocked,
      });
      expect((await request(beto, ana.username)).body).toMatchObject({ status: 'pending' });
      expect((await api(ana, 'POST', `/api/friends/blocks/${ana.id}`)).status).toBe(422);
      expect((await api(ana, 'POST', '/api/friends/blocks/99999999')).status).toBe(404);
    },
  );

  it.skipIf(skip)(
    'a block racing a request always ends blocked, never with a request the blocker sees',
    async () => {
      const pairs = await Promise.all(
        Array.from({ length: 8 }, async () => [await player(), await player()] as const),
      );
      await Promise.all(
        pairs.flatMap(([a, b]) => [
          api(a, 'POST', `/api/friends/blocks/${b.id}`),
          request(b, a.username),
        ]),
      );
      for (const [a, b] of pairs) {
        // A request that came after the block is kept for the blocked player's sake (they are
        // not told of the block, decision 048) but is no friendship and nothing the blocker sees.
        const rows = await pairRows(a.id, b.id);
        for (const row of rows) expect(row).toMatchObject({ status: 'pending', requestedBy: b.id });
        expect((await overview(a)).incoming).toEqual([]);
        expect((await api(a, 'POST', `/api/friends/requests/${b.id}/accept`)).status).toBe(404);
        const blocks = await database.db
          .select()
          .from(userBlocks)
          .where(and(eq(userBlocks.blockerId, a.id), eq(userBlocks.blockedId, b.id)));
        expect(blocks).toHaveLength(1);
      }
    },
  );

  it.skipIf(skip)('every id is checked against the caller', async () => {
    const ana = await player();
    const beto = await player();
    const eva = await player();
    await request(ana, beto.username);
    // Only the addressee accepts or declines; only the sender cancels.
    for (const [who, method, path] of [
      [eva, 'POST', `/api/friends/requests/${ana.id}/accept`],
      [ana, 'POST', `/api/friends/requests/${beto.id}/accept`],
      [eva, 'POST', `/api/friends/requests/${ana.id}/decline`],
      [ana, 'POST', `/api/friends/requests/${beto.id}/decline`],
      [beto, 'DELETE', `/api/friends/requests/${ana.id}`],
      [eva, 'DELETE', `/api/friends/requests/${beto.id}`],
    ] as const)
      expect(await api(who, method, path)).toEqual({
        status: 404,
        body: { code: 'friends/request_not_found', message: MSG_FRIENDS.requestNotFound },
      });
    expect((await pairRows(ana.id, beto.id)).map((r) => r.status)).toEqual(['pending']);
    expect((await api(eva, 'DELETE', `/api/friends/${ana.id}`)).body).toMatchObject({
      code: 'friends/not_friends',
    });
    for (const path of ['/api/friends/abc', '/api/friends/0', '/api/friends/requests/1e3/accept'])
      expect((await api(ana, path.endsWith('accept') ? 'POST' : 'DELETE', path)).status).toBe(404);

    // Invitations: only to friends, only to a private table the caller sits at or hosts.
    await api(beto, 'POST', `/api/friends/requests/${ana.id}/accept`);
    const own = await createPrivateTable(database.db, { hostUserId: ana.id, seated: [ana.id] });
    const others = await createPrivateTable(database.db, { hostUserId: eva.id, seated: [eva.id] });
    const invite = (who: Player, to: Player, tableId: number) =>
      api(who, 'POST', '/api/friends/invitations', { user_id: to.id, table_id: tableId });
    expect(await invite(ana, eva, own.id)).toEqual({
      status: 403,
      body: { code: 'friends/not_friends', message: MSG_FRIENDS.inviteOnlyFriends },
    });
    expect(await invite(ana, ana, own.id)).toMatchObject({ status: 403 });
    expect(await invite(ana, beto, others.id)).toEqual({
      status: 403,
      body: { code: 'friends/not_at_table', message: MSG_FRIENDS.notAtTable },
    });
    expect((await invite(ana, beto, 99_999_999)).body).toMatchObject({
      code: 'friends/table_not_found',
    });
    expect((await api(ana, 'POST', '/api/friends/invitations', { user_id: 'x' })).status).toBe(422);
    const sent = await invite(ana, beto, own.id);
    expect(sent.status).toBe(200);
    const invitationId = sent.body.invitation_id as number;
    // Only the invitee can decline it.
    for (const who of [ana, eva])
      expect(await api(who, 'POST', `/api/friends/invitations/${invitationId}/decline`)).toEqual({
        status: 404,
        body: { code: 'friends/invitation_not_found', message: MSG_FRIENDS.invitationNotFound },
      });
    expect((await api(eva, 'GET', '/api/friends/invitations')).body).toEqual([]);
    expect(
      (await api(beto, 'POST', `/api/friends/invitations/${invitationId}/decline`)).body,
    ).toEqual({ message: MSG_FRIENDS.invitationDeclined });
    expect((await api(beto, 'GET', '/api/friends/invitations')).body).toEqual([]);
  });

  it.skipIf(skip)('presence: offline, online, waiting, playing, with live hints', async () => {
    const ana = await player();
    const beto = await player();
    await friends(ana, beto);
    const presenceOfBeto = async () =>
      (await overview(ana)).friends.find((f) => f.user_id === beto.id)?.presence;
    expect(await presenceOfBeto()).toBe('offline');

    const anaSocket = await socketOf(ana);
    const betoSocket = await socketOf(beto);
    // Ana's socket hears that a friend's presence changed; the hint carries no name.
    await waitFor('a presence hint', () =>
      eventsOf(anaSocket, SERVER_EVENTS.friendsChanged).find(
        (p) => JSON.stringify(p) === JSON.stringify({ kind: 'presence' }),
      ),
    );
    expect(await presenceOfBeto()).toBe('online');

    // A match running at somebody else's table changes nothing for Beto.
    const elsewhere = await createPrivateTable(database.db, { hostUserId: ana.id });
    await startMatchRow(database.db, elsewhere.id);
    expect(await presenceOfBeto()).toBe('online');
    const table = await createPrivateTable(database.db, { hostUserId: beto.id, seated: [beto.id] });
    expect(await presenceOfBeto()).toBe('waiting');
    await startMatchRow(database.db, table.id);
    expect(await presenceOfBeto()).toBe('playing');
    await database.db.execute(
      sql`update games set status = 'finished' where table_id = ${table.id}`,
    );
    await database.db.delete(tableSeats).where(eq(tableSeats.tableId, table.id));
    expect(await presenceOfBeto()).toBe('online');

    const before = eventsOf(anaSocket, SERVER_EVENTS.friendsChanged).length;
    betoSocket.socket.close();
    await waitFor('the offline hint', () =>
      eventsOf(anaSocket, SERVER_EVENTS.friendsChanged).length > before ? true : undefined,
    );
    expect(
      await waitFor('offline', async () =>
        (await presenceOfBeto()) === 'offline' ? 'offline' : undefined,
      ),
    ).toBe('offline');

    // A player blocked by Ana is not in her list, whatever their presence.
    await socketOf(beto);
    await api(ana, 'POST', `/api/friends/blocks/${beto.id}`);
    expect(await presenceOfBeto()).toBeUndefined();
  });

  it.skipIf(skip)(
    "a blocked player hears nothing of the blocker's presence, even from a socket opened before the block",
    async () => {
      const ana = await player();
      const beto = await player();
      const cleo = await player();
      await friends(ana, beto);
      await friends(ana, cleo);
      const betoSocket = await socketOf(beto);
      const cleoSocket = await socketOf(cleo);
      const hints = (s: TestSocket) => eventsOf(s, SERVER_EVENTS.friendsChanged).length;
      // Ana connects: both friends hear it.
      const anaSocket = await socketOf(ana);
      await waitFor('the hints of the connection', () =>
        hints(betoSocket) > 0 && hints(cleoSocket) > 0 ? true : undefined,
      );
      // Ana blocks Beto while her socket is open, then leaves and comes back.
      await api(ana, 'POST', `/api/friends/blocks/${beto.id}`);
      await waitFor('the block hint', () => (hints(betoSocket) > 1 ? true : undefined));
      const betoBefore = hints(betoSocket);
      const cleoBefore = hints(cleoSocket);
      anaSocket.socket.close();
      await waitFor('Cleo hears Ana leave', () =>
        hints(cleoSocket) > cleoBefore ? true : undefined,
      );
      await socketOf(ana);
      await waitFor('Cleo hears Ana come back', () =>
        hints(cleoSocket) > cleoBefore + 1 ? true : undefined,
      );
      // Beto, whose socket hears every hint sent to his room, heard neither.
      expect(hints(betoSocket)).toBe(betoBefore);
      // And what Beto reads of Ana is what he reads of a player he does not know.
      expect((await overview(beto)).friends).toEqual([]);
    },
  );

  it.skipIf(skip)(
    'an invitation reaches the friend live, lists until declined, and is refused when it cannot be used',
    async () => {
      const host = await player();
      const guest = await player();
      await friends(host, guest);
      const guestSocket = await socketOf(guest);
      const table = await createPrivateTable(database.db, {
        hostUserId: host.id,
        seated: [host.id],
        name: 'Mesa de los panas',
        entryCents: 50_000,
        players: 2,
      });
      expect((await overview(host)).private_table).toEqual({ id: table.id, name: table.name });
      expect((await overview(guest)).private_table).toBeNull();

      const invite = () =>
        api(host, 'POST', '/api/friends/invitations', { user_id: guest.id, table_id: table.id });
      // The invitation also goes out as a Web Push notice (decision 025), once.
      const notices: { userId: number; type: string; url: string }[] = [];
      const push = server.app.deps.push;
      const original = push.notifyUser.bind(push);
      push.notifyUser = (userId, type, message, options) => {
        notices.push({ userId, type, url: message.url });
        original(userId, type, message, options);
      };
      const sent = await invite();
      expect(sent).toMatchObject({ status: 200, body: { message: MSG_FRIENDS.invited } });
      const pushed = await waitFor(
        'the invitation push',
        () => eventsOf(guestSocket, SERVER_EVENTS.invitationReceived)[0],
      );
      const expected: Invitation = {
        id: sent.body.invitation_id as number,
        table_id: table.id,
        table_name: 'Mesa de los panas',
        from_name: host.name,
        host_name: host.name,
        entry_price: 500,
        mode: 'individual',
        players: 2,
        seated: 1,
        link: `/invitacion/${table.inviteCode}`,
        created_at: expect.any(String) as unknown as string,
      };
      // Exactly the schema's keys on the wire: nothing else about the table or anyone's account.
      expect(invitationSchema.strict().parse(pushed)).toEqual(expected);
      expect((await api(guest, 'GET', '/api/friends/invitations')).body).toEqual([expected]);

      // Inviting again is harmless and pushes nothing more.
      expect((await invite()).body).toMatchObject({ message: MSG_FRIENDS.alreadyInvited });
      // An invitation is pushed before its answer: a round trip after it, and it would be here.
      await roundTrip(guestSocket.socket);
      expect(eventsOf(guestSocket, SERVER_EVENTS.invitationReceived)).toHaveLength(1);
      expect(notices).toEqual([
        { userId: guest.id, type: 'invitation', url: `/invitacion/${table.inviteCode}` },
      ]);
      push.notifyUser = original;
      expect(
        await database.db
          .select()
          .from(tableInvitations)
          .where(eq(tableInvitations.toUserId, guest.id)),
      ).toHaveLength(1);

      // Once the guest sits there, or the table fills, closes or expires, it is not listed and
      // no new one can be sent.
      const refusal = async (code: string) => expect((await invite()).body).toMatchObject({ code });
      await database.db
        .insert(tableSeats)
        .values({ tableId: table.id, seat: 1, userId: guest.id, entryCents: 0 });
      expect((await api(guest, 'GET', '/api/friends/invitations')).body).toEqual([]);
      await refusal('friends/friend_seated');
      await database.db
        .delete(tableSeats)
        .where(and(eq(tableSeats.tableId, table.id), eq(tableSeats.userId, guest.id)));
      expect((await api(guest, 'GET', '/api/friends/invitations')).body).toHaveLength(1);
      const other = await player();
      await database.db
        .insert(tableSeats)
        .values({ tableId: table.id, seat: 1, userId: other.id, entryCents: 0 });
      expect((await api(guest, 'GET', '/api/friends/invitations')).body).toEqual([]);
      await refusal('friends/table_full');
      await database.db
        .delete(tableSeats)
        .where(and(eq(tableSeats.tableId, table.id), eq(tableSeats.userId, other.id)));
      await database.db
        .update(gameTables)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(gameTables.id, table.id));
      expect((await api(guest, 'GET', '/api/friends/invitations')).body).toEqual([]);
      await refusal('friends/table_unavailable');
      await database.db
        .update(gameTables)
        .set({ expiresAt: null, status: 'closed', closedReason: 'host' })
        .where(eq(gameTables.id, table.id));
      await refusal('friends/table_unavailable');
      const pub = await createPrivateTable(database.db, {
        hostUserId: host.id,
        visibility: 'public',
      });
      expect(
        (
          await api(host, 'POST', '/api/friends/invitations', {
            user_id: guest.id,
            table_id: pub.id,
          })
        ).body,
      ).toEqual({ code: 'friends/table_not_private', message: MSG_FRIENDS.tableNotPrivate });

      // Removing the friend withdraws what is pending between them.
      const second = await createPrivateTable(database.db, { hostUserId: host.id });
      expect(
        (
          await api(host, 'POST', '/api/friends/invitations', {
            user_id: guest.id,
            table_id: second.id,
          })
        ).status,
      ).toBe(200);
      await api(guest, 'DELETE', `/api/friends/${host.id}`);
      const left = await database.db
        .select({ status: tableInvitations.status })
        .from(tableInvitations)
        .where(
          and(
            eq(tableInvitations.tableId, second.id),
            or(eq(tableInvitations.toUserId, guest.id), eq(tableInvitations.fromUserId, guest.id)),
          ),
        );
      expect(left).toEqual([{ status: 'withdrawn' }]);
    },
  );

  it.skipIf(skip)('friend requests are rate limited per player, in Spanish', async () => {
    const spammer = await player();
    let last = { status: 0, body: {} as Record<string, unknown> };
    for (let i = 0; i <= FRIEND_LIMITS.requestsPerUser; i++)
      last = await request(spammer, `nadie${i}.existe`);
    expect(last).toEqual({
      status: 429,
      body: { code: 'rate/limited', message: MSG_FRIENDS.tooManyRequests },
    });
  });
});
