import { z } from 'zod';
import { handSummarySchema, tileJsonSchema } from './games';
import { tableRulesSchema } from './rules';

/**
 * Spectators (docs/decisions/022-spectators.md): what a logged-in player who does not
 * sit at a table's match may see of it. The spectator view is built field by field on the
 * server from the engine state and carries NO hand: only the line, each seat's name and tile
 * COUNT, scores, whose turn, the hand number and the stock COUNT. The only tiles of a hand it
 * ever shows are those the end-of-hand summary shows every player (`last_hand.remaining`).
 * At a paid table (entry > 0) it is two moves behind the match (`delayed_moves` 2); at a free
 * one it is live; once the match is finished it shows the final state.
 */

/** Spanish messages of watching a match. */
export const MSG_SPECTATE = {
  /**
   * Every refusal to watch says the same, whatever the cause (no such match, a practice match, a
   * private table without spectators, a missing or wrong invitation code), so a refusal never
   * tells a stranger that a private match exists.
   */
  notFound: 'No encontramos esa partida o no está abierta a espectadores.',
  /**
   * Too many wrong invitation codes to watch (per account, and per match and browser; decision
   * 048): the codes cannot be found by trying.
   */
  tooManyCodes:
    'Probaste demasiados códigos de invitación. Espera unos minutos y vuelve a intentarlo.',
  /** A seated player of the match opens the spectator view: they play it from their own screen. */
  isPlayer: 'Juegas en esta partida: ábrela desde tu mesa.',
} as const;

/** Moves a spectator of a paid match is behind the match (docs/decisions/022-spectators.md). */
export const SPECTATOR_DELAY_MOVES = 2;

/**
 * An invitation code as a watcher types it: trimmed, upper-cased, letters and digits. A code of
 * another shape is simply not the table's code (the same refusal as a wrong one).
 */
export const inviteCodeInputSchema = z
  .string({ error: 'El código de invitación debe ser texto' })
  .trim()
  .max(32, 'El código de invitación es demasiado largo')
  .transform((s) => s.toUpperCase());

/** GET /api/games/{id}/spectate?code=: the invitation code of a private table, when watching one. */
export const spectateQuerySchema = z.object({ code: inviteCodeInputSchema.optional() });

/** A seat as spectators see it: the player's public name (e.g. "María G."), never more. */
export const spectatorSeatSchema = z.object({
  seat: z.number().int(),
  name: z.string(),
  /** Tiles in the seat's hand: the count only. */
  tile_count: z.number().int(),
  connected: z.boolean(),
});

/** GET /api/games/{id}/spectate, the `game:watch` ack and `game:spectate` push. */
export const spectatorViewSchema = z.object({
  game_id: z.string(),
  /** The version of the state shown (the match's version minus `delayed_moves` while it runs). */
  version: z.number().int(),
  /** How many moves behind the match this view is: 2 at a paid table while it runs, else 0. */
  delayed_moves: z.number().int().min(0),
  status: z.enum(['playing', 'finished']),
  mode: z.enum(['parejas', 'individual']),
  target_points: z.number().int(),
  turn_seconds: z.number().int(),
  rules: tableRulesSchema,
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
  /** The running turn's deadline (ISO); null when delayed (that turn is over) or finished. */
  turn_deadline: z.string().nullable(),
  leader: z.number().int(),
  stock_count: z.number().int(),
  drawing: z.boolean(),
  passes: z.array(
    z.object({ seat: z.number().int(), left: z.number().int(), right: z.number().int() }),
  ),
  scores: z.array(z.number().int()),
  hand_number: z.number().int(),
  hands_played: z.number().int(),
  /** The previous hand's summary: the same reveal every player gets when a hand ends. */
  last_hand: handSummarySchema.nullable(),
  seats: z.array(spectatorSeatSchema),
  result: z
    .object({
      winner_side: z.number().int(),
      winner_seats: z.array(z.number().int()),
      scores: z.array(z.number().int()),
      hands: z.number().int(),
    })
    .nullable(),
  table: z.object({ id: z.number().int(), name: z.string(), entry_price: z.number() }),
  /** Players watching now (distinct users, across every server node). */
  spectators: z.number().int().min(0),
  /** Whether the replay (GET /api/games/{id}/replay) is open to the viewer: a finished public match. */
  replay_available: z.boolean(),
});
export type SpectatorView = z.infer<typeof spectatorViewSchema>;

/** `game:watch` payload: the match, and the invitation code of a private table. */
export const watchGameRequestSchema = z.object({
  game_id: z.string(),
  code: inviteCodeInputSchema.optional(),
});
export type WatchGameRequest = z.infer<typeof watchGameRequestSchema>;

/** `game:spectators` push (players' and spectators' rooms): how many watch the match now. */
export const spectatorCountEventSchema = z.object({
  game_id: z.string(),
  count: z.number().int().min(0),
});
export type SpectatorCountEvent = z.infer<typeof spectatorCountEventSchema>;
