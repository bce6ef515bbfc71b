import type { Difficulty, GameView, HandSummaryJson } from '@domino/contracts';

/**
 * Who sits where on screen (DESIGN §4: partners 0+2 vs 1+3, play passes 0 -> 1 -> 2 -> 3
 * counter-clockwise). With me at the bottom, the next seat is on my right, my partner on top and
 * the seat before me on my left.
 */
export type Position = 'bottom' | 'right' | 'top' | 'left';

export const POSITIONS: readonly Position[] = ['bottom', 'right', 'top', 'left'];

export function seatAt(mySeat: number, position: Position, seats = 4): number {
  return (mySeat + POSITIONS.indexOf(position)) % seats;
}

/** The pair (side) of a seat in partnership play: 0 for seats 0+2, 1 for seats 1+3. */
export function sideOfSeat(seat: number): number {
  return seat % 2;
}

/** 'Nosotros' for my pair, 'Ellos' for the other (spec wording of the score board). */
export function sideLabel(side: number, mySeat: number): 'Nosotros' | 'Ellos' {
  return side === sideOfSeat(mySeat) ? 'Nosotros' : 'Ellos';
}

/** Display name of a seat; 'Tú' for mine. */
export function seatName(view: Pick<GameView, 'seats' | 'my_seat'>, seat: number): string {
  if (seat === view.my_seat) return 'Tú';
  return view.seats.find((s) => s.seat === seat)?.name ?? `Jugador ${seat + 1}`;
}

/** Up to two initials of a name, for the avatar. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const letters = words.length === 1 ? words[0]!.slice(0, 2) : words[0]![0]! + words[1]![0]!;
  return letters.toUpperCase();
}

/** The CPU difficulty of a practice game (its bots' level), for 'Jugar de Nuevo'. */
export function practiceDifficulty(view: Pick<GameView, 'seats'>): Difficulty {
  return view.seats.find((s) => s.is_bot && s.bot_level !== null)?.bot_level ?? 'medio';
}

/** The headline of a finished hand: 'Dominó', 'Tranque' or 'Mano anulada (empate)'. */
export function handEndingLabel(summary: Pick<HandSummaryJson, 'ending' | 'voided'>): string {
  if (summary.voided) return 'Mano anulada (empate)';
  return summary.ending === 'domino' ? 'Dominó' : 'Tranque';
}

export const BONUS_LABELS: Record<'capicua' | 'pase_corrido', string> = {
  capicua: 'Capicúa',
  pase_corrido: 'Pase corrido',
};
