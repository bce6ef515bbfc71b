import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { PushNotifier } from './notifier';
import type { PushSender } from './sender';

/**
 * Where push truly cannot work (the VAPID key pair can be neither read nor stored: decision 048,
 * superseding in part 025), the notifier says so in one warning line without a stack, sends
 * nothing, never throws, and tries again on the next call.
 */
describe('push notifier when the key pair cannot be read', () => {
  it('logs one warning line, sends nothing and never rejects', async () => {
    const sent: string[] = [];
    const sender: PushSender = {
      send: async (sub) => {
        sent.push(sub.endpoint);
      },
    };
    let reads = 0;
    const database = {
      db: {
        select: () => {
          reads += 1;
          throw new Error('database unreachable');
        },
      },
    } as unknown as Pick<Database, 'db'>;
    const notifier = new PushNotifier({
      database,
      hub: { anySocketVisible: async () => false },
      config: { vapidSubject: 'mailto:staff@domino.local' },
      sender,
    });
    const lines: { level: string; obj: unknown; msg: string }[] = [];
    notifier.useLogger({
      warn: (obj: unknown, msg?: string) => lines.push({ level: 'warn', obj, msg: msg ?? '' }),
      error: (obj: unknown, msg?: string) => lines.push({ level: 'error', obj, msg: msg ?? '' }),
    } as never);
    for (let i = 0; i < 3; i++) expect(await notifier.vapid()).toBeNull();
    notifier.notifyTurn(1, 'g1', 'Mesa 1');
    await notifier.idle();
    expect(sent).toEqual([]);
    // Tried again each time (push comes back with the database), told once.
    expect(reads).toBeGreaterThanOrEqual(3);
    expect(lines, JSON.stringify(lines)).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'warn', obj: { reason: 'database unreachable' } });
    expect(JSON.stringify(lines[0]!.obj)).not.toContain('stack');
  });
});
