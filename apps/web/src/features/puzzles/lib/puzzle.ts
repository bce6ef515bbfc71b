import { plural, type PuzzleMoveJson, type PuzzlePositionJson } from '@domino/contracts';

/**
 * Pure rules of the puzzle page (docs/decisions/060-puzzles.md): which ends a tile of the hand
 * may go to, the moves a tap makes, and the Spanish words the page and screen readers use.
 */

export type End = 'left' | 'right';

const PIP_WORDS = ['blanco', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis'] as const;

/** 'seis-cuatro' for [6, 4]. */
export function tileWords(tile: readonly [number, number]): string {
  return tile.map((p) => PIP_WORDS[p] ?? String(p)).join('-');
}

/** `a-b` key of a tile as it is in the hand. */
export function tileKey(tile: readonly [number, number]): string {
  return `${tile[0]}-${tile[1]}`;
}

/** Unordered open ends after `move` (the engine's orientation rule). */
function endsAfter(move: PuzzleMoveJson, ends: PuzzlePositionJson['ends']): string {
  const [a, b] = move.tile;
  let pair: number[];
  if (ends === null) pair = [a, b];
  else if (move.end === 'left') pair = [b === ends.left ? a : b, ends.right];
  else pair = [ends.left, a === ends.right ? b : a];
  return pair.sort((x, y) => x - y).join('-');
}

/**
 * The ends `tile` may be played on, one per distinct effect (a tile that fits two equal ends
 * goes left only: both leave the same line).
 */
export function endsFor(position: PuzzlePositionJson, tile: readonly [number, number]): End[] {
  const out: End[] = [];
  const seen = new Set<string>();
  for (const m of position.legal_moves) {
    if (!('tile' in m) || m.tile[0] !== tile[0] || m.tile[1] !== tile[1]) continue;
    const effect = endsAfter(m, position.ends);
    if (seen.has(effect)) continue;
    seen.add(effect);
    out.push(m.end);
  }
  return out;
}

/** The answer a tap on `tile` makes at once (it fits one way only), else null (choose an end). */
export function immediateAnswer(
  position: PuzzlePositionJson,
  tile: readonly [number, number],
): PuzzleMoveJson | null {
  const ends = endsFor(position, tile);
  return ends.length === 1 ? { tile: [tile[0], tile[1]], end: ends[0] as End } : null;
}

/** Who a seat is from the puzzle's seat, in words. */
export function seatWords(position: PuzzlePositionJson, seat: number): string {
  const ahead = (seat - position.seat + position.players) % position.players;
  if (ahead === 0) return 'Tú';
  if (position.mode === 'parejas' && ahead === 2) return 'Tu compañero';
  if (ahead === 1) return 'Rival después de ti';
  if (ahead === position.players - 1) return 'Rival antes de ti';
  return `Puesto ${seat + 1}`;
}

/** "Por la izquierda (5)" for an end button; "De salida" on an empty line. */
export function endWords(position: PuzzlePositionJson, end: End): string {
  if (position.ends === null) return 'De salida';
  const pips = end === 'left' ? position.ends.left : position.ends.right;
  return `Por la ${end === 'left' ? 'izquierda' : 'derecha'} (${pips})`;
}

/** A move in words: 'el 6-4 por la izquierda'. */
export function moveWords(move: PuzzleMoveJson, lineEmpty: boolean): string {
  if (lineEmpty) return `el ${tileKey(move.tile)} de salida`;
  return `el ${tileKey(move.tile)} por la ${move.end === 'left' ? 'izquierda' : 'derecha'}`;
}

/** Expected points with sign, es-VE: '+12,3'. */
export function pointsWords(value: number): string {
  return new Intl.NumberFormat('es-VE', {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    signDisplay: 'always',
  }).format(value);
}

/** 'Racha de 3 días' / 'Sin racha todavía'. */
export function streakWords(current: number): string {
  if (current === 0) return 'Sin racha por ahora';
  return `Racha de ${plural(current, 'día', 'días')}`;
}

/** A pass in words: 'Tu compañero no tenía 3 ni 5' ('Tú no tenías 3' when both ends showed 3). */
export function passWords(
  position: PuzzlePositionJson,
  pass: { seat: number; left: number; right: number },
): string {
  const numbers = pass.left === pass.right ? `${pass.left}` : `${pass.left} ni ${pass.right}`;
  return pass.seat === position.seat
    ? `Tú no tenías ${numbers}`
    : `${seatWords(position, pass.seat)} no tenía ${numbers}`;
}
