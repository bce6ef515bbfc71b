/// <reference types="node" />
import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hmacSha256, sha256, toHex, utf8Encode } from './sha256';

const ascii = (s: string) => utf8Encode(s);
const fromHex = (h: string) => Uint8Array.from(Buffer.from(h, 'hex'));

describe('sha256', () => {
  it('matches the NIST FIPS 180-4 example vectors', () => {
    expect(toHex(sha256(ascii('')))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    expect(toHex(sha256(ascii('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(toHex(sha256(ascii('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
    expect(
      toHex(
        sha256(
          ascii(
            'abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu',
          ),
        ),
      ),
    ).toBe('cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1');
    expect(toHex(sha256(new Uint8Array(1_000_000).fill(0x61)))).toBe(
      'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0',
    );
  });

  it('agrees with node:crypto for every length around the padding boundaries', () => {
    for (let len = 0; len <= 200; len++) {
      const data = Uint8Array.from({ length: len }, (_, i) => (i * 31 + len) & 0xff);
      expect(toHex(sha256(data))).toBe(createHash('sha256').update(data).digest('hex'));
    }
  });

  it('agrees with node:crypto on random inputs', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), (data) => {
        expect(toHex(sha256(data))).toBe(createHash('sha256').update(data).digest('hex'));
      }),
      { numRuns: 300 },
    );
  });
});

describe('hmacSha256', () => {
  it('matches the RFC 4231 test cases', () => {
    const cases: [key: Uint8Array, data: Uint8Array, mac: string][] = [
      [
        new Uint8Array(20).fill(0x0b),
        ascii('Hi There'),
        'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
      ],
      [
        ascii('Jefe'),
        ascii('what do ya want for nothing?'),
        '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
      ],
      [
        new Uint8Array(20).fill(0xaa),
        new Uint8Array(50).fill(0xdd),
        '773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe',
      ],
      [
        fromHex('0102030405060708090a0b0c0d0e0f10111213141516171819'),
        new Uint8Array(50).fill(0xcd),
        '82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b',
      ],
      [
        new Uint8Array(131).fill(0xaa),
        ascii('Test Using Larger Than Block-Size Key - Hash Key First'),
        '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54',
      ],
      [
        new Uint8Array(131).fill(0xaa),
        ascii(
          'This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.',
        ),
        '9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2',
      ],
    ];
    for (const [key, data, mac] of cases) expect(toHex(hmacSha256(key, data))).toBe(mac);
  });

  it('agrees with node:crypto on random keys and messages', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 200 }),
        fc.uint8Array({ maxLength: 300 }),
        (key, msg) => {
          expect(toHex(hmacSha256(key, msg))).toBe(
            createHmac('sha256', key).update(msg).digest('hex'),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('utf8Encode', () => {
  it('encodes any string exactly like Buffer (lone surrogates become U+FFFD)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 40 }),
          // Raw UTF-16 code units, so lone and reversed surrogates occur often.
          fc
            .array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 20 })
            .map((units) => String.fromCharCode(...units)),
        ),
        (s) => {
          expect(Buffer.from(utf8Encode(s)).equals(Buffer.from(s, 'utf8'))).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
    expect(Array.from(utf8Encode('a\ud800b'))).toEqual([0x61, 0xef, 0xbf, 0xbd, 0x62]);
    expect(Array.from(utf8Encode('ñ€😀'))).toEqual(Array.from(Buffer.from('ñ€😀', 'utf8')));
  });
});
