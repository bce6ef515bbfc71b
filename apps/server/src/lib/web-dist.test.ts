import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test/helpers';
import { buildTestApp } from '../test/helpers';
import { inlineScriptHashes, readWebDist } from './web-dist';

describe('the web build the server sends', () => {
  it('hashes inline scripts as CSP does (known answer from the CSP examples)', () => {
    expect(
      inlineScriptHashes("<p><script>alert('Hello, world.');</script><script src=x></script>"),
    ).toEqual(["'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='"]);
  });

  it('sends index.html for / when the build has no prerendered landing', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html>');
    expect(readWebDist(dir)).toEqual({
      root: dir,
      home: 'index.html',
      pages: new Map(),
      scriptHashes: [],
    });
    expect(readWebDist(path.join(dir, 'missing'))).toBeNull();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  describe('with a prerendered landing', () => {
    let t: TestApp;
    let dir: string;
    const landing = '<!doctype html><title>Landing</title><script>boot()</script>';
    const login = '<!doctype html><title>Login</title><script>boot("login")</script>';
    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
      fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>App</title>');
      fs.writeFileSync(
        path.join(dir, 'index.html.br'),
        zlib.brotliCompressSync('<title>App</title>'),
      );
      fs.writeFileSync(path.join(dir, 'landing.html'), landing);
      fs.writeFileSync(path.join(dir, 'landing.html.br'), zlib.brotliCompressSync(landing));
      fs.writeFileSync(path.join(dir, 'login.html'), login);
      fs.writeFileSync(path.join(dir, 'login.html.br'), zlib.brotliCompressSync(login));
      fs.writeFileSync(
        path.join(dir, 'prerendered.json'),
        JSON.stringify({ '/': 'landing.html', '/login': 'login.html' }),
      );
      t = await buildTestApp('pglite', { WEB_DIST: dir });
    });
    afterAll(async () => {
      await t.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('sends it for / (plain and Brotli) and allows its inline script, and the app elsewhere', async () => {
      const plain = await t.app.inject('/');
      expect(plain.body).toBe(landing);
      const [hash] = inlineScriptHashes(landing);
      expect(plain.headers['content-security-policy']).toContain(`script-src 'self' ${hash}`);

      const br = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(landing);

      const app = await t.app.inject({ url: '/dashboard', headers: { 'accept-encoding': 'br' } });
      expect(zlib.brotliDecompressSync(app.rawPayload).toString()).toBe('<title>App</title>');
    });

    it('sends each prerendered page for its exact path only, and allows the scripts of all of them', async () => {
      const page = await t.app.inject('/login');
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(login);
      expect(page.headers['cache-control']).toBe('no-cache');
      for (const hash of [...inlineScriptHashes(landing), ...inlineScriptHashes(login)])
        expect(page.headers['content-security-policy']).toContain(hash);
      const br = await t.app.inject({ url: '/login', headers: { 'accept-encoding': 'br' } });
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(login);
      // A query string (?redirect=...) may change what the page shows: the app renders it.
      for (const url of [
        '/login?redirect=%2Fpote',
        '/login/',
        '/LOGIN',
        '/constructor',
        '/__proto__',
      ])
        expect((await t.app.inject(url)).body, url).toBe('<!doctype html><title>App</title>');
    });

    it('refuses a build whose prerendered.json names a file outside the build', () => {
      const bad = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
      fs.writeFileSync(path.join(bad, 'index.html'), '<!doctype html>');
      for (const file of ['../etc/passwd', 'missing.html', 'sub/page.html', 42]) {
        fs.writeFileSync(path.join(bad, 'prerendered.json'), JSON.stringify({ '/x': file }));
        expect(() => readWebDist(bad), String(file)).toThrow(/prerendered.json/);
      }
      fs.rmSync(bad, { recursive: true, force: true });
    });
  });
});
