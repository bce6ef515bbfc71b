import type { SpectatorView } from '@domino/contracts';
import { plural } from '@domino/contracts';

/**
 * Pure rules of the watch page (docs/decisions/022-spectators.md): which view is newer, where the
 * opening tile sits, which tile was played last, and the Spanish texts of the page.
 */

/** The match's own version a view was taken at (a delayed view is `delayed_moves` behind it). */
function matchVersion(v: SpectatorView): number {
  return v.version + v.delayed_moves;
}

/**
 * Whether `incoming` replaces `current`: a view of a later moment of the match, or of the same
 * moment with the same or a later shown version. Views of other matches are refused.
 */
export function acceptsSpectatorView(
  current: SpectatorView | null,
  incoming: SpectatorView,
): boolean {
  if (!current) return true;
  if (incoming.game_id !== current.game_id) return false;
  if (current.status === 'finished' && incoming.status !== 'finished') return false;
  const a = matchVersion(incoming);
  const b = matchVersion(current);
  return a > b || (a === b && incoming.version >= current.version);
}

/** `a-b` with a <= b. */
export function tileKey(tile: readonly [number, number]): string {
  return tile[0] <= tile[1] ? `${tile[0]}-${tile[1]}` : `${tile[1]}-${tile[0]}`;
}

/** The remembered opening tile of a hand. */
export interface Opener {
  hand: number;
  key: string;
}

/**
 * The opening tile of `view`'s hand, drawn at the centre: the one remembered for this hand while
 * it is on the line; else the only tile of a one-tile line; else the middle tile (a watcher who
 * arrives mid-hand). Null for an empty line.
 */
export function nextOpener(prev: Opener | null, view: SpectatorView): Opener | null {
  if (view.line.length === 0) return null;
  const keys = view.line.map((p) => tileKey(p.tile));
  if (prev && prev.hand === view.hand_number && keys.includes(prev.key)) return prev;
  return { hand: view.hand_number, key: keys[Math.floor((keys.length - 1) / 2)] as string };
}

/** Index of the opener on the line (the middle when unknown). */
export function anchorOf(view: SpectatorView, opener: Opener | null): number {
  const i = opener ? view.line.findIndex((p) => tileKey(p.tile) === opener.key) : -1;
  return i >= 0 ? i : Math.floor((view.line.length - 1) / 2);
}

/** The tile `next` added to the line of `prev` in the same hand, or null. */
export function lastPlayedKey(prev: SpectatorView | null, next: SpectatorView): string | null {
  if (!prev || prev.hand_number !== next.hand_number) return null;
  const before = new Set(prev.line.map((p) => tileKey(p.tile)));
  const added = next.line.map((p) => tileKey(p.tile)).filter((k) => !before.has(k));
  return added.length === 1 ? (added[0] as string) : null;
}

/** The seat's public name as the view gives it. */
export function seatNameOf(view: SpectatorView, seat: number): string {
  return view.seats.find((s) => s.seat === seat)?.name ?? `Jugador ${seat + 1}`;
}

/** One score box: a pair (parejas: seats 0+2 and 1+3) or a player (individual). */
export interface ScoreBox {
  side: number;
  label: string;
  points: number;
}

/** The score boxes of the view, side by side. */
export function scoreBoxes(view: SpectatorView): ScoreBox[] {
  return view.scores.map((points, side) => ({
    side,
    points,
    label:
      view.mode === 'parejas'
        ? view.seats
            .filter((s) => s.seat % 2 === side)
            .map((s) => s.name)
            .join(' y ')
        : seatNameOf(view, side),
  }));
}

/** "1 espectador", "3 espectadores". */
export function watchersLabel(count: number): string {
  return plural(count, 'espectador', 'espectadores');
}

/** Whose turn it is, or that the match ended. */
export function turnText(view: SpectatorView): string {
  if (view.status === 'finished') return 'Partida terminada';
  if (view.turn_seat === null) return 'Fin de la mano: se cuentan los puntos';
  return `Turno de ${seatNameOf(view, view.turn_seat)}`;
}

/** The winner of a finished match, in words. */
export function resultText(view: SpectatorView): string | null {
  if (!view.result) return null;
  const names = view.result.winner_seats.map((s) => seatNameOf(view, s));
  return view.mode === 'parejas'
    ? `Ganó la pareja de ${names.join(' y ')} (${view.result.scores.join(' a ')})`
    : `Ganó ${names.join(' y ')} (${view.result.scores.join(' a ')})`;
}

/** The delay notice of a paid match, or null when the view is live. */
export function delayNotice(view: SpectatorView): string | null {
  if (view.delayed_moves === 0) return null;
  return `Mesa con entrada: ves la partida con ${plural(view.delayed_moves, 'jugada', 'jugadas')} de retraso.`;
}

/** Seats that passed in the current hand (for the 'Paso' badge). */
export function passedSeats(view: SpectatorView): Set<number> {
  return new Set(view.passes.map((p) => p.seat));
}
