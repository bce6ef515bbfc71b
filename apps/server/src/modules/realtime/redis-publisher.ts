import type { Redis } from 'ioredis';

/**
 * The Socket.IO Redis adapter's publishing client, made safe for a Redis outage
 * (docs/decisions/066-redis-outage-keeps-nodes-up.md): the adapter calls `publish` without
 * handling its promise, so once ioredis gives up on a command (`maxRetriesPerRequest`) the
 * rejection is unhandled and Node ends the process: every node of a cluster went down 30 s into
 * a Redis outage (bench/src/failover.ts `--scenario redis-outage`). Here `publish` resolves to 0
 * (no subscriber reached) and reports the error to `onError` instead; every other property is
 * the client's own. Cross-node broadcasts are lost while Redis is away; the node's own sockets
 * still get theirs, and a view is always re-read on `game:join`.
 */
export function safePublisher(pub: Redis, onError: (err: unknown) => void): Redis {
  return new Proxy(pub, {
    get(target, prop) {
      if (prop === 'publish') {
        return (...args: Parameters<Redis['publish']>) =>
          target.publish(...args).catch((err: unknown) => {
            onError(err);
            return 0;
          });
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}
