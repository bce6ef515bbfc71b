import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { MSG } from '@domino/contracts';
import { AppError } from './errors';

/**
 * Rate limiters (rate-limiter-flexible): in memory on one node, in Redis when REDIS_URL is set so
 * every node shares the counters. Each limiter allows `points` per `durationSec`, then blocks
 * for `blockSec`.
 */
export interface LimiterSpec {
  keyPrefix: string;
  points: number;
  durationSec: number;
  blockSec?: number;
}

export function createLimiter(spec: LimiterSpec, redis?: Redis): RateLimiterAbstract {
  const opts = {
    keyPrefix: spec.keyPrefix,
    points: spec.points,
    duration: spec.durationSec,
    blockDuration: spec.blockSec ?? 0,
  };
  return redis
    ? new RateLimiterRedis({ ...opts, storeClient: redis })
    : new RateLimiterMemory(opts);
}

/** Consumes one point; returns the seconds to wait when the limit is exceeded, else null. */
export async function consume(limiter: RateLimiterAbstract, key: string): Promise<number | null> {
  try {
    await limiter.consume(key);
    return null;
  } catch (res) {
    if (res instanceof RateLimiterRes) return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    throw res;
  }
}

/** Seconds to wait if `key` has used all its points (without consuming), else null. */
export async function blockedFor(
  limiter: RateLimiterAbstract,
  key: string,
): Promise<number | null> {
  const res = await limiter.get(key);
  if (res && res.consumedPoints >= limiter.points)
    return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  return null;
}

/** A 429 AppError carrying the Retry-After seconds the error handler sends. */
export function rateLimited(seconds: number, message: string = MSG.tooManyRequests): AppError {
  const err = new AppError('rate/limited', 429, message);
  (err as AppError & { retryAfter?: number }).retryAfter = seconds;
  return err;
}
