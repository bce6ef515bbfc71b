import type { DestinationStream, LoggerOptions } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from '../config';

/**
 * Logger options with redaction (decision 014: redact secrets, tokens and query parameters from
 * every log line). A failing query used to be logged with its values: drizzle's
 * DrizzleQueryError carries `params` and repeats them in its message and stack, so one failed
 * insert of a user put the argon2 hash, e-mail and phone in the log. Here:
 * - errors are serialized field by field (`serializeError`): SQL text is kept, parameter values
 *   (`params`, `parameters`, the "params:" tail of the message and the stack) are dropped, and
 *   PostgreSQL's `detail` keeps the column names but not the values;
 * - request URLs are logged with their query values replaced (`?token=[redacted]`);
 * - pino `redact` removes Authorization and Cookie headers and password/token fields;
 * - every string logged (messages and plain fields) loses argon2 hashes and bearer tokens.
 *
 * Kept on purpose: without SMTP_URL the mailer logs the recovery link of a mail it wrote to the
 * outbox (README.md, development only; the same link is in the .eml file).
 */

const REDACTED = '[redacted]';

/** Field names whose values are secrets wherever they appear (pino redact paths, one level). */
const SECRET_KEYS = [
  'password',
  'password_confirmation',
  'current_password',
  'passwordHash',
  'password_hash',
  'token',
  'tokenHash',
  'token_hash',
  'authorization',
  'cookie',
  'params',
  'parameters',
];

// A PHC string: $argon2id$v=19$m=65536,t=3,p=4$<salt>$<hash> (commas included).
const ARGON2 = /\$argon2(?:id|i|d)\$[A-Za-z0-9$=,+/.-]*/g;
const BEARER = /\b(Bearer)\s+[A-Za-z0-9._~+/=-]+/gi;
// drizzle: `Failed query: <sql>\nparams: <values>`
const QUERY_PARAMS = /(\nparams:)[^\n]*/g;
// PostgreSQL: `invalid input syntax for type integer: "abc"`, `... value for enum x: "y"`.
const PG_INPUT_VALUE = /(invalid input (?:syntax|value) for [^:"]*: )"[^"]*"/g;
// PostgreSQL detail: `Key (email)=(a@b.c) already exists.`, `Failing row contains (...)`.
const PG_KEY_VALUE = /(\)=)\((?:[^()]|\([^()]*\))*\)/g;
const PG_FAILING_ROW = /(Failing row contains )\(.*\)/gs;

/** Removes secrets and query parameter values from a free text (a message, a stack, a detail). */
export function scrubText(text: string): string {
  return text
    .replace(QUERY_PARAMS, `$1 ${REDACTED}`)
    .replace(ARGON2, REDACTED)
    .replace(BEARER, `$1 ${REDACTED}`)
    .replace(PG_INPUT_VALUE, `$1"${REDACTED}"`)
    .replace(PG_KEY_VALUE, `$1(${REDACTED})`)
    .replace(PG_FAILING_ROW, `$1(${REDACTED})`);
}

/** A URL with every query value replaced: `/api/x?token=abc&page=2` -> `?token=[redacted]&page=[redacted]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq < 0 ? pair : `${pair.slice(0, eq)}=${REDACTED}`;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/** Error properties copied to the log as they are (codes and names, never values). */
const SAFE_ERROR_FIELDS = [
  'code',
  'statusCode',
  'validationContext',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'routine',
  'file',
  'line',
] as const;

/**
 * An error as a log object: type, scrubbed message and stack, safe fields, the SQL text of a
 * failed query (without its values), a scrubbed `detail`/`hint`/`where`, and its cause (to a
 * depth of 5). Never throws.
 */
export function serializeError(err: unknown, depth = 0): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: scrubText(String(err)) };
  const e = err as Error & Record<string, unknown>;
  const out: Record<string, unknown> = {
    type: e.constructor?.name ?? e.name,
    message: scrubText(e.message ?? ''),
  };
  if (typeof e.stack === 'string') out.stack = scrubText(e.stack);
  for (const key of SAFE_ERROR_FIELDS) {
    const v = e[key];
    if (typeof v === 'string' || typeof v === 'number') out[key] = v;
  }
  if (typeof e.query === 'string') out.query = scrubText(e.query);
  for (const key of ['detail', 'hint', 'where'] as const) {
    if (typeof e[key] === 'string') out[key] = scrubText(e[key]);
  }
  if (e.cause !== undefined && depth < 5) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/** Deep-scrubs the strings of a plain log object (not errors: serializeError handles them). */
function scrubObject(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (depth > 5 || value === null || typeof value !== 'object') return value;
  if (value instanceof Error || ArrayBuffer.isView(value)) return value;
  if (Array.isArray(value)) return value.map((v) => scrubObject(v, depth + 1));
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = scrubObject(v, depth + 1);
  return out;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  originalUrl?: string;
  raw?: { originalUrl?: string };
  id?: string;
  ip?: string;
  host?: string;
  socket?: { remotePort?: number };
}

/** The pino options of the app's logger (Fastify `logger`); `stream` is for tests. */
export function loggerOptions(
  config: Pick<Config, 'LOG_LEVEL'>,
  stream?: DestinationStream,
): LoggerOptions & { stream?: DestinationStream } {
  return {
    level: config.LOG_LEVEL,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["idempotency-key"]',
        ...SECRET_KEYS,
        ...SECRET_KEYS.map((k) => `*.${k}`),
      ],
      censor: REDACTED,
    },
    serializers: {
      err: serializeError,
      error: serializeError,
      req(req: LoggedRequest) {
        const url = req.raw?.originalUrl ?? req.originalUrl ?? req.url ?? '';
        return {
          method: req.method,
          url: redactUrl(url),
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        };
      },
    },
    formatters: {
      log: (obj) => scrubObject(obj, 0) as Record<string, unknown>,
    },
    hooks: {
      logMethod(args, method) {
        const scrubbed = args.map((a) => (typeof a === 'string' ? scrubText(a) : a));
        return method.apply(this, scrubbed as Parameters<typeof method>);
      },
    },
  };
}

