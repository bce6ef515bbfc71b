/**
 * The match: dealing hands, applying moves, automatic passes, hand ends and the next deal
 * (docs/rules.md). Pure functions over plain data; nothing here mutates its input.
 *
 * Decisions (see also docs/fairness.md and the package README):
 * - Automatic passes: after every move the engine passes for each seat, in turn order, that has
 *   no playable tile and nothing to draw, emitting `pass` events with `auto: true`. So the turn
 *   always lands on a seat with a playable tile, or (individual with drawing) one that must draw,
 *   or the hand ends. A pass is never a move a player needs to send.
 * - Tranque is detected as soon as no seat holds a playable tile and nothing can be drawn; the
 *   hand ends at once, without passes.
 * - Pase corrido (+25 when enabled, parejas only): a seat plays a tile (not the last one) and the
 *   three other seats then pass in a row, so the turn comes back to it. It is credited to the
 *   player's side at the end of the hand. New tables set it in parejas only; a config stored
 *   before that rule at 2 or 3 players keeps it (one pass at 2 players), so its matches replay as
 *   they were played (decision 057).
 * - Pase de salida (when enabled, parejas only): the seat after the leader passes on the hand's
 *   first tile: +50 to the leader's side, +25 when that tile is a double (decision 057). When the
 *   partner and the other opponent pass too, the play also earns a pase corrido.
 * - Leads: hand 1 is led by the holder of 6-6, who must open with it (individual: the highest
 *   double dealt, or the highest tile when no double was dealt, see `leadRank`). Later hands:
 *   `rotate` = the next seat after the previous leader; `winner` = the previous hand's winning
 *   seat (after a tranque with `tranqueLead: 'blocker'`: the blocker, when its pair won), and
 *   after a voided hand the lead rotates as with `rotate` (sources of each: `nextLeader`).
 * - After a hand ends the next hand is dealt at once from the seeds and its hand number, unless
 *   the match is over; the final hand then stays in `state.hand` with `turn: null`.
 */
import {
  configProblems,
  nextSeat,
  playsPaseCorrido,
  playsPaseSalida,
  sideOf,
  usesStock,
  BONUS_POINTS,
  PASE_SALIDA_DOUBLE_POINTS,
  PASE_SALIDA_POINTS,
  type TableConfig,
} from './config';
import { commitment, dealHand, type FairnessSeeds } from './fairness';
import { hasPlayableTile, isBlocked, mustDraw, placeTile } from './rules';
import { matchResult, scoreHand } from './scoring';
import {
  ALL_TILES,
  isDouble,
  leadRank,
  matches,
  parseTile,
  sameTile,
  tileId,
  type Seat,
  type Tile,
} from './tiles';
import type {
  Bonus,
  GameEvent,
  HandState,
  HandSummary,
  MatchState,
  Move,
  MoveErrorCode,
  MoveResult,
  PassRecord,
  SeatedMove,
} from './types';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const DOUBLE_SIX = ALL_TILES[tileId([6, 6])] as Tile;

/**
 * Deals hand `handNumber` and sets its leader. Hand 1: the holder of 6-6 (individual: of the
 * strongest `leadRank` tile) leads and must open with it; later hands: `leader`.
 */
export function startHand(
  config: TableConfig,
  seeds: FairnessSeeds,
  handNumber: number,
  leader: Seat,
): HandState {
  const dealt = dealHand(seeds, handNumber, config.players);
  let lead = leader;
  let requiredLead: Tile | null = null;
  if (handNumber === 1) {
    let best = -1;
    dealt.hands.forEach((tiles, seat) => {
      for (const t of tiles) {
        // Parejas deals all 28 tiles, so 6-6 is always in some hand.
        const rank = config.mode === 'parejas' ? (sameTile(t, DOUBLE_SIX) ? 1 : -1) : leadRank(t);
        if (rank > best) {
          best = rank;
          lead = seat as Seat;
          requiredLead = t;
        }
      }
    });
  }
  return {
    number: handNumber,
    leader: lead,
    requiredLead,
    hands: dealt.hands,
    stock: dealt.stock,
    line: [],
    ends: null,
    turn: lead,
    passes: [],
    lastPlayer: null,
    passesInRow: 0,
    bonuses: [],
    dealt,
  };
}

