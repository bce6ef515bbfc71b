import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { LOGIN_LIMITS } from '@domino/contracts';

const here = path.dirname(fileURLToPath(import.meta.url));

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

/**
 * Every setting of the server, parsed from the environment once at boot (docs/architecture.md config.ts).
 * Unset DATABASE_URL -> embedded PGlite in DATA_DIR; unset REDIS_URL -> in-memory Socket.IO
 * adapter and rate limiter; unset SMTP_URL -> mail written to DATA_DIR/outbox.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: optionalString,
  /**
   * Most PostgreSQL connections this process keeps open (the pool's size; unused on PGlite). The
   * pool keeps what it opened (docs/decisions/037-hot-moves.md). Several processes on one
   * PostgreSQL share its `max_connections` (100 by default): the browser journeys run their
   * servers with 8 (docs/decisions/045-fast-test-databases.md).
   */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(20),
  DATA_DIR: z.string().default('./data'),
  REDIS_URL: optionalString,
  /**
   * What every key and channel this deployment keeps in Redis starts with (rate-limit counters,
   * the Socket.IO adapter's channels), so two deployments may share one Redis without reading each
   * other's counters or broadcasts. Default `domino:<database name>:`: the nodes of a deployment
   * share its database, hence the prefix (docs/decisions/038).
   */
  REDIS_PREFIX: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'REDIS_PREFIX: letters, digits and : _ . - (up to 64)')
      .optional(),
  ),
  /**
   * Bearer token of `GET /metrics` (Prometheus text format, modules/metrics,
   * docs/decisions/061-prometheus-metrics.md): 32 to 256 characters of letters, digits and
   * `- _ . ~ + / =` (e.g. `openssl rand -hex 32`). Unset: /metrics answers 404 like any unknown
   * route. Compared in constant time; never logged.
   */
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^[A-Za-z0-9._~+/=-]{32,256}$/,
        'METRICS_TOKEN must be 32 to 256 letters, digits or - _ . ~ + / =',
      )
      .optional(),
  ),
  /** SMTP server for mail, e.g. smtp://user:pass@host:587 (unset = .eml files in DATA_DIR/outbox). */
  SMTP_URL: optionalString,
  /** Sender of every e-mail (RFC 5322 address, a display name is allowed). */
  MAIL_FROM: z.preprocess(
    emptyToUndefined,
    z.string().default('Dominó <no-responder@domino.local>'),
  ),
  /** Public address of the web app, used in e-mailed links (default http://localhost:PORT). */
  PUBLIC_URL: optionalString,
  ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email().default('admin@domino.local')),
  ADMIN_PASSWORD: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Log line format: `json` for machines, `pretty` for a person (pino-pretty), `auto` = pretty when
   * stdout is a terminal outside CI and tests, JSON otherwise (docs/decisions/020).
   */
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  /** Lifetime of a token issued without "remember", in hours. */
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  /** Lifetime of a token issued with "remember", in days. */
  REMEMBER_TTL_DAYS: z.coerce.number().positive().default(30),
  /** Directory of the built web app served with SPA fallback; empty disables it. */
  WEB_DIST: z.string().default(path.resolve(here, '../../web/dist')),
  /**
   * Questions per client address and minute about whether an e-mail, cédula or phone is taken:
   * check_email/identity/phone, registrations, and profile edits of the e-mail or phone share
   * this counter (docs/decisions/013).
   */
  AVAILABILITY_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /**
   * Failed sign-ins of unknown devices from one client address (any accounts) per 15 minutes
   * before unknown devices from it wait; known devices and staff never do
   * (docs/decisions/039-an-address-is-not-a-person.md). Default LOGIN_LIMITS.perAddress (300).
   */
  LOGIN_ADDRESS_LIMIT: z.coerce.number().int().min(1).default(LOGIN_LIMITS.perAddress),
  /**
   * How often each node re-checks the tokens of its open sockets, in milliseconds (0 disables it):
   * the bound on how long a socket can outlive a session whose end notification was lost
   * (docs/decisions/012).
   */
  SESSION_SWEEP_MS: z.coerce.number().int().min(0).default(15_000),
  /**
   * Which proxies to believe when reading a client's address from `X-Forwarded-For` (per-address
   * rate limits and lockouts depend on it, docs/decisions/013). `false` (default) believes none;
   * otherwise a comma-separated list of proxy addresses, CIDR ranges or the names `loopback`,
   * `linklocal`, `uniquelocal`; `true` means the private ranges (a load balancer on the local
   * network). The client is the first address, from the right, that is not a trusted proxy, so a
   * client writing the header itself cannot choose the address it is counted under. Never "every
   * hop" (Fastify's `trustProxy: true`), which would let it.
   */
  TRUST_PROXY: z
    .preprocess(emptyToUndefined, z.string().trim().default('false'))
    .transform((v, ctx): false | string[] => {
      if (v === 'false') return false;
      if (v === 'true') return ['loopback', 'linklocal', 'uniquelocal'];
      const list = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const valid = (s: string) =>
        ['loopback', 'linklocal', 'uniquelocal'].includes(s) ||
        /^[0-9a-fA-F.:]+(\/[0-9]{1,3})?$/.test(s);
      if (list.length > 0 && list.every(valid)) return list;
      ctx.addIssue({
        code: 'custom',
        message: 'TRUST_PROXY must be false, true or a comma list of proxy addresses/CIDRs',
      });
      return z.NEVER;
    }),
  /**
   * Drain on SIGTERM (docs/decisions/063-cluster-and-drain.md): how long a stopping node answers
   * 503 on /api/ready before it tells its sockets to reconnect, in milliseconds, so the balancer
   * has marked it down and sends them to another node (HAProxy checks every second,
   * ops/haproxy/haproxy.cfg). 0 without a balancer that checks readiness.
   */
  DRAIN_NOTICE_MS: z.coerce.number().int().min(0).max(3000).default(1500),
  /**
   * Drain: the window, in milliseconds, over which the node's clients reconnect elsewhere (each
   * waits a random time within it, so they do not all arrive at once); the node closes the
   * sockets still open 1 s after it.
   */
  DRAIN_RECONNECT_MS: z.coerce.number().int().min(0).max(3000).default(2000),
  /**
   * Drain pace (drain-pace.ts; decision 067 addendum): a node with many sockets widens the window
   * above so that its players reach the other nodes at no more than this many per second
   * (0: always DRAIN_RECONNECT_MS)…
   */
  DRAIN_ADMIT_PER_S: z.coerce.number().int().min(0).max(100_000).default(300),
  /**
   * …up to this window, in milliseconds (the client contract's `reconnect_within_ms` allows
   * 10 s). The watchdog's bound on the exit grows with it (drain-pace.ts `exitBoundMs`): the
   * default, equal to DRAIN_RECONNECT_MS, keeps the exit within 9.5 s as decision 063 promises;
   * an operator who raises it trades a longer stop for a gentler arrival elsewhere.
   */
  DRAIN_RECONNECT_MAX_MS: z.coerce.number().int().min(0).max(10_000).default(2000),
  /** CPU players wait a random time in [BOT_MIN_DELAY_MS, BOT_MAX_DELAY_MS] before moving. */
  BOT_MIN_DELAY_MS: z.coerce.number().int().min(0).default(700),
  BOT_MAX_DELAY_MS: z.coerce.number().int().min(0).default(1400),
  /** Extra pause after a hand ends so everyone can read the summary, in milliseconds. */
  HAND_PAUSE_MS: z.coerce.number().int().min(0).default(4000),
  /**
   * How long a move may wait for other games' moves before they are written together, in
   * milliseconds (the group commit, modules/games/commit-batch.ts; docs/decisions/081-commit-
   * linger.md): fewer, larger commits for PostgreSQL at the price of that wait in the move's
   * answer. 0 writes each move as soon as a batch slot is free. The default was measured in
   * docs/performance.md "Moves that wait 10 ms for company".
   */
  GAME_COMMIT_LINGER_MS: z.coerce.number().int().min(0).max(200).default(10),
  /** Turn time of practice games against the CPU, in seconds (the bot plays on timeout). */
  PRACTICE_TURN_SECONDS: z.coerce.number().int().min(1).default(60),
  /** How often the sweeper looks for due games, in milliseconds (0 disables it). */
  SWEEPER_INTERVAL_MS: z.coerce.number().int().min(0).default(200),
  /**
   * The longest a node's sweeper sleeps while no game moves on the node, in milliseconds (never
   * less than SWEEPER_INTERVAL_MS): it then polls at the earliest due time it read, and at least
   * this often for due times other nodes wrote (docs/decisions/078-jobs-sleep-while-idle.md).
   */
  SWEEPER_IDLE_MS: z.coerce.number().int().min(0).default(1_000),
  /**
   * How often the risk queue's full scan runs across all nodes, in milliseconds (default 15
   * minutes; 0 disables it, as does SWEEPER_INTERVAL_MS=0). One node scans at a time; settled
   * matches also scan their players at once (docs/decisions/049-risk-scanning-and-groups.md).
   */
  RISK_SCAN_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(15 * 60 * 1000),
  /**
   * How often each node looks for recharges due for an automatic verification with the bank
   * (docs/decisions/051-bank-connectors.md); 0 turns the timer off (a request still kicks
   * its own recharge once). Backoff per recharge is BANK_VERIFY in contracts.
   */
  BANK_VERIFY_INTERVAL_MS: z.coerce.number().int().min(0).default(1_000),
  /** Games the sweeper of one node works on at once (each in its own transaction). */
  SWEEPER_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  /**
   * Web Push VAPID key pair (base64url, as `web-push generate-vapid-keys` prints it): the public
   * key is sent to browsers, the private key signs every push and is never logged. Set both or
   * neither. Neither on the embedded database: a pair is generated once and kept in it (a
   * development convenience); neither on PostgreSQL: push notifications are off
   * (docs/decisions/025).
   */
  VAPID_PUBLIC_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^B[A-Za-z0-9_-]{86}$/, 'VAPID_PUBLIC_KEY must be a base64url P-256 public key')
      .optional(),
  ),
  VAPID_PRIVATE_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'VAPID_PRIVATE_KEY must be a base64url 32-byte key')
      .optional(),
  ),
  /**
   * Who runs this server, for push services (a `mailto:` or `https:` URL; default
   * `mailto:` + ADMIN_EMAIL).
   */
  VAPID_SUBJECT: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(mailto:|https:\/\/)\S+$/, 'VAPID_SUBJECT must be a mailto: or https: URL')
      .optional(),
  ),
  /**
   * Key(s) that encrypt bank connector credentials at rest (AES-256-GCM,
   * docs/decisions/051-bank-connectors.md "Configuration and secrets"): 32 random bytes in base64
   * (`openssl rand -base64 32`), or a comma-separated list `N:base64,...` (N 1-255, the key
   * version stored with each ciphertext) whose first key encrypts and all decrypt, so a key can
   * rotate. Unset outside production: a key is generated once in DATA_DIR/bank-credentials.key
   * (mode 0600). Unset in production: credentials cannot be stored. Never logged.
   */
  BANK_CREDENTIALS_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^\s*(?:\d{1,3}:)?[A-Za-z0-9+/]{43}=\s*(?:,\s*\d{1,3}:[A-Za-z0-9+/]{43}=\s*)*$/,
        // Never echo the value: it is a secret.
        'BANK_CREDENTIALS_KEY must be 32 bytes in base64, or a list "N:base64,..." (see README)',
      )
      .optional(),
  ),
  /**
   * The origin of "Banco de pruebas" (the bank simulator), e.g. `http://127.0.0.1:4010`: a
   * connector's base URL may point there besides the providers' own https hosts
   * (modules/banking/url-policy.ts). The server's own setting, never staff input; unset = none.
   */
  BANK_SIMULATOR_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/, error: 'BANK_SIMULATOR_URL must be an http(s) origin' })
      .optional(),
  ),
  /**
   * Starts Banco de pruebas, the simulated bank, on 127.0.0.1 at this port (0: any free port) and
   * connects the demo recharge accounts to it (modules/banking/demo.ts, decision 052); it becomes
   * BANK_SIMULATOR_URL. `npm start` sets 4100; unset (a deployment) = no simulator.
   */
  BANK_SIMULATOR_PORT: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(65535).optional(),
  ),
  /** Time limit of one HTTP call to a bank, in milliseconds (request and body). */
  BANK_HTTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(8000),
  /**
   * Whether this node computes the CPU-heavy jobs in its job threads (docs/decisions/072-reused-
   * worker-threads.md): post-game analyses, hand-sharing scores, puzzle mining. `false` on the
   * game nodes of a deployment with job nodes (docs/scaling.md §4, docs/operations.md): they
   * still queue the jobs (in PostgreSQL, under leases) and serve their results; the nodes with
   * `true` compute them.
   */
  COMPUTE_JOBS: z
    .preprocess(emptyToUndefined, z.enum(['true', 'false']).default('true'))
    .transform((v) => v === 'true'),
  /** Creates the demo catalogue (banks, recharge account, tables) on an empty database. */
  SEED_DEMO: z
    .preprocess(emptyToUndefined, z.enum(['true', 'false']).default('true'))
    .transform((v) => v === 'true'),
});

export type Config = z.infer<typeof configSchema> & {
  publicUrl: string;
  vapidSubject: string;
  /** REDIS_PREFIX, or its default from the database's name (see there). */
  redisPrefix: string;
};

/**
 * The default REDIS_PREFIX: `domino:` + the database's name + `:` (`domino:local:` on the
 * embedded database). A URL that does not parse keeps the plain `domino:`.
 */
export function defaultRedisPrefix(databaseUrl: string | undefined): string {
  if (!databaseUrl) return 'domino:local:';
  try {
    const name = decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\/+/, ''));
    const safe = name.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 48);
    return safe ? `domino:${safe}:` : 'domino:';
  } catch {
    return 'domino:';
  }
}

/** Parses the environment; throws an Error listing every invalid variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if ((c.VAPID_PUBLIC_KEY === undefined) !== (c.VAPID_PRIVATE_KEY === undefined)) {
    throw new Error(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither',
    );
  }
  return {
    ...c,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
    vapidSubject: c.VAPID_SUBJECT ?? `mailto:${c.ADMIN_EMAIL}`,
    redisPrefix: c.REDIS_PREFIX ?? defaultRedisPrefix(c.DATABASE_URL),
  };
}
