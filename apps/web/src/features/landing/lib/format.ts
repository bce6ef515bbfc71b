/** Small formatters of the landing's live sections (Spanish, es-VE). */

// The month names live with the app's other formatters (lib/format.ts); the landing re-exports them.
export { monthLabel, monthName } from '../../../lib/format';

/**
 * How long ago an instant was, the way a person says it: 'hace un momento' (under a minute),
 * 'hace 5 min', 'hace 3 h', 'ayer', 'hace 4 días' (under a week), else the date 'dd/mm/yyyy'
 * (Caracas time). `now` is injectable for tests.
 */
export function timeAgo(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const ms = now.getTime() - at.getTime();
  if (Number.isNaN(ms)) return iso;
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'hace un momento';
  if (minutes < 60) return `hace ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `hace ${hours} h`;
  const days = Math.floor(hours / 24);
  if (days === 1) return 'ayer';
  if (days < 7) return `hace ${days} días`;
  return new Intl.DateTimeFormat('es-VE', {
    timeZone: 'America/Caracas',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(at);
}

/** Names joined the Spanish way: 'A', 'A y B', 'A, B y C'. */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} y ${names[names.length - 1]}`;
}
