import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@domino/contracts';
import type { TestApp } from '../test/helpers';
import { buildTestApp } from '../test/helpers';
import { isApiPath, rewritePublicApiUrl } from './api-paths';

describe('API paths', () => {
  it('rewrites only the /public/api prefix', () => {
    expect(rewritePublicApiUrl('/public/api/login_api')).toBe('/api/login_api');
    expect(rewritePublicApiUrl('/public/api/games?x=1')).toBe('/api/games?x=1');
    expect(rewritePublicApiUrl('/public/api')).toBe('/api');
    expect(rewritePublicApiUrl('/public/apiary')).toBe('/public/apiary');
    expect(rewritePublicApiUrl('/public/favicon.svg')).toBe('/public/favicon.svg');
    expect(rewritePublicApiUrl('/dashboard')).toBe('/dashboard');
  });

  it('recognises an API path however it is spelled', () => {
    for (const url of [
      '/api',
      '/api/x',
      '/API/x',
      '//api/x',
      '/api%2Fx',
      '/public/api/x',
      '/Public/Api',
      '/api?x=1',
    ])
      expect(isApiPath(url), url).toBe(true);
    for (const url of ['/', '/dashboard', '/apis', '/public', '/public/x', '/waiting-room/1'])
      expect(isApiPath(url), url).toBe(false);
  });
});

describe('the /public/api alias and JSON-only API paths, with the web app served', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Dominó</title>');
    t = await buildTestApp('pglite', { WEB_DIST: webDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('serves the original client’s base address /public/api as /api', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/public/api/login_api',
      payload: { email: 'admin@test.local', password: 'AdminPass123' },
    });
    expect(login.statusCode).toBe(200);
    const token = login.json().token as string;
    const me = await t.app.inject({
      url: '/public/api/user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('admin@test.local');
    const games = await t.app.inject('/public/api/games');
    expect(games.statusCode).toBe(200);
    expect(games.headers['content-type']).toContain('application/json');
    expect(games.json()).toEqual((await t.app.inject('/api/games')).json());
    const anonymous = await t.app.inject('/public/api/user');
    expect(anonymous.statusCode).toBe(401);
  });

  it('never answers an API path with the web page: any method, unknown routes, odd spellings', async () => {
    const urls = [
      '/api/nope',
      '/public/api/nope',
      '/api',
      '/public/api',
      '/API/games',
      '//api/games',
      '/api%2Fgames',
      '/public/api/games/extra',
      '/api/nope?x=%3Chtml%3E',
    ];
    for (const url of urls)
      for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'] as const) {
        const res = await t.app.inject({ method, url });
        const label = `${method} ${url}`;
        expect(res.statusCode, label).toBe(404);
        expect(res.headers['content-type'], label).toContain('application/json');
        if (method !== 'HEAD')
          expect(res.json(), label).toEqual({ message: MSG.notFound, code: 'http/not_found' });
      }
    // The web app still gets its client routes.
    const page = await t.app.inject('/dashboard');
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('allows connections to its own origin only (CSP connect-src)', async () => {
    const res = await t.app.inject('/dashboard');
    const csp = String(res.headers['content-security-policy']);
    const connect = /connect-src ([^;]*)/.exec(csp)?.[1];
    expect(connect).toBe("'self'");
    expect(csp).not.toMatch(/\bwss?:/);
  });
});
