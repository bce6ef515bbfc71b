import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Socket } from 'socket.io';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG_SESSIONS, SESSION_ENDED_CODE, SESSION_ENDED_EVENT } from '@domino/contracts';
import { authTokens, users } from '../../db/schema';
import type { TestApp } from '../../test/helpers';
import { buildTestApp, newPlayer } from '../../test/helpers';
import { socketSessions } from '../auth/sessions';
import { MAX_TIMER_MS, SessionGuard } from './session-guard';
import { eventually } from '../../test/sockets';

/**
 * The SessionGuard on its own (decision 012), with a stand-in socket so that time can be faked:
 * the chained expiry timer of a 30-day token, the refusal of an event that arrives after expiry
 * but before the timer ran, and the database checks behind `verify` and the sweep.
 */

type Middleware = (packet: unknown[], next: (err?: Error) => void) => void;

/** Just what the guard uses of a Socket.IO socket, recording what the server would send. */
class FakeSocket {
  readonly id = randomUUID();
  connected = true;
  readonly rooms = new Set<string>();
  readonly sent: { event: string; payload: unknown }[] = [];
  disconnects = 0;
  private readonly middlewares: Middleware[] = [];
  private readonly handlers = new Map<string, (() => void)[]>();

  join(room: string) {
    this.rooms.add(room);
  }
  use(fn: Middleware) {
    this.middlewares.push(fn);
  }
  on(event: string, fn: () => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), fn]);
  }
  emit(event: string, payload: unknown) {
    if (this.connected) this.sent.push({ event, payload });
    return true;
  }
  disconnect() {
    if (!this.connected) return;
    this.connected = false;
    this.disconnects += 1;
    for (const fn of this.handlers.get('disconnect') ?? []) fn();
  }
  /** Runs an incoming packet through the middlewares: true when a handler would be called. */
  dispatch(packet: unknown[]): boolean {
    let i = 0;
    let served = false;
    const next = () => {
      const fn = this.middlewares[i++];
      if (!fn) served = true;
      else fn(packet, next);
    };
    next();
    return served;
  }
  asSocket(): Socket {
    return this as unknown as Socket;
  }
}

