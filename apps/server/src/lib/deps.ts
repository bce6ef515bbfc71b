import type { Redis } from 'ioredis';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { RealtimeHub } from '../modules/realtime/hub';
import type { BotPolicy } from '../modules/games/bots';

/** What every module may use; built once per app instance (tests build their own). */
export interface AppDeps {
  config: Config;
  database: Database;
  redis?: Redis | undefined;
  hub: RealtimeHub;
  /** Chooses CPU moves (the engine's bots; tests may pass a simpler policy). */
  bots: BotPolicy;
  limiters: {
    /** Failed logins per e-mail. */
    loginEmail: RateLimiterAbstract;
    /** Failed logins per client address. */
    loginIp: RateLimiterAbstract;
    /** check_email / check_identity / check_phone per client address. */
    availability: RateLimiterAbstract;
  };
}
