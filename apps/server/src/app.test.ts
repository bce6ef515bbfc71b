import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@domino/contracts';
import { loadConfig } from './config';
import { DataDirLockedError, openDatabase } from './db/client';
import { banks, gameTables, rechargeAccounts, users } from './db/schema';
import { DEMO_TABLES, bootstrap } from './modules/catalog/bootstrap';
import type { TestApp } from './test/helpers';
import { buildTestApp, createTestDatabase } from './test/helpers';

describe('the HTTP platform', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Dominó</title>');
    fs.writeFileSync(path.join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    t = await buildTestApp('pglite', { WEB_DIST: webDir });
    t.app.get('/api/boom', async () => {
      throw new Error('secret connection string postgres://user:pw@db');
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('reports health with the database kind', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'pglite' });
  });

  it('is ready until it drains, with nothing but a status, and keeps both probes out of the API docs', async () => {
    const res = await t.app.inject('/api/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
    t.app.deps.lifecycle.draining = true;
    try {
      const draining = await t.app.inject('/api/ready');
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toEqual({ status: 'draining' });
      // Liveness is another question: a draining node is alive.
      expect((await t.app.inject('/api/health')).statusCode).toBe(200);
    } finally {
      t.app.deps.lifecycle.draining = false;
    }
    const spec = t.app.swagger() as { paths?: Record<string, unknown> };
    expect(Object.keys(spec.paths ?? {})).not.toContain('/api/ready');
    expect(Object.keys(spec.paths ?? {})).not.toContain('/api/health');
  });

  it('echoes a request id and sends security headers', async () => {
    const res = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
    const fresh = await t.app.inject('/api/health');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('never leaks internals in a 500', async () => {
    const res = await t.app.inject('/api/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: MSG.unexpected, code: 'server/internal' });
    expect(res.body).not.toContain('postgres://');
  });

  it('answers unknown API paths with a JSON 404 and malformed JSON with a 400 body', async () => {
    const res = await t.app.inject('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: MSG.notFound, code: 'http/not_found' });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/login_api',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toMatch(/^http\//);
  });

  it('serves the web app with an SPA fallback for client routes', async () => {
    for (const url of ['/', '/dashboard', '/waiting-room/3?x=1']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<title>Dominó</title>');
    }
    const asset = await t.app.inject('/assets/app-abc123.js');
    expect(asset.headers['cache-control']).toContain('immutable');
    const missingAsset = await t.app.inject({ method: 'POST', url: '/dashboard' });
    expect(missingAsset.statusCode).toBe(404);
  });

  it('publishes the OpenAPI document', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining(['/api/register_api', '/api/login_api', '/api/tables']),
    );
  });
});

describe('first-start bootstrap', () => {
  it('creates the demo catalogue and admin once, and changes nothing when run again', async () => {
    const database = await createTestDatabase('pglite');
    try {
      const opts = { adminEmail: 'Boss@Test.local', adminPassword: undefined, seedDemo: true };
      const first = await bootstrap(database.db, opts);
      expect(first.generatedAdminPassword).toMatch(/^Adm.{16}9$/);
      const snapshot = async () => ({
        banks: (await database.db.select({ n: count() }).from(banks))[0]?.n,
        accounts: (await database.db.select({ n: count() }).from(rechargeAccounts))[0]?.n,
        tables: (await database.db.select({ n: count() }).from(gameTables))[0]?.n,
        users: (await database.db.select({ n: count() }).from(users))[0]?.n,
      });
      const before = await snapshot();
      expect(before).toEqual({ banks: 26, accounts: 1, tables: DEMO_TABLES.length, users: 1 });
      expect(DEMO_TABLES).toHaveLength(8);
      const second = await bootstrap(database.db, opts);
      expect(second.generatedAdminPassword).toBeNull();
      expect(await snapshot()).toEqual(before);
      // Every Pago Móvil bank (docs/decisions/016; pago-movil-banks.suite.ts checks the list).
      const codes = (await database.db.select().from(banks)).map((b) => b.code);
      expect(codes).toContain('0134');
      expect(new Set(codes).size).toBe(26);
    } finally {
      await database.close();
    }
  });
});

describe('the embedded database', () => {
  it('refuses a second opener of the same data directory with a clear error', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-lock-'));
    const first = await openDatabase({ dataDir: dir });
    try {
      await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(
        /already in use by another server process/,
      );
    } finally {
      await first.close();
    }
    const again = await openDatabase({ dataDir: dir });
    await again.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('configuration', () => {
  it('applies defaults and rejects invalid values with every problem listed', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATA_DIR).toBe('./data');
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(() => loadConfig({ PORT: 'abc', LOG_LEVEL: 'loud' })).toThrow(/PORT[\s\S]*LOG_LEVEL/);
  });
});
