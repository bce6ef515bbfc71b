/**
 * Helpers shared by the engine's tests (not exported from the package): a seeded PRNG, every
 * config combination, hand-built states and random play.
 */
import { BONUS_SWITCHES, DEFAULT_CONFIG, type BonusSwitches, type TableConfig } from './config';
import { dealHand } from './fairness';
import { applyMove, startMatch } from './match';
import { legalMoves } from './rules';
import { parseTile, sumPips, type Seat, type Tile } from './tiles';
import type { GameEvent, HandState, LinePiece, MatchState, OpenEnds, SeatedMove } from './types';

export { mulberry32 } from './random';

/** Every meaningful config combination (options the mode ignores are left at their default). */
export function allConfigs(): TableConfig[] {
  const out: TableConfig[] = [];
  const targets = [100, 150, 200] as const;
  const leads = ['rotate', 'winner'] as const;
  // Every on/off combination of the bonus switches (config.ts BONUS_SWITCHES).
  const switches = Object.values(BONUS_SWITCHES);
  const bonusSets = Array.from(
    { length: 2 ** switches.length },
    (_, bits) =>
      Object.fromEntries(
        switches.map((name, i) => [name, (bits & (1 << i)) !== 0]),
      ) as unknown as BonusSwitches,
  );
  for (const targetPoints of targets)
    for (const leadRule of leads)
      for (const bonuses of bonusSets) {
        for (const tranqueRule of ['pair_totals', 'lowest_hand'] as const)
          for (const countingRule of ['opponents', 'all_hands'] as const)
            out.push({
              ...DEFAULT_CONFIG,
              targetPoints,
              leadRule,
              bonuses,
              tranqueRule,
              countingRule,
            });
        for (const players of [2, 3] as const)
          for (const drawing of [true, false])
            out.push({
              ...DEFAULT_CONFIG,
              mode: 'individual',
              players,
              targetPoints,
              leadRule,
              bonuses,
              drawing,
              tranqueRule: 'lowest_hand',
            });
      }
  // The tranque variants (docs/rules.md), all non-default at once, in each mode and lead rule.
  const variants = {
    tranqueCounting: 'all_pips',
    tranqueTie: 'leader',
    tranqueLead: 'blocker',
  } as const;
  for (const leadRule of leads) {
    out.push({ ...DEFAULT_CONFIG, ...variants, leadRule });
    out.push({ ...DEFAULT_CONFIG, ...variants, leadRule, tranqueRule: 'lowest_hand' });
    out.push({ ...DEFAULT_CONFIG, ...variants, leadRule, mode: 'individual', players: 3 });
    out.push({ ...DEFAULT_CONFIG, ...variants, leadRule, mode: 'individual', players: 2 });
  }
  return out;
}

/** Seeds for `players` seats. */
export function seedsFor(players: number, serverSeed = 'server-seed') {
  return {
    serverSeed,
    clientSeeds: Array.from({ length: players }, (_, s) => `client-${s}`),
  };
}

/** Shorthand: `t('3-5')` is the tile [3,5]. */
export function t(text: string): Tile {
  const tile = parseTile(text.split('-').map(Number));
  if (tile === null) throw new Error(`bad tile ${text}`);
  return tile;
}

/** Shorthand: `tiles('6-6 3-5')`. */
export function tiles(text: string): Tile[] {
  return text.trim() === '' ? [] : text.trim().split(/\s+/).map(t);
}

/**
 * A state in the middle of hand `number` with the given hands and open ends, for scenario tests.
 * The line holds placeholder pieces: conservation does not hold for such states.
 */
