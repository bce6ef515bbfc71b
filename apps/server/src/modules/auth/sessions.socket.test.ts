import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GameView } from '@domino/contracts';
import { MSG_SESSIONS, SESSION_ENDED_CODE } from '@domino/contracts';
import { authTokens, games, passwordResetTokens } from '../../db/schema';
import type { RunningServer } from '../../server';
import { startMemoryServer } from '../../test/memory-server';
import { newPlayer } from '../../test/helpers';
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
import type * as Sessions from './sessions';
import { hashToken, newToken } from './tokens';

/**
 * Every way a session ends reaches its open sockets (decision 012), on one node over
 * real Socket.IO connections: logout, password change (the other sessions), password reset,
 * suspension and expiry each push `session:ended {reason, message}` and drop the socket (the
 * periodic sweep is off, so only that push can: the waits are bounds, EVENT_WAIT_MS); nothing is served to it afterwards (no hand, no move, no balance), and its token cannot
 * open a socket again. Attacker cases: a token revoked between the handshake's check and the room
 * join, and a revocation whose notification never arrived. The two-node version is
 * sessions.multinode.test.ts.
 */

// A revocation that commits right after the handshake's token check (the attacker test below):
// the handshake's `authenticate` (sessions.ts `socketSessions`, the port server.ts binds) calls
// the hook once, after reading the token alive.
const hooks = vi.hoisted(() => ({
  afterHandshakeRead: null as null | ((tokenId: number) => Promise<void>),
}));
vi.mock('./sessions', async (importOriginal) => {
  const original = await importOriginal<typeof Sessions>();
  return {
    ...original,
    socketSessions: (...args: Parameters<typeof original.socketSessions>) => {
      const checks = original.socketSessions(...args);
      return {
        ...checks,
        authenticate: async (token: string) => {
          const ctx = await checks.authenticate(token);
          const hook = hooks.afterHandshakeRead;
          if (ctx && hook) {
            hooks.afterHandshakeRead = null;
            await hook(ctx.tokenId);
          }
          return ctx;
        },
      };
    },
  };
});

const ADMIN = { email: 'admin@sessions.local', password: 'AdminPass123' };

function start(sweepMs: number): Promise<{ server: RunningServer; base: string }> {
  return startMemoryServer(ADMIN.email, { SESSION_SWEEP_MS: String(sweepMs) });
}

