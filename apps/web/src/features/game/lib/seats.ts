import type { Difficulty, GameView, HandSummaryJson } from '@domino/contracts';

/**
 * Who sits where on screen and how sides are named (docs/rules.md). Play passes to the next seat
 * counter-clockwise, so with me at the bottom the next seat is on my right. Parejas (4 seats,
 * partners 0+2 vs 1+3): my partner on top, the seat before me on my left, scores by pair
 * ('Nosotros' / 'Ellos'). Individual (2-3 seats, every player for themself): with 2 the opponent
 * sits on top; with 3 the next seat is on my right and the one after it on my left; scores are
 * per player, by name.
 */
export type Position = 'bottom' | 'right' | 'top' | 'left';

export const POSITIONS: readonly Position[] = ['bottom', 'right', 'top', 'left'];

/** Screen positions by number of seats, in order of play starting from mine. */
const LAYOUTS: Record<number, readonly Position[]> = {
  2: ['bottom', 'top'],
  3: ['bottom', 'right', 'left'],
  4: POSITIONS,
};

type ModeView = Pick<GameView, 'mode' | 'my_seat'>;
type NamedView = Pick<GameView, 'mode' | 'my_seat' | 'seats'>;

/** Seats at the table: the view's seat list, else its tile counts (4 when neither is known). */
export function seatCount(view: Pick<GameView, 'seats' | 'tile_counts'>): number {
  return view.seats.length || view.tile_counts.length || 4;
}

/** The seat drawn at `position` for a table of `seats` seats, or null when nobody sits there. */
export function seatAt(mySeat: number, position: Position, seats = 4): number | null {
  const layout = LAYOUTS[seats] ?? POSITIONS;
  const offset = layout.indexOf(position);
  return offset < 0 ? null : (mySeat + offset) % seats;
}

/** Where `seat` is drawn, with `mySeat` at the bottom. */
export function positionOf(seat: number, mySeat: number, seats = 4): Position {
  const layout = LAYOUTS[seats] ?? POSITIONS;
  const n = layout.length;
  return layout[(((seat - mySeat) % n) + n) % n] ?? 'bottom';
}

/** Every other seat with its place on screen, in order of play after mine. */
export function otherSeats(
  mySeat: number,
  seats = 4,
): { seat: number; position: Exclude<Position, 'bottom'> }[] {
  return Array.from({ length: seats - 1 }, (_, i) => {
    const seat = (mySeat + i + 1) % seats;
    return { seat, position: positionOf(seat, mySeat, seats) as Exclude<Position, 'bottom'> };
  });
}

/**
 * A place around the board nobody sits in (for the stock): the top with 3 seats, the left with
 * 2; with 4 seats every place is taken and the stock goes to the top corner ('corner').
 */
export function freePosition(seats: number): 'top' | 'left' | 'corner' {
  const used = new Set((LAYOUTS[seats] ?? POSITIONS).slice(1));
  if (!used.has('top')) return 'top';
  if (!used.has('left')) return 'left';
  return 'corner';
}

/** The pair (side) of a seat in partnership play: 0 for seats 0+2, 1 for seats 1+3. */
export function sideOfSeat(seat: number): number {
  return seat % 2;
}

/** The scoring side of a seat in the view's mode: its pair in parejas, the seat itself otherwise. */
export function sideOf(view: Pick<GameView, 'mode'>, seat: number): number {
  return view.mode === 'parejas' ? sideOfSeat(seat) : seat;
}

/** 'Nosotros' for my pair, 'Ellos' for the other (spec wording of the score board). */
export function sideLabel(side: number, mySeat: number): 'Nosotros' | 'Ellos' {
  return side === sideOfSeat(mySeat) ? 'Nosotros' : 'Ellos';
}

/** How a seat relates to me: mine, my partner's (parejas only) or a rival's. */
export function relationOf(view: ModeView, seat: number): 'me' | 'partner' | 'rival' {
  if (seat === view.my_seat) return 'me';
  return view.mode === 'parejas' && sideOfSeat(seat) === sideOfSeat(view.my_seat)
    ? 'partner'
    : 'rival';
}