export function handBuiltState(options: {
  config?: Partial<TableConfig>;
  hands: string[];
  ends: OpenEnds | null;
  turn: Seat;
  leader?: Seat;
  number?: number;
  stock?: string;
  scores?: number[];
  lastPlayer?: Seat | null;
}): MatchState {
  const config: TableConfig = { ...DEFAULT_CONFIG, ...options.config };
  const seeds = seedsFor(config.players);
  const base = startMatch(config, seeds);
  const line: LinePiece[] =
    options.ends === null
      ? []
      : [
          {
            tile: t(
              `${Math.min(options.ends.left, options.ends.right)}-${Math.max(options.ends.left, options.ends.right)}`,
            ),
            seat: 0,
            left: options.ends.left,
            right: options.ends.right,
          },
        ];
  const hand: HandState = {
    number: options.number ?? 2,
    leader: options.leader ?? 0,
    requiredLead: null,
    hands: options.hands.map(tiles),
    stock: tiles(options.stock ?? ''),
    line,
    ends: options.ends,
    turn: options.turn,
    passes: [],
    lastPlayer: options.lastPlayer ?? null,
    passesInRow: 0,
    bonuses: [],
    dealt: dealHand(seeds, options.number ?? 2, config.players),
  };
  return { ...base, hand, scores: options.scores ?? base.scores };
}

/** Tiles and pips currently in hands, stock and line. */
export function census(state: MatchState): { tiles: Tile[]; pips: number } {
  const all: Tile[] = [
    ...state.hand.hands.flat(),
    ...state.hand.stock,
    ...state.hand.line.map((p) => p.tile),
  ];
  return { tiles: all, pips: sumPips(all) };
}

/** One step of random play: the seat to move and one of its legal moves. */
export function randomStep(state: MatchState, rng: () => number): SeatedMove {
  const seat = state.hand.turn as Seat;
  const moves = legalMoves(state, seat);
  const move = moves[Math.floor(rng() * moves.length)];
  if (move === undefined) throw new Error(`seat ${seat} has no legal move`);
  return { seat, move };
}

/**
 * Plays a whole match at random, calling `onStep` after each accepted move. Throws when a
 * legal move is rejected or the match exceeds `maxMoves`.
 */
export function playRandomMatch(
  config: TableConfig,
  seeds: { serverSeed: string; clientSeeds: string[] },
  rng: () => number,
  onStep?: (before: MatchState, step: SeatedMove, after: MatchState, events: GameEvent[]) => void,
  maxMoves = 20_000,
): { state: MatchState; moves: SeatedMove[] } {
  let state = startMatch(config, seeds);
  const moves: SeatedMove[] = [];
  while (state.status === 'playing') {
    if (moves.length >= maxMoves) throw new Error('match did not terminate');
    const step = randomStep(state, rng);
    const result = applyMove(state, step.seat, step.move);
    if (!result.ok) throw new Error(`legal move rejected: ${result.code}`);
    moves.push(step);
    onStep?.(state, step, result.state, result.events);
    state = result.state;
  }
  return { state, moves };
}

function isTileLike(v: unknown): v is Tile {
  return (
    Array.isArray(v) &&
    v.length === 2 &&
    v.every((x) => Number.isInteger(x) && x >= 0 && x <= 6) &&
    (v[0] as number) <= (v[1] as number)
  );
}

/**
 * Every tile that appears anywhere in a player view, except in `lastHand` and `pastHands`
 * (finished hands, whose hands are public) and `requiredLead` (public by rule): values of `tile` keys and tiles
 * inside arrays.
 * Bare number pairs such as `scores: [0, 0]` are not mistaken for tiles.
 */
export function visibleTiles(view: unknown): Tile[] {
  const found: Tile[] = [];
  const walk = (value: unknown, key: string | null): void => {
    // lastHand and pastHands are finished hands; requiredLead is announced to all by the rules
    // (6-6 opens).
    if (key === 'lastHand' || key === 'pastHands' || key === 'requiredLead') return;
    if (key === 'tile' && isTileLike(value)) {
      found.push(value);
      return;
    }
    if (Array.isArray(value)) {
      for (const item of value) {
        if (isTileLike(item)) found.push(item);
        else walk(item, null);
      }
      return;
    }
    if (typeof value === 'object' && value !== null) {
      for (const [k, v] of Object.entries(value)) walk(v, k);
    }
  };
  walk(view, null);
  return found;
}
