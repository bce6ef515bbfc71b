/**
 * Per-table rule options (every rule and option with its source: docs/rules.md). Defaults are the
 * classic Venezuelan parejas game; each option is a per-table setting.
 */
import type { Seat } from './tiles';

/**
 * Every bonus (a scoring event with its own line in a hand's points, docs/rules.md "bonuses") and
 * the name of its switch in `TableConfig.bonuses`. `BonusKind` and the switches derive from it,
 * and the contracts' scoring-event registry (packages/contracts/src/scoring-events.ts) must have
 * an entry per kind, which the compiler checks. A new bonus: one entry here, its rule in
 * scoring.ts (at the hand's end) or match.ts (during the hand), and its registry entry.
 */
export const BONUS_SWITCHES = {
  capicua: 'capicua',
  pase_corrido: 'paseCorrido',
  pase_salida: 'paseSalida',
} as const;

/** The kind of a bonus (its engine name, snake_case). */
export type BonusKind = keyof typeof BONUS_SWITCHES;

/**
 * The on/off switches of a table's bonuses, one per kind (camelCase names). A config stored before
 * a switch existed lacks it: the engine reads a missing switch as off.
 */
export type BonusSwitches = {
  readonly [K in BonusKind as (typeof BONUS_SWITCHES)[K]]: boolean;
};

const SWITCH_NAMES = Object.values(BONUS_SWITCHES);

/** Partnership play (4 seats, pairs 0+2 and 1+3) or every player for themself (2-3 seats). */
export type GameMode = 'parejas' | 'individual';

/** Rule options of one table. Plain data; stored with the match state. */
export interface TableConfig {
  readonly mode: GameMode;
  /** Seats at the table: 4 for parejas, 2 or 3 for individual. */
  readonly players: 2 | 3 | 4;
  /** Match target in points (first side to reach it wins). */
  readonly targetPoints: 100 | 150 | 200;
  /**
   * Parejas tranque: `pair_totals` = the pair with fewer pips wins; `lowest_hand` = the pair of
   * the seat with the lowest individual hand wins. Individual mode always uses the lowest hand.
   */
  readonly tranqueRule: 'pair_totals' | 'lowest_hand';
  /** Hands after the first: the lead rotates one seat, or the previous winner leads. */
  readonly leadRule: 'rotate' | 'winner';
  /**
   * Parejas: the winning pair scores the opponents' pips (`opponents`) or the pips of all three
   * other hands (`all_hands`). Individual mode always scores all opponents' pips.
   */
  readonly countingRule: 'opponents' | 'all_hands';
  /**
   * Bonuses, off by default: capicúa (+25, any mode); pase corrido (+25) and pase de salida (+50,
   * +25 after a double lead), set in parejas only (docs/decisions/057-rules-against-their-
   * sources.md; an older stored config at 2 or 3 players keeps its pase corrido, see
   * `playsPaseCorrido`).
   */
  readonly bonuses: BonusSwitches;
  /** Individual mode: draw from the stock until able to play (false: pass). Ignored in parejas. */
  readonly drawing: boolean;
  /** Turn time in seconds; carried for the server, the engine has no clock. */
  readonly turnSeconds: number;
  /**
   * Points of a tranque: `as_domino` = the winners score as in a dominó (see `countingRule`);
   * `all_pips` = the winners score the pips of every hand, their own included. Any mode.
   * Stored configs from before this option lack it; the engine reads a missing value as the default.
   */
  readonly tranqueCounting: 'as_domino' | 'all_pips';
  /**
   * A tranque whose lowest count is shared across sides (equal pair totals, or the lowest hand
   * held by seats of different sides): `void` = the hand scores 0 base points; `leader` = the
   * side that led the hand wins, or, when it is not among the tied sides (individual play), the
   * tied seat nearest after the leader in turn order. Any mode; missing = `void`.
   */
  readonly tranqueTie: 'void' | 'leader';
  /**
   * With `leadRule: 'winner'`, who of the winning pair leads after a tranque: `lowest_hand` = the
   * winning seat (the pair's lowest hand); `blocker` = the seat that blocked the game (made the
   * last play), when its pair won (abw333/dominoes `series.py`, whose stuck game names the last
   * player to move); when the blocker's pair lost, the winning seat leads as under `lowest_hand`
   * (our reading: abw333 would give the lead to the seat after the blocker). Parejas only (in
   * individual play the blocker either is the winner or lost); missing = `lowest_hand`.
   */
  readonly tranqueLead: 'lowest_hand' | 'blocker';
  /**
   * Duplicate play (docs/decisions/062-duplicate-domino.md): the match is exactly this many hands
   * ("boards", 1..`MAX_BOARDS`) whatever the score, led in rotation (`leadRule: 'rotate'`, so the
   * leader of hand k is fixed by deal 1 and k, the same at both tables of a duplicate set);
   * `targetPoints` is then unused. Missing = an ordinary match to `targetPoints`.
   */
  readonly boards?: number;
}

/** The most boards (hands) a duplicate match may have. */
export const MAX_BOARDS = 32;

/** The engine defaults of docs/rules.md: parejas to 100, tranque by pair totals, no bonuses. */
export const DEFAULT_CONFIG: TableConfig = Object.freeze({
  mode: 'parejas',
  players: 4,
  targetPoints: 100,
  tranqueRule: 'pair_totals',
  leadRule: 'rotate',
  countingRule: 'opponents',
  bonuses: Object.freeze(
    Object.fromEntries(SWITCH_NAMES.map((name) => [name, false])) as unknown as BonusSwitches,
  ),
  drawing: true,
  turnSeconds: 20,
  tranqueCounting: 'as_domino',
  tranqueTie: 'void',
  tranqueLead: 'lowest_hand',
});

