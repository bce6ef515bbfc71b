import type { FastifyInstance } from 'fastify';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { FRIEND_LIMITS } from '@domino/contracts';
import { createLimiter } from '../../lib/rate-limit';

/**
 * Rate limits of the friends flows (FRIEND_LIMITS; in Redis when REDIS_URL is set, so every node
 * shares them). A friend request by username spends one point of the player's counter and one of
 * the client address's, whatever the answer, which bounds guessing usernames
 * (docs/decisions/024); an invitation spends one of the player's invitation counter.
 */
export interface FriendLimiters {
  requestsPerUser: RateLimiterAbstract;
  requestsPerAddress: RateLimiterAbstract;
  invitationsPerUser: RateLimiterAbstract;
}

const byApp = new WeakMap<object, FriendLimiters>();

/** The friends limiters of an app instance (one set per `app.deps`). */
export function friendLimiters(app: FastifyInstance): FriendLimiters {
  const existing = byApp.get(app.deps);
  if (existing) return existing;
  const redis = app.deps.redis;
  const durationSec = FRIEND_LIMITS.windowMinutes * 60;
  const created: FriendLimiters = {
    requestsPerUser: createLimiter(
      { keyPrefix: 'friend_request_user', points: FRIEND_LIMITS.requestsPerUser, durationSec },
      redis,
    ),
    requestsPerAddress: createLimiter(
      { keyPrefix: 'friend_request_ip', points: FRIEND_LIMITS.requestsPerAddress, durationSec },
      redis,
    ),
    invitationsPerUser: createLimiter(
      { keyPrefix: 'friend_invite_user', points: FRIEND_LIMITS.invitationsPerUser, durationSec },
      redis,
    ),
  };
  byApp.set(app.deps, created);
  return created;
}
