/**
 * SHA-256 (FIPS 180-4) and HMAC-SHA256 (RFC 2104) in plain TypeScript.
 *
 * The engine runs unchanged in the browser and on the server, with no dependencies and no
 * platform crypto, so anyone can re-derive a deal (docs/fairness.md, provably fair dealing). Checked
 * against node:crypto and the NIST/RFC 4231 vectors in `sha256.test.ts`.
 */

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

const IV = new Uint32Array([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

const BLOCK_BYTES = 64;

/** Scratch buffers (schedule, chaining state, padded tail); safe to share: nothing re-enters. */
const W = new Uint32Array(64);
const H = new Uint32Array(8);
const TAIL = new Uint8Array(2 * BLOCK_BYTES);

/** Absorbs one 64-byte block of `block` starting at `offset` into the chaining state `h`. */
function compress(h: Uint32Array, block: Uint8Array, offset: number): void {
  for (let t = 0; t < 16; t++) {
    const i = offset + t * 4;
    W[t] =
      ((block[i] as number) << 24) |
      ((block[i + 1] as number) << 16) |
      ((block[i + 2] as number) << 8) |
      (block[i + 3] as number);
  }
  for (let t = 16; t < 64; t++) {
    const w15 = W[t - 15] as number;
    const w2 = W[t - 2] as number;
    const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
    const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
    W[t] = ((W[t - 16] as number) + s0 + (W[t - 7] as number) + s1) | 0;
  }
  let a = h[0] as number;
  let b = h[1] as number;
  let c = h[2] as number;
  let d = h[3] as number;
  let e = h[4] as number;
  let f = h[5] as number;
  let g = h[6] as number;
  let hh = h[7] as number;
  for (let t = 0; t < 64; t++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const ch = (e & f) ^ (~e & g);
    const t1 = (hh + S1 + ch + (K[t] as number) + (W[t] as number)) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const maj = (a & b) ^ (a & c) ^ (b & c);
    const t2 = (S0 + maj) | 0;
    hh = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  h[0] = ((h[0] as number) + a) | 0;
  h[1] = ((h[1] as number) + b) | 0;
  h[2] = ((h[2] as number) + c) | 0;
  h[3] = ((h[3] as number) + d) | 0;
  h[4] = ((h[4] as number) + e) | 0;
  h[5] = ((h[5] as number) + f) | 0;
  h[6] = ((h[6] as number) + g) | 0;
  h[7] = ((h[7] as number) + hh) | 0;
}

/**
 * Finishes a hash whose chaining state `start` has already absorbed `absorbed` bytes (a multiple
 * of 64), by absorbing `data`, the padding and the 64-bit big-endian bit length. Returns 32 bytes.
 */
function finish(start: Uint32Array, absorbed: number, data: Uint8Array): Uint8Array {
  const h = H;
  h.set(start);
  const fullBlocks = Math.floor(data.length / BLOCK_BYTES);
  for (let i = 0; i < fullBlocks; i++) compress(h, data, i * BLOCK_BYTES);
  const rest = data.length - fullBlocks * BLOCK_BYTES;
  const tail = rest < 56 ? TAIL.subarray(0, BLOCK_BYTES) : TAIL;
  tail.fill(0);
  tail.set(data.subarray(fullBlocks * BLOCK_BYTES));
  tail[rest] = 0x80;
  // Total length in bits as a 64-bit big-endian integer; lengths stay below 2^53 bits.
  const bits = (absorbed + data.length) * 8;
  const hi = Math.floor(bits / 0x100000000);
  const lo = bits >>> 0;
  const end = tail.length;
  tail[end - 8] = hi >>> 24;
  tail[end - 7] = (hi >>> 16) & 0xff;
  tail[end - 6] = (hi >>> 8) & 0xff;
  tail[end - 5] = hi & 0xff;
  tail[end - 4] = lo >>> 24;
  tail[end - 3] = (lo >>> 16) & 0xff;
  tail[end - 2] = (lo >>> 8) & 0xff;
  tail[end - 1] = lo & 0xff;
  for (let off = 0; off < tail.length; off += BLOCK_BYTES) compress(h, tail, off);
  const out = new Uint8Array(32);
  for (let i = 0; i < 8; i++) {
    const v = h[i] as number;
    out[i * 4] = v >>> 24;
    out[i * 4 + 1] = (v >>> 16) & 0xff;
    out[i * 4 + 2] = (v >>> 8) & 0xff;
    out[i * 4 + 3] = v & 0xff;
  }
  return out;
}

/** SHA-256 digest of `data` (FIPS 180-4). Returns 32 bytes. */
export function sha256(data: Uint8Array): Uint8Array {
  return finish(IV, 0, data);
}

/**
 * Prepares HMAC-SHA256 (RFC 2104) for one key: the padded key blocks are absorbed once, so each
 * message then costs only the message blocks plus one outer block. Returns `message -> 32 bytes`.
 */
export function hmacSha256Keyed(key: Uint8Array): (message: Uint8Array) => Uint8Array {
  const k = key.length > BLOCK_BYTES ? sha256(key) : key;
  const ipad = new Uint8Array(BLOCK_BYTES).fill(0x36);
  const opad = new Uint8Array(BLOCK_BYTES).fill(0x5c);
  for (let i = 0; i < k.length; i++) {
    ipad[i] = (ipad[i] as number) ^ (k[i] as number);
    opad[i] = (opad[i] as number) ^ (k[i] as number);
  }
  const inner = new Uint32Array(IV);
  compress(inner, ipad, 0);
  const outer = new Uint32Array(IV);
  compress(outer, opad, 0);
  return (message) => finish(outer, BLOCK_BYTES, finish(inner, BLOCK_BYTES, message));
}

/** HMAC-SHA256(key, message) (RFC 2104). Returns 32 bytes. */
export function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  return hmacSha256Keyed(key)(message);
}

/**
 * UTF-8 encoding of a JavaScript string, identical to `TextEncoder` (which is not part of the
 * ES library the engine compiles against): lone surrogates become U+FFFD.
 */
export function utf8Encode(text: string): Uint8Array {
  // Fast path: seeds and deal messages are usually ASCII.
  const ascii = new Uint8Array(text.length);
  let i = 0;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) break;
    ascii[i] = c;
  }
  if (i === text.length) return ascii;
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    let cp = text.charCodeAt(i);
    if (cp >= 0xd800 && cp <= 0xdbff) {
      const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
      if (next >= 0xdc00 && next <= 0xdfff) {
        cp = 0x10000 + ((cp - 0xd800) << 10) + (next - 0xdc00);
        i++;
      } else {
        cp = 0xfffd;
      }
    } else if (cp >= 0xdc00 && cp <= 0xdfff) {
      cp = 0xfffd;
    }
    if (cp < 0x80) out.push(cp);
    else if (cp < 0x800) out.push(0xc0 | (cp >> 6), 0x80 | (cp & 0x3f));
    else if (cp < 0x10000)
      out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
    else
      out.push(
        0xf0 | (cp >> 18),
        0x80 | ((cp >> 12) & 0x3f),
        0x80 | ((cp >> 6) & 0x3f),
        0x80 | (cp & 0x3f),
      );
  }
  return Uint8Array.from(out);
}

/** Lower-case hexadecimal of `bytes` (two characters per byte). */
export function toHex(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += (bytes[i] as number).toString(16).padStart(2, '0');
  return s;
}
