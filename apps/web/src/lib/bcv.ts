import { useQuery } from '@tanstack/react-query';
import {
  formatIsoDay,
  formatUsd,
  latestBcvRateSchema,
  usdCentsFromCents,
  type LatestBcvRate,
} from '@domino/contracts';
import { apiGet } from './api';
import { bolivaresToCents } from './format';

/**
 * The BCV reference rate and the "≈ US$" figure shown beside the balance (navbar menu, profile's
 * 'Saldo Actual'; docs/decisions/034-daily-report-and-bcv-rate.md). The Bs. amount stays the
 * authoritative figure: this is a hint, computed in integers and rounded toward zero.
 */

export const BCV_RATE_QUERY_KEY = ['bcv-rate'] as const;

/** GET /api/bcv-rate (public), refetched every 10 minutes at most. */
export function useBcvRate() {
  return useQuery({
    queryKey: BCV_RATE_QUERY_KEY,
    queryFn: ({ signal }) => apiGet('/api/bcv-rate', latestBcvRateSchema, { signal }),
    staleTime: 10 * 60_000,
  });
}

/** What to show beside a balance: '≈ US$ 12,34' and 'Tasa BCV del 25/11/2026'. */
export interface UsdApprox {
  amount: string;
  source: string;
}

/**
 * The "≈ US$" figure of a balance in bolívares (the API's JSON number) at the latest rate, or
 * null when no rate is recorded (then nothing is shown). Pure.
 */
export function usdApprox(
  bolivares: number,
  rate: LatestBcvRate['rate'] | undefined,
): UsdApprox | null {
  if (!rate || rate.rate_scaled <= 0) return null;
  const usdCents = usdCentsFromCents(bolivaresToCents(bolivares), rate.rate_scaled);
  return {
    amount: `≈ ${formatUsd(usdCents)}`,
    source: `Tasa BCV del ${formatIsoDay(rate.date)}`,
  };
}
