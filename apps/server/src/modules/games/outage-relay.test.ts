import { describe, expect, it } from 'vitest';
import type { GamesContext } from './context';
import { OutageRelay } from './outage-relay';

/**
 * The relay's switch (outage-relay.ts, decision 071): with Redis ready it touches nothing (not
 * the sockets, not the database); while Redis is away and for the grace after it is back it
 * looks at this node's sockets; past the grace it stops again. The relaying itself is proven
 * across two processes in outage-relay.multinode.test.ts.
 */
describe('OutageRelay', () => {
  /** A games context that counts every look at the hub's Socket.IO server (none here). */
  function context() {
    const looks = { io: 0 };
    const ctx = {
      hub: {
        get io() {
          looks.io += 1;
          return null;
        },
      },
      get db(): never {
        throw new Error('the relay read the database');
      },
    } as unknown as GamesContext;
    return { ctx, looks };
  }

  it('does nothing while Redis is ready, relays while it is away and for the grace after', async () => {
    const { ctx, looks } = context();
    const redis = { status: 'ready' as string };
    const relay = new OutageRelay(
      ctx,
      redis as never,
      (err) => {
        throw err;
      },
      1_000,
      5_000,
    );
    await relay.tick(0);
    expect(looks.io).toBe(0);
    redis.status = 'reconnecting';
    await relay.tick(1_000);
    expect(looks.io).toBe(1);
    redis.status = 'ready';
    await relay.tick(5_000);
    expect(looks.io).toBe(2);
    await relay.tick(6_000);
    expect(looks.io).toBe(3);
    await relay.tick(6_001);
    expect(looks.io).toBe(3);
  });

  it('never starts without Redis (a single node)', async () => {
    const { ctx, looks } = context();
    const relay = new OutageRelay(ctx, undefined, () => undefined);
    relay.start();
    await relay.stop();
    expect(looks.io).toBe(0);
  });
});