/** The name of a scoring side: 'Nosotros'/'Ellos' in parejas; the player ('Tú' for me) otherwise. */
export function sideName(view: NamedView, side: number): string {
  return view.mode === 'parejas' ? sideLabel(side, view.my_seat) : seatName(view, side);
}

/** Scoring sides in display order: mine first, then the others in order of play. */
export function sidesInOrder(view: Pick<GameView, 'mode' | 'my_seat' | 'seats' | 'tile_counts'>) {
  if (view.mode === 'parejas') {
    const mine = sideOfSeat(view.my_seat);
    return [mine, 1 - mine];
  }
  const seats = seatCount(view);
  return Array.from({ length: seats }, (_, i) => (view.my_seat + i) % seats);
}

export interface ScoreEntry {
  side: number;
  /** 'Nosotros' / 'Ellos', or the player's name ('Tú' for me). */
  label: string;
  points: number;
  mine: boolean;
  /** 'score-us' / 'score-them' in parejas; 'score-seat-N' in individual mode. */
  testId: string;
}

/**
 * The score board: my side first, then the others in order of play, with the points of `scores`
 * (the match scores by default, or a result's final scores).
 */
export function scoreEntries(
  view: Pick<GameView, 'mode' | 'my_seat' | 'seats' | 'tile_counts' | 'scores'>,
  scores: readonly number[] = view.scores,
): ScoreEntry[] {
  const mySide = sideOf(view, view.my_seat);
  return sidesInOrder(view).map((side) => ({
    side,
    label: sideName(view, side),
    points: scores[side] ?? 0,
    mine: side === mySide,
    testId:
      view.mode === 'parejas'
        ? side === mySide
          ? 'score-us'
          : 'score-them'
        : `score-seat-${side}`,
  }));
}

/** The line under 'Victoria' / 'Derrota': who reached the target first. */
export function matchOutcomeText(view: NamedView & Pick<GameView, 'result'>): string {
  const won = view.result?.won ?? false;
  // A tournament match decided by absence (docs/decisions/028-tournaments.md "No-show").
  if (view.result?.forfeit) {
    if (view.result.winner_seats.length === 0)
      return 'Ningún lado entró a tiempo: la partida se decidió por ausencia.';
    if (view.mode === 'parejas')
      return won
        ? 'La pareja rival no entró a tiempo: ganan por ausencia.'
        : 'Tu pareja no entró a tiempo: pierden por ausencia.';
    return won
      ? 'Tu rival no entró a tiempo: ganas por ausencia.'
      : 'No entraste a tiempo: pierdes por ausencia.';
  }
  if (view.mode === 'parejas') {
    return won ? '¡Tu pareja llegó primero a la meta!' : 'La pareja rival llegó primero a la meta.';
  }
  if (won) return '¡Llegaste primero a la meta!';
  const winner = view.result?.winner_seats[0];
  return winner === undefined
    ? 'Un rival llegó primero a la meta.'
    : `${seatName(view, winner)} llegó primero a la meta.`;
}

/** Who won a hand, in words ('¡Dominaste! Ganamos la mano.', 'Beto dominó y gana la mano.'). */
export function handOutcomeText(view: NamedView, s: HandSummaryJson): string {
  if (s.voided) return 'Empate en el tranque: nadie suma puntos.';
  const who = s.winner_seat === null ? null : seatName(view, s.winner_seat);
  if (view.mode === 'parejas') {
    const side = s.winner_side ?? 0;
    const pair = sideLabel(side, view.my_seat) === 'Nosotros' ? 'Ganamos' : 'Ganan ellos';
    if (s.ending === 'domino') {
      return who === 'Tú'
        ? `¡Dominaste! ${pair} la mano.`
        : `${who ?? 'Alguien'} dominó. ${pair} la mano.`;
    }
    return `Tranque: ${pair.toLowerCase()} la mano con menos puntos.`;
  }
  const mine = s.winner_seat === view.my_seat;
  if (s.ending === 'domino') {
    return mine ? '¡Dominaste! Ganas la mano.' : `${who ?? 'Alguien'} dominó y gana la mano.`;
  }
  return mine
    ? 'Tranque: ganas la mano con menos puntos.'
    : `Tranque: ${who ?? 'un rival'} gana la mano con menos puntos.`;
}

