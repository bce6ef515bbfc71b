import { createECDH, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import webpush from 'web-push';
import { Redis } from 'ioredis';
import type { GameView, PushMessage } from '@domino/contracts';
import { CLIENT_EVENTS, MSG_PUSH, PUSH_TEXTS } from '@domino/contracts';
import { loadConfig } from '../../config';
import { games, pushSubscriptions, vapidKeys } from '../../db/schema';
import type { RunningServer } from '../../server';
import { startServer } from '../../server';
import { buildTestApp, createTestDatabase, postgresAvailable } from '../../test/helpers';
import type { TestApp } from '../../test/helpers';
import { openSocket } from '../../test/sockets';
import type { TestSocket } from '../../test/sockets';
import {
  auth,
  fundPlayer,
  fundedPlayer,
  loginAdmin,
  registerPlayer,
  requestRecharge,
  routeCallers,
} from '../../test/wallet-helpers';
import type { Player } from '../../test/wallet-helpers';
import { runDueGame } from '../games/due-moves';
import { gamesContext } from '../games/routes';
import { PushRefused } from './sender';
import type { DeliveryOptions, PushSender, PushTarget } from './sender';
import { liftIdentityGate } from '../../test/identity-helpers';

/**
 * Web Push on real PostgreSQL (docs/decisions/025), with a fake sender injected in place of
 * web-push that records every delivery: the API's authorisation and refusals (a player only
 * ever touches their own subscription and switches; bad input is a Spanish 422 that changes
 * nothing; endpoints outside the known push services are refused), delivery (404/410 delete the
 * subscription, a success stamps it, switches are respected), and each trigger — a staff
 * decision on a recharge or withdrawal, a table filling up, a turn starting — with payloads that
 * carry a Spanish title, body and app path only, never a tile. The turn trigger runs on a real
 * server with Socket.IO: no push while a tab of the player reports visible, a push once every
 * tab reports hidden.
 */

/** Records deliveries; `refuse` maps an endpoint to the status its push service answers. */
class FakeSender implements PushSender {
  readonly sent: {
    endpoint: string;
    message: PushMessage;
    raw: string;
    options: DeliveryOptions;
  }[] = [];
  readonly refuse = new Map<string, number>();
  async send(target: PushTarget, payload: string, options: DeliveryOptions) {
    const status = this.refuse.get(target.endpoint);
    if (status) throw new PushRefused(status);
    this.sent.push({
      endpoint: target.endpoint,
      message: JSON.parse(payload) as PushMessage,
      raw: payload,
      options,
    });
  }
  to(endpoint: string) {
    return this.sent.filter((s) => s.endpoint === endpoint).map((s) => s.message);
  }
}

/** A browser subscription as PushSubscription.toJSON() gives it, on FCM's host. */
function browserSubscription(host = 'fcm.googleapis.com') {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://${host}/fcm/send/${randomBytes(12).toString('base64url')}`,
    expirationTime: null,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };
}

/** What no notification may carry: a tile, a hand, a seat's pips. */
function expectNoHandData(raw: string) {
  const message = JSON.parse(raw) as Record<string, unknown>;
  expect(Object.keys(message).sort()).toEqual(
    Object.keys(message)
      .filter((k) => ['body', 'tag', 'title', 'url'].includes(k))
      .sort(),
  );
  expect(raw).not.toMatch(/hand|tile|ficha|\[\s*\d\s*,\s*\d\s*\]/i);
}

const vapid = webpush.generateVAPIDKeys();
const VAPID_ENV = { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey };

