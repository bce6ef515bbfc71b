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
    expect(readWebDist(dir)).toEqual({ root: dir, home: 'index.html', scriptHashes: [] });
    expect(readWebDist(path.join(dir, 'missing'))).toBeNull();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  describe('with a prerendered landing', () => {
    let t: TestApp;
    let dir: string;
    const landing = '<!doctype html><title>Landing</title><script>boot()</script>';
    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
      fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>App</title>');
      fs.writeFileSync(
        path.join(dir, 'index.html.br'),
        zlib.brotliCompressSync('<title>App</title>'),
      );
      fs.writeFileSync(path.join(dir, 'landing.html'), landing);
      fs.writeFileSync(path.join(dir, 'landing.html.br'), zlib.brotliCompressSync(landing));
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
  });
});
