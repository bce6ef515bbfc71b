import type { GameView, HandSummaryJson, LegalMoveJson, TileJson } from '@domino/contracts';
import { centsToBolivares, configToRules } from '@domino/contracts';
import type { HandSummary, MatchState, Move, Seat, Tile } from '@domino/domino';
import { playerView, usesStock } from '@domino/domino';
import type { GameRow, PlayerRow } from './repo';

const tile = (t: Tile): TileJson => [t[0], t[1]];

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

function legalMove(m: Move): LegalMoveJson {
  if (m.kind === 'play') return { tile: tile(m.tile), end: m.end };
  if (m.kind === 'draw') return { draw: true };
  return { pass: true };
}

/** A hand summary in the API's snake_case JSON. */
export function handSummaryJson(h: HandSummary): HandSummaryJson {
  return {
    hand_number: h.handNumber,
    ending: h.ending,
    winner_seat: h.winnerSeat,
    winner_side: h.winnerSide,
    voided: h.voided,
    pips_by_seat: [...h.pipsBySeat],
    pips_by_side: [...h.pipsBySide],
    base_points: h.basePoints,
    bonuses: h.bonuses.map((b) => ({ ...b })),
    points_by_side: [...h.pointsBySide],
    scores_after: [...h.scoresAfter],
    remaining: h.remaining.map((ts) => ts.map(tile)),
  };
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
  const winnerSeats = v.result ? [...v.result.winnerSeats] : [];
  return {
    game_id: game.id,
    kind: game.kind as GameView['kind'],
    version: game.version,
    status: v.status,
    my_seat: seat,
    mode: v.config.mode,
    target_points: v.config.targetPoints,
    turn_seconds: v.config.turnSeconds,
    rules: rulesOf(state.config),
    hand: v.hand.map(tile),
    line: v.line.map((p) => ({ tile: tile(p.tile), seat: p.seat, left: p.left, right: p.right })),
    ends: v.ends ? { left: v.ends.left, right: v.ends.right } : null,
    turn_seat: v.turn,
    turn_deadline: v.turn !== null && game.turnDeadline ? game.turnDeadline.toISOString() : null,
    legal_moves: v.legalMoves.map(legalMove),
    required_lead: v.requiredLead ? tile(v.requiredLead) : null,
    leader: v.leader,
    tile_counts: [...v.tileCounts],
    stock_count: v.stockCount,
    drawing: usesStock(v.config),
    passes: v.passes.map((p) => ({ seat: p.seat, left: p.left, right: p.right })),
    scores: [...v.scores],
    pending_bonuses: v.pendingBonuses.map((b) => ({ ...b })),
    hand_number: v.handNumber,
    hands_played: v.handsPlayed,
    last_hand: v.lastHand ? handSummaryJson(v.lastHand) : null,
    seats: players
      .slice()
      .sort((a, b) => a.seat - b.seat)
      .map((p) => ({
        seat: p.seat,
        name: seatName(p, seat),
        is_bot: p.userId === null,
        bot_level:
          p.userId === null ? (p.botLevel as GameView['seats'][number]['bot_level']) : null,
        connected: p.userId === null || (p.autoplayedTurns === 0 && p.disconnectedAt === null),
        rating: p.userId === null ? null : (p.rating ?? null),
      })),
    result: v.result
      ? {
          winner_side: v.result.winnerSide,
          winner_seats: winnerSeats,
          scores: [...v.result.scores],
          hands: v.result.hands,
          won: winnerSeats.includes(seat),
          ...(v.result.forfeit ? { forfeit: true } : {}),
        }
      : null,
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
