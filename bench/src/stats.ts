/**
 * Small statistics helpers for the benches: Wilson score intervals for rates and percentiles of
 * timings. Pure functions, no dependencies.
 */

/** A proportion with its confidence interval (all in [0, 1]). */
export interface RateInterval {
  readonly successes: number;
  readonly trials: number;
  readonly rate: number;
  readonly low: number;
  readonly high: number;
}

/**
 * Wilson score interval for `successes` out of `trials` (Wilson 1927), at `z` standard deviations
 * (1.96 = 95%). Better behaved than the normal approximation near 0 and 1 and for small samples.
 * With no trials the rate is NaN and the interval [0, 1].
 */
export function wilson(successes: number, trials: number, z = 1.96): RateInterval {
  if (trials <= 0) return { successes, trials, rate: Number.NaN, low: 0, high: 1 };
  const p = successes / trials;
  const z2 = z * z;
  const denom = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denom;
  return {
    successes,
    trials,
    rate: p,
    low: Math.max(0, centre - half),
    high: Math.min(1, centre + half),
  };
}

/**
 * The q-th percentile (0 <= q <= 100) by the nearest-rank method: the smallest value with at
 * least q% of the values at or below it. `sorted` must be ascending; NaN when empty.
 */
export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.max(1, Math.ceil((q / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] as number;
}

/** Count, mean, p50, p90, p95, p99 and max of a list of values (unsorted input is fine). */
export interface Summary {
  readonly n: number;
  readonly mean: number;
  readonly p50: number;
  readonly p90: number;
  readonly p95: number;
  readonly p99: number;
  readonly max: number;
}

export function summarize(values: readonly number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = sorted.reduce((s, v) => s + v, 0) / (sorted.length || 1);
  return {
    n: sorted.length,
    mean: sorted.length === 0 ? Number.NaN : mean,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length === 0 ? Number.NaN : (sorted[sorted.length - 1] as number),
  };
}

/** `0.734` -> `73.4%`. */
export function pct(x: number, digits = 1): string {
  return `${(x * 100).toFixed(digits)}%`;
}

/** A rate with its interval: `73.4% [71.4%, 75.3%] (1468/2000)`. */
export function formatRate(r: RateInterval): string {
  return `${pct(r.rate)} [${pct(r.low)}, ${pct(r.high)}] (${r.successes}/${r.trials})`;
}
