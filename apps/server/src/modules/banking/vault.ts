import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The credential vault of bank connectors (docs/decisions/051-bank-connectors.md "Configuration
 * and secrets"): a connector's credentials (a JSON object of strings) are sealed with AES-256-GCM
 * (node:crypto) before they reach the database and opened only in memory, when a connector is
 * loaded for a call.
 *
 * Sealed format (base64 of): `version (1 byte) | iv (12 bytes) | tag (16 bytes) | ciphertext`.
 * The version names the key that sealed it, so keys can rotate: BANK_CREDENTIALS_KEY lists the
 * current key first and older ones after it (`2:newkey,1:oldkey`); rows sealed with an older key
 * still open, and are sealed with the current key the next time staff save them. The additional
 * authenticated data binds a ciphertext to its row (`bank_connector:<recharge account id>`), so a
 * ciphertext copied to another account does not open.
 *
 * Where the key comes from:
 * - BANK_CREDENTIALS_KEY set: those keys (a bare base64 key is version 1).
 * - unset, NODE_ENV not production, or the embedded database (no DATABASE_URL: `npm start` on one
 *   machine, where the data and the key share DATA_DIR): one key generated at first use and kept in
 *   `DATA_DIR/bank-credentials.key` (mode 0600, version 0, "development key"); created atomically
 *   (write a temporary file, then link it), so concurrent processes agree on one key.
 * - unset in production on PostgreSQL: no key; `canSeal()` is false and sealing or opening throws
 *   `VaultError('no_key')` (staff read a Spanish refusal, see staff-service.ts).
 *
 * Keys, plaintexts and ciphertexts are never logged nor put in an error message.
 */

/** Why the vault could not seal or open. Messages are fixed English for logs, never secrets. */
export class VaultError extends Error {
  constructor(readonly reason: 'no_key' | 'unreadable' | 'unknown_key' | 'bad_key_setting') {
    super(`bank credential vault: ${reason}`);
    this.name = 'VaultError';
  }
}

export interface VaultKey {
  /** 0 for the generated development key, 1-255 for configured keys. */
  version: number;
  key: Buffer;
}

/** A keyring: the first key seals, every key opens what it sealed. */
export interface Keyring {
  current: VaultKey;
  byVersion: Map<number, Buffer>;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;
/** The file, in DATA_DIR, holding the generated development key (base64 of 32 bytes). */
export const DEV_KEY_FILE = 'bank-credentials.key';

function decodeKey(b64: string): Buffer {
  const trimmed = b64.trim();
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(trimmed)) throw new VaultError('bad_key_setting');
  const key = Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new VaultError('bad_key_setting');
  return key;
}

/**
 * Parses BANK_CREDENTIALS_KEY: `base64` (version 1) or `N:base64[,N:base64...]` (first = current).
 * Throws VaultError('bad_key_setting') for a key that is not 32 bytes, a repeated or out-of-range
 * version, or an empty list.
 */
export function parseKeySetting(setting: string): Keyring {
  const parts = setting
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) throw new VaultError('bad_key_setting');
  const keys: VaultKey[] = parts.map((part) => {
    const m = /^(\d{1,3}):(.+)$/.exec(part);
    if (!m) {
      if (parts.length > 1) throw new VaultError('bad_key_setting');
      return { version: 1, key: decodeKey(part) };
    }
    const version = Number(m[1]);
    if (version < 1 || version > 255) throw new VaultError('bad_key_setting');
    return { version, key: decodeKey(m[2]!) };
  });
  const byVersion = new Map<number, Buffer>();
  for (const k of keys) {
    if (byVersion.has(k.version)) throw new VaultError('bad_key_setting');
    byVersion.set(k.version, k.key);
  }
  return { current: keys[0]!, byVersion };
}

/** Seals `plaintext` (UTF-8) with the keyring's current key; answers base64. */
export function sealWith(ring: Keyring, plaintext: string, aad: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', ring.current.key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([
    Buffer.from([ring.current.version]),
    iv,
    cipher.getAuthTag(),
    body,
  ]).toString('base64');
}

