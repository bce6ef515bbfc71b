import { formatBs, plural, TIME_ZONE } from '@domino/contracts';

/**
 * Pure helpers of the daily report page (docs/decisions/034-daily-report-and-bcv-rate.md).
 */

/** Today's Caracas calendar day, 'YYYY-MM-DD' (the report's default and the rate form's). */
export function caracasToday(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

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

/** Saves a Blob as a file download named `filename` (the browser's own download). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
