import type { GameView } from '@domino/contracts';
import { tileKey } from './moves';

/**
 * The opening tile of the current hand, which the board draws at the centre. The view lists the
 * line left to right without saying which tile came first, so the client remembers it (in
 * sessionStorage, so a reload keeps the same drawing) and otherwise infers it.
 */

/** Minimal storage (sessionStorage, or a Map in tests). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function openerStorageKey(gameId: string, handNumber: number): string {
  return `domino:opener:${gameId}:${handNumber}`;
}

/**
 * The opener's tile key for `next`: the remembered one; else the only tile of a one-tile line;
 * else the required lead (hand 1's 6-6) when it is on the line; else the middle tile. Returns
 * null for an empty line. Remembers what it decides.
 */
export function resolveOpener(next: GameView, store: KeyValueStore | null): string | null {
  if (next.line.length === 0) return null;
  const key = openerStorageKey(next.game_id, next.hand_number);
  const keys = next.line.map((p) => tileKey(p.tile));
  let remembered: string | null;
  try {
    remembered = store?.getItem(key) ?? null;
  } catch {
    remembered = null;
  }
  if (remembered !== null && keys.includes(remembered)) return remembered;

  let opener: string;
  const lead = next.required_lead ? tileKey(next.required_lead) : null;
  if (keys.length === 1) opener = keys[0] as string;
  else if (lead !== null && keys.includes(lead)) opener = lead;
  else opener = keys[Math.floor(keys.length / 2)] as string;
  try {
    store?.setItem(key, opener);
  } catch {
    // Storage full or disabled: the drawing is still right until a reload.
  }
  return opener;
}

/** Index of the opener in the line (the middle when unknown). */
export function openerIndex(line: GameView['line'], opener: string | null): number {
  const i = opener === null ? -1 : line.findIndex((p) => tileKey(p.tile) === opener);
  return i >= 0 ? i : Math.floor(line.length / 2);
}