/**
 * Opens what sealWith sealed. Throws VaultError('unknown_key') when its key version is not in
 * the ring, VaultError('unreadable') when it was altered, sealed for another row (`aad`) or with
 * another key of the same version.
 */
export function openWith(ring: Keyring, sealed: string, aad: string): string {
  const raw = Buffer.from(sealed, 'base64');
  if (raw.length < 1 + IV_BYTES + TAG_BYTES) throw new VaultError('unreadable');
  const key = ring.byVersion.get(raw[0]!);
  if (!key) throw new VaultError('unknown_key');
  const iv = raw.subarray(1, 1 + IV_BYTES);
  const tag = raw.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([
      decipher.update(raw.subarray(1 + IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new VaultError('unreadable');
  }
}

/** The key version a sealed value names (null when it is too short to be one). */
export function sealedKeyVersion(sealed: string): number | null {
  const raw = Buffer.from(sealed, 'base64');
  return raw.length < 1 + IV_BYTES + TAG_BYTES ? null : raw[0]!;
}

/**
 * The development key of `dataDir`, created once (0600) when missing. Concurrent first uses
 * agree: each writes a temporary file and links it to the final name; the loser of the race
 * reads the winner's key.
 */
export function developmentKey(dataDir: string): Buffer {
  const file = path.join(dataDir, DEV_KEY_FILE);
  try {
    return decodeKey(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  fs.writeFileSync(tmp, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  return decodeKey(fs.readFileSync(file, 'utf8'));
}

/** Where the vault's key comes from (the server's settings). */
export interface VaultSettings {
  BANK_CREDENTIALS_KEY?: string | undefined;
  NODE_ENV: 'development' | 'production' | 'test';
  DATA_DIR: string;
  /** Unset: the embedded database in DATA_DIR (a generated key is allowed, see above). */
  DATABASE_URL?: string | undefined;
}

/** Seals and opens one connector's credentials (see the module comment). */
export interface BankVault {
  /** Whether credentials can be sealed here (a key is configured or may be generated). */
  canSeal(): boolean;
  /** Seals a credentials object for the connector of `rechargeAccountId`. */
  seal(credentials: Record<string, string>, rechargeAccountId: number): string;
  /** Opens a sealed credentials object; throws VaultError (never with the secret in it). */
  open(sealed: string, rechargeAccountId: number): Record<string, string>;
  /** Whether `sealed` was sealed with another key than the current one (rotate it on save). */
  needsReseal(sealed: string): boolean;
}

const aadFor = (rechargeAccountId: number) => `bank_connector:${rechargeAccountId}`;

/**
 * The vault of one server's settings. The key is resolved at first use (a development key file
 * is only created when credentials are first sealed or opened); a BANK_CREDENTIALS_KEY that does
 * not parse throws VaultError('bad_key_setting') at once.
 */
export function createBankVault(settings: VaultSettings): BankVault {
  const configured =
    settings.BANK_CREDENTIALS_KEY !== undefined
      ? parseKeySetting(settings.BANK_CREDENTIALS_KEY)
      : null;
  let ring: Keyring | null = configured;
  const mayGenerate = settings.NODE_ENV !== 'production' || !settings.DATABASE_URL;
  const keyring = (): Keyring => {
    if (ring) return ring;
    if (!mayGenerate) throw new VaultError('no_key');
    const key = developmentKey(settings.DATA_DIR);
    ring = { current: { version: 0, key }, byVersion: new Map([[0, key]]) };
    return ring;
  };
  return {
    canSeal: () => configured !== null || mayGenerate,
    seal: (credentials, rechargeAccountId) =>
      sealWith(keyring(), JSON.stringify(credentials), aadFor(rechargeAccountId)),
    open: (sealed, rechargeAccountId) => {
      const parsed: unknown = JSON.parse(openWith(keyring(), sealed, aadFor(rechargeAccountId)));
      if (
        !parsed ||
        typeof parsed !== 'object' ||
        Object.values(parsed).some((v) => typeof v !== 'string')
      )
        throw new VaultError('unreadable');
      return parsed as Record<string, string>;
    },
    needsReseal: (sealed) => sealedKeyVersion(sealed) !== keyring().current.version,
  };
}