/**
 * The points a hand gave, for the summary: '+24 puntos para Nosotros' / 'para Ellos' in parejas,
 * '+24 puntos para ti' / 'para Beto' in individual mode; null when nobody scored (voided hand).
 */
export function handPointsText(
  view: NamedView,
  s: Pick<HandSummaryJson, 'winner_side' | 'points_by_side'>,
): { text: string; mine: boolean } | null {
  if (s.winner_side === null) return null;
  const points = s.points_by_side[s.winner_side] ?? 0;
  const mine = s.winner_side === sideOf(view, view.my_seat);
  const who = view.mode === 'parejas' ? sideLabel(s.winner_side, view.my_seat) : null;
  const to = who ?? (mine ? 'ti' : seatName(view, s.winner_side));
  return { text: `+${points} puntos para ${to}`, mine };
}

/**
 * The match score as one line: 'Nosotros 40 — Ellos 25' in parejas, 'Tú 40 · Beto 25 · Carla 0'
 * in individual mode (mine first, then in order of play).
 */
export function scoreLineText(
  view: Pick<GameView, 'mode' | 'my_seat' | 'seats' | 'tile_counts' | 'scores'>,
  scores: readonly number[],
): string {
  const entries = scoreEntries(view, scores);
  return entries.map((e) => `${e.label} ${e.points}`).join(view.mode === 'parejas' ? ' — ' : ' · ');
}

/** The side tag under a player's name in the hand summary: 'Nosotros'/'Ellos', none individually. */
export function seatSideTag(view: ModeView, seat: number): 'Nosotros' | 'Ellos' | null {
  if (view.mode !== 'parejas') return null;
  return sideOfSeat(seat) === sideOfSeat(view.my_seat) ? 'Nosotros' : 'Ellos';
}

/**
 * What another seat's panel says about its player's presence (decision 042): 'Desconectado —
 * juega la CPU' only while the player has no connection at all; 'Se le acabó el tiempo — jugó
 * la CPU' when their time ran out while connected (the CPU played that turn for them); null
 * otherwise, and for CPU seats.
 */
export function presenceNote(
  info: Pick<GameView['seats'][number], 'is_bot' | 'connected' | 'cpu_played'> | undefined,
): string | null {
  if (!info || info.is_bot) return null;
  if (!info.connected) return 'Desconectado — juega la CPU';
  if (info.cpu_played) return 'Se le acabó el tiempo — jugó la CPU';
  return null;
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/**
 * What a screen reader hears for another seat: name, partner or rival, tiles left, the match
 * score in individual mode (each rival is a side), whether they passed or are on turn, and their
 * presence note (`presenceNote`).
 */
export function seatPanelLabel(
  view: Pick<GameView, 'mode' | 'my_seat' | 'seats' | 'tile_counts' | 'scores'>,
  seat: number,
  state: { passed: boolean; isTurn: boolean; note: string | null },
): string {
  const name = view.seats.find((s) => s.seat === seat)?.name ?? `Jugador ${seat + 1}`;
  const role = relationOf(view, seat) === 'partner' ? ' (compañero)' : ' (rival)';
  const count = view.tile_counts[seat] ?? 0;
  const points = view.mode === 'individual' ? `, ${view.scores[seat] ?? 0} puntos` : '';
  return `${name}${role}: ${count} fichas${points}${state.passed ? ', pasó' : ''}${
    state.isTurn ? ', su turno' : ''
  }${state.note ? `, ${lowerFirst(state.note.replace(' — ', ': '))}` : ''}`;
}

/** The stock count to show ('Pozo'), or null when the table does not draw. */
export function stockShown(
  view: Pick<GameView, 'mode' | 'drawing' | 'stock_count'>,
): number | null {
  return view.mode === 'individual' && view.drawing ? view.stock_count : null;
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
