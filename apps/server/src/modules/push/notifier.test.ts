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

/**
 * A turn notice for a player with a tab on screen on this node is dropped before any database
 * read or question to other nodes (docs/decisions/065-cheaper-turn-notices.md): one such notice
 * follows nearly every move. A hidden tab, or none here, goes on to the usual checks.
 */
describe('push notifier and a tab on screen on this node', () => {
  function setup(localVisible: boolean) {
    let reads = 0;
    let remoteAsks = 0;
    const database = {
      db: {
        select: () => {
          reads += 1;
          throw new Error('no database in this test');
        },
      },
    } as unknown as Pick<Database, 'db'>;
    const notifier = new PushNotifier({
      database,
      hub: {
        anyLocalSocketVisible: () => localVisible,
        anySocketVisible: async () => {
          remoteAsks += 1;
          return false;
        },
      },
      config: { vapidSubject: 'mailto:staff@domino.local' },
      sender: { send: async () => undefined },
    });
    notifier.useLogger({ warn: () => undefined, error: () => undefined } as never);
    return { notifier, counts: () => ({ reads, remoteAsks }) };
  }

  it('reads nothing for a turn or a table start while a local tab is on screen', async () => {
    const { notifier, counts } = setup(true);
    notifier.notifyTurn(1, 'g1', 'Mesa 1');
    notifier.notifyTableStart([1, 2], 'g1', 'Mesa 1');
    // Dropped before it is queued (decision 070): no job waits for a delivery step.
    expect(notifier.pending).toBe(0);
    await notifier.idle();
    expect(counts()).toEqual({ reads: 0, remoteAsks: 0 });
  });

  it('goes on to the database when no local tab is on screen, and for other kinds always', async () => {
    const hidden = setup(false);
    hidden.notifier.notifyTurn(1, 'g1', 'Mesa 1');
    expect(hidden.notifier.pending).toBe(1);
    await hidden.notifier.idle();
    expect(hidden.counts().reads).toBeGreaterThan(0);
    // A payment decision is pushed whether or not a tab is on screen.
    const visible = setup(true);
    visible.notifier.notifyPayment(1, 'recharge', 'approved', 7);
    await visible.notifier.idle();
    expect(visible.counts().reads).toBeGreaterThan(0);
  });
});
