import type { LimitPeriod } from '@domino/contracts';
import { caracasDate, caracasMidnight } from '../../lib/time';

/**
 * The start of the calendar period containing `now`, in Caracas time (docs/decisions/030):
 * day = local midnight, week = Monday's midnight, month = the 1st's midnight. A limit counts
 * what happened from this instant on.
 */
export function periodStart(period: LimitPeriod, now: Date): Date {
  const { year, month, day } = caracasDate(now);
  switch (period) {
    case 'day':
      return caracasMidnight(year, month, day);
    case 'week': {
      // 0 = Sunday; days back to Monday. caracasMidnight normalises a day <= 0 into the month before.
      const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
      return caracasMidnight(year, month, day - ((weekday + 6) % 7));
    }
    case 'month':
      return caracasMidnight(year, month, 1);
  }
}
