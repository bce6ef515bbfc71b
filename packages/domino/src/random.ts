/**
 * mulberry32 (Tommy Ettinger's public-domain 32-bit generator): a small deterministic PRNG,
 * floats in [0, 1), for replayable simulations, fault sequences, benches and tests. Never for
 * deals: a match's tiles come from the committed seeds (docs/fairness.md).
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
