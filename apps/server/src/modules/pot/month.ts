import { caracasDate } from '../../lib/time';

/**
 * The pot month key of an instant, in Caracas time: 'YYYY-MM' (the Pote del Mes a settlement
 * feeds and a month close pays; decision 007).
 */
export function potMonth(at: Date): string {
  const { year, month } = caracasDate(at);
  return `${year}-${String(month).padStart(2, '0')}`;
}
