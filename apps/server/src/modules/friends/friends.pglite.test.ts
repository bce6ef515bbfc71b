import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_FRIENDS } from '@domino/contracts';
import type { TestApp } from '../../test/helpers';
import { buildTestApp, newPlayer } from '../../test/helpers';
import { createPrivateTable } from '../../test/private-tables';

/**
 * The friends flows on the embedded database (PGlite), the zero-setup default: the pair lock
 * (an advisory lock on `hashtextextended`), the share lock of an invitation and the list queries
 * run there too. Concurrency and live pushes are proven on PostgreSQL (friends.postgres.test.ts).
 */
describe('friends (PGlite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
  async function player() {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register_api',
      payload: newPlayer(),
    });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ token: string; user: { id: number; username: string } }>();
    return { token: body.token, id: body.user.id, username: body.user.username };
  }

  it('requests, accepts, invites, lists, blocks', async () => {
    const ana = await player();
    const beto = await player();
    expect(
      (await send(ana.token, 'POST', '/api/friends/requests', { username: beto.username })).json(),
    ).toEqual({ status: 'pending', message: MSG_FRIENDS.requestSent });
    // Beto asking back accepts Ana's request.
    expect(
      (await send(beto.token, 'POST', '/api/friends/requests', { username: ana.username })).json(),
    ).toEqual({ status: 'friends', message: MSG_FRIENDS.nowFriends });
    const overview = (await send(ana.token, 'GET', '/api/friends')).json();
    expect(overview.friends).toMatchObject([{ user_id: beto.id, presence: 'offline' }]);

    const table = await createPrivateTable(t.database.db, {
      hostUserId: ana.id,
      seated: [ana.id],
    });
    expect((await send(ana.token, 'GET', '/api/friends')).json().private_table).toMatchObject({
      id: table.id,
    });
    // Nobody has a socket here: Beto is offline for Ana, and Ana (seated) waiting for Beto.
    expect((await send(ana.token, 'GET', '/api/friends')).json().friends[0].presence).toBe(
      'offline',
    );
    expect(
      (
        await send(ana.token, 'POST', '/api/friends/invitations', {
          user_id: beto.id,
          table_id: table.id,
        })
      ).json(),
    ).toMatchObject({ message: MSG_FRIENDS.invited });
    expect((await send(beto.token, 'GET', '/api/friends/invitations')).json()).toMatchObject([
      { table_id: table.id, link: `/invitacion/${table.inviteCode}`, entry_price: 0 },
    ]);
    expect((await send(beto.token, 'GET', '/api/friends')).json().friends[0].presence).toBe(
      'waiting',
    );

    expect((await send(beto.token, 'POST', `/api/friends/blocks/${ana.id}`)).statusCode).toBe(200);
    expect((await send(beto.token, 'GET', '/api/friends/invitations')).json()).toEqual([]);
    const unseen = await send(ana.token, 'POST', '/api/friends/requests', {
      username: beto.username,
    });
    // Ana is not told that Beto blocked her: her request is "sent", as to anyone (decision 048).
    expect(unseen.statusCode).toBe(200);
    expect(unseen.json()).toEqual({ status: 'pending', message: MSG_FRIENDS.requestSent });
    expect((await send(beto.token, 'GET', '/api/friends')).json().incoming).toEqual([]);
  });
});
