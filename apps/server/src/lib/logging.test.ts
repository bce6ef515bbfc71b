import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@domino/contracts';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { bootstrap } from '../modules/catalog/bootstrap';
import { createDeps } from '../server';
import { createTestDatabase, newPlayer } from '../test/helpers';
import { Writable } from 'node:stream';
import pino from 'pino';
import {
  loggerOptions,
  prettyLogStream,
  prettyLogs,
  redactUrl,
  scrubText,
  serializeError,
} from './logging';

/**
 * Log redaction (decision 014: the failing query is logged with its values, an argon2 hash
 * included). The app's real logger is captured line by line while a registration
 * fails inside the database, and no secret, token or parameter value may appear in any line.
 */
describe('log lines of a request that fails in the database', () => {
  let database: Database;
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      WEB_DIST: '',
      ADMIN_EMAIL: 'admin@test.local',
      ADMIN_PASSWORD: 'AdminPass123',
    });
    await bootstrap(database.db, {
      adminEmail: config.ADMIN_EMAIL,
      adminPassword: config.ADMIN_PASSWORD,
      seedDemo: true,
    });
    app = await buildApp(createDeps(config, database), {
      logStream: { write: (line: string) => void lines.push(line) },
    });
    // Any new user now fails inside the INSERT, after the password was hashed.
    await database.db.execute(sql`
      create function walker_refuse_users() returns trigger language plpgsql as $$
      begin raise exception 'simulated failure'; end $$`);
    await database.db.execute(sql`
      create trigger refuse_users before insert on users
      for each row execute function walker_refuse_users()`);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('keeps the SQL text but no hash, password, personal value, token or query value', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/login_api',
      payload: { email: 'admin@test.local', password: 'AdminPass123' },
    });
    const token = login.json().token as string;
    const player = newPlayer({ password: 'Secreto123Xyz', password_confirmation: 'Secreto123Xyz' });
    lines.length = 0;
    const res = await app.inject({
      method: 'POST',
      url: '/api/register_api?token=query-secret-value&page=2',
      headers: { authorization: `Bearer ${token}`, cookie: 'session=cookie-secret' },
      payload: player,
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: MSG.unexpected, code: 'server/internal' });

    const log = lines.join('');
    const failure = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'unhandled error');
    expect(failure, log).toBeDefined();
    // Still useful: the error type, the failing SQL text and the database's own code.
    expect(failure.err).toMatchObject({ type: 'DrizzleQueryError', cause: { code: 'P0001' } });
    expect(failure.err.query).toMatch(/^insert into "users"/);
    expect(failure.err.message).toContain('params: [redacted]');
    for (const secret of [
      '$argon2',
      'Secreto123Xyz',
      player.email,
      player.phone,
      player.n_identification,
      'query-secret-value',
      token,
      'cookie-secret',
    ])
      expect(log, secret).not.toContain(secret);
    const incoming = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'incoming request');
    expect(incoming.req.url).toBe('/api/register_api?token=[redacted]&page=[redacted]');
  });

  it('logs the address a client used, /public included, with the request id', async () => {
    lines.length = 0;
    const res = await app.inject({
      url: '/public/api/tables?secret=1',
      headers: { 'x-request-id': 'walk-42' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('walk-42');
    const incoming = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'incoming request');
    expect(incoming).toMatchObject({
      reqId: 'walk-42',
      req: { url: '/public/api/tables?secret=[redacted]' },
    });
  });
});

