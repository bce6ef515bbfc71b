/**
 * Positions for the bots' tests (not exported from the package): random mid-hand states reached
 * through the real engine, and hand-built endgames.
 */
import { DEFAULT_CONFIG, type TableConfig } from '../config';
import { applyMove, startMatch } from '../match';
import { legalMoves } from '../rules';
import { mulberry32, seedsFor, tiles } from '../test-support';
import { ALL_TILES, sameTile, type Seat, type Tile } from '../tiles';
import type { LinePiece, MatchState, OpenEnds, PassRecord } from '../types';
import { playerView } from '../view';
import { constraintsFromView } from './knowledge';
import { createRng } from './rng';
import { dealSampler } from './sampler';
import { idsOf } from './tileset';

/** Table configs the bot tests cover: parejas variants and individual mode. */
export const BOT_TEST_CONFIGS: readonly TableConfig[] = [
  DEFAULT_CONFIG,
  {
    ...DEFAULT_CONFIG,
    countingRule: 'all_hands',
    tranqueRule: 'lowest_hand',
    bonuses: { ...DEFAULT_CONFIG.bonuses, capicua: true, paseCorrido: true },
  },
  {
    ...DEFAULT_CONFIG,
    leadRule: 'winner',
    bonuses: { ...DEFAULT_CONFIG.bonuses, capicua: true, paseCorrido: false },
  },
  { ...DEFAULT_CONFIG, mode: 'individual', players: 2, tranqueRule: 'lowest_hand' },
  { ...DEFAULT_CONFIG, mode: 'individual', players: 3, tranqueRule: 'lowest_hand' },
  {
    ...DEFAULT_CONFIG,
    mode: 'individual',
    players: 3,
    drawing: false,
    tranqueRule: 'lowest_hand',
    bonuses: { ...DEFAULT_CONFIG.bonuses, capicua: true, paseCorrido: true },
  },
];

/**
 * Plays `steps` random legal moves from the start of a match (fewer if it ends first) and returns
 * the state: a position somewhere in some hand, reached only through `applyMove`.
 */
export function randomPosition(config: TableConfig, seed: number, steps: number): MatchState {
  const rng = mulberry32(seed);
  let state = startMatch(config, seedsFor(config.players, `bots-${seed}`));
  for (let i = 0; i < steps && state.status === 'playing'; i++) {
    const seat = state.hand.turn as Seat;
    const moves = legalMoves(state, seat);
    const move = moves[Math.floor(rng() * moves.length)];
    if (move === undefined) throw new Error('no legal move');
    const result = applyMove(state, seat, move);
    if (!result.ok) throw new Error(result.code);
    state = result.state;
  }
  return state;
}

/**
 * A parejas hand in progress with exactly the given hands: every other tile of the set lies on
 * the line (so the view accounts for all 28 tiles), `ends` are the open ends and `passes` the
 * passes so far. The line's inner order is not a real chain; only its tiles and ends matter.
 */
export function endgameState(options: {
  hands: string[];
  ends: OpenEnds;
  turn: Seat;
  passes?: PassRecord[];
  config?: Partial<TableConfig>;
}): MatchState {
  const config: TableConfig = { ...DEFAULT_CONFIG, ...options.config };
  const base = startMatch(config, seedsFor(config.players));
  const hands = options.hands.map(tiles);
  const held = hands.flat();
  const rest: Tile[] = ALL_TILES.filter((t) => !held.some((h) => sameTile(h, t)));
  const line: LinePiece[] = rest.map((tile, i) => ({
    tile,
    seat: (i % config.players) as Seat,
    left: i === 0 ? options.ends.left : tile[0],
    right: i === rest.length - 1 ? options.ends.right : tile[1],
  }));
  return {
    ...base,
    hand: {
      ...base.hand,
      number: 2,
      leader: 0,
      requiredLead: null,
      hands,
      stock: [],
      line,
      ends: options.ends,
      turn: options.turn,
      passes: options.passes ?? [],
      lastPlayer: null,
      passesInRow: 0,
      bonuses: [],
    },
  };
}

/**
 * The same match with the hidden tiles dealt differently: other seats' hands and the stock are
 * replaced by another deal consistent with what `seat` sees, and the recorded deal is scrambled.
 * Returns null when no different deal exists.
 */
export function rehide(state: MatchState, seat: Seat, seed: number): MatchState | null {
  const sampler = dealSampler(constraintsFromView(playerView(state, seat)));
  const rng = createRng(seed);
  const toTiles = (mask: number): Tile[] => idsOf(mask).map((id) => ALL_TILES[id] as Tile);
  for (let attempt = 0; attempt < 20; attempt++) {
    const deal = sampler.sample(rng);
    const hands = state.hand.hands.map((own, s) =>
      s === seat ? own : toTiles(deal.hands[s] ?? 0),
    );
    const stock = deal.stock.map((id) => ALL_TILES[id] as Tile);
    const same =
      JSON.stringify(hands.map((h) => [...h].sort())) ===
        JSON.stringify(state.hand.hands.map((h) => [...h].sort())) &&
      JSON.stringify(stock) === JSON.stringify(state.hand.stock);
    if (same) continue;
    return {
      ...state,
      fairness: { ...state.fairness, serverSeed: 'another-secret' },
      hand: {
        ...state.hand,
        hands,
        stock,
        dealt: { hands: [...hands].reverse(), stock: [...stock].reverse() },
      },
    };
  }
  return null;
}