describe('a session that ends reaches its sockets (one node)', () => {
  let server: RunningServer;
  let base: string;
  let adminToken: string;
  const opened: TestSocket[] = [];

  beforeAll(async () => {
    ({ server, base } = await start(0));
    adminToken = (await call<{ token: string }>(base, 'POST', '/api/login_api', { body: ADMIN }))
      .body.token;
  });
  afterAll(async () => {
    for (const s of opened) s.socket.close();
    await server?.close();
  });

  const db = () => server.app.deps.database.db;
  const open = async (token?: string) => {
    const s = await openSocket(base, token);
    opened.push(s);
    return s;
  };
  async function player() {
    const p = newPlayer();
    const reg = await call<{ token: string; user: { id: number } }>(
      base,
      'POST',
      '/api/register_api',
      {
        body: p,
      },
    );
    expect(reg.status).toBe(201);
    return { token: reg.body.token, id: reg.body.user.id, email: p.email, password: p.password };
  }
  async function login(p: { email: string; password: string }): Promise<string> {
    const res = await call<{ token: string }>(base, 'POST', '/api/login_api', {
      body: { email: p.email, password: p.password },
    });
    expect(res.status).toBe(200);
    return res.body.token;
  }
  async function practiceGame(token: string): Promise<string> {
    const res = await call<{ game_id: string }>(base, 'POST', '/api/practice-games', {
      token,
      body: { difficulty: 'facil' },
    });
    expect(res.status).toBe(201);
    return res.body.game_id;
  }
  async function gameVersion(gameId: string): Promise<number> {
    const [row] = await db()
      .select({ version: games.version })
      .from(games)
      .where(eq(games.id, gameId));
    return row!.version;
  }
  async function credit(userId: number, amount: number) {
    const res = await call(base, 'POST', `/api/admin/users/${userId}/adjustments`, {
      token: adminToken,
      body: { amount, reason: 'Saldo de prueba' },
    });
    expect(res.status).toBe(200);
  }
  const balanceEvents = (s: TestSocket) => s.received.filter((r) => r.event === 'balance:updated');
  const ended = (reason: keyof typeof MSG_SESSIONS) => ({
    event: { reason, message: MSG_SESSIONS[reason] },
    reason: 'io server disconnect',
  });
  /** A move the view allows (its first legal one, or a pass): only its fate matters here. */
  const someMove = (view: GameView) => ({
    game_id: view.game_id,
    version: view.version,
    ...(view.legal_moves[0] ?? { pass: true }),
  });

  it('logs out with the web client’s bodiless JSON request and drops that session’s sockets only', async () => {
    const p = await player();
    const otherSession = await login(p);
    const mine = await open(p.token);
    const other = await open(otherSession);
    const gameId = await practiceGame(p.token);
    const joined = await ask(mine.socket, 'game:join', { game_id: gameId });
    expect(joined).toMatchObject({ ok: true });
    const view = (joined as { view: GameView }).view;
    const version = await gameVersion(gameId);

    // What the web app sends: a JSON content type and no body (it used to get 400).
    const out = await call(base, 'POST', '/api/logout', {
      token: p.token,
      headers: { 'content-type': 'application/json' },
    });
    expect(out).toEqual({ status: 200, body: { message: 'Sesión cerrada correctamente' } });
    expect(await within(EVENT_WAIT_MS, mine.ended)).toEqual(ended('logged_out'));

    // Nothing is served to the ended socket: no move, no hand, no balance.
    expect(await ask(mine.socket, 'game:move', someMove(view), 300)).toBe('no answer');
    expect(await ask(mine.socket, 'game:join', { game_id: gameId }, 300)).toBe('no answer');
    expect(await ask(mine.socket, 'table:watch', { table_id: 1 }, 300)).toBe('no answer');
    await credit(p.id, 100);
    await eventually(
      'the balance event of the session still open',
      () => balanceEvents(other).length > 0,
      EVENT_WAIT_MS,
    );
    expect(balanceEvents(mine)).toEqual([]);
    expect(await gameVersion(gameId)).toBe(version);

    // The old token opens nothing: no socket, no HTTP. A socket that comes after the logout (a
    // page that had just signed in) is told why, like the open ones (migration 0031). The other
    // session is untouched.
    expect(await refusedHandshake(base, p.token)).toEqual({
      code: SESSION_ENDED_CODE,
      reason: 'logged_out',
      message: MSG_SESSIONS.logged_out,
    });
    expect((await call(base, 'GET', '/api/user', { token: p.token })).status).toBe(401);
    expect((await call(base, 'GET', '/api/user', { token: otherSession })).status).toBe(200);
    expect(other.socket.connected).toBe(true);
  });

  it('ends the other sessions’ sockets on a password change and keeps the one that changed it', async () => {
    const p = await player();
    const otherSession = await login(p);
    const mine = await open(p.token);
    const other = await open(otherSession);
    const gameId = await practiceGame(p.token);
    expect(await ask(other.socket, 'game:join', { game_id: gameId })).toMatchObject({ ok: true });

    const res = await call(base, 'POST', '/api/user/password', {
      token: p.token,
      body: {
        current_password: p.password,
        password: 'Nueva1234',
        password_confirmation: 'Nueva1234',
      },
    });
    expect(res.status).toBe(200);
    expect(await within(EVENT_WAIT_MS, other.ended)).toEqual(ended('password_changed'));

    // The session that made the change keeps its socket, its game and its balance events.
    expect(mine.socket.connected).toBe(true);
    expect(await ask(mine.socket, 'game:join', { game_id: gameId })).toMatchObject({ ok: true });
    await credit(p.id, 100);
    await eventually(
      'the balance event of the session that changed the password',
      () => balanceEvents(mine).length > 0,
      EVENT_WAIT_MS,
    );
    expect(balanceEvents(other)).toEqual([]);
    expect(await refusedHandshake(base, otherSession)).toEqual({
      code: SESSION_ENDED_CODE,
      reason: 'password_changed',
      message: MSG_SESSIONS.password_changed,
    });
    expect((await call(base, 'GET', '/api/user', { token: otherSession })).status).toBe(401);
    expect((await call(base, 'GET', '/api/user', { token: p.token })).status).toBe(200);
  });

  it('ends every socket of the account on a password reset by e-mailed link', async () => {
    const p = await player();
    const sockets = [await open(p.token), await open(await login(p))];
    const link = newToken();
    await db()
      .insert(passwordResetTokens)
      .values({
        userId: p.id,
        tokenHash: hashToken(link),
        expiresAt: sql`now() + interval '1 hour'`,
      });
    const res = await call(base, 'POST', '/api/reset_password', {
      body: { token: link, password: 'Nueva1234', password_confirmation: 'Nueva1234' },
    });
    expect(res.status).toBe(200);
    for (const s of sockets)
      expect(await within(EVENT_WAIT_MS, s.ended)).toEqual(ended('password_reset'));
    expect(await refusedHandshake(base, p.token)).toEqual({
      code: SESSION_ENDED_CODE,
      reason: 'password_reset',
      message: MSG_SESSIONS.password_reset,
    });
  });

  it('ends every socket of the account on a suspension, with the suspension notice', async () => {
    const p = await player();
    const sockets = [await open(p.token), await open(await login(p))];
    const res = await call(base, 'POST', `/api/admin/users/${p.id}/suspend`, {
      token: adminToken,
      body: { reason: 'Prueba de sesiones' },
    });
    expect(res.status).toBe(200);
    for (const s of sockets)
      expect(await within(EVENT_WAIT_MS, s.ended)).toEqual(ended('suspended'));
    expect(await refusedHandshake(base, p.token)).toEqual({
      code: SESSION_ENDED_CODE,
      reason: 'suspended',
      message: MSG_SESSIONS.suspended,
    });
  });

  it('ends a socket when its token expires, and an expired token opens no socket', async () => {
    const p = await player();
    const gameId = await practiceGame(p.token);
    const [row] = await db()
      .update(authTokens)
      .set({ expiresAt: sql`now() + interval '1500 milliseconds'` })
      .where(eq(authTokens.tokenHash, hashToken(p.token)))
      .returning({ expiresAt: authTokens.expiresAt });
    const s = await open(p.token);
    expect(await ask(s.socket, 'game:join', { game_id: gameId })).toMatchObject({ ok: true });
    // The sweep is off here: only the guard's timer at the expiry can end it, and never before.
    const end = await within(EVENT_WAIT_MS, s.ended);
    const lateBy = Date.now() - row!.expiresAt.getTime();
    expect(end).toEqual(ended('expired'));
    expect(lateBy).toBeGreaterThanOrEqual(0);
    expect(await refusedHandshake(base, p.token)).toEqual({
      code: SESSION_ENDED_CODE,
      reason: 'expired',
      message: MSG_SESSIONS.expired,
    });
  });

  it('attacker: a token revoked between the handshake’s check and the room join is dropped at once', async () => {
    const p = await player();
    // The revocation commits just after the handshake read the token alive; its broadcast goes
    // out before the socket is in its rooms, so only the guard's own re-check can catch it. The
    // socket sends nothing: the guard must end it by itself.
    hooks.afterHandshakeRead = async (tokenId) => {
      await db()
        .update(authTokens)
        .set({ revokedAt: sql`now()` })
        .where(eq(authTokens.id, tokenId));
    };
    const s = await open(p.token);
    expect(await within(EVENT_WAIT_MS, s.ended)).toEqual(ended('revoked'));
    // A live session of the same account hears the credit: the ended socket, nothing.
    const live = await open(await login(p));
    await credit(p.id, 100);
    await eventually('the balance event of a live session', () => balanceEvents(live).length > 0);
    expect(balanceEvents(s)).toEqual([]);
  });
});

