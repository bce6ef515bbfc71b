import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { MSG_PUSH } from '@domino/contracts';
import { loadConfig } from '../../config';
import { sql } from 'drizzle-orm';
import { vapidKeys } from '../../db/schema';
import { buildTestApp, newPlayer, postgresAvailable } from '../../test/helpers';
import { isPushServiceEndpoint } from './endpoints';
import { webPushSender } from './sender';
import { resolveVapid } from './vapid';

/**
 * Where the VAPID identity comes from (docs/decisions/025; README.md "Configuration"): the
 * environment (both keys or neither), else a pair generated once and kept in the database, on
 * PGlite and PostgreSQL alike (decision 048); where it cannot be kept, a Spanish 503 and one
 * warning line. Also: which endpoints the server
 * agrees to send to, and that a failed delivery's error never carries the endpoint.
 */
describe('the VAPID identity and the push endpoints', async () => {
  const noPostgres = !(await postgresAvailable());
  it('takes both keys or neither from the environment', () => {
    const keys = webpush.generateVAPIDKeys();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(/set both or neither/);
    expect(() => loadConfig({ VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(/set both or neither/);
    expect(() =>
      loadConfig({ VAPID_PUBLIC_KEY: 'nope', VAPID_PRIVATE_KEY: keys.privateKey }),
    ).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://x' })).toThrow(/VAPID_SUBJECT/);
    const config = loadConfig({
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      ADMIN_EMAIL: 'ops@domino.example',
    });
    expect(config.vapidSubject).toBe('mailto:ops@domino.example');
  });

  it('generates a pair once on the embedded database and keeps it', async () => {
    const t = await buildTestApp('pglite');
    try {
      const reg = await t.app.inject({
        method: 'POST',
        url: '/api/register_api',
        payload: newPlayer(),
      });
      const token = reg.json().token as string;
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/push/public-key',
        headers: { authorization: `Bearer ${token}` },
      });
      const key = res.json().public_key as string;
      expect(key).toMatch(/^B[A-Za-z0-9_-]{86}$/);
      const rows = await t.database.db.select().from(vapidKeys);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.publicKey).toBe(key);
      expect(res.body).not.toContain(rows[0]!.privateKey);
      // Read again (another start of the server on the same data): the same pair.
      const again = await resolveVapid(t.config, t.database);
      expect(again).toEqual({
        publicKey: key,
        privateKey: rows[0]!.privateKey,
        subject: 'mailto:admin@test.local',
      });
    } finally {
      await t.close();
    }
  });

  it.skipIf(noPostgres)(
    'works out of the box on PostgreSQL: one pair for every node, made at start, with no error log',
    async () => {
      const lines: string[] = [];
      const t = await buildTestApp(
        'postgres',
        { LOG_LEVEL: 'info' },
        {},
        { logStream: { write: (line: string) => void lines.push(line) } },
      );
      try {
        await t.app.ready();
        // Made at start (onReady), before any request.
        const rows = await t.database.db.select().from(vapidKeys);
        expect(rows).toHaveLength(1);
        // Other nodes starting at the same moment on the same database all sign with that pair.
        const config = { vapidSubject: 'mailto:ops@domino.example' };
        const nodes = await Promise.all(
          Array.from({ length: 8 }, () => resolveVapid(config, t.database)),
        );
        for (const n of nodes) expect(n.publicKey).toBe(rows[0]!.publicKey);
        expect(await t.database.db.select().from(vapidKeys)).toHaveLength(1);

        const reg = await t.app.inject({
          method: 'POST',
          url: '/api/register_api',
          payload: newPlayer(),
        });
        const headers = { authorization: `Bearer ${reg.json().token as string}` };
        const key = await t.app.inject({ method: 'GET', url: '/api/push/public-key', headers });
        expect(key.statusCode).toBe(200);
        expect(key.json()).toEqual({ public_key: rows[0]!.publicKey });
        expect(key.body).not.toContain(rows[0]!.privateKey);
        const ecdh = createECDH('prime256v1');
        ecdh.generateKeys();
        const sub = await t.app.inject({
          method: 'POST',
          url: '/api/push/subscriptions',
          headers,
          payload: {
            endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
            keys: {
              p256dh: ecdh.getPublicKey().toString('base64url'),
              auth: randomBytes(16).toString('base64url'),
            },
          },
        });
        expect(sub.statusCode, sub.body).toBe(200);
        const levels = lines.map((l) => (JSON.parse(l) as { level: number }).level);
        expect(levels.filter((l) => l >= 40)).toEqual([]);
        expect(lines.join('\n')).not.toContain(rows[0]!.privateKey);
      } finally {
        await t.close();
      }
    },
  );

  it.skipIf(noPostgres)(
    'where the pair cannot be kept, answers in Spanish with one warning at start and no stack',
    async () => {
      const lines: string[] = [];
      const t = await buildTestApp(
        'postgres',
        { LOG_LEVEL: 'info' },
        {},
        { logStream: { write: (line: string) => void lines.push(line) } },
      );
      try {
        // A database where the pair cannot be stored (its table is gone).
        await t.database.db.execute(sql`drop table vapid_keys`);
        await t.app.ready();
        const reg = await t.app.inject({
          method: 'POST',
          url: '/api/register_api',
          payload: newPlayer(),
        });
        const headers = { authorization: `Bearer ${reg.json().token as string}` };
        for (let i = 0; i < 3; i++) {
          const key = await t.app.inject({ method: 'GET', url: '/api/push/public-key', headers });
          expect(key.statusCode).toBe(503);
          expect(key.json()).toEqual({ code: 'push/unavailable', message: MSG_PUSH.unavailable });
        }
        const logged = lines.map((l) => JSON.parse(l) as { level: number; msg: string });
        const warnings = logged.filter((l) => l.level >= 40);
        expect(warnings).toHaveLength(1);
        expect(warnings[0]!.level).toBe(40);
        expect(lines.join('\n')).not.toMatch(/stack| {4}at /);
      } finally {
        await t.close();
      }
    },
  );

  it('sends only to the push services browsers use', () => {
    for (const ok of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
      'https://web.push.apple.com/abc',
    ])
      expect(isPushServiceEndpoint(ok), ok).toBe(true);
    for (const bad of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:444/fcm/send/abc',
      'https://user:pw@fcm.googleapis.com/x',
      'https://googleapis.com/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilpush.apple.com.example/x',
      'https://127.0.0.1/x',
      'https://localhost/x',
      'not a url',
    ])
      expect(isPushServiceEndpoint(bad), bad).toBe(false);
  });

  it('reports a failed delivery without the endpoint, a capability URL', async () => {
    const keys = webpush.generateVAPIDKeys();
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const endpoint = 'https://127.0.0.1:9/secret-capability-token';
    const err = await webPushSender
      .send(
        {
          endpoint,
          keys: {
            p256dh: ecdh.getPublicKey().toString('base64url'),
            auth: randomBytes(16).toString('base64url'),
          },
        },
        '{"title":"x","body":"y","url":"/"}',
        { ttlSeconds: 60, urgency: 'normal' },
        { ...keys, subject: 'mailto:ops@domino.example' },
      )
      .then(
        () => null,
        (e: unknown) => e as Error,
      );
    expect(err).toBeInstanceOf(Error);
    expect(String(err?.message)).not.toContain('secret-capability-token');
    expect(JSON.stringify(err)).not.toContain('secret-capability-token');
  });
});
