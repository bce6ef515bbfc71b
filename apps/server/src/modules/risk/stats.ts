import betainc from '@stdlib/math-base-special-betainc';
import gammainc from '@stdlib/math-base-special-gammainc';

/**
 * The two tail probabilities the risk signals use (docs/decisions/032-risk-signals.md), from the
 * regularized incomplete gamma and beta functions of stdlib, which keep their precision far out in
 * the tail (1 - cdf would round every p below about 1e-16 to 0).
 */

/**
 * P(X >= k) for X ~ Poisson(lambda): the regularized lower incomplete gamma P(k, lambda).
 * 1 for k <= 0; for lambda <= 0 it is 0 unless k <= 0.
 */
export function poissonUpperTail(k: number, lambda: number): number {
  if (k <= 0) return 1;
  if (lambda <= 0) return 0;
  return gammainc(lambda, k, true, false);
}

/**
 * P(X >= k) for X ~ Binomial(n, p): the regularized incomplete beta I_p(k, n - k + 1).
 * 1 for k <= 0, 0 for k > n.
 */
export function binomialUpperTail(k: number, n: number, p: number): number {
  if (k <= 0) return 1;
  if (k > n) return 0;
  return betainc(p, k, n - k + 1, true, false);
}
