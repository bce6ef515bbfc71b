/**
 * Match odds for Experto's `matchPlay` option (docs/decisions/058-experto.md, addendum 4): the
 * probability that a side wins a match to a target, given the points each side still needs,
 * under a simple race model — each hand is won by either side with probability 1/2 and scores
 * X points, X uniform on 2..40 (mean 21: the bench's Experto vs Difícil run scored 34,589 points
 * in 1,650 decided hands, about 21 per hand; docs/performance.md "### Experto"). Voided hands
 * change nothing and are left out.
 *
 * Used to value a searched hand by what it does to the match instead of by its points: near the
 * end, 10 points that reach the target are worth far more than 30 that do not.
 */

const MIN_POINTS = 2;
const MAX_POINTS = 40;

const tables = new Map<number, Float64Array>();

/**
 * The table for `target` points: entry a * (target + 1) + b is P(win | we need a, they need b),
 * for a, b in 1..target (row or column 0 unused).
 */
function tableFor(target: number): Float64Array {
  const cached = tables.get(target);
  if (cached !== undefined) return cached;
  const n = target + 1;
  const p = new Float64Array(n * n);
  const share = 1 / (MAX_POINTS - MIN_POINTS + 1);
  for (let a = 1; a <= target; a++)
    for (let b = 1; b <= target; b++) {
      let sum = 0;
      for (let x = MIN_POINTS; x <= MAX_POINTS; x++) {
        sum += a - x <= 0 ? 1 : (p[(a - x) * n + b] as number);
        sum += b - x <= 0 ? 0 : (p[a * n + (b - x)] as number);
      }
      p[a * n + b] = 0.5 * share * sum;
    }
  tables.set(target, p);
  return p;
}

/**
 * P(our side wins the match) when we still need `need` points and they need `theirNeed` (each
 * at most `target`; 0 or below = that side has reached the target: 1 if we have, else 0 if they
 * have). Integer arguments.
 */
export function matchWinProbability(need: number, theirNeed: number, target: number): number {
  if (need <= 0) return 1;
  if (theirNeed <= 0) return 0;
  const p = tableFor(target);
  const a = Math.min(need, target);
  const b = Math.min(theirNeed, target);
  return p[a * (target + 1) + b] as number;
}

/**
 * A utility for `searchDeals`: maps the searched value of a hand (points for our side: v > 0 we
 * score v, v < 0 they score -v) to 100 × the probability of winning the match after it, from
 * the points each side still needs. Non-integer values (the search's leaf heuristic) are
 * interpolated between the neighbouring integers. Monotone non-decreasing in v.
 */
export function matchUtility(
  need: number,
  theirNeed: number,
  target: number,
): (value: number) => number {
  const at = (v: number): number =>
    v >= 0
      ? matchWinProbability(need - v, theirNeed, target)
      : matchWinProbability(need, theirNeed + v, target);
  return (value) => {
    const lo = Math.floor(value);
    const f = value - lo;
    return 100 * (f === 0 ? at(lo) : (1 - f) * at(lo) + f * at(lo + 1));
  };
}
