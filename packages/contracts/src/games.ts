import { z } from 'zod';
import { clientSeedSchema } from './fairness';
import { tableRulesSchema } from './rules';
import { scoringEventKindSchema } from './scoring-events';
import { playerRatingSchema } from './ratings';

/**
 * Game API shapes (decision 004; docs/architecture.md#how-a-move-flows): the JSON player view, move requests, and the Spanish
 * message of every move rejection code. Tiles are `[a, b]` with a <= b; ends are 'left'/'right'.
 */

export const DIFFICULTIES = ['facil', 'medio', 'dificil', 'experto'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/**
 * The levels the practice pickers offer players (web and offline). Experto is offered since it
 * met the margins docs/decisions/058-experto.md sets over Difícil and the greedy pair (addendum
 * 15) and the server chooses its moves off the event loop (docs/decisions/082).
 */
export const OFFERED_DIFFICULTIES = [
  'facil',
  'medio',
  'dificil',
  'experto',
] as const satisfies readonly Difficulty[];

/** Labels shown to players (docs/product.md §2 game integration: mode picker). */
export const DIFFICULTY_LABELS: Record<Difficulty, string> = {
  facil: 'Fácil',
  medio: 'Medio',
  dificil: 'Difícil',
  experto: 'Experto',
};

export const tileJsonSchema = z.tuple([
  z.number().int().min(0).max(6),
  z.number().int().min(0).max(6),
]);
export type TileJson = z.infer<typeof tileJsonSchema>;
export const endSchema = z.enum(['left', 'right']);

export const practiceGameRequestSchema = z.object({
  difficulty: z.enum(DIFFICULTIES, {
    error: 'Selecciona una dificultad: facil, medio, dificil o experto',
  }),
  /** Optional client seed for the provably fair deal (docs/fairness.md); generated when absent. */
  client_seed: clientSeedSchema.optional(),
});
export const practiceGameResponseSchema = z.object({ game_id: z.string() });

/** POST /api/games/{id}/moves: play `{version, tile, end}`, or `{version, pass: true}`, or draw. */
export const moveRequestSchema = z.union([
  z.object({ version: z.number().int().min(0), tile: tileJsonSchema, end: endSchema }),
  z.object({ version: z.number().int().min(0), pass: z.literal(true) }),
  z.object({ version: z.number().int().min(0), draw: z.literal(true) }),
]);
export type MoveRequest = z.infer<typeof moveRequestSchema>;

export const legalMoveSchema = z.union([
  z.object({ tile: tileJsonSchema, end: endSchema }),
  z.object({ pass: z.literal(true) }),
  z.object({ draw: z.literal(true) }),
]);
export type LegalMoveJson = z.infer<typeof legalMoveSchema>;

const bonusSchema = z.object({
  kind: scoringEventKindSchema,
  seat: z.number().int(),
  side: z.number().int(),
  points: z.number().int(),
});

export const handSummarySchema = z.object({
  hand_number: z.number().int(),
  ending: z.enum(['domino', 'tranque']),
  winner_seat: z.number().int().nullable(),
  winner_side: z.number().int().nullable(),
  voided: z.boolean(),
  pips_by_seat: z.array(z.number().int()),
  pips_by_side: z.array(z.number().int()),
  base_points: z.number().int(),
  bonuses: z.array(bonusSchema),
  points_by_side: z.array(z.number().int()),
  scores_after: z.array(z.number().int()),
  remaining: z.array(z.array(tileJsonSchema)),
});
export type HandSummaryJson = z.infer<typeof handSummarySchema>;

export const seatInfoSchema = z.object({
  seat: z.number().int(),
  name: z.string(),
  is_bot: z.boolean(),
  bot_level: z.enum(DIFFICULTIES).nullable(),
  /**
   * False only while the seated player has no socket on any server node (decision 042: a slow
   * player, or one whose time ran out, stays connected). Always true for a CPU seat.
   */
  connected: z.boolean(),
  /**
   * The CPU played at least one turn for this player since their own last move (their turn time
   * ran out, or they are disconnected). False for a CPU seat (decision 042).
   */
  cpu_played: z.boolean(),
  /** The seated player's rating in the match's mode (public; null for a CPU seat; decision 026). */
  rating: playerRatingSchema.nullable().optional(),
});

export const gameViewSchema = z.object({
  game_id: z.string(),
  kind: z.enum(['practice', 'table']),
  version: z.number().int(),
  status: z.enum(['playing', 'finished']),
  my_seat: z.number().int(),
  mode: z.enum(['parejas', 'individual']),
  target_points: z.number().int(),
  turn_seconds: z.number().int(),
  /** The rules the match plays by (docs/rules.md), for the "Reglas de la mesa" sheet. */
  rules: tableRulesSchema,
  hand: z.array(tileJsonSchema),
  line: z.array(
    z.object({
      tile: tileJsonSchema,
      seat: z.number().int(),
      left: z.number().int(),
      right: z.number().int(),
    }),
  ),
  ends: z.object({ left: z.number().int(), right: z.number().int() }).nullable(),
  turn_seat: z.number().int().nullable(),
  turn_deadline: z.string().nullable(),
  legal_moves: z.array(legalMoveSchema),
  required_lead: tileJsonSchema.nullable(),
  leader: z.number().int(),
  tile_counts: z.array(z.number().int()),
  stock_count: z.number().int(),
  /** Individual mode with drawing: a seat without a playable tile draws from the stock. */
  drawing: z.boolean(),
  passes: z.array(
    z.object({ seat: z.number().int(), left: z.number().int(), right: z.number().int() }),
  ),
  scores: z.array(z.number().int()),
  pending_bonuses: z.array(bonusSchema),
  hand_number: z.number().int(),
  hands_played: z.number().int(),
  last_hand: handSummarySchema.nullable(),
  seats: z.array(seatInfoSchema),
  result: z
    .object({
      winner_side: z.number().int(),
      winner_seats: z.array(z.number().int()),
      scores: z.array(z.number().int()),
      hands: z.number().int(),
      won: z.boolean(),
      /** The match was decided by absence (a tournament no-show), not played out (decision 028). */
      forfeit: z.boolean().optional(),
    })
    .nullable(),
  fairness: z.object({
    commitment: z.string(),
    client_seeds: z.array(z.string()),
    server_seed: z.string().nullable(),
  }),
  /** Real-money matches: the table and its entry price (Bs.); null for practice. */
  table: z.object({ id: z.number().int(), name: z.string(), entry_price: z.number() }).nullable(),
  /** Real-money matches once settled: what the caller received and paid (Bs.). */
  settlement: z
    .object({
      pot: z.number(),
      /** What the house received: its fee plus the céntimo the winners could not split. */
      house_fee: z.number(),
      pot_share: z.number(),
      prize: z.number(),
      entry: z.number(),
      /** prize - entry: positive when won, negative when lost. */
      net: z.number(),
    })
    .nullable(),
  /**
   * Players watching the match as spectators now (distinct users, every node; 0 for practice).
   * Updated live by `game:spectators` (docs/decisions/022-spectators.md).
   */
  spectators: z.number().int().min(0),
});
export type GameView = z.infer<typeof gameViewSchema>;

/** GET /api/games/{id}/fairness: what /verificar needs to re-derive every deal (docs/fairness.md). */
export const fairnessRecordSchema = z.object({
  game_id: z.string(),
  mode: z.enum(['parejas', 'individual']),
  players: z.number().int(),
  commitment: z.string(),
  server_seed: z.string(),
  client_seeds: z.array(z.string()),
  deals: z.array(
    z.object({
      hand_number: z.number().int(),
      hands: z.array(z.array(tileJsonSchema)),
      stock: z.array(tileJsonSchema),
    }),
  ),
});
export type FairnessRecordJson = z.infer<typeof fairnessRecordSchema>;

/** Spanish message of each game rejection code (engine codes plus the server's own). */
export const GAME_MESSAGES: Record<string, string> = {
  'game/finished': 'La partida ya terminó.',
  'game/invalid_seat': 'Asiento no válido.',
  'game/not_your_turn': 'No es tu turno.',
  'game/invalid_move': 'Jugada no válida.',
  'game/not_in_hand': 'Esa ficha no está en tu mano.',
  'game/must_lead_tile':
    'La primera mano se abre con su ficha de salida: el doble seis en parejas; en individual, el doble más alto repartido (o la ficha más alta, si no salió ningún doble).',
  'game/illegal_tile': 'Esa ficha no se puede jugar en ese extremo.',
  'game/must_play': 'Tienes una ficha que puedes jugar: no puedes pasar.',
  'game/must_draw': 'Debes robar del pozo antes de pasar.',
  'game/cannot_draw': 'No puedes robar ahora.',
  'game/stale_version':
    'La partida cambió mientras jugabas. Se actualizó el tablero; intenta de nuevo.',
  'game/not_a_player': 'No participas en esta partida.',
  'game/not_found': 'La partida no existe.',
  'game/too_many_practice':
    'Empezaste muchas partidas de práctica en poco tiempo. Espera unos minutos y vuelve a intentarlo.',
};

/**
 * Practice matches a player may start (POST /api/practice-games): `points` per `windowSeconds`.
 * Each one has three CPU seats the server plays, Experto's in its worker threads
 * (docs/decisions/082-bot-moves-off-the-event-loop.md); a player needs a few, a script starting
 * hundreds would fill every node's bot threads.
 */
export const PRACTICE_GAME_RATE_LIMIT = { points: 20, windowSeconds: 10 * 60 } as const;

/** The Spanish message of a game code, with a generic fallback. */
export function gameMessage(code: string): string {
  return GAME_MESSAGES[code] ?? 'Jugada no válida.';
}
