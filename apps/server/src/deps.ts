import type { Redis } from 'ioredis';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Config } from './config';
import type { Database } from './db/client';
import type { RealtimeHub } from './modules/realtime/hub';
import type { BotPolicy, OffLoopBots } from './modules/games/bots';
import type { PushNotifier } from './modules/push/notifier';
import type { RatingSource } from './modules/quickplay/service';
import type { SettledMatchScans } from './modules/risk/scanner';
import type { BankVault } from './modules/banking/vault';
import type { BankConnectors } from './modules/banking/port';
import type { BankVerifier } from './modules/banking/verify-worker';
import type { ServerMetrics } from './modules/metrics/metrics';

/** What every module may use; built once per app instance (tests build their own). */
export interface AppDeps {
  config: Config;
  database: Database;
  redis?: Redis | undefined;
  hub: RealtimeHub;
  /**
   * This node's lifecycle (docs/decisions/063-cluster-and-drain.md): `draining` turns true on
   * SIGTERM (server.ts `drain`); from then on `GET /api/ready` answers 503 and no new socket is
   * accepted.
   */
  lifecycle: { draining: boolean };
  /** Chooses CPU moves (the engine's bots; tests may pass a simpler policy). */
  bots: BotPolicy;
  /**
   * Chooses the slow levels' moves in worker threads (docs/decisions/082); null: all inline (a
   * test's own `bots` policy, which the threads would not follow).
   */
  offLoopBots: OffLoopBots | null;
  /**
   * Port from games to tables: a table match ended and settled (its seats are free); refreshes
   * the table's listeners (tables/publish.ts). Bound here so games never imports tables
   * (docs/decisions/019-module-boundaries.md).
   */
  tableMatchFinished: (tableId: number) => void;
  /**
   * Tournaments (docs/decisions/028-tournaments.md): `wake()` asks this node's tournament director
   * for a tick now (a tournament game just finished); a no-op until tournaments/module.ts binds the director (server.ts unbinds it on close).
   * The director's timer is the source of truth; this only shortens the wait.
   */
  tournaments: { wake: () => void };
  /**
   * Duplicate sets (docs/decisions/062-duplicate-domino.md, addendum "A board compared, live"):
   * `handEnded(gameId, board)` is the games module's port, called after the commit of a move that
   * ended hand `board` of a duplicate table, bound by duplicate/module.ts to tell the set's
   * players when that board is compared at both tables; `tournamentBoardCompared(id)` is the
   * duplicate module's port to tournaments, bound by tournaments/module.ts, which refreshes the
   * tournament's room (its standings count compared boards). Both no-ops until bound.
   */
  duplicate: {
    handEnded: (gameId: string, board: number) => void;
    tournamentBoardCompared: (tournamentId: number) => void;
  };
  /**
   * Port from games to risk: a table match settled; its players are scanned for linked accounts
   * and chip dumping after the commit, off the request path (modules/risk/scanner.ts,
   * docs/decisions/049-risk-scanning-and-groups.md). A failure never reaches the settlement.
   */
  riskFollowUp: SettledMatchScans;
  /**
   * Web Push notifications, sent after commit off the request path (modules/push/notifier.ts,
   * docs/decisions/025): `push.notifyUser(userId, type, {title, body, url})` and its helpers.
   */
  push: PushNotifier;
  /**
   * The operators' Prometheus metrics of this app instance (modules/metrics,
   * docs/decisions/061-prometheus-metrics.md): the games module reports moves and settlements to
   * `metrics.games`; `GET /metrics` renders them.
   */
  metrics: ServerMetrics;
  /**
   * Each player's rating per mode (1500 when unknown): quick play snapshots it at enqueue to pair
   * players of similar rating (modules/quickplay, docs/decisions/027-quick-play.md).
   */
  ratings: RatingSource;
  /**
   * Seals and opens bank connector credentials (modules/banking/vault.ts; key from
   * BANK_CREDENTIALS_KEY or, outside production, DATA_DIR): pass it to `loadConnector`.
   */
  bankVault: BankVault;
  /**
   * Bank connectors (docs/decisions/051-bank-connectors.md): the port to each recharge
   * account's connector (bound at composition; none by default: the manual flow) and this node's
   * verifier (built by buildApp; `kick(id)` after a recharge request commits).
   */
  bank: { connectors: BankConnectors; verifier: BankVerifier | null };
  limiters: {
    /**
     * Per-account backoff: an account's key is blocked for 2, 4, 8 … s after its failures pass
     * LOGIN_LIMITS.backoffAfter; unknown devices wait it out (docs/decisions/039).
     */
    loginBackoff: RateLimiterAbstract;
    /** Failed logins per (e-mail, known device cookie): LOGIN_LIMITS.perDevice end its trust. */
    loginDeviceFailures: RateLimiterAbstract;
    /**
     * Failed logins of unknown devices per client address, any account: LOGIN_ADDRESS_LIMIT make
     * unknown devices from it wait; known devices and staff never do (decision 039).
     */
    loginIp: RateLimiterAbstract;
    /** Failed logins per e-mail from any address: counted, recorded for staff, never locking. */
    loginAccountBurst: RateLimiterAbstract;
    /**
     * Every question whether an e-mail, cédula or phone is taken, per client address:
     * check_email / check_identity / check_phone, registrations and profile edits of the e-mail
     * or phone (one counter; decision 013).
     */
    availability: RateLimiterAbstract;
    /**
     * The address ceiling over `availability`, which counts per client (account, device id or
     * address): ten times its allowance per address (docs/decisions/039).
     */
    availabilityAddress: RateLimiterAbstract;
    /**
     * Private-table invitation codes looked up or joined, per user: 30 per 10 minutes, so codes
     * cannot be guessed by trying (docs/decisions/021-private-tables.md).
     */
    inviteCodes: RateLimiterAbstract;
    /**
     * Wrong invitation codes to watch one match, per (match, browser: device id, else address):
     * 10 per 10 minutes, beside `inviteCodes` per account (docs/decisions/048).
     */
    spectateCodes: RateLimiterAbstract;
    /** Table talk messages per user: TALK_RATE_LIMIT (docs/decisions/023-table-talk.md). */
    talk: RateLimiterAbstract;
    /** C2P payment-key requests (SMS) per user: C2P_KEY_RATE_LIMIT (decision 051). */
    c2pKey: RateLimiterAbstract;
    /** Practice matches started per user: PRACTICE_GAME_RATE_LIMIT (decision 082). */
    practiceGames: RateLimiterAbstract;
  };
}
