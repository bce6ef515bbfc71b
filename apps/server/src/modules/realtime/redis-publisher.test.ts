import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { safePublisher } from './redis-publisher';

describe('safePublisher (decision 066)', () => {
  it('turns a publish that Redis cannot take into 0 and an error report, not a rejection', async () => {
    // Nothing listens on port 1: every command fails at once, as during a Redis outage.
    const down = new Redis({
      port: 1,
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      enableOfflineQueue: false,
    });
    down.on('error', () => undefined);
    await expect(down.publish('chan', 'raw')).rejects.toThrow();
    const errors: unknown[] = [];
    const pub = safePublisher(down, (err) => errors.push(err));
    await expect(pub.publish('chan', 'msg')).resolves.toBe(0);
    expect(errors).toHaveLength(1);
    // Everything else is the client's own.
    expect(pub.status).toBe(down.status);
    expect(typeof pub.duplicate).toBe('function');
    down.disconnect();
  });
});