describe('push notifications on real PostgreSQL', async () => {
  const skip = !(await postgresAvailable());
  const sender = new FakeSender();
  let t: TestApp;
  let admin: string;
  const { get, post } = routeCallers(() => t.app);
  const send = (method: 'POST' | 'DELETE' | 'PUT', url: string, token: string, payload: unknown) =>
    t.app.inject({
      method,
      url,
      headers: auth(token),
      payload: payload as Record<string, unknown>,
    });
  const subscribe = async (p: Player, sub = browserSubscription()) => {
    const res = await send('POST', '/api/push/subscriptions', p.token, sub);
    expect(res.statusCode, res.body).toBe(200);
    return sub;
  };
  const rows = (userId: number) =>
    t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

  beforeAll(async () => {
    if (skip) return;
    t = await buildTestApp('postgres', VAPID_ENV, { pushSender: sender });
    admin = await loginAdmin(t);
    await liftIdentityGate(t, admin);
  });
  afterAll(async () => {
    if (!skip) await t.close();
  });

  it.skipIf(skip)('asks for a session on every push route', async () => {
    for (const [method, url] of [
      ['GET', '/api/push/public-key'],
      ['POST', '/api/push/subscriptions'],
      ['DELETE', '/api/push/subscriptions'],
      ['GET', '/api/push/preferences'],
      ['PUT', '/api/push/preferences'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code).toBe('auth/unauthenticated');
    }
  });

  it.skipIf(skip)(
    'gives the VAPID public key of the environment, never the private one',
    async () => {
      const p = await registerPlayer(t);
      const res = await get('/api/push/public-key', p.token);
      expect(res.json()).toEqual({ public_key: vapid.publicKey });
      expect(res.body).not.toContain(vapid.privateKey);
      // On PostgreSQL the environment is the only source: nothing was generated or stored.
      expect(await t.database.db.select().from(vapidKeys)).toEqual([]);
    },
  );

  it.skipIf(skip)(
    'stores a subscription of a known push service, and refuses anything else in Spanish',
    async () => {
      const p = await registerPlayer(t);
      const good = browserSubscription();
      for (const [body, message] of [
        [{ ...good, endpoint: 'http://fcm.googleapis.com/fcm/send/x' }, MSG_PUSH.endpointInvalid],
        [{ ...good, endpoint: 'no es una url' }, MSG_PUSH.endpointInvalid],
        [{ ...good, endpoint: 'https://127.0.0.1/steal' }, MSG_PUSH.endpointHost],
        [{ ...good, endpoint: 'https://evil.example/fcm/send/x' }, MSG_PUSH.endpointHost],
        [{ ...good, endpoint: 'https://fcm.googleapis.com:8443/x' }, MSG_PUSH.endpointHost],
        [{ ...good, keys: { p256dh: 'abc', auth: good.keys.auth } }, MSG_PUSH.keysInvalid],
        [
          { ...good, keys: { p256dh: good.keys.p256dh, auth: 'x'.repeat(40) } },
          MSG_PUSH.keysInvalid,
        ],
        [{ endpoint: good.endpoint }, MSG_PUSH.keysInvalid],
      ] as const) {
        const res = await send('POST', '/api/push/subscriptions', p.token, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        expect(res.body).toContain(message);
      }
      expect(await rows(p.id)).toEqual([]);

      const ok = await send('POST', '/api/push/subscriptions', p.token, good);
      expect(ok.json()).toEqual({
        message: MSG_PUSH.subscribed,
        preferences: { turn: true, table_start: true, invitation: true, payment: true },
        devices: 1,
      });
      // The same browser again: still one row, with the new keys.
      const again = { ...good, keys: browserSubscription().keys };
      await subscribe(p, again);
      const [row, ...rest] = await rows(p.id);
      expect(rest).toEqual([]);
      expect(row).toMatchObject({ endpoint: good.endpoint, p256dh: again.keys.p256dh });
      // Other push services browsers use are accepted.
      await subscribe(p, browserSubscription('updates.push.services.mozilla.com'));
      await subscribe(p, browserSubscription('web.push.apple.com'));
      expect(await rows(p.id)).toHaveLength(3);
    },
  );

  it.skipIf(skip)(
    "never lets a player remove another's subscription; a shared browser moves to whoever subscribes last",
    async () => {
      const a = await registerPlayer(t);
      const b = await registerPlayer(t);
      const sub = await subscribe(a);
      const steal = await send('DELETE', '/api/push/subscriptions', b.token, {
        endpoint: sub.endpoint,
      });
      expect(steal.statusCode).toBe(404);
      expect(steal.json()).toEqual({
        code: 'push/not_subscribed',
        message: MSG_PUSH.notSubscribed,
      });
      expect(await rows(a.id)).toHaveLength(1);

      // B signs in on the same browser and subscribes: A no longer gets B's browser.
      await subscribe(b, sub);
      expect(await rows(a.id)).toEqual([]);
      expect(await rows(b.id)).toHaveLength(1);
      t.app.deps.push.notifyPayment(a.id, 'recharge', 'approved', 1);
      await t.app.deps.push.idle();
      expect(sender.to(sub.endpoint)).toEqual([]);

      const off = await send('DELETE', '/api/push/subscriptions', b.token, {
        endpoint: sub.endpoint,
      });
      expect(off.json()).toEqual({ message: MSG_PUSH.unsubscribed });
      expect(await rows(b.id)).toEqual([]);
    },
  );

  it.skipIf(skip)('keeps at most ten browsers per player, dropping the oldest', async () => {
    const p = await registerPlayer(t);
    const subs = [];
    for (let i = 0; i < 12; i++) subs.push(await subscribe(p));
    const kept = (await rows(p.id)).map((r) => r.endpoint).sort();
    expect(kept).toEqual(
      subs
        .slice(2)
        .map((s) => s.endpoint)
        .sort(),
    );
  });

  it.skipIf(skip)(
    'reads and saves only the caller’s switches; a bad body is refused and changes nothing',
    async () => {
      const a = await registerPlayer(t);
      const b = await registerPlayer(t);
      const all = { turn: true, table_start: true, invitation: true, payment: true };
      expect((await get('/api/push/preferences', a.token)).json()).toEqual({
        preferences: all,
        devices: 0,
      });
      for (const body of [
        { turn: false },
        { ...all, turn: 'no' },
        { ...all, user_id: b.id },
        [],
        null,
      ]) {
        const res = await send('PUT', '/api/push/preferences', a.token, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        expect(res.body).toMatch(/[áéíóúñ]|Indica/);
        expect(res.body).not.toMatch(/Expected|Invalid input|Unrecognized/);
      }
      expect((await get('/api/push/preferences', a.token)).json().preferences).toEqual(all);
      const mine = { turn: false, table_start: true, invitation: false, payment: true };
      const saved = await send('PUT', '/api/push/preferences', a.token, mine);
      expect(saved.json()).toEqual({ preferences: mine, devices: 0 });
      expect((await get('/api/push/preferences', a.token)).json().preferences).toEqual(mine);
      expect((await get('/api/push/preferences', b.token)).json().preferences).toEqual(all);
    },
  );

  it.skipIf(skip)(
    'delivers to every browser, drops one the push service says is gone (404/410), keeps the rest',
    async () => {
      const p = await registerPlayer(t);
      const [live, gone410, gone404, flaky] = [
        await subscribe(p),
        await subscribe(p),
        await subscribe(p),
        await subscribe(p),
      ];
      sender.refuse.set(gone410!.endpoint, 410);
      sender.refuse.set(gone404!.endpoint, 404);
      sender.refuse.set(flaky!.endpoint, 503);
      t.app.deps.push.notifyUser(p.id, 'invitation', {
        title: 'Te invitaron a una mesa',
        body: 'Ana te invita a jugar en su mesa privada.',
        url: '/invitacion/ABC123',
      });
      await t.app.deps.push.idle();
      expect(sender.to(live!.endpoint)).toEqual([
        {
          title: 'Te invitaron a una mesa',
          body: 'Ana te invita a jugar en su mesa privada.',
          url: '/invitacion/ABC123',
        },
      ]);
      const left = await rows(p.id);
      expect(left.map((r) => r.endpoint).sort()).toEqual([live!.endpoint, flaky!.endpoint].sort());
      expect(left.find((r) => r.endpoint === live!.endpoint)?.lastSuccessAt).toBeInstanceOf(Date);
      expect(left.find((r) => r.endpoint === flaky!.endpoint)?.lastSuccessAt).toBeNull();

      // A message that is not a PushMessage (an extra field) is never sent.
      const before = sender.sent.length;
      t.app.deps.push.notifyUser(p.id, 'invitation', {
        title: 'x',
        body: 'y',
        url: '/',
        hand: [[6, 6]],
      } as unknown as PushMessage);
      t.app.deps.push.notifyUser(p.id, 'invitation', {
        title: 'x',
        body: 'y',
        url: 'https://evil.example/',
      });
      await t.app.deps.push.idle();
      expect(sender.sent.length).toBe(before);
    },
  );

  it.skipIf(skip)(
    'tells a player about each staff decision on a recharge or withdrawal, as their switch says',
    async () => {
      const p = await registerPlayer(t);
      const sub = await subscribe(p);
      // Up to four notices are delivered at once and may arrive in any order (so may Web Push
      // messages): the test waits for each decision's notice before the next decision.
      // Approved recharge (fundPlayer requests it and staff approve it).
      await fundPlayer(t, p, admin, '2000');
      await t.app.deps.push.idle();
      const rejected = await requestRecharge(t, p.token, '600');
      expect(rejected.statusCode, rejected.body).toBe(201);
      await post(`/api/admin/recharges/${rejected.json().id}/reject`, admin, {
        reason: 'Referencia no encontrada',
      });
      await t.app.deps.push.idle();
      const w1 = (
        await post('/api/withdraw_api', p.token, { amount: 600, bank_account: 1 })
      ).json();
      const w2 = (
        await post('/api/withdraw_api', p.token, { amount: 700, bank_account: 1 })
      ).json();
      await post(`/api/admin/withdrawals/${w1.id}/pay`, admin, { payout_reference: 'PM-1' });
      await t.app.deps.push.idle();
      const rej = await post(`/api/admin/withdrawals/${w2.id}/reject`, admin, {
        reason: 'Datos incorrectos',
      });
      expect(rej.statusCode).toBe(200);
      await t.app.deps.push.idle();
      const got = sender.to(sub.endpoint);
      expect(got.map((m) => m.title)).toEqual([
        'Recarga aprobada',
        'Recarga rechazada',
        'Retiro pagado',
        'Retiro rechazado',
      ]);
      expect(got.every((m) => m.url === '/transactions')).toBe(true);
      for (const s of sender.sent.filter((x) => x.endpoint === sub.endpoint)) {
        expectNoHandData(s.raw);
        expect(s.options).toMatchObject({ urgency: 'normal', ttlSeconds: 86_400 });
      }
      // A replayed decision (same Idempotency-Key) notifies nothing more.
      const again = await requestRecharge(t, p.token, '600');
      const key = { 'idempotency-key': `approve-${again.json().id}` };
      for (let i = 0; i < 2; i++)
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/recharges/${again.json().id}/approve`,
          headers: auth(admin, key),
        });
      await t.app.deps.push.idle();
      expect(sender.to(sub.endpoint)).toHaveLength(5);

      // Switched off: nothing.
      await send('PUT', '/api/push/preferences', p.token, {
        turn: true,
        table_start: true,
        invitation: true,
        payment: false,
      });
      await fundPlayer(t, p, admin, '300');
      await t.app.deps.push.idle();
      expect(sender.to(sub.endpoint)).toHaveLength(5);
    },
  );

  it.skipIf(skip)(
    'tells every seated player that their table filled and the match starts',
    async () => {
      const players = [];
      for (let i = 0; i < 4; i++) players.push(await fundedPlayer(t, admin, 2000));
      const subs = [];
      for (const p of players.slice(0, 3)) subs.push(await subscribe(p));
      // The fourth player switched this kind off.
      const quiet = await subscribe(players[3]!);
      await send('PUT', '/api/push/preferences', players[3]!.token, {
        turn: true,
        table_start: false,
        invitation: true,
        payment: true,
      });
      for (const p of players.slice(0, 3)) {
        expect((await post('/api/tables/1/join', p.token, { entry_price: 500 })).statusCode).toBe(
          200,
        );
      }
      await t.app.deps.push.idle();
      expect(subs.flatMap((s) => sender.to(s.endpoint))).toEqual([]);
      await post('/api/tables/1/join', players[3]!.token, { entry_price: 500 });
      await t.app.deps.push.idle();
      const gameId = (await get('/api/tables/1')).json().game_id as string;
      expect(gameId).toBeTruthy();
      const tableName = (await get('/api/tables/1')).json().name as string;
      for (const s of subs) {
        expect(sender.to(s.endpoint)).toEqual([PUSH_TEXTS.tableStart(tableName, gameId)]);
      }
      expect(sender.to(quiet.endpoint)).toEqual([]);
      for (const s of sender.sent.filter((x) => x.message.url === `/games/${gameId}`)) {
        expectNoHandData(s.raw);
      }
      // Leave the table to the next test in a clean state: finish nothing, just forget it.
      await t.database.db
        .update(games)
        .set({ status: 'finished', dueAt: null })
        .where(eq(games.id, gameId));
    },
  );
});

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether Redis answers (required under CI, like the other multi-node suites). */
async function redisAvailable(): Promise<boolean> {
  const r = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
  });
  try {
    await r.connect();
    await r.ping();
    return true;
  } catch (err) {
    if (process.env.CI === 'true')
      throw new Error(`Redis is required under CI: ${REDIS_URL}`, { cause: err });
    console.warn(
      `\n!!! Redis at ${REDIS_URL} is unreachable: the two-node push test is SKIPPED.\n`,
    );
    return false;
  } finally {
    r.disconnect();
  }
}

/**
 * The turn trigger on running servers: one node, and two nodes sharing PostgreSQL and Redis
 * where the moves go through node A (whose notifier sends) while every socket of the players,
 * with its visibility, is on node B: the visibility check must ask the other node.
 */
for (const nodes of [1, 2] as const)
  describe(`the "your turn" push on ${nodes === 1 ? 'a running server' : 'two nodes (visibility on the other node)'}`, async () => {
    const skip = !(await postgresAvailable()) || (nodes === 2 && !(await redisAvailable()));
    const sender = new FakeSender();
    const servers: RunningServer[] = [];
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    /** HTTP goes to the first node; sockets connect to the last. */
    let base: string;
    let socketBase: string;
    const sockets: TestSocket[] = [];

    const call = async (method: string, path: string, token?: string, body?: unknown) => {
      const res = await fetch(base + path, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };

    beforeAll(async () => {
      if (skip) return;
      database = await createTestDatabase('postgres');
      for (let i = 0; i < nodes; i++) {
        const server = await startServer(
          loadConfig({
            NODE_ENV: 'test',
            LOG_LEVEL: 'silent',
            WEB_DIST: '',
            DATABASE_URL: database.url!,
            PORT: '0',
            HOST: '127.0.0.1',
            SWEEPER_INTERVAL_MS: '0',
            ADMIN_EMAIL: 'admin@push.local',
            ADMIN_PASSWORD: 'AdminPass123',
            AVAILABILITY_LIMIT_PER_MINUTE: '100000',
            ...VAPID_ENV,
            ...(nodes === 2 ? { REDIS_URL } : {}),
          }),
          { pushSender: sender },
        );
        servers.push(server);
      }
      const url = (s: RunningServer) =>
        `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
      base = url(servers[0]!);
      socketBase = url(servers[servers.length - 1]!);
    });
    afterAll(async () => {
      if (skip) return;
      for (const s of sockets) s.socket.disconnect();
      for (const s of servers) await s.close();
      await database.close();
    });

    it.skipIf(skip)(
      'is sent when the player’s turn starts and none of their tabs is on screen, never with their tiles',
      async () => {
        const admin = (
          await call('POST', '/api/login_api', undefined, {
            email: 'admin@push.local',
            password: 'AdminPass123',
          })
        ).body.token as string;
        const players: { token: string; id: number; endpoint: string }[] = [];
        for (let i = 0; i < 4; i++) {
          const reg = await call('POST', '/api/register_api', undefined, {
            name: 'Jugador Turno',
            email: `turno${i}_${randomBytes(4).toString('hex')}@example.com`,
            type_identification: 'V',
            n_identification: String(20_000_000 + Math.floor(Math.random() * 9_000_000)),
            phone: `0414${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
            password: 'Secreto123',
            password_confirmation: 'Secreto123',
            // Paid tables are refused until the 18+ declaration (docs/decisions/040).
            birth_date: '1990-05-17',
            adult_declaration: true,
          });
          const token = reg.body.token as string;
          const id = (reg.body.user as { id: number }).id;
          await call('POST', `/api/admin/users/${id}/adjustments`, admin, {
            amount: 2000,
            reason: 'Saldo de prueba',
          });
          const sub = browserSubscription();
          expect((await call('POST', '/api/push/subscriptions', token, sub)).status).toBe(200);
          players.push({ token, id, endpoint: sub.endpoint });
        }
        // Every player has a socket; each reports its tab hidden or visible as the test goes.
        const socks: TestSocket[] = [];
        for (const p of players) {
          const s = await openSocket(socketBase, p.token);
          sockets.push(s);
          socks.push(s);
          expect(await s.socket.emitWithAck(CLIENT_EVENTS.visibility, { visible: true })).toEqual({
            ok: true,
          });
        }
        // A malformed report is refused in Spanish and changes nothing.
        expect(
          await socks[0]!.socket.emitWithAck(CLIENT_EVENTS.visibility, { visible: 'no' }),
        ).toEqual({
          ok: false,
          code: 'push/invalid_visibility',
          message: MSG_PUSH.visibilityInvalid,
        });
        for (const p of players) {
          expect(
            (await call('POST', '/api/tables/2/join', p.token, { entry_price: 1000 })).status,
          ).toBe(200);
        }
        const gameId = (await call('GET', '/api/tables/2')).body.game_id as string;
        const tableName = (await call('GET', '/api/tables/2')).body.name as string;
        const server = servers[0]!;
        const ctx = gamesContext(server.app);
        await server.app.deps.push.idle();
        // Everyone was looking: no "table starts" either.
        expect(sender.sent).toEqual([]);

        const view = async (token: string) =>
          (await call('GET', `/api/games/${gameId}/view`, token)).body as unknown as GameView;
        /** Plays until it is the turn of a seat with a real choice; returns that seat. */
        const advanceToChoice = async (): Promise<number> => {
          for (let i = 0; i < 200; i++) {
            const seen = await view(players[0]!.token);
            const seat = seen.turn_seat!;
            const mine = await view(players[seat]!.token);
            if (mine.legal_moves.length > 1) return seat;
            await database.db
              .update(games)
              .set({ dueAt: sql`now() - interval '1 second'` })
              .where(eq(games.id, gameId));
            await runDueGame(ctx);
          }
          throw new Error('no turn with a choice');
        };
        const play = async (seat: number) => {
          const mine = await view(players[seat]!.token);
          const res = await call('POST', `/api/games/${gameId}/moves`, players[seat]!.token, {
            version: mine.version,
            ...mine.legal_moves[0],
          });
          expect(res.status).toBe(200);
        };
        /** Moves until the turn passes to another seat with a real choice; returns it. */
        const nextChoiceAfter = async (seat: number): Promise<number> => {
          await play(seat);
          return advanceToChoice();
        };

        // 1. Every tab visible: a turn starts, nobody is pushed.
        let mover = await advanceToChoice();
        let next = await nextChoiceAfter(mover);
        await server.app.deps.push.idle();
        expect(sender.sent).toEqual([]);

        // 2. The next player's tab goes to the background: their next turn is pushed.
        const hide = async (seat: number, visible: boolean) =>
          expect(
            await socks[seat]!.socket.emitWithAck(CLIENT_EVENTS.visibility, { visible }),
          ).toEqual({ ok: true });
        for (let seat = 0; seat < 4; seat++) await hide(seat, false);
        // The seat to move now had its turn started before hiding: play it and the next ones
        // until a seat's turn starts while hidden.
        mover = next;
        next = await nextChoiceAfter(mover);
        await server.app.deps.push.idle();
        const pushed = sender.sent.filter((s) => s.endpoint === players[next]!.endpoint);
        expect(pushed.map((s) => s.message)).toEqual([PUSH_TEXTS.turn(tableName, gameId)]);
        expect(pushed[0]!.options).toMatchObject({ urgency: 'high', ttlSeconds: 60 });
        for (const s of sender.sent) expectNoHandData(s.raw);
        // Nobody else was told it was their turn.
        expect(new Set(sender.sent.map((s) => s.endpoint))).toEqual(
          new Set([players[next]!.endpoint]),
        );

        // 3. A second tab of that player, on screen: no push for their next turn.
        const second = await openSocket(socketBase, players[next]!.token);
        sockets.push(second);
        await second.socket.emitWithAck(CLIENT_EVENTS.visibility, { visible: true });
        const count = sender.sent.length;
        const target = next;
        let seat = next;
        for (let i = 0; i < 400; i++) {
          seat = await nextChoiceAfter(seat);
          if (seat === target) break;
        }
        expect(seat).toBe(target);
        await server.app.deps.push.idle();
        expect(
          sender.sent.slice(count).filter((s) => s.endpoint === players[target]!.endpoint),
        ).toEqual([]);
      },
    );
  });