describe('a revocation whose notification never arrived (one node, sweep every 200 ms)', () => {
  let server: RunningServer;
  let base: string;
  const opened: TestSocket[] = [];
  beforeAll(async () => {
    ({ server, base } = await start(200));
  });
  afterAll(async () => {
    for (const s of opened) s.socket.close();
    await server?.close();
  });

  it('attacker: refuses game:join at once and the sweep drops every socket of the dead token', async () => {
    const reg = await call<{ token: string }>(base, 'POST', '/api/register_api', {
      body: newPlayer(),
    });
    const token = reg.body.token;
    const game = await call<{ game_id: string }>(base, 'POST', '/api/practice-games', {
      token,
      body: { difficulty: 'facil' },
    });
    const joiner = await openSocket(base, token);
    const idle = await openSocket(base, token);
    opened.push(joiner, idle);
    // Revoked by hand, as if the node that committed it died before telling anyone.
    await server.app.deps.database.db
      .update(authTokens)
      .set({ revokedAt: sql`now()` })
      .where(eq(authTokens.tokenHash, hashToken(token)));
    // The guard's own check refuses the join; on a loaded machine the 200 ms sweep may end the
    // socket before the join is read, and then nothing answers it. Either way nothing is served.
    const answer = await Promise.race([
      ask(joiner.socket, 'game:join', { game_id: game.body.game_id }, 10_000),
      joiner.ended.then(() => 'ended first' as const),
    ]);
    if (answer !== 'ended first')
      expect(answer).toEqual({
        ok: false,
        code: SESSION_ENDED_CODE,
        message: MSG_SESSIONS.revoked,
      });
    expect(await within(EVENT_WAIT_MS, joiner.ended)).toMatchObject({
      reason: 'io server disconnect',
    });
    expect(joiner.received.map((r) => r.event).filter((e) => e.startsWith('game:'))).toEqual([]);
    const idleEnd = await within(EVENT_WAIT_MS, idle.ended);
    expect(idleEnd.event).toEqual({ reason: 'revoked', message: MSG_SESSIONS.revoked });
  });
});