/** Points of a capicúa and of a pase corrido (docs/rules.md). */
export const BONUS_POINTS = 25;

/**
 * Points of a pase de salida: the seat after the leader passes on the hand's first tile. 50 when
 * that tile is not a double, 25 when it is (the Dominican rule as dominoesonline.com lists it:
 * docs/decisions/057-rules-against-their-sources.md).
 */
export const PASE_SALIDA_POINTS = 50;
export const PASE_SALIDA_DOUBLE_POINTS = 25;

/** Tiles dealt to each seat (docs/fairness.md). */
export const HAND_SIZE = 7;

/**
 * Lists what is wrong with a config (empty when valid). Rules: parejas needs exactly 4 players,
 * individual 2 or 3; enums must hold one of their values; turnSeconds a positive finite number.
 */
export function configProblems(config: TableConfig): string[] {
  const problems: string[] = [];
  if (config.mode === 'parejas') {
    if (config.players !== 4) problems.push('parejas is played by exactly 4 players');
  } else if (config.mode === 'individual') {
    if (config.players !== 2 && config.players !== 3)
      problems.push('individual mode is played by 2 or 3 players');
  } else {
    problems.push('mode must be parejas or individual');
  }
  if (![100, 150, 200].includes(config.targetPoints))
    problems.push('targetPoints must be 100, 150 or 200');
  if (config.tranqueRule !== 'pair_totals' && config.tranqueRule !== 'lowest_hand')
    problems.push('tranqueRule must be pair_totals or lowest_hand');
  if (config.leadRule !== 'rotate' && config.leadRule !== 'winner')
    problems.push('leadRule must be rotate or winner');
  if (config.countingRule !== 'opponents' && config.countingRule !== 'all_hands')
    problems.push('countingRule must be opponents or all_hands');
  if (
    typeof config.bonuses !== 'object' ||
    config.bonuses === null ||
    SWITCH_NAMES.some((name) => !booleanOrMissing(config.bonuses[name]))
  )
    problems.push(`bonuses must be {${SWITCH_NAMES.map((n) => `${n}?: boolean`).join(', ')}}`);
  if (typeof config.drawing !== 'boolean') problems.push('drawing must be a boolean');
  if (
    typeof config.turnSeconds !== 'number' ||
    !Number.isFinite(config.turnSeconds) ||
    config.turnSeconds <= 0
  )
    problems.push('turnSeconds must be a positive number');
  // The three tranque options may be missing in configs stored before they existed.
  if (!oneOfOrMissing(config.tranqueCounting, ['as_domino', 'all_pips']))
    problems.push('tranqueCounting must be as_domino or all_pips');
  if (!oneOfOrMissing(config.tranqueTie, ['void', 'leader']))
    problems.push('tranqueTie must be void or leader');
  if (!oneOfOrMissing(config.tranqueLead, ['lowest_hand', 'blocker']))
    problems.push('tranqueLead must be lowest_hand or blocker');
  if (config.boards !== undefined) {
    if (!Number.isInteger(config.boards) || config.boards < 1 || config.boards > MAX_BOARDS)
      problems.push(`boards must be an integer from 1 to ${MAX_BOARDS}`);
    if (config.leadRule !== 'rotate') problems.push('boards needs leadRule rotate');
  }
  return problems;
}

/** A bonus switch may be missing in a config stored before it existed (read as off). */
function booleanOrMissing(value: unknown): boolean {
  return value === undefined || typeof value === 'boolean';
}

function oneOfOrMissing(value: unknown, allowed: readonly string[]): boolean {
  return value === undefined || (typeof value === 'string' && allowed.includes(value));
}

/**
 * Number of scoring sides: 2 pairs in parejas, one per seat in individual mode. Scores, pips by
 * side and points by side are arrays of this length.
 */
export function sideCount(config: TableConfig): number {
  return config.mode === 'parejas' ? 2 : config.players;
}

/** Scoring side of a seat: parejas pair 0 = seats 0+2, pair 1 = seats 1+3; individual = seat. */
export function sideOf(config: TableConfig, seat: Seat): number {
  return config.mode === 'parejas' ? seat % 2 : seat;
}

/** Seats of a scoring side. */
export function seatsOfSide(config: TableConfig, side: number): Seat[] {
  return config.mode === 'parejas' ? [side as Seat, (side + 2) as Seat] : [side as Seat];
}

/** Next seat in turn order (0 -> 1 -> ... -> players-1 -> 0). */
export function nextSeat(seat: Seat, players: number): Seat {
  return ((seat + 1) % players) as Seat;
}

/**
 * True when the table plays the pase corrido (+25: every other seat passes in a row after a play).
 * Its source is the Dominican partnership game, where that is three players, so a new table may set
 * it in parejas only (the contracts refuse it at 2 or 3 players). A config stored before that rule
 * with the switch on at 2 or 3 players keeps the rule it was played with, so those matches replay
 * to the scores they were settled on (docs/decisions/057-rules-against-their-sources.md).
 */
export function playsPaseCorrido(config: TableConfig): boolean {
  return config.bonuses.paseCorrido === true;
}

/** True when the table plays the pase de salida (parejas only, like the pase corrido). */
export function playsPaseSalida(config: TableConfig): boolean {
  return config.mode === 'parejas' && config.bonuses.paseSalida === true;
}

/** True when the table draws from a stock (individual mode with drawing on). */
export function usesStock(config: TableConfig): boolean {
  return config.mode === 'individual' && config.drawing;
}
