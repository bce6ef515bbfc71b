import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MSG_BANKING } from '@domino/contracts';
import { redact } from './config';
import { checkUrlAgainst, isUnderBase } from './url-policy';
import {
  DEV_KEY_FILE,
  VaultError,
  createBankVault,
  developmentKey,
  openWith,
  parseKeySetting,
  sealWith,
  sealedKeyVersion,
} from './vault';

/** The credential vault, the base-URL policy and detail redaction (decision 051). */

const b64 = () => randomBytes(32).toString('base64');
const tmpDirs: string[] = [];
const tmpDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'domino-vault-'));
  tmpDirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of tmpDirs) fs.rmSync(d, { recursive: true, force: true });
});

const reasonOf = (e: unknown) => (e instanceof VaultError ? e.reason : String(e));

describe('credential vault', () => {
  it('seals and opens a credentials object; the ciphertext shows no plaintext', () => {
    const vault = createBankVault({
      BANK_CREDENTIALS_KEY: b64(),
      NODE_ENV: 'production',
      DATA_DIR: '/nonexistent',
    });
    const creds = { apiKey: 'sekret-API-key-ñ-123', merchantId: '987654' };
    const sealed = vault.seal(creds, 7);
    expect(sealed).not.toContain('sekret');
    expect(Buffer.from(sealed, 'base64').toString('latin1')).not.toContain('sekret');
    expect(vault.open(sealed, 7)).toEqual(creds);
    // Each seal has its own IV.
    expect(vault.seal(creds, 7)).not.toBe(sealed);
  });

  it('refuses a tampered ciphertext, another row, a wrong key and an unknown key version', () => {
    const ring = parseKeySetting(b64());
    const sealed = sealWith(ring, '{"a":"b"}', 'bank_connector:1');
    const raw = Buffer.from(sealed, 'base64');
    for (const at of [1, 14, 30, raw.length - 1]) {
      const bad = Buffer.from(raw);
      bad[at]! ^= 0x01;
      expect(() => openWith(ring, bad.toString('base64'), 'bank_connector:1')).toThrow(VaultError);
    }
    let err: unknown;
    try {
      openWith(ring, sealed, 'bank_connector:2');
    } catch (e) {
      err = e;
    }
    expect(reasonOf(err)).toBe('unreadable');
    const other = parseKeySetting(b64());
    expect(() => openWith(other, sealed, 'bank_connector:1')).toThrow('unreadable');
    expect(() => openWith(parseKeySetting(`2:${b64()}`), sealed, 'bank_connector:1')).toThrow(
      'unknown_key',
    );
    expect(() => openWith(ring, 'AAAA', 'bank_connector:1')).toThrow('unreadable');
  });

  it('rotates: the first key seals, older versions still open', () => {
    const oldKey = b64();
    const before = parseKeySetting(oldKey);
    const sealedOld = sealWith(before, 'old', 'x');
    expect(sealedKeyVersion(sealedOld)).toBe(1);
    const rotated = parseKeySetting(`2:${b64()}, 1:${oldKey}`);
    expect(openWith(rotated, sealedOld, 'x')).toBe('old');
    const sealedNew = sealWith(rotated, 'new', 'x');
    expect(sealedKeyVersion(sealedNew)).toBe(2);
    expect(() => openWith(before, sealedNew, 'x')).toThrow('unknown_key');
    // A vault tells which stored values to re-seal.
    const settings = {
      NODE_ENV: 'production' as const,
      DATA_DIR: '/nonexistent',
      DATABASE_URL: 'postgres://db.example/domino',
    };
    const oldVault = createBankVault({ ...settings, BANK_CREDENTIALS_KEY: oldKey });
    const newVault = createBankVault({
      ...settings,
      BANK_CREDENTIALS_KEY: `2:${b64()},1:${oldKey}`,
    });
    const stored = oldVault.seal({ a: 'bcde' }, 9);
    expect(newVault.needsReseal(stored)).toBe(true);
    expect(newVault.open(stored, 9)).toEqual({ a: 'bcde' });
    expect(newVault.needsReseal(newVault.seal({ a: 'bcde' }, 9))).toBe(false);
  });

  it('refuses malformed key settings without echoing them', () => {
    for (const bad of [
      '',
      'short',
      Buffer.alloc(16).toString('base64'),
      `1:${b64()},1:${b64()}`,
      `0:${b64()}`,
      `${b64()},${b64()}`,
    ]) {
      let err: unknown;
      try {
        parseKeySetting(bad);
      } catch (e) {
        err = e;
      }
      expect(reasonOf(err), bad).toBe('bad_key_setting');
      if (bad) expect(String((err as Error).message)).not.toContain(bad);
    }
  });

  it('outside production generates one 0600 key file in the data directory, shared by every opener', () => {
    const dir = tmpDir();
    const settings = { NODE_ENV: 'development' as const, DATA_DIR: path.join(dir, 'data') };
    const a = createBankVault(settings);
    expect(fs.existsSync(path.join(settings.DATA_DIR, DEV_KEY_FILE))).toBe(false);
    const sealed = a.seal({ k: 'valor-secreto' }, 3);
    const file = path.join(settings.DATA_DIR, DEV_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // Another process (a restart) reads the same key.
    expect(createBankVault(settings).open(sealed, 3)).toEqual({ k: 'valor-secreto' });
    // Racing first uses agree on one key.
    const race = tmpDir();
    const keys = Array.from({ length: 8 }, () => developmentKey(race).toString('hex'));
    expect(new Set(keys).size).toBe(1);
    expect(fs.readdirSync(race)).toEqual([DEV_KEY_FILE]);
  });

  it('in production on PostgreSQL without a key refuses to seal and to open', () => {
    const dir = tmpDir();
    const vault = createBankVault({
      NODE_ENV: 'production',
      DATA_DIR: dir,
      DATABASE_URL: 'postgres://db.example/domino',
    });
    expect(vault.canSeal()).toBe(false);
    expect(() => vault.seal({ a: 'bcde' }, 1)).toThrow('no_key');
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('in production on the embedded database (npm start) keeps a generated key beside the data', () => {
    const dir = tmpDir();
    const vault = createBankVault({ NODE_ENV: 'production', DATA_DIR: dir });
    expect(vault.canSeal()).toBe(true);
    expect(vault.open(vault.seal({ a: 'bcde' }, 1), 1)).toEqual({ a: 'bcde' });
    expect(fs.readdirSync(dir)).toEqual([DEV_KEY_FILE]);
  });
});

describe('base URL policy', () => {
  const hosts = ['api.banco.example', 'qa.banco.example:444'];
  const sim = 'http://127.0.0.1:4010';
  const cases: [string, string | true][] = [
    ['https://api.banco.example', true],
    ['https://API.Banco.Example/v2/', true],
    ['https://api.banco.example:443/v2', true],
    ['https://qa.banco.example:444/getMovement', true],
    ['http://127.0.0.1:4010', true],
    ['http://127.0.0.1:4010/bdv', true],
    ['http://api.banco.example', MSG_BANKING.urlNotHttps],
    ['https://otro.example', MSG_BANKING.urlHost('Banco', hosts.join(', '))],
    ['https://api.banco.example.evil.example', MSG_BANKING.urlHost('Banco', hosts.join(', '))],
    ['https://api.banco.example.', MSG_BANKING.urlHost('Banco', hosts.join(', '))],
    ['https://api.banco.example:8443', MSG_BANKING.urlPort],
    ['https://qa.banco.example', MSG_BANKING.urlHost('Banco', hosts.join(', '))],
    ['https://user:pw@api.banco.example', MSG_BANKING.urlUserinfo],
    ['https://api.banco.example@evil.example', MSG_BANKING.urlUserinfo],
    ['https://10.0.0.1', MSG_BANKING.urlIpLiteral],
    ['https://[::1]', MSG_BANKING.urlIpLiteral],
    ['https://2130706433', MSG_BANKING.urlIpLiteral],
    ['https://0x7f.1', MSG_BANKING.urlIpLiteral],
    ['https://api.banco.example/a/../b', MSG_BANKING.urlDotDot],
    ['https://api.banco.example/a/%2e%2e/b', MSG_BANKING.urlDotDot],
    ['https://api.banco.example/a/.%2E/b', MSG_BANKING.urlDotDot],
    ['https://api.banco.example/?x=1', MSG_BANKING.urlQuery],
    ['https://api.banco.example/#x', MSG_BANKING.urlQuery],
    ['https://api.banco.example/a b', MSG_BANKING.urlCharacters],
    ['https:\\\\api.banco.example', MSG_BANKING.urlCharacters],
    ['ftp://api.banco.example', MSG_BANKING.urlNotHttps],
    ['no es una url', MSG_BANKING.urlCharacters],
    ['nada', MSG_BANKING.urlInvalid],
    ['http://127.0.0.1:4011', MSG_BANKING.urlNotHttps],
    ['http://localhost:4010', MSG_BANKING.urlNotHttps],
  ];
  it.each(cases)('%s', (input, expected) => {
    const v = checkUrlAgainst(input, hosts, 'Banco', sim);
    if (expected === true) expect(v.ok, JSON.stringify(v)).toBe(true);
    else expect(v).toEqual({ ok: false, reason: expected });
  });

  it('normalises the accepted URL and refuses the simulator when it is not configured', () => {
    expect(checkUrlAgainst('https://API.banco.example:443/v2/', hosts, 'Banco')).toEqual({
      ok: true,
      url: 'https://api.banco.example/v2',
    });
    expect(checkUrlAgainst('http://127.0.0.1:4010', hosts, 'Banco').ok).toBe(false);
  });

  it('keeps calls under the base URL', () => {
    expect(isUnderBase('https://a.example/v2', 'https://a.example/v2/getMovement')).toBe(true);
    expect(isUnderBase('https://a.example', 'https://a.example/x')).toBe(true);
    expect(isUnderBase('https://a.example/v2', 'https://a.example/v20')).toBe(false);
    expect(isUnderBase('https://a.example/v2', 'https://b.example/v2/x')).toBe(false);
    expect(isUnderBase('https://a.example', 'https://u:p@a.example/x')).toBe(false);
  });
});

describe('redaction', () => {
  it('hides every form of a secret and cuts to the limit', () => {
    const secret = 'clave/secreta "1"';
    const text = `a ${secret} b ${JSON.stringify(secret)} c ${encodeURIComponent(secret)}`;
    const out = redact(text, [secret, 'ab']);
    expect(out).not.toContain('secreta');
    expect(out).toContain('[oculto]');
    expect(out.startsWith('a [oculto] b ')).toBe(true);
    expect(redact('x'.repeat(500), []).length).toBe(300);
  });
});
