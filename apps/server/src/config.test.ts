import { describe, expect, it } from 'vitest';
import { defaultRedisPrefix, loadConfig } from './config';

/** The deployment's Redis prefix (config REDIS_PREFIX; docs/decisions/038). */
describe('REDIS_PREFIX', () => {
  it('defaults to the database name, so the nodes of one deployment share it', () => {
    expect(defaultRedisPrefix('postgres://u:p@db.internal:5432/domino_prod')).toBe(
      'domino:domino_prod:',
    );
    expect(defaultRedisPrefix('postgresql://127.0.0.1/test_run_7?sslmode=disable')).toBe(
      'domino:test_run_7:',
    );
    expect(defaultRedisPrefix(undefined)).toBe('domino:local:');
    // Nothing outside the allowed characters reaches a key.
    expect(defaultRedisPrefix('postgres://h/we%20ird*name')).toBe('domino:we_ird_name:');
    expect(defaultRedisPrefix('postgres://h/')).toBe('domino:');
    expect(defaultRedisPrefix('not a url')).toBe('domino:');
    expect(loadConfig({ DATABASE_URL: 'postgres://h/uno' }).redisPrefix).toBe('domino:uno:');
  });

  it('takes an explicit prefix and refuses one with spaces or braces', () => {
    expect(
      loadConfig({ DATABASE_URL: 'postgres://h/uno', REDIS_PREFIX: 'prod:' }).redisPrefix,
    ).toBe('prod:');
    expect(() => loadConfig({ REDIS_PREFIX: 'a b' })).toThrow(/REDIS_PREFIX/);
    expect(() => loadConfig({ REDIS_PREFIX: '{slot}' })).toThrow(/REDIS_PREFIX/);
  });
});

/** The bank credential key (docs/decisions/051-bank-connectors.md): refused without echoing it. */
describe('BANK_CREDENTIALS_KEY', () => {
  const key = Buffer.alloc(32, 7).toString('base64');
  it('takes one base64 key or a versioned list, and refuses anything else without echoing it', () => {
    expect(loadConfig({ BANK_CREDENTIALS_KEY: key }).BANK_CREDENTIALS_KEY).toBe(key);
    expect(loadConfig({ BANK_CREDENTIALS_KEY: `2:${key}, 1:${key}` }).BANK_CREDENTIALS_KEY).toBe(
      `2:${key}, 1:${key}`,
    );
    expect(loadConfig({ BANK_CREDENTIALS_KEY: '' }).BANK_CREDENTIALS_KEY).toBeUndefined();
    for (const bad of ['secreto-corto', key.slice(4), `${key},${key}`]) {
      let message = '';
      try {
        loadConfig({ BANK_CREDENTIALS_KEY: bad });
      } catch (err) {
        message = String(err);
      }
      expect(message).toMatch(/BANK_CREDENTIALS_KEY/);
      expect(message).not.toContain(bad);
    }
  });
});
