import type { GameView } from '@domino/contracts';
import {
  boardJson,
  centsToBolivares,
  configToRules,
  legalMoveJson,
  tileJson,
} from '@domino/contracts';

import type { MatchState, Seat } from '@domino/domino';
import { legalMoves, playerView } from '@domino/domino';
import { attachJson } from '../realtime/preserialised';
import type { GameRow, PlayerRow } from './repo';

const tile = tileJson;
const legalMove = legalMoveJson;

/**
 * The table rules of a match's engine config, computed once per config object (decision 035):
 * the engine keeps the same `config` object from move to move, and every player view carries
 * the rules, so this saves converting them four times per move. Returns a fresh shallow copy.
 */
const rulesByConfig = new WeakMap<object, ReturnType<typeof configToRules>>();
function rulesOf(config: MatchState['config']): ReturnType<typeof configToRules> {
  let rules = rulesByConfig.get(config);
  if (!rules) {
    rules = configToRules(config);
    rulesByConfig.set(config, rules);
  }
  return { ...rules };
}

const BOT_NAMES = ['', 'Rival CPU 1', 'Compañero CPU', 'Rival CPU 2'];

/** The display name of a seat: the user's name, or the CPU's name by position. */
export function seatName(p: PlayerRow, mySeat: number): string {
  if (p.userId !== null && p.name) return p.name;
  if (p.seat === (mySeat + 2) % 4) return 'Compañero CPU';
  return BOT_NAMES[p.seat] ?? `CPU ${p.seat + 1}`;
}

/**
 * The JSON player view of `seat` (docs/product.md §7: version, status, my_seat, hand, line, ends,
 * turn_seat, turn_deadline, legal_moves, scores, hand_number, result...). Built from the engine's
 * playerView, so it never holds another seat's tiles; the server seed appears only when finished.
 * `spectators` is how many watch the match (spectators.ts; 0 when unknown or practice).
 */
export function gameViewJson(
  game: GameRow,
  players: PlayerRow[],
  seat: Seat,
  spectators = 0,
): GameView {
  const state = game.state as MatchState;
  const v = playerView(state, seat);
  return {
    game_id: game.id,
    kind: game.kind as GameView['kind'],
    version: game.version,
    ...boardJson(v),
    rules: rulesOf(state.config),
    turn_deadline: v.turn !== null && game.turnDeadline ? game.turnDeadline.toISOString() : null,
    seats: seatsJson(players, seat),
    result: resultJson(v.result, seat),
    fairness: {
      commitment: v.fairness.commitment,
      client_seeds: [...v.fairness.clientSeeds],
      server_seed: v.fairness.serverSeed,
    },
    table:
      game.kind === 'table' && game.tableId !== null
        ? {
            id: game.tableId,
            name: (game.meta as { tableName?: string } | null)?.tableName ?? `Mesa ${game.tableId}`,
            entry_price: centsToBolivares(game.entryCents ?? 0),
          }
        : null,
    settlement: settlementJson(game, players, seat),
    spectators,
  };
}

/** The fields of a view that depend on the seat it is for; everything else is the same for all. */
const SEAT_FIELDS = ['my_seat', 'hand', 'legal_moves', 'seats', 'result', 'settlement'] as const;
type SeatPart = Pick<GameView, (typeof SEAT_FIELDS)[number]>;

/**
 * The views of several seats of one game state, for the broadcast after a move (decision 035):
 * the part every seat shares (line, scores, rules, counts, fairness...) is built and serialised
 * once, and each seat adds only its own fields (its hand, its legal moves, the seat names as it
 * sees them, whether it won, its settlement). Each view equals `gameViewJson(game, players,
 * seat, spectators)` field for field, and its attached JSON text (realtime/preserialised.ts) is
 * exactly what JSON.stringify gives for the object, so no seat can receive more than its own
 * view.
 */
export function seatViewsJson(
  game: GameRow,
  players: PlayerRow[],
  seats: readonly Seat[],
  spectators = 0,
): Map<Seat, GameView> {
  const out = new Map<Seat, GameView>();
  const first = seats[0];
  if (first === undefined) return out;
  const whole = gameViewJson(game, players, first, spectators) as unknown as Record<
    string,
    unknown
  >;
  const shared: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(whole)) {
    if (!(SEAT_FIELDS as readonly string[]).includes(k)) shared[k] = v;
  }
  const sharedJson = JSON.stringify(shared);
  const state = game.state as MatchState;
  for (const seat of seats) {
    const part: SeatPart =
      seat === first
        ? (Object.fromEntries(SEAT_FIELDS.map((k) => [k, whole[k]])) as SeatPart)
        : seatPart(game, players, state, seat);
    const partJson = JSON.stringify(part);
    const view = { ...shared, ...part } as GameView;
    out.set(seat, attachJson(view, `${sharedJson.slice(0, -1)},${partJson.slice(1)}`));
  }
  return out;
}

/** The seat-dependent fields of `seat`'s view, as gameViewJson computes them. */
function seatPart(game: GameRow, players: PlayerRow[], state: MatchState, seat: Seat): SeatPart {
  return {
    my_seat: seat,
    hand: (state.hand.hands[seat] ?? []).map(tile),
    legal_moves: legalMoves(state, seat).map(legalMove),
    seats: seatsJson(players, seat),
    result: resultJson(state.result, seat),
    settlement: settlementJson(game, players, seat),
  };
}

/** A finished match's result as `seat` sees it (whether it won), or null while playing. */
function resultJson(result: MatchState['result'], seat: Seat): GameView['result'] {
  if (!result) return null;
  const winnerSeats = [...result.winnerSeats];
  return {
    winner_side: result.winnerSide,
    winner_seats: winnerSeats,
    scores: [...result.scores],
    hands: result.hands,
    won: winnerSeats.includes(seat),
    ...(result.forfeit ? { forfeit: true } : {}),
  };
}

/** The seats as `mySeat` sees them (names of CPU seats depend on where one sits). */
function seatsJson(players: PlayerRow[], mySeat: number): GameView['seats'] {
  return players
    .slice()
    .sort((a, b) => a.seat - b.seat)
    .map((p) => ({
      seat: p.seat,
      name: seatName(p, mySeat),
      is_bot: p.userId === null,
      bot_level: p.userId === null ? (p.botLevel as GameView['seats'][number]['bot_level']) : null,
      connected: p.userId === null || p.disconnectedAt === null,
      cpu_played: p.userId !== null && p.autoplayedTurns > 0,
      rating: p.userId === null ? null : (p.rating ?? null),
    }));
}

/**
 * The caller's money result of a settled real-money match, in bolívares. `house_fee` is what the
 * house received: the fee plus the céntimo that could not be split between the winners (decision
 * 005), so pot = house_fee + pot_share + prize × winners, as the overlay shows it.
 */
function settlementJson(game: GameRow, players: PlayerRow[], seat: Seat): GameView['settlement'] {
  const facts = game.settlement as {
    potCents: number;
    houseFeeCents: number;
    potShareCents: number;
    remainderCents?: number;
  } | null;
  if (game.kind !== 'table' || !facts) return null;
  const entry = game.entryCents ?? 0;
  const prize = players.find((p) => p.seat === seat)?.payoutCents ?? 0;
  return {
    pot: centsToBolivares(facts.potCents),
    house_fee: centsToBolivares(facts.houseFeeCents + (facts.remainderCents ?? 0)),
    pot_share: centsToBolivares(facts.potShareCents),
    prize: centsToBolivares(prize),
    entry: centsToBolivares(entry),
    net: centsToBolivares(prize - entry),
  };
}
