import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG_SESSIONS, SESSION_ENDED_CODE } from '@domino/contracts';
import { passwordResetTokens } from '../../db/schema';
import { createTestDatabase, newPlayer, postgresAvailable } from '../../test/helpers';
import type { NodeProcess } from '../../test/nodes';
import { redisAvailable, startNodeProcess } from '../../test/nodes';
import type { TestSocket } from '../../test/sockets';
import {
  EVENT_WAIT_MS,
  ask,
  call,
  eventually,
  openSocket,
  refusedHandshake,
  within,
} from '../../test/sockets';
import { hashToken, newToken } from './tokens';

/**
 * A session ended through one node reaches its sockets on the other (decision 012):
 * two server processes share PostgreSQL and Redis; every socket lives on node B and every request
 * that ends a session goes to node A. Logout, password change, password reset and suspension each
 * drop the right sockets, with the right reason; the sockets of sessions that stay
 * keep working; the ended tokens cannot open a socket on either node. The periodic sweep is off on
 * both nodes, so only the notification through the Redis adapter can do it.
 */
describe('sessions ended through another node', async () => {
  const skip = !(await postgresAvailable()) || !(await redisAvailable());

  it.skipIf(skip)(
    'reach the sockets on the other node, for every way a session ends',
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
        const onB = async (token: string) => {
          const s = await openSocket(b.url, token);
          sockets.push(s);
          return s;
        };
        const admin = (
          await call<{ token: string }>(a.url, 'POST', '/api/login_api', {
            body: { email: 'admin@test.local', password: 'AdminPass123' },
          })
        ).body.token;
        const player = async () => {
          const p = newPlayer();
          const reg = await call<{ token: string; user: { id: number } }>(
            a.url,
            'POST',
            '/api/register_api',
            { body: p },
          );
          expect(reg.status).toBe(201);
          const login = async () =>
            (
              await call<{ token: string }>(a.url, 'POST', '/api/login_api', {
                body: { email: p.email, password: p.password },
              })
            ).body.token;
          return { ...p, token: reg.body.token, id: reg.body.user.id, login };
        };
        const credit = async (userId: number) =>
          expect(
            (
              await call(a.url, 'POST', `/api/admin/users/${userId}/adjustments`, {
                token: admin,
                body: { amount: 100, reason: 'Saldo de prueba' },
              })
            ).status,
          ).toBe(200);
        const balances = (s: TestSocket) => s.received.filter((r) => r.event === 'balance:updated');
        const ended = (reason: keyof typeof MSG_SESSIONS) => ({
          event: { reason, message: MSG_SESSIONS[reason] },
          reason: 'io server disconnect',
        });
        const refusedOnBoth = async (token: string) => {
          for (const node of [a, b])
            expect(await refusedHandshake(node.url, token)).toMatchObject({
              code: SESSION_ENDED_CODE,
            });
        };

        // Logout through A: that session's socket on B ends; another session's stays.
        const p1 = await player();
        const p1Other = await p1.login();
        const loggedOut = await onB(p1.token);
        const kept = await onB(p1Other);
        const game = await call<{ game_id: string }>(a.url, 'POST', '/api/practice-games', {
          token: p1.token,
          body: { difficulty: 'facil' },
        });
        expect(
          await ask(loggedOut.socket, 'game:join', { game_id: game.body.game_id }),
        ).toMatchObject({ ok: true });
        const out = await call(a.url, 'POST', '/api/logout', {
          token: p1.token,
          headers: { 'content-type': 'application/json' },
        });
        expect(out.status).toBe(200);
        expect(await within(EVENT_WAIT_MS, loggedOut.ended)).toEqual(ended('logged_out'));
        await credit(p1.id);
        await eventually(
          'the balance event of the session still open',
          () => balances(kept).length > 0,
          EVENT_WAIT_MS,
        );
        expect(balances(loggedOut)).toEqual([]);
        expect(kept.socket.connected).toBe(true);
        await refusedOnBoth(p1.token);

        // Password change through A: the other sessions' sockets on B end, the changer's stays.
        const p2 = await player();
        const p2Other = await p2.login();
        const changer = await onB(p2.token);
        const elsewhere = await onB(p2Other);
        const changed = await call(a.url, 'POST', '/api/user/password', {
          token: p2.token,
          body: {
            current_password: p2.password,
            password: 'Nueva1234',
            password_confirmation: 'Nueva1234',
          },
        });
        expect(changed.status).toBe(200);
        expect(await within(EVENT_WAIT_MS, elsewhere.ended)).toEqual(ended('password_changed'));
        await credit(p2.id);
        await eventually(
          'the balance event of the session that changed the password',
          () => balances(changer).length > 0,
          EVENT_WAIT_MS,
        );
        expect(changer.socket.connected).toBe(true);
        await refusedOnBoth(p2Other);

        // Password reset through A: every socket of the account on B ends.
        const p3 = await player();
        const resetSockets = [await onB(p3.token), await onB(await p3.login())];
        const link = newToken();
        await database.db.insert(passwordResetTokens).values({
          userId: p3.id,
          tokenHash: hashToken(link),
          expiresAt: sql`now() + interval '1 hour'`,
        });
        const reset = await call(a.url, 'POST', '/api/reset_password', {
          body: { token: link, password: 'Nueva1234', password_confirmation: 'Nueva1234' },
        });
        expect(reset.status).toBe(200);
        for (const s of resetSockets)
          expect(await within(EVENT_WAIT_MS, s.ended)).toEqual(ended('password_reset'));

        // Suspension through A: every socket of the account on B ends with the notice.
        const p4 = await player();
        const suspendedSockets = [await onB(p4.token), await onB(await p4.login())];
        const suspended = await call(a.url, 'POST', `/api/admin/users/${p4.id}/suspend`, {
          token: admin,
          body: { reason: 'Prueba entre nodos' },
        });
        expect(suspended.status).toBe(200);
        for (const s of suspendedSockets)
          expect(await within(EVENT_WAIT_MS, s.ended)).toEqual(ended('suspended'));
        await refusedOnBoth(p4.token);
      } finally {
        for (const s of sockets) s.socket.close();
        await Promise.all(nodes.map((n) => n.stop()));
        await database.close();
      }
    },
  );
});