/**
 * Starts a match and deals hand 1 (docs/fairness.md, §5). `fairness.clientSeeds` holds one seed per seat.
 * Returns the full server-side state (the server seed included: never send it to players).
 * Throws RangeError for an invalid config, a seed count different from `config.players`, or an
 * empty server seed.
 */
export function startMatch(config: TableConfig, fairness: FairnessSeeds): MatchState {
  const problems = configProblems(config);
  if (problems.length > 0) throw new RangeError(`invalid table config: ${problems.join('; ')}`);
  if (typeof fairness.serverSeed !== 'string' || fairness.serverSeed.length === 0)
    throw new RangeError('serverSeed must be a non-empty string');
  if (
    fairness.clientSeeds.length !== config.players ||
    fairness.clientSeeds.some((s) => typeof s !== 'string')
  )
    throw new RangeError(`expected ${config.players} client seeds (one per seat)`);
  const seeds = { serverSeed: fairness.serverSeed, clientSeeds: [...fairness.clientSeeds] };
  return {
    schema: 1,
    config,
    fairness: { commitment: commitment(seeds.serverSeed), ...seeds },
    status: 'playing',
    scores: new Array<number>(config.mode === 'parejas' ? 2 : config.players).fill(0),
    hand: startHand(config, seeds, 1, 0),
    history: [],
    result: null,
    seq: 0,
  };
}

function reject(code: MoveErrorCode, message: string): MoveResult {
  return { ok: false, code, message };
}

function withHand(hands: readonly (readonly Tile[])[], seat: Seat, tiles: readonly Tile[]) {
  const copy = hands.slice();
  copy[seat] = tiles;
  return copy;
}

/**
 * Passes for every seat, from `hand.turn` on, that has no playable tile and nothing to draw,
 * crediting pase corrido when all other seats passed after a play. Precondition: the hand is
 * not blocked, so some seat can play or draw and the loop stops within one round.
 */
function settleTurn(config: TableConfig, hand: Mutable<HandState>, events: GameEvent[]): void {
  for (let guard = 0; guard <= config.players; guard++) {
    const seat = hand.turn as Seat;
    const tiles = hand.hands[seat] ?? [];
    if (hasPlayableTile(tiles, hand.ends) || mustDraw(config, hand, seat)) return;
    recordPass(config, hand, seat, true, events);
  }
  throw new Error('engine invariant broken: no seat can move in a hand that is not blocked');
}

function recordPass(
  config: TableConfig,
  hand: Mutable<HandState>,
  seat: Seat,
  auto: boolean,
  events: GameEvent[],
): void {
  const ends = hand.ends ?? { left: -1, right: -1 };
  const pass: PassRecord = { seat, left: ends.left, right: ends.right };
  hand.passes = [...hand.passes, pass];
  hand.passesInRow += 1;
  events.push({ type: 'pass', seat, auto });
  const opening = hand.line[0];
  // The first pass after the hand's only tile is the seat after the leader (parejas: no drawing).
  if (
    playsPaseSalida(config) &&
    hand.lastPlayer !== null &&
    opening !== undefined &&
    hand.line.length === 1 &&
    hand.passesInRow === 1
  ) {
    const points = isDouble(opening.tile) ? PASE_SALIDA_DOUBLE_POINTS : PASE_SALIDA_POINTS;
    earnBonus(config, hand, 'pase_salida', hand.lastPlayer, points, events);
  }
  if (
    playsPaseCorrido(config) &&
    hand.lastPlayer !== null &&
    hand.passesInRow === config.players - 1
  )
    earnBonus(config, hand, 'pase_corrido', hand.lastPlayer, BONUS_POINTS, events);
  hand.turn = nextSeat(seat, config.players);
}

/** Adds a bonus earned during the hand to its list (credited at its end) and emits it. */
function earnBonus(
  config: TableConfig,
  hand: Mutable<HandState>,
  kind: Bonus['kind'],
  seat: Seat,
  points: number,
  events: GameEvent[],
): void {
  const bonus: Bonus = { kind, seat, side: sideOf(config, seat), points };
  hand.bonuses = [...hand.bonuses, bonus];
  events.push({ type: 'bonus', bonus });
}

