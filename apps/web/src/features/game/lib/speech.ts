import { plural, type GameView, type TileJson } from '@domino/contracts';
import { formatCountdown, remainingMs } from './countdown';
import { tileKey, type EndName, type Tile } from './moves';
import {
  handEndingLabel,
  handOutcomeText,
  matchOutcomeText,
  scoreLineText,
  seatName,
} from './seats';

/**
 * What the game screen says to a screen reader (docs/decisions/044-keyboard-and-screen-reader.md):
 * tile and end names in Spanish words, one sentence per move, pass, draw, hand end and match end
 * (read from two successive server views), and the on-demand readings behind the keys P, T, M
 * and R. Everything here is built from the seat's own view, which carries only what that seat may
 * know (its own hand, the others' tile counts, the public line and passes), so no sentence can
 * tell a rival's tile.
 */

/** Pip counts in words; a zero half is "blanco", as players call it. */
const PIP_WORDS = ['blanco', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis'] as const;

/** A pip count in words ('seis'); out-of-range values fall back to digits. */
export function pipWord(pips: number): string {
  return PIP_WORDS[pips] ?? String(pips);
}

/** A tile's spoken name, higher half first: 'seis-cuatro', 'doble tres', 'cinco-blanco'. */
export function tileName(tile: Tile): string {
  const [a, b] = tile;
  if (a === b) return `doble ${pipWord(a)}`;
  return `${pipWord(Math.max(a, b))}-${pipWord(Math.min(a, b))}`;
}

/** 'a la izquierda' / 'a la derecha'. */
export function endWords(end: EndName): string {
  return end === 'left' ? 'a la izquierda' : 'a la derecha';
}

/** The name of an end button: 'seis-cuatro, a la izquierda'. */
export function endChoiceLabel(tile: Tile, end: EndName): string {
  return `${tileName(tile)}, ${endWords(end)}`;
}

/**
 * The name of a tile button in the hand: its name, then whether it can be played now ('se puede
 * jugar', 'se puede jugar en los dos extremos'); off turn, just the name.
 */
export function handTileLabel(tile: Tile, ends: readonly EndName[], myTurn: boolean): string {
  const name = tileName(tile);
  if (!myTurn) return name;
  if (ends.length === 0) return `${name}, no se puede jugar`;
  return ends.length > 1
    ? `${name}, se puede jugar en los dos extremos`
    : `${name}, se puede jugar`;
}

type SpeechView = Pick<
  GameView,
  | 'status'
  | 'my_seat'
  | 'mode'
  | 'seats'
  | 'line'
  | 'ends'
  | 'turn_seat'
  | 'turn_deadline'
  | 'passes'
  | 'tile_counts'
  | 'stock_count'
  | 'scores'
  | 'target_points'
  | 'hand'
  | 'legal_moves'
  | 'hand_number'
  | 'hands_played'
  | 'last_hand'
  | 'result'
>;

/** 'seis y dos' for the open ends, or null before the first tile. */
function endsWords(view: Pick<GameView, 'ends'>): string | null {
  if (view.ends === null) return null;
  return `${pipWord(view.ends.left)} a la izquierda y ${pipWord(view.ends.right)} a la derecha`;
}

interface SeatEvent {
  seat: number;
  text: string;
}

/** Plays of `next` that `prevLine` lacks, as sentences with their seat. */
function playEvents(
  view: SpeechView,
  prevLine: GameView['line'],
  opener: string | null,
): SeatEvent[] {
  const before = new Set(prevLine.map((p) => tileKey(p.tile)));
  const line = view.line;
  const events: SeatEvent[] = [];
  // The first tile of the old line splits the new one into what went left and what went right;
  // on a line that was empty, the opener splits it.
  const pivotKey = prevLine[0] ? tileKey(prevLine[0].tile) : opener;
  const pivot = pivotKey === null ? -1 : line.findIndex((p) => tileKey(p.tile) === pivotKey);
  line.forEach((piece, index) => {
    const key = tileKey(piece.tile);
    if (before.has(key)) return;
    const mine = piece.seat === view.my_seat;
    const who = seatName(view, piece.seat);
    const name = tileName(piece.tile);
    if (prevLine.length === 0 && (index === pivot || line.length === 1)) {
      events.push({
        seat: piece.seat,
        text: mine ? `Saliste con el ${name}.` : `${who} salió con el ${name}.`,
      });
      return;
    }
    const end: EndName = pivot >= 0 && index < pivot ? 'left' : 'right';
    events.push({
      seat: piece.seat,
      text: mine ? `Jugaste ${name} ${endWords(end)}.` : `${who} jugó ${name} ${endWords(end)}.`,
    });
  });
  return events;
}

/**
 * The sentences to announce between two views of the same game, in order: each tile played
 * ('Ana jugó seis-cuatro a la derecha.'), each pass ('Luis pasó.'), each draw from the stock, the
 * end of a hand with its score, a new hand, the end of the match, and 'Tu turno' with the open
 * ends when the turn comes to this seat. `opener` is the current hand's opening tile key (the
 * store's), which tells which new tiles went left. Nothing when `prev` is null (a first load) or
 * is not older than `next`.
 */
export function describeChange(
  prev: (SpeechView & { version: number }) | null,
  next: SpeechView & { version: number },
  opener: string | null,
): string[] {
  if (prev === null || next.version <= prev.version) return [];
  const out: string[] = [];
  const seats = next.tile_counts.length || 4;
  const newHand = next.hand_number !== prev.hand_number;

  // A hand that ended: its plays are gone from the view, its summary says how it ended.
  if (next.hands_played > prev.hands_played && next.last_hand !== null) {
    const s = next.last_hand;
    out.push(
      `Fin de la mano ${s.hand_number}: ${handEndingLabel(s)}. ${handOutcomeText(next, s)} ${scoreLineText(next, s.scores_after)}.`,
    );
  }
  if (newHand && next.status === 'playing') out.push(`Empieza la mano ${next.hand_number}.`);

  const prevLine = newHand ? [] : prev.line;
  const prevPasses = newHand ? 0 : prev.passes.length;
  const events = playEvents(next, prevLine, opener);
  for (const p of next.passes.slice(prevPasses)) {
    events.push({
      seat: p.seat,
      text: p.seat === next.my_seat ? 'Pasaste.' : `${seatName(next, p.seat)} pasó.`,
    });
  }
  if (!newHand && next.stock_count < prev.stock_count) {
    for (let seat = 0; seat < seats; seat++) {
      const played = next.line.filter(
        (p) => p.seat === seat && !prev.line.some((q) => tileKey(q.tile) === tileKey(p.tile)),
      ).length;
      const drawn = (next.tile_counts[seat] ?? 0) + played - (prev.tile_counts[seat] ?? 0);
      if (drawn <= 0) continue;
      const tiles = plural(drawn, 'ficha', 'fichas');
      events.push({
        seat,
        text:
          seat === next.my_seat
            ? `Robaste ${tiles} del pozo.`
            : `${seatName(next, seat)} robó ${tiles} del pozo.`,
      });
    }
  }
  // In order of play from the seat whose turn it was (the new hand's leader after a hand end).
  const start = newHand ? (next.line[0]?.seat ?? next.turn_seat ?? 0) : (prev.turn_seat ?? 0);
  const order = (seat: number) => (((seat - start) % seats) + seats) % seats;
  events
    .map((e, i) => ({ ...e, i }))
    .sort((a, b) => order(a.seat) - order(b.seat) || a.i - b.i)
    .forEach((e) => out.push(e.text));

  if (next.status === 'finished' && prev.status !== 'finished') {
    const won = next.result?.won ?? false;
    out.push(`Partida terminada: ${won ? 'Victoria' : 'Derrota'}. ${matchOutcomeText(next)}`);
  } else if (
    next.status === 'playing' &&
    next.turn_seat === next.my_seat &&
    (prev.turn_seat !== next.my_seat || out.length > 0)
  ) {
    out.push(turnText(next, null));
  }
  return out;
}

/** P: 'Puntuación: Nosotros 40 — Ellos 25. Se juega a 100.' */
export function scoresText(view: SpeechView): string {
  return `Puntuación: ${scoreLineText(view, view.scores)}. Se juega a ${view.target_points}.`;
}

/**
 * T: whose turn it is, the open ends and every other seat's tile count ('Tu turno. Extremos:
 * seis a la izquierda y dos a la derecha. Ana 5 fichas, ...'). With `nowMs`, the clock too.
 */
export function turnText(view: SpeechView, nowMs: number | null): string {
  if (view.status === 'finished') return 'La partida terminó.';
  const parts: string[] = [];
  if (view.turn_seat === null) parts.push('Repartiendo.');
  else if (view.turn_seat === view.my_seat) {
    const playable = view.legal_moves.some((m) => 'tile' in m);
    parts.push(playable ? 'Tu turno.' : 'Tu turno: no tienes ficha que jugar.');
  } else parts.push(`Turno de ${seatName(view, view.turn_seat)}.`);
  const ends = endsWords(view);
  parts.push(ends ? `Extremos: ${ends}.` : 'Mesa vacía.');
  if (nowMs !== null) {
    parts.push(
      view.seats
        .filter((s) => s.seat !== view.my_seat)
        .map((s) => `${s.name}: ${plural(view.tile_counts[s.seat] ?? 0, 'ficha', 'fichas')}`)
        .join(', ') + '.',
    );
    parts.push(clockText(view, nowMs));
  }
  return parts.join(' ');
}

/** M: 'Tu mano: seis-cuatro, doble dos. Puedes jugar: seis-cuatro.' */
export function handText(view: SpeechView, tiles: readonly TileJson[] = view.hand): string {
  if (tiles.length === 0) return 'No te quedan fichas.';
  const names = tiles.map((t) => tileName(t)).join(', ');
  const playable = tiles.filter((t) =>
    view.legal_moves.some((m) => 'tile' in m && tileKey(m.tile) === tileKey(t)),
  );
  const mine = view.status === 'playing' && view.turn_seat === view.my_seat;
  const tail = !mine
    ? ''
    : playable.length > 0
      ? ` Puedes jugar: ${playable.map((t) => tileName(t)).join(', ')}.`
      : ' No puedes jugar ninguna.';
  return `Tu mano, ${plural(tiles.length, 'ficha', 'fichas')}: ${names}.${tail}`;
}

/** R: the time left on the turn clock ('Te quedan 0:12.'), or that the turn has no clock. */
export function clockText(view: SpeechView, nowMs: number): string {
  if (view.status === 'finished' || view.turn_seat === null) return 'Sin reloj en marcha.';
  const left = remainingMs(view.turn_deadline, nowMs);
  if (left === null) return 'Este turno no tiene límite de tiempo.';
  const time = formatCountdown(left);
  return view.turn_seat === view.my_seat
    ? `Te quedan ${time}.`
    : `A ${seatName(view, view.turn_seat)} le quedan ${time}.`;
}

/** The keys of the game screen and what each does, for the help dialog ('?'). */
export const GAME_KEYS: readonly { key: string; action: string }[] = [
  { key: 'Tab', action: 'Ir a tus fichas y a los botones de la pantalla' },
  { key: 'Flechas izquierda y derecha', action: 'Pasar de una ficha a otra' },
  { key: 'Inicio / Fin', action: 'Primera / última ficha' },
  {
    key: 'Enter o Espacio',
    action: 'Jugar la ficha; si entra por los dos lados, elegir el extremo',
  },
  { key: 'Escape', action: 'Cancelar la elección del extremo' },
  { key: 'P', action: 'Leer la puntuación' },
  { key: 'T', action: 'Leer el turno, los extremos y las fichas de cada jugador' },
  { key: 'M', action: 'Leer tu mano y lo que puedes jugar' },
  { key: 'R', action: 'Leer el reloj del turno' },
  { key: '?', action: 'Abrir esta ayuda' },
];
