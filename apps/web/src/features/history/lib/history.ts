import { formatBs } from '@domino/contracts';
import { bolivaresToCents } from '../../../lib/format';

/** Display rules of 'Mis Partidas' (/history). */

/** When a match finished: `dd/mm/yyyy HH:mm` in Caracas time (the shared lib/format rule). */
export { formatCaracasDateTime as formatMatchDate } from '../../../lib/format';

/** A net amount in Bs. with its sign: '+ Bs. 80,00' (won), '− Bs. 100,00' (lost), 'Bs. 0,00'. */
export function formatNet(bolivares: number): string {
  const cents = bolivaresToCents(bolivares);
  if (cents > 0) return `+ ${formatBs(cents)}`;
  if (cents < 0) return `− ${formatBs(-cents)}`;
  return formatBs(0);
}

/** Colour of a net amount: green when won, red when lost. */
export function netColor(bolivares: number): 'green' | 'red' | 'dimmed' {
  const cents = bolivaresToCents(bolivares);
  return cents > 0 ? 'green' : cents < 0 ? 'red' : 'dimmed';
}

export function modeText(mode: 'parejas' | 'individual'): string {
  return mode === 'parejas' ? 'Parejas' : 'Individual';
}

export function resultText(result: 'victoria' | 'derrota'): 'Victoria' | 'Derrota' {
  return result === 'victoria' ? 'Victoria' : 'Derrota';
}

/** Number of pages for `total` items, at least 1. */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, perPage)));
}

/** The page number of a `?page=` value: a positive integer, else 1. */
export function readPage(raw: string | null): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** A list of names, or '—' when empty. */
export function namesText(names: readonly string[]): string {
  return names.length > 0 ? names.join(', ') : '—';
}