/** Where the process runs, for choosing the log format (see `prettyLogs`). */
export interface LogTarget {
  /** stdout is a terminal (a person is reading). */
  isTTY: boolean;
  /** The CI variable is set. */
  ci: boolean;
}

/** The process's own target: its stdout and the CI variable. */
export function processLogTarget(): LogTarget {
  return { isTTY: process.stdout.isTTY === true, ci: Boolean(process.env.CI) };
}

/**
 * Whether log lines are written for a person (docs/decisions/020): LOG_FORMAT=pretty always,
 * json never, auto when stdout is a terminal and neither CI nor NODE_ENV=test. Production under a
 * process manager (no terminal), CI and tests keep one JSON object per line.
 */
export function prettyLogs(
  config: Pick<Config, 'LOG_FORMAT' | 'NODE_ENV'>,
  target: LogTarget = processLogTarget(),
): boolean {
  if (config.LOG_FORMAT !== 'auto') return config.LOG_FORMAT === 'pretty';
  return target.isTTY && !target.ci && config.NODE_ENV !== 'test';
}

/**
 * A pino-pretty stream: coloured (when the terminal supports it) level, time and message, the
 * fields below. pino redacts and serializes before the line reaches it (loggerOptions), so the
 * readable line carries exactly what the JSON line would. `destination` defaults to stdout.
 */
export function prettyLogStream(
  options: { destination?: NodeJS.WritableStream; colorize?: boolean } = {},
): DestinationStream {
  return pretty({
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
    ...(options.colorize === undefined ? {} : { colorize: options.colorize }),
    ...(options.destination ? { destination: options.destination } : {}),
  });
}

/** The stream the app logs to for `config`: pino-pretty for a person, else pino's own stdout. */
export function logStreamFor(
  config: Pick<Config, 'LOG_FORMAT' | 'NODE_ENV'>,
  target: LogTarget = processLogTarget(),
): DestinationStream | undefined {
  return prettyLogs(config, target) ? prettyLogStream() : undefined;
}
