import { describe, expect, it } from 'vitest';
import {
  NOTIFICATION_LABELS,
  NOTIFICATION_TYPES,
  PUSH_TEXTS,
  notificationPrefsSchema,
  pushMessageSchema,
  pushSubscriptionRequestSchema,
} from './push';

/** The push contracts (docs/decisions/025): what a notification may carry and what is accepted. */
describe('push notification contracts', () => {
  const gameId = '0b7e2b4e-6d3c-4a43-9a53-1f3f2b9c8d10';

  it('builds Spanish notifications that fit the message shape whatever the table name', () => {
    for (const name of ['Mesa Clásica', 'M'.repeat(500)]) {
      for (const m of [
        PUSH_TEXTS.turn(name, gameId),
        PUSH_TEXTS.tableStart(name, gameId),
        PUSH_TEXTS.payment('recharge', 'approved', 7),
        PUSH_TEXTS.payment('recharge', 'rejected', 7),
        PUSH_TEXTS.payment('withdrawal', 'approved', 7),
        PUSH_TEXTS.payment('withdrawal', 'rejected', 7),
      ]) {
        expect(pushMessageSchema.safeParse(m).success, JSON.stringify(m)).toBe(true);
        expect(Object.keys(m).sort()).toEqual(['body', 'tag', 'title', 'url']);
      }
    }
    expect(PUSH_TEXTS.turn('Mesa Clásica', gameId)).toEqual({
      title: 'Es tu turno',
      body: 'Te toca jugar en Mesa Clásica. Vuelve antes de que se acabe tu tiempo.',
      url: `/games/${gameId}`,
      tag: `turn:${gameId}`,
    });
  });

  it('refuses extra fields and links outside the app', () => {
    const ok = { title: 'Hola', body: 'x', url: '/games/1' };
    expect(pushMessageSchema.safeParse(ok).success).toBe(true);
    expect(pushMessageSchema.safeParse({ ...ok, hand: [[6, 6]] }).success).toBe(false);
    for (const url of ['https://evil.example/', '//evil.example/x', 'games/1', ''])
      expect(pushMessageSchema.safeParse({ ...ok, url }).success, url).toBe(false);
  });

  it('checks the browser subscription and the four switches', () => {
    const p256dh = 'B' + 'A'.repeat(86);
    const auth = 'A'.repeat(22);
    const sub = { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh, auth } };
    expect(pushSubscriptionRequestSchema.safeParse(sub).success).toBe(true);
    expect(
      pushSubscriptionRequestSchema.safeParse({ ...sub, endpoint: 'http://fcm.googleapis.com/x' })
        .success,
    ).toBe(false);
    expect(
      pushSubscriptionRequestSchema.safeParse({
        ...sub,
        keys: { p256dh: 'C' + 'A'.repeat(86), auth },
      }).success,
    ).toBe(false);
    expect(
      pushSubscriptionRequestSchema.safeParse({ ...sub, keys: { p256dh, auth: 'A'.repeat(23) } })
        .success,
    ).toBe(false);
    const prefs = { turn: true, table_start: false, invitation: true, payment: false };
    expect(notificationPrefsSchema.parse(prefs)).toEqual(prefs);
    expect(notificationPrefsSchema.safeParse({ ...prefs, extra: true }).success).toBe(false);
    expect(Object.keys(NOTIFICATION_LABELS).sort()).toEqual([...NOTIFICATION_TYPES].sort());
  });
});
