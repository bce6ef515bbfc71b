import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';

/**
 * Mercantil's field encryption (docs/banks.md, Mercantil).
 *
 * Source: github.com/apimercantil/api-playground, c2p/modules/crypto.js (the same file in scp/,
 * search-c2p/…), and the API portal's "Algoritmo de Cifrado" (apiportal.mercantilbanco.com,
 * product pages): AES/ECB/PKCS5Padding; the key is the first 16 bytes of SHA-256 of the
 * merchant's secret key; the value in the JSON is the Base64 of the cipher text of the UTF-8
 * field. Sensitive fields (cédula, phones, the C2P payment key) travel this way.
 *
 * ECB is the bank's choice, not ours: it is what their gateway decrypts. The secret key never
 * leaves memory and never appears in a log or an error.
 */

function keyFor(secretKey: string): Buffer {
  return createHash('sha256').update(secretKey, 'utf8').digest().subarray(0, 16);
}

/** Encrypts one field: UTF-8 text → Base64 of AES-128-ECB with PKCS#7 (= PKCS5) padding. */
export function mercantilEncrypt(plain: string, secretKey: string): string {
  const cipher = createCipheriv('aes-128-ecb', keyFor(secretKey), null);
  return Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]).toString('base64');
}

/**
 * Decrypts one field the bank sent back encrypted (e.g. `origin_mobile_number` in a search
 * result). Returns null when it does not decrypt (wrong key, not Base64, bad padding).
 */
export function mercantilDecrypt(encoded: string, secretKey: string): string | null {
  try {
    const decipher = createDecipheriv('aes-128-ecb', keyFor(secretKey), null);
    return Buffer.concat([
      decipher.update(Buffer.from(encoded, 'base64')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}
