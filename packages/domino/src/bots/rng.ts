/**
 * Seeded randomness for the bots. The engine package may not use Math.random or the clock
 * (docs/architecture.md), so every bot takes an `Rng` (or a seed to build one) from its caller: the same
 * view, level, seed and options always give the same move.
 *
 * Generator: sfc32 (Chris Doty-Humphrey's Small Fast Counting generator, 128-bit state), seeded
 * through cyrb128, a 128-bit string hash. Not cryptographic: bots need reproducible variety, not
 * secrecy; dealing uses the HMAC stream of fairness.ts instead.
 */

/** A deterministic source of uniform numbers. */
export interface Rng {
  /** Uniform float in [0, 1) with 32 bits of resolution. */
  next(): number;
  /** Uniform integer in [0, n) for a positive integer n (n <= 2^32). */
  int(n: number): number;
}

/** What a caller may pass as randomness: a ready `Rng`, or a string/number seed for `createRng`. */
export type RngSource = Rng | string | number;

/** cyrb128: four 32-bit hash words of a string (bit mixing by MurmurHash3-style multiplies). */
function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/**
 * A seeded sfc32 generator. A number seed is hashed through its decimal text, so `createRng(7)`
 * and `createRng('7')` are the same stream. Twelve outputs are discarded to mix the state.
 */
export function createRng(seed: string | number): Rng {
  let [a, b, c, d] = cyrb128(typeof seed === 'number' ? String(seed) : seed);
  const nextWord = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i++) nextWord();
  return {
    next: () => nextWord() / 4294967296,
    int: (n: number) => {
      if (!(n > 0)) throw new RangeError(`rng.int needs a positive bound, got ${n}`);
      return Math.floor((nextWord() / 4294967296) * n);
    },
  };
}

/** The `Rng` for a caller's randomness: returned as is, or built from a seed. */
export function toRng(source: RngSource): Rng {
  return typeof source === 'object' ? source : createRng(source);
}

/** Fisher-Yates shuffle of `items` in place, driven by `rng`; returns the same array. */
export function shuffleInPlace<T>(items: T[], rng: Rng): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const tmp = items[i] as T;
    items[i] = items[j] as T;
    items[j] = tmp;
  }
  return items;
}