/**
 * Who leads the hand after `summary`: `rotate` (or any voided hand) = the seat after the previous
 * leader; `winner` = the winning seat, or after a tranque with `tranqueLead: 'blocker'` the seat
 * that blocked when its side won (docs/rules.md). Sources: the winner and the blocker of a
 * winning pair lead as in abw333/dominoes `series.py`; a voided hand passes the lead to the seat
 * after the one that led it as in the international rule Spanish Wikipedia gives (reproduced at
 * tiendamab.com; abw333 would have that leader lead again); after a tranque the blocker's pair
 * lost, the winning seat leads (our reading; abw333: the seat after the blocker). Decision 057.
 */
export function nextLeader(
  config: TableConfig,
  summary: Pick<HandSummary, 'winnerSeat' | 'winnerSide' | 'ending'>,
  previousLeader: Seat,
  lastSeat: Seat,
): Seat {
  if (config.leadRule !== 'winner' || summary.winnerSeat === null)
    return nextSeat(previousLeader, config.players);
  if (
    summary.ending === 'tranque' &&
    config.tranqueLead === 'blocker' &&
    summary.winnerSide === sideOf(config, lastSeat)
  )
    return lastSeat;
  return summary.winnerSeat;
}

/** Ends the hand, scores it, and either finishes the match or deals the next hand. */
function finishHand(
  state: MatchState,
  hand: Mutable<HandState>,
  ending: 'domino' | 'tranque',
  lastSeat: Seat,
  capicua: boolean,
  events: GameEvent[],
): MatchState {
  const config = state.config;
  hand.turn = null;
  const summary = scoreHand(config, hand, ending, lastSeat, capicua, state.scores);
  events.push({ type: 'hand_end', summary });
  const history = [...state.history, summary];
  const scores = summary.scoresAfter;
  const result = matchResult(config, scores, history.length);
  const seq = state.seq + 1;
  if (result !== null) {
    events.push({ type: 'match_end', result });
    return { ...state, status: 'finished', scores, hand, history, result, seq };
  }
  const leader = nextLeader(config, summary, hand.leader, lastSeat);
  const next = startHand(config, state.fairness, hand.number + 1, leader);
  events.push({
    type: 'hand_start',
    handNumber: next.number,
    leader: next.leader,
    requiredLead: next.requiredLead,
  });
  return { ...state, scores, hand: next, history, seq };
}

function isSeat(seat: unknown, players: number): seat is Seat {
  return typeof seat === 'number' && Number.isInteger(seat) && seat >= 0 && seat < players;
}

/**
 * Applies `move` by `seat` (docs/fairness.md). Pure: returns a new state (sharing unchanged parts with
 * the input) and the events in order, or a rejection:
 * - `game/finished` the match is over; `game/invalid_seat` no such seat;
 *   `game/not_your_turn`; `game/invalid_move` malformed move;
 * - play: `game/not_in_hand` tile not held; `game/must_lead_tile` hand 1 must open with the
 *   required tile; `game/illegal_tile` the tile does not fit the chosen end;
 * - pass: `game/must_play` (holds a playable tile) or `game/must_draw`;
 * - draw: `game/must_play` (holds a playable tile) or `game/cannot_draw` (no stock in use or
 *   the stock is empty).
 * After the move, seats that cannot move pass automatically; a finished hand is scored and the
 * next one dealt (see the notes at the top of this file).
 */
