import { plural } from '@domino/contracts';

/** Pure rules of the staff overview (decision 009). */

/** "Hace 3 min" style freshness of an instant, for the ledger check card. */
export function sinceText(iso: string, now: number = Date.now()): string {
  const ms = now - new Date(iso).getTime();
  if (!Number.isFinite(ms)) return '';
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'hace un momento';
  if (minutes < 60) return `hace ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `hace ${hours} h`;
  const days = Math.floor(hours / 24);
  return `hace ${plural(days, 'día', 'días')}`;
}
