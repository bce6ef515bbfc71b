import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { PushNotifier } from './notifier';
import type { PushSender } from './sender';

/**
 * With push off (PostgreSQL without VAPID keys, decision 025), a turn notice costs nothing once
 * the notifier knows it (decision 035): no message validation, no queue, no database query.
 */
describe('push notifier with push off', () => {
  it('drops every later notice at once, without queueing or reading the database', async () => {
    const sent: string[] = [];
    const sender: PushSender = {
      send: async (sub) => {
        sent.push(sub.endpoint);
      },
    };
    const database = {
      kind: 'postgres',
      get db(): never {
        throw new Error('the database must not be read when push is off');
      },
    } as unknown as Pick<Database, 'db' | 'kind'>;
    const notifier = new PushNotifier({
      database,
      hub: { anySocketVisible: async () => false },
      config: { vapidSubject: 'mailto:staff@domino.local' },
      sender,
      maxQueue: 1,
    });
    // The first job learns that there is no VAPID identity.
    notifier.notifyTurn(1, 'g1', 'Mesa 1');
    await notifier.idle();
    expect(await notifier.vapid()).toBeNull();
    // A queue of one would drop four of these five if they were still queued.
    for (let i = 0; i < 5; i++) notifier.notifyTurn(2, `g${i}`, 'Mesa 2');
    expect(notifier.dropped).toBe(0);
    await notifier.idle();
    expect(sent).toEqual([]);
  });
});