export function applyMove(state: MatchState, seat: Seat, move: Move): MoveResult {
  const config = state.config;
  const current = state.hand;
  if (state.status !== 'playing') return reject('game/finished', 'the match is over');
  if (!isSeat(seat, config.players)) return reject('game/invalid_seat', `no seat ${String(seat)}`);
  if (current.turn !== seat)
    return reject('game/not_your_turn', `it is seat ${current.turn}'s turn`);
  if (typeof move !== 'object' || move === null)
    return reject('game/invalid_move', 'move must be an object');

  const tiles = current.hands[seat] ?? [];
  const events: GameEvent[] = [];
  const hand: Mutable<HandState> = { ...current };

  if (move.kind === 'play') {
    const tile = parseTile(move.tile);
    if (tile === null) return reject('game/invalid_move', 'tile must be [a, b] with pips 0..6');
    if (move.end !== 'left' && move.end !== 'right')
      return reject('game/invalid_move', "end must be 'left' or 'right'");
    const index = tiles.findIndex((t) => sameTile(t, tile));
    if (index < 0) return reject('game/not_in_hand', 'that tile is not in your hand');
    if (
      current.ends === null &&
      current.requiredLead !== null &&
      !sameTile(tile, current.requiredLead)
    )
      return reject(
        'game/must_lead_tile',
        `the hand must open with ${current.requiredLead.join('-')}`,
      );
    const placed = placeTile(current.line, current.ends, tile, move.end, seat);
    if (placed === null)
      return reject('game/illegal_tile', `that tile does not fit the ${move.end} end`);
    const capicua =
      current.ends !== null &&
      !isDouble(tile) &&
      matches(tile, current.ends.left) &&
      matches(tile, current.ends.right);
    const rest: Tile[] = [];
    for (let i = 0; i < tiles.length; i++) if (i !== index) rest.push(tiles[i] as Tile);
    hand.hands = withHand(current.hands, seat, rest);
    hand.line = placed.line;
    hand.ends = placed.ends;
    hand.requiredLead = null;
    hand.lastPlayer = seat;
    hand.passesInRow = 0;
    events.push({ type: 'play', seat, tile, end: move.end });
    if (rest.length === 0)
      return ok(finishHand(state, hand, 'domino', seat, capicua, events), events);
    if (isBlocked(config, hand))
      return ok(finishHand(state, hand, 'tranque', seat, false, events), events);
    hand.turn = nextSeat(seat, config.players);
    settleTurn(config, hand, events);
    return ok({ ...state, hand, seq: state.seq + 1 }, events);
  }

  const playable = hasPlayableTile(tiles, current.ends);
  if (move.kind === 'draw') {
    if (!usesStock(config)) return reject('game/cannot_draw', 'this table does not draw');
    if (playable) return reject('game/must_play', 'you hold a playable tile');
    const drawn = current.stock[0];
    if (drawn === undefined) return reject('game/cannot_draw', 'the stock is empty');
    hand.stock = current.stock.slice(1);
    hand.hands = withHand(current.hands, seat, [...tiles, drawn]);
    events.push({ type: 'draw', seat, tile: drawn });
    if (isBlocked(config, hand))
      return ok(finishHand(state, hand, 'tranque', seat, false, events), events);
    settleTurn(config, hand, events);
    return ok({ ...state, hand, seq: state.seq + 1 }, events);
  }

  if (move.kind === 'pass') {
    if (playable) return reject('game/must_play', 'you hold a playable tile');
    if (mustDraw(config, current, seat)) return reject('game/must_draw', 'you must draw');
    // Unreachable through applyMove (such seats pass automatically); kept for hand-built states.
    recordPass(config, hand, seat, false, events);
    settleTurn(config, hand, events);
    return ok({ ...state, hand, seq: state.seq + 1 }, events);
  }

  return reject('game/invalid_move', 'unknown move kind');
}

function ok(state: MatchState, events: GameEvent[]): MoveResult {
  return { ok: true, state, events };
}

/** Thrown by `replay` when a recorded move is rejected. */
export class ReplayError extends Error {
  constructor(
    readonly index: number,
    readonly code: MoveErrorCode,
  ) {
    super(`move ${index} rejected: ${code}`);
    this.name = 'ReplayError';
  }
}

/**
 * Rebuilds a match from its config, seeds and the accepted moves in order (automatic passes are
 * re-derived, not recorded). Returns the same state the live match reached. Throws `ReplayError`
 * at the first move the engine rejects, and RangeError like `startMatch`.
 */
export function replay(
  config: TableConfig,
  fairness: FairnessSeeds,
  moves: readonly SeatedMove[],
): MatchState {
  let state = startMatch(config, fairness);
  moves.forEach(({ seat, move }, index) => {
    const result = applyMove(state, seat, move);
    if (!result.ok) throw new ReplayError(index, result.code);
    state = result.state;
  });
  return state;
}
