import { describe, expect, it } from 'vitest';
import { usdApprox } from './bcv';

describe('the ≈ US$ figure beside the balance', () => {
  const rate = { date: '2026-11-25', rate_scaled: 365_210 };

  it('converts the Bs. balance at the latest rate, rounding toward zero, with the rate date', () => {
    expect(usdApprox(450.67, rate)).toEqual({
      amount: '≈ US$ 12,34',
      source: 'Tasa BCV del 25/11/2026',
    });
    // 450,66 / 36,5210 = 12,3397… -> 12,33, never rounded up.
    expect(usdApprox(450.66, rate)?.amount).toBe('≈ US$ 12,33');
    expect(usdApprox(0, rate)?.amount).toBe('≈ US$ 0,00');
    expect(usdApprox(1_234_567.89, rate)?.amount).toBe('≈ US$ 33.804,32');
  });

  it('reads a float-looking balance as its exact céntimos', () => {
    // 0.1 + 0.2 bolívares is 30 céntimos, not 30.000000000000004.
    expect(usdApprox(0.1 + 0.2, { date: '2026-11-25', rate_scaled: 10_000 })?.amount).toBe(
      '≈ US$ 0,30',
    );
  });

  it('shows nothing without a recorded rate', () => {
    expect(usdApprox(100, null)).toBeNull();
    expect(usdApprox(100, undefined)).toBeNull();
    expect(usdApprox(100, { date: '2026-11-25', rate_scaled: 0 })).toBeNull();
  });
});