describe('redaction helpers', () => {
  it('drop query parameter values, hashes, bearer tokens and PostgreSQL values', () => {
    expect(
      scrubText(
        'Failed query: insert into "users" values ($1, $2)\nparams: a@b.c,$argon2id$v=19$m=1$abc',
      ),
    ).toBe('Failed query: insert into "users" values ($1, $2)\nparams: [redacted]');
    expect(scrubText('hash $argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA end')).toBe(
      'hash [redacted] end',
    );
    expect(scrubText('Authorization: Bearer abc.DEF-123_x')).toBe(
      'Authorization: Bearer [redacted]',
    );
    expect(scrubText('Key (email)=(ana@example.com) already exists.')).toBe(
      'Key (email)=([redacted]) already exists.',
    );
    expect(scrubText('Key (lower(email::text))=(ana@example.com) already exists.')).toBe(
      'Key (lower(email::text))=([redacted]) already exists.',
    );
    expect(scrubText('Failing row contains (1, Ana, ana@example.com).')).toBe(
      'Failing row contains ([redacted]).',
    );
    expect(scrubText('invalid input syntax for type bigint: "0x10"')).toBe(
      'invalid input syntax for type bigint: "[redacted]"',
    );
    expect(redactUrl('/api/x?token=abc&page=2&flag')).toBe(
      '/api/x?token=[redacted]&page=[redacted]&flag',
    );
    expect(redactUrl('/api/x')).toBe('/api/x');
  });

  it('serializes an error with its cause, without parameters', () => {
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "users_email"'),
      {
        code: '23505',
        detail: 'Key (email)=(ana@example.com) already exists.',
        constraint: 'users_email',
      },
    );
    const err = Object.assign(new Error('Failed query: select 1\nparams: ana@example.com'), {
      query: 'select 1',
      params: ['ana@example.com'],
      cause,
    });
    const out = serializeError(err);
    expect(JSON.stringify(out)).not.toContain('ana@example.com');
    expect(out).toMatchObject({
      query: 'select 1',
      cause: {
        code: '23505',
        constraint: 'users_email',
        detail: 'Key (email)=([redacted]) already exists.',
      },
    });
    expect(out).not.toHaveProperty('params');
  });
});

describe('log lines for a person and for machines', () => {
  it('writes readable lines only to a terminal outside CI and tests, unless told', () => {
    const auto = (NODE_ENV: 'production' | 'development' | 'test', isTTY: boolean, ci: boolean) =>
      prettyLogs({ LOG_FORMAT: 'auto', NODE_ENV }, { isTTY, ci });
    expect(auto('production', true, false)).toBe(true); // `npm start` at a terminal
    expect(auto('development', true, false)).toBe(true);
    expect(auto('production', false, false)).toBe(false); // a process manager, a pipe
    expect(auto('production', true, true)).toBe(false); // CI
    expect(auto('test', true, false)).toBe(false);
    expect(
      prettyLogs({ LOG_FORMAT: 'json', NODE_ENV: 'development' }, { isTTY: true, ci: false }),
    ).toBe(false);
    expect(prettyLogs({ LOG_FORMAT: 'pretty', NODE_ENV: 'test' }, { isTTY: false, ci: true })).toBe(
      true,
    );
    expect(loadConfig({}).LOG_FORMAT).toBe('auto');
    expect(() => loadConfig({ LOG_FORMAT: 'yaml' })).toThrow();
  });

  it('redacts the readable lines as it redacts the JSON ones', async () => {
    let out = '';
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        out += chunk.toString();
        done();
      },
    });
    const finished = new Promise((resolve) => destination.on('finish', resolve));
    const stream = prettyLogStream({ destination, colorize: false });
    const logger = pino(loggerOptions({ LOG_LEVEL: 'info' }), stream);
    const failure = Object.assign(
      new Error('Failed query: insert into "users" values ($1)\nparams: ana@example.com'),
      { params: ['ana@example.com'] },
    );
    logger.info(
      { password: 'pw-secret-1', user: { token: 'tok-secret-2' } },
      'login with Bearer abc.secret-3',
    );
    logger.error({ err: failure, req: { url: '/api/x?token=q-secret-4' } }, 'unhandled error');
    logger.flush();
    (stream as unknown as Writable).end();
    await finished;

    // A person's line: level, then the message; never a JSON object.
    expect(out).toMatch(/INFO.*: login with Bearer \[redacted\]/);
    expect(out).toMatch(/ERROR.*: unhandled error/);
    expect(out).toContain('params: [redacted]');
    expect(out.trimStart().startsWith('{')).toBe(false);
    for (const secret of ['pw-secret-1', 'tok-secret-2', 'secret-3', 'ana@example.com'])
      expect(out, secret).not.toContain(secret);
  });
});
