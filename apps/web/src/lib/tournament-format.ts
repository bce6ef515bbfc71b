import {
  TOURNAMENT_FORMAT_LABELS,
  TOURNAMENT_STATUS_LABELS,
  formatBs,
  type TournamentListItem,
  type TournamentStatus,
} from '@domino/contracts';
import { bolivaresToCents, formatCaracasDateTime } from './format';

/**
 * How a tournament's terms read in Spanish (decision 028), shared by the players' pages
 * (features/tournaments) and the staff console (features/staff-play): entry ('Gratis' when free),
 * mode and format, status, start in Caracas time, places taken, prize pool, shares in percent.
 * Money arrives in bolívares (JSON numbers) and is shown from céntimos with formatBs. Pure.
 */

/** 'Gratis' for a free tournament, else the entry per player ('Bs. 10,00'). */
export function entryLabel(entryFee: number): string {
  return entryFee === 0 ? 'Gratis' : formatBs(bolivaresToCents(entryFee));
}

/** 'Parejas · Eliminación directa' / 'Individual · Sistema suizo'. */
export function formatLabel(t: Pick<TournamentListItem, 'mode' | 'format'>): string {
  return `${t.mode === 'parejas' ? 'Parejas' : 'Individual'} · ${TOURNAMENT_FORMAT_LABELS[t.format]}`;
}

export function statusLabel(status: TournamentStatus): string {
  return TOURNAMENT_STATUS_LABELS[status];
}

export function statusColor(status: TournamentStatus): string {
  switch (status) {
    case 'scheduled':
      return 'green';
    case 'running':
      return 'orange';
    case 'finished':
      return 'blue';
    default:
      return 'gray';
  }
}

/** The start in Caracas time, 'dd/mm/aaaa HH:mm'. */
export function startLabel(startsAt: string): string {
  return formatCaracasDateTime(startsAt);
}

/**
 * Places taken of the capacity, counted the way the tournament plays: pairs in parejas
 * ('3 de 4 parejas'), players otherwise ('5 de 16 jugadores'). Parejas count paid players / 2,
 * rounded down (a player waiting for a partner's confirmation holds half a place).
 */
export function placesLabel(
  t: Pick<TournamentListItem, 'mode' | 'capacity' | 'registered_players'>,
): string {
  if (t.mode === 'parejas') {
    const pairs = Math.floor(t.registered_players / 2);
    const of = Math.floor(t.capacity / 2);
    return `${pairs} de ${of} parejas`;
  }
  return `${t.registered_players} de ${t.capacity} jugadores`;
}

/** Whether no place is left (players registered reach the capacity). */
export function isFull(t: Pick<TournamentListItem, 'capacity' | 'registered_players'>): boolean {
  return t.registered_players >= t.capacity;
}

/** The prize pool shown on a card: 'Bs. 80,00', or 'Sin premio en dinero' when free. */
export function poolLabel(t: Pick<TournamentListItem, 'entry_fee' | 'pool'>): string {
  return t.entry_fee === 0 ? 'Sin premio en dinero' : formatBs(bolivaresToCents(t.pool));
}

/** Basis points as '70 %' / '12,5 %' (no-break space before the sign). */
export function formatShare(bps: number): string {
  const pct = bps / 100;
  const text = Number.isInteger(pct)
    ? String(pct)
    : pct.toFixed(2).replace(/0+$/, '').replace('.', ',');
  return `${text}\u00a0%`;
}

/**
 * What each prize place would receive with every place taken: the pool (capacity × entry), the
 * house fee (floor of pool × fee), then each place's floor of its share of the rest, the
 * undivided céntimos to the 1st place (the rule stated in decision 028). All in céntimos. Pure.
 */
export function prizePreview(
  capacityPlayers: number,
  entryCents: number,
  feeBps: number,
  splitBps: readonly number[],
): { poolCents: number; feeCents: number; prizesCents: number[] } {
  const poolCents = capacityPlayers * entryCents;
  const feeCents = Math.floor((poolCents * feeBps) / 10_000);
  const rest = poolCents - feeCents;
  const prizesCents = splitBps.map((bps) => Math.floor((rest * bps) / 10_000));
  const paid = prizesCents.reduce((a, b) => a + b, 0);
  if (prizesCents.length > 0 && splitBps.reduce((a, b) => a + b, 0) === 10_000)
    prizesCents[0] = prizesCents[0]! + (rest - paid);
  return { poolCents, feeCents, prizesCents };
}