describe('the session guard of a socket', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  async function session() {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register_api',
      payload: newPlayer(),
    });
    const body = res.json();
    const [row] = await t.database.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.userId, body.user.id));
    return { token: body.token as string, userId: body.user.id as number, tokenId: row!.id };
  }

  const noErrors = (err: unknown) => {
    throw err;
  };

  it('joins the user and session rooms and serves events while the session lives', async () => {
    const s = await session();
    const guard = new SessionGuard(socketSessions(t.database.db), 0, noErrors);
    const socket = new FakeSocket();
    const live = guard.attach(socket.asSocket(), {
      userId: s.userId,
      tokenId: s.tokenId,
      expiresAt: Date.now() + 60_000,
    });
    expect([...socket.rooms].sort()).toEqual([`session:${s.tokenId}`, `user:${s.userId}`]);
    expect(socket.dispatch(['game:move', {}, () => undefined])).toBe(true);
    expect(await live.verify()).toBeNull();
    expect(live.isOver()).toBe(false);
    expect(guard.size).toBe(1);
    socket.disconnect();
    expect(guard.size).toBe(0);
  });

  it('ends a 30-day session at its expiry, not when setTimeout would overflow', async () => {
    const s = await session();
    vi.useFakeTimers({
      now: new Date('2026-11-23T12:00:00Z'),
      toFake: ['setTimeout', 'clearTimeout', 'Date'],
    });
    const guard = new SessionGuard(socketSessions(t.database.db), 0, noErrors);
    const socket = new FakeSocket();
    const thirtyDays = 30 * 86_400_000;
    expect(thirtyDays).toBeGreaterThan(MAX_TIMER_MS);
    guard.attach(socket.asSocket(), { ...s, expiresAt: Date.now() + thirtyDays });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(socket.connected).toBe(true);
    await vi.advanceTimersByTimeAsync(thirtyDays - 2_000);
    expect(socket.connected).toBe(true);
    expect(socket.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(socket.connected).toBe(false);
    expect(socket.sent).toEqual([
      { event: SESSION_ENDED_EVENT, payload: { reason: 'expired', message: MSG_SESSIONS.expired } },
    ]);
  });

  it('refuses an event that arrives after expiry even before the timer ran, with a Spanish ack', async () => {
    const s = await session();
    vi.useFakeTimers({
      now: new Date('2026-11-23T12:00:00Z'),
      toFake: ['setTimeout', 'clearTimeout', 'Date'],
    });
    const guard = new SessionGuard(socketSessions(t.database.db), 0, noErrors);
    const socket = new FakeSocket();
    guard.attach(socket.asSocket(), { ...s, expiresAt: Date.now() + 10_000 });
    // The clock passes the expiry; no timer has run yet.
    vi.setSystemTime(Date.now() + 10_001);
    const ack = vi.fn();
    expect(socket.dispatch(['game:join', { game_id: 'x' }, ack])).toBe(false);
    expect(ack).toHaveBeenCalledWith({
      ok: false,
      code: SESSION_ENDED_CODE,
      message: MSG_SESSIONS.expired,
    });
    expect(socket.sent.map((m) => m.event)).toEqual([SESSION_ENDED_EVENT]);
    expect(socket.connected).toBe(false);
    // Without an ack the event is dropped all the same.
    expect(socket.dispatch(['table:watch', { table_id: 1 }])).toBe(false);
  });

  it('tells revoked, expired and suspended sessions apart when it reads them in the database', async () => {
    const revoked = await session();
    const expired = await session();
    const suspended = await session();
    const live = await session();
    const db = t.database.db;
    await db
      .update(authTokens)
      .set({ revokedAt: sql`now()` })
      .where(eq(authTokens.id, revoked.tokenId));
    await db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authTokens.id, expired.tokenId));
    await db.update(users).set({ status: 'suspendido' }).where(eq(users.id, suspended.userId));

    const guard = new SessionGuard(socketSessions(db), 0, noErrors);
    const sockets = [revoked, expired, suspended, live].map((s) => {
      const socket = new FakeSocket();
      // The handshake read them alive; the database has moved on since.
      const session = guard.attach(socket.asSocket(), {
        userId: s.userId,
        tokenId: s.tokenId,
        expiresAt: Date.now() + 60_000,
      });
      return { socket, session };
    });
    expect(await Promise.all(sockets.map((x) => x.session.verify()))).toEqual([
      'revoked',
      'expired',
      'suspended',
      null,
    ]);
  });

  it('sweeps its sockets in one pass and ends those whose session is over', async () => {
    const a = await session();
    const b = await session();
    const checks = socketSessions(t.database.db);
    let answered = 0;
    const counted = {
      ...checks,
      endedSessions: (ids: readonly number[]) =>
        checks.endedSessions(ids).finally(() => (answered += 1)),
    };
    const guard = new SessionGuard(counted, 0, noErrors);
    const sa = new FakeSocket();
    const sb = new FakeSocket();
    guard.attach(sa.asSocket(), { ...a, expiresAt: Date.now() + 60_000 });
    guard.attach(sb.asSocket(), { ...b, expiresAt: Date.now() + 60_000 });
    // The re-check each socket makes after joining its rooms is answered first (both in one
    // query: they were asked in the same turn of the event loop, decision 067 addendum).
    await eventually('both re-checks answered', () => answered >= 1);
    expect(sa.connected && sb.connected).toBe(true);
    // Revoked by hand: no notification reaches anyone; the sweep must notice.
    await t.database.db
      .update(authTokens)
      .set({ revokedAt: sql`now()` })
      .where(eq(authTokens.id, a.tokenId));
    expect(await guard.sweep()).toBe(1);
    expect(sa.connected).toBe(false);
    expect(sa.sent).toEqual([
      { event: SESSION_ENDED_EVENT, payload: { reason: 'revoked', message: MSG_SESSIONS.revoked } },
    ]);
    expect(sb.connected).toBe(true);
    expect(guard.size).toBe(1);
  });

  it('ends at once a socket whose token was revoked between the handshake and the room join', async () => {
    const s = await session();
    await t.database.db
      .update(authTokens)
      .set({ revokedAt: sql`now()` })
      .where(eq(authTokens.id, s.tokenId));
    const guard = new SessionGuard(socketSessions(t.database.db), 0, noErrors);
    const socket = new FakeSocket();
    guard.attach(socket.asSocket(), { ...s, expiresAt: Date.now() + 60_000 });
    await vi.waitFor(() => expect(socket.connected).toBe(false));
    expect(socket.sent.map((m) => m.event)).toEqual([SESSION_ENDED_EVENT]);
  });

  it('re-checks many sockets attached at once in one query, each ending only its own', async () => {
    // A node taking a lost node's players (decision 067 addendum "Cheaper connections").
    const all = await Promise.all(Array.from({ length: 8 }, () => session()));
    const revoked = all.filter((_, i) => i % 3 === 0);
    await t.database.db
      .update(authTokens)
      .set({ revokedAt: sql`now()`, revokedReason: 'logged_out' })
      .where(
        sql`${authTokens.id} in (${sql.join(
          revoked.map((r) => sql`${r.tokenId}`),
          sql`, `,
        )})`,
      );
    const checks = socketSessions(t.database.db);
    const queries: number[][] = [];
    const counted = {
      ...checks,
      endedSessions: (ids: readonly number[]) => {
        queries.push([...ids]);
        return checks.endedSessions(ids);
      },
    };
    const guard = new SessionGuard(counted, 0, noErrors);
    const sockets = all.map((s) => {
      const socket = new FakeSocket();
      guard.attach(socket.asSocket(), { ...s, expiresAt: Date.now() + 60_000 });
      return socket;
    });
    await vi.waitFor(() => expect(guard.size).toBe(all.length - revoked.length));
    expect(queries).toEqual([all.map((s) => s.tokenId)]);
    for (const [i, socket] of sockets.entries()) {
      const wasRevoked = i % 3 === 0;
      expect(socket.connected).toBe(!wasRevoked);
      expect(socket.sent).toEqual(
        wasRevoked
          ? [
              {
                event: SESSION_ENDED_EVENT,
                payload: { reason: 'logged_out', message: MSG_SESSIONS.logged_out },
              },
            ]
          : [],
      );
    }
  });

  it("authenticates concurrent handshakes together, by the login token's own rule", async () => {
    const [live, revoked, suspended] = await Promise.all([session(), session(), session()]);
    await t.database.db
      .update(authTokens)
      .set({ revokedAt: sql`now()` })
      .where(eq(authTokens.id, revoked.tokenId));
    await t.database.db
      .update(users)
      .set({ status: 'suspendido' })
      .where(eq(users.id, suspended.userId));
    const checks = socketSessions(t.database.db);
    const answers = await Promise.all([
      checks.authenticate(live.token),
      checks.authenticate(revoked.token),
      checks.authenticate(suspended.token),
      checks.authenticate(`${live.token.slice(0, -1)}x`),
      checks.authenticate('short'),
      checks.authenticate(live.token),
    ]);
    const [row] = await t.database.db
      .select({ expiresAt: authTokens.expiresAt })
      .from(authTokens)
      .where(eq(authTokens.id, live.tokenId));
    const expected = { userId: live.userId, tokenId: live.tokenId, expiresAt: row!.expiresAt };
    expect(answers).toEqual([expected, null, null, null, null, expected]);
  });
});
