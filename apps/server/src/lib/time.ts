import { TIME_ZONE } from '@domino/contracts';
import type { Period } from '@domino/contracts';

/**
 * Calendar arithmetic in the business time zone (docs/product.md §9 periods; America/Caracas). Uses Intl's
 * time-zone data, so it stays right if Venezuela changes its offset again.
 */

function offsetMinutes(at: Date): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  if (!m) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  return m[1] === '-' ? -minutes : minutes;
}

/** Year, month (1-12) and day of `at` in Caracas. */
export function caracasDate(at: Date): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return { year: get('year'), month: get('month'), day: get('day') };
}

/** The instant of Caracas local midnight of the given calendar date. */
export function caracasMidnight(year: number, month: number, day: number): Date {
  const guess = new Date(Date.UTC(year, month - 1, day));
  return new Date(guess.getTime() - offsetMinutes(guess) * 60_000);
}

/**
 * The [from, to) range of a transactions period filter (docs/product.md §9): today; week = the last 7 days;
 * month = this calendar month; last_month = the previous calendar month. All in Caracas time.
 */
export function periodRange(period: Period, now: Date = new Date()): { from: Date; to: Date } {
  const { year, month, day } = caracasDate(now);
  const far = new Date(now.getTime() + 60_000);
  switch (period) {
    case 'today':
      return { from: caracasMidnight(year, month, day), to: far };
    case 'week':
      return { from: new Date(now.getTime() - 7 * 86_400_000), to: far };
    case 'month':
      return { from: caracasMidnight(year, month, 1), to: far };
    case 'last_month': {
      const prevYear = month === 1 ? year - 1 : year;
      const prevMonth = month === 1 ? 12 : month - 1;
      return { from: caracasMidnight(prevYear, prevMonth, 1), to: caracasMidnight(year, month, 1) };
    }
  }
}
