import { describe, expect, it } from 'vitest';
import { SERVER_EVENTS, invitationSchema } from '@domino/contracts';
import type { FriendsOverview } from '@domino/contracts';
import { createTestDatabase, newPlayer, postgresAvailable } from '../../test/helpers';
import type { NodeProcess } from '../../test/nodes';
import { redisAvailable, startNodeProcess } from '../../test/nodes';
import { createPrivateTable } from '../../test/private-tables';
import type { TestSocket } from '../../test/sockets';
import { call, eventually, openSocket } from '../../test/sockets';

/**
 * Friends across two server processes sharing PostgreSQL and Redis (decision 024: "an
 * invitation arrives on a friend connected to another node"). The guest's
 * socket lives on node B; every request goes to node A. The invitation sent through A arrives on
 * the guest's socket on B, with the table, host, price and link; the host's
 * friends page, served by A, sees the guest online through B (fetchSockets over the adapter), and
 * offline once the socket closes. The session sweep is off, so only the adapter can carry it.
 */
describe('friends across nodes', async () => {
  const skip = !(await postgresAvailable()) || !(await redisAvailable());

  it.skipIf(skip)(
    'an invitation sent through node A reaches the friend connected to node B',
    { timeout: 120_000 },
    async () => {
      const database = await createTestDatabase('postgres');
      const nodes: NodeProcess[] = [];
      const sockets: TestSocket[] = [];
      try {
        const env = { SESSION_SWEEP_MS: '0', SWEEPER_INTERVAL_MS: '0' };
        nodes.push(await startNodeProcess(database.url!, env));
        nodes.push(await startNodeProcess(database.url!, env));
        const [a, b] = nodes as [NodeProcess, NodeProcess];
        const player = async (name: string) => {
          const reg = await call<{ token: string; user: { id: number; username: string } }>(
            a.url,
            'POST',
            '/api/register_api',
            { body: newPlayer({ name }) },
          );
          expect(reg.status).toBe(201);
          return { token: reg.body.token, id: reg.body.user.id, username: reg.body.user.username };
        };
        const host = await player('Carolina Rangel');
        const guest = await player('Daniel Suárez');

        // They become friends through node A.
        expect(
          (
            await call(a.url, 'POST', '/api/friends/requests', {
              token: host.token,
              body: { username: guest.username },
            })
          ).body,
        ).toMatchObject({ status: 'pending' });
        expect(
          (
            await call(a.url, 'POST', `/api/friends/requests/${host.id}/accept`, {
              token: guest.token,
            })
          ).body,
        ).toMatchObject({ status: 'friends' });

        const guestOnB = await openSocket(b.url, guest.token);
        sockets.push(guestOnB);
        const presence = async () =>
          (
            await call<FriendsOverview>(a.url, 'GET', '/api/friends', { token: host.token })
          ).body.friends.find((f) => f.user_id === guest.id)?.presence;
        // Node A sees the socket that lives on node B.
        expect(await presence()).toBe('online');

        const table = await createPrivateTable(database.db, {
          hostUserId: host.id,
          seated: [host.id],
          name: 'Mesa de Carolina',
          entryCents: 100_000,
        });
        const sent = await call<{ invitation_id: number }>(
          a.url,
          'POST',
          '/api/friends/invitations',
          { token: host.token, body: { user_id: guest.id, table_id: table.id } },
        );
        expect(sent.status).toBe(200);
        const payload = await eventually(
          'the invitation on node B',
          () => guestOnB.received.find((r) => r.event === SERVER_EVENTS.invitationReceived),
          10_000,
          10,
        ).then((got) => got.payload);
        expect(invitationSchema.strict().parse(payload)).toMatchObject({
          id: sent.body.invitation_id,
          table_id: table.id,
          table_name: 'Mesa de Carolina',
          host_name: 'Carolina R.',
          from_name: 'Carolina R.',
          entry_price: 1000,
          mode: 'parejas',
          players: 4,
          seated: 1,
          link: `/invitacion/${table.inviteCode}`,
        });
        // A reload on node B still lists it.
        expect(
          (await call<unknown[]>(b.url, 'GET', '/api/friends/invitations', { token: guest.token }))
            .body,
        ).toMatchObject([{ id: sent.body.invitation_id }]);

        guestOnB.socket.close();
        await eventually(
          'offline on node A',
          async () => (await presence()) === 'offline',
          10_000,
          50,
        );
      } finally {
        for (const s of sockets) s.socket.close();
        await Promise.all(nodes.map((n) => n.stop()));
        await database.close();
      }
    },
  );
});
