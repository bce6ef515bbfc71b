import { formatBs, plural } from '@domino/contracts';

/** Pure helpers of the daily report page (docs/decisions/034-daily-report-and-bcv-rate.md). */

/** The calendar day `days` away from `day` ('YYYY-MM-DD'), e.g. shiftDay('2026-03-01', -1) = '2026-02-28'. */
export function shiftDay(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** A signed amount in bolívares (API number) with an explicit '+' for money in: '+Bs. 10,00'. */
export function signedBolivares(bolivares: number): string {
  const cents = Math.round(bolivares * 100);
  return cents > 0 ? `+${formatBs(cents)}` : formatBs(cents);
}

/** How many operations: '1 operación', '3 operaciones'. */
export function operations(count: number): string {
  return plural(count, 'operación', 'operaciones');
}
