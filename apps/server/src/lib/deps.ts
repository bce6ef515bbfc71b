import type { Redis } from 'ioredis';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Config } from '../config';
import type { Database } from '../db/client';

/** What every module may use; built once per app instance (tests build their own). */
export interface AppDeps {
  config: Config;
  database: Database;
  redis?: Redis | undefined;
  limiters: {
    /** Failed logins per e-mail. */
    loginEmail: RateLimiterAbstract;
    /** Failed logins per client address. */
    loginIp: RateLimiterAbstract;
    /** check_email / check_identity / check_phone per client address. */
    availability: RateLimiterAbstract;
  };
}
