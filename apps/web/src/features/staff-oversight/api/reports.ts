import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  bcvRateListSchema,
  bcvRateSavedSchema,
  dailyReportSchema,
  type BcvRateInput,
} from '@domino/contracts';
import { apiGet, apiSend } from '../../../lib/api';
import { BCV_RATE_QUERY_KEY } from '../../../lib/bcv';
import { downloadCsv } from '../../../lib/staff/csv';

/**
 * Staff calls of the daily report, its CSV export and the BCV rate
 * (docs/decisions/034-daily-report-and-bcv-rate.md).
 */

/**
 * Staff calls of the daily report, the CSV exports and the BCV rate
 * (docs/decisions/034-daily-report-and-bcv-rate.md).
 */
export const REPORT_KEYS = {
  daily: (date: string) => ['admin', 'reports', 'daily', date] as const,
  rates: ['admin', 'bcv-rates'] as const,
};

/** GET /api/admin/reports/daily?date= (a Caracas day 'YYYY-MM-DD'). */
export function useDailyReport(date: string) {
  return useQuery({
    queryKey: REPORT_KEYS.daily(date),
    queryFn: ({ signal }) =>
      apiGet(`/api/admin/reports/daily?date=${encodeURIComponent(date)}`, dailyReportSchema, {
        signal,
      }),
  });
}

/** GET /api/admin/bcv-rates: the recorded rates, newest first. */
export function useBcvRates() {
  return useQuery({
    queryKey: REPORT_KEYS.rates,
    queryFn: ({ signal }) => apiGet('/api/admin/bcv-rates', bcvRateListSchema, { signal }),
  });
}

/**
 * POST /api/admin/bcv-rates (a new date) or PUT /api/admin/bcv-rates/{date} (a correction). Both
 * refresh the history and the public rate every "≈ US$" figure reads.
 */
export function useSaveBcvRate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ input, correct }: { input: BcvRateInput; correct: boolean }) =>
      correct
        ? apiSend(`/api/admin/bcv-rates/${encodeURIComponent(input.date)}`, bcvRateSavedSchema, {
            method: 'PUT',
            body: { rate: input.rate },
          })
        : apiSend('/api/admin/bcv-rates', bcvRateSavedSchema, { method: 'POST', body: input }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: REPORT_KEYS.rates });
      void client.invalidateQueries({ queryKey: BCV_RATE_QUERY_KEY });
    },
  });
}

/** The daily report of `date` as CSV. */
export function downloadDailyReportCsv(date: string): Promise<void> {
  return downloadCsv(
    `/api/admin/reports/daily.csv?date=${encodeURIComponent(date)}`,
    `informe-diario-${date}.csv`,
  );
}
