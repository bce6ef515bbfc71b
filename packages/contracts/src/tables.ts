import { z } from 'zod';
import {
  DEFAULT_RULES,
  TURN_SECONDS_MAX,
  TURN_SECONDS_MIN,
  tableRulesPatchSchema,
  tableRulesSchema,
  type RuleKey,
} from './rules';
import { CLIENT_EVENTS, SERVER_EVENTS } from './events';
import { playerRatingSchema, ratingChangeSchema } from './ratings';
import { historyTournamentSchema } from './tournaments';

/** Table status values (docs/product.md §3: "open" or "activo" count as available). */
export const TABLE_STATUSES = ['open', 'activo', 'closed', 'playing'] as const;

/** A table in the catalogue (docs/product.md §3 Table/game). entry_price is a JSON number in bolívares. */
export const tableSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string().nullable(),
  status: z.enum(TABLE_STATUSES),
  current_players: z.number().int(),
  max_players: z.number().int(),
  entry_price: z.number(),
  users: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The rules the table's next match plays by (docs/rules.md). */
  rules: tableRulesSchema,
  /**
   * The running match, while status is 'playing' (null otherwise): the dashboard's "Ver" opens
   * its spectator page (docs/decisions/022-spectators.md).
   */
  game_id: z.string().nullable(),
});
export type Table = z.infer<typeof tableSchema>;
export const tableListSchema = z.array(tableSchema);

/** Table badge by players (docs/product.md §4): 0 Nuevo; fewer than max Activo; equal to max Lleno; else Jugando. */
export function tableBadge(
  table: Pick<Table, 'current_players' | 'max_players' | 'status'>,
): 'Nuevo' | 'Activo' | 'Lleno' | 'Jugando' {
  if (table.status === 'playing') return 'Jugando';
  if (table.current_players === 0) return 'Nuevo';
  if (table.current_players < table.max_players) return 'Activo';
  if (table.current_players === table.max_players) return 'Lleno';
  return 'Jugando';
}

/**
 * How long after a settled private match its players may ask for "Revancha" (milliseconds): while
 * the window is open only they may sit, each at their own seat (docs/decisions/021-private-tables.md).
 */
export const REMATCH_OFFER_MS = 120_000;
/**
 * Once the first player asked for the rematch, how long the others have to accept (milliseconds):
 * the window then ends at the earlier of this and the offer's end.
 */
export const REMATCH_WINDOW_MS = 30_000;

/** Spanish messages of the table flows (decision 010; docs/product.md §5, §8). */
export const MSG_TABLES = {
  joined: 'Te uniste a la mesa. ¡Suerte!',
  left: 'Saliste de la mesa. Te devolvimos la entrada.',
  priceChanged:
    'El precio de entrada de esta mesa cambió. Revisa el nuevo precio e intenta de nuevo.',
  full: 'La mesa ya está completa. Elige otra mesa.',
  closed: 'Esta mesa no está disponible en este momento.',
  playing: 'Esta mesa tiene una partida en curso. Espera a que termine o elige otra mesa.',
  alreadySeated: 'Ya estás sentado en una mesa. Sal de ella antes de unirte a otra.',
  /** A money table where an account linked to yours sits (docs/decisions/039). */
  linkedAccount:
    'No puedes sentarte en esta mesa: ya juega en ella una cuenta vinculada a la tuya (mismo dispositivo, cuenta de cobro o cédula).',
  notSeated: 'No estás sentado en esta mesa.',
  cannotLeave: 'La partida ya comenzó: no puedes salir ni recuperar la entrada.',
  notFound: 'La mesa no existe.',
  accountInactive: 'Tu cuenta no está activa.',
  /** Staff: price, fees or rules edited while someone waits at the table (decision 010). */
  playersWaiting:
    'Hay jugadores esperando en esta mesa: no puedes cambiar el precio, las comisiones ni las reglas hasta que la mesa esté vacía. El nombre y la imagen sí se pueden cambiar.',
  /** Staff: closing a table whose match is running. */
  closePlaying: 'No se puede cerrar una mesa con una partida en curso. Espera a que termine.',
  /** A waiting player, when staff close the table (pushed as `table:closed`). */
  closedRefunded: 'La mesa fue cerrada. Te devolvimos la entrada.',
  /** Revancha (docs/decisions/021-private-tables.md). */
  noRematch: 'No hay una revancha abierta para ti en esta mesa.',
  rematchPending:
    'Los jugadores de la partida anterior están decidiendo la revancha. Intenta en unos segundos.',
  rematchAccepted: 'Aceptaste la revancha. Empieza cuando todos acepten.',
  /** Pushed as `table:closed` to a player who accepted when the window runs out. */
  rematchLapsed: 'No todos aceptaron la revancha a tiempo. Te devolvimos la entrada.',
} as const;

export const GAME_MODES = ['parejas', 'individual'] as const;

/** POST /api/tables/{id}/join (docs/product.md §7): the entry price the player saw, in bolívares. */
export const joinTableRequestSchema = z.object({
  entry_price: z.number({ error: 'El precio de entrada es obligatorio' }),
});
export const joinTableResponseSchema = z.object({
  new_balance: z.number(),
  message: z.string(),
  seat: z.number().int(),
});
export const leaveTableResponseSchema = z.object({ new_balance: z.number(), message: z.string() });

/**
 * What only the seated players and the host see of a private table (docs/decisions/021).
 */
export const privateFactsSchema = z.object({
  invite_code: z.string(),
  /** The web path to share: /invitacion/{code}. */
  invite_path: z.string(),
  host: z.object({ id: z.number().int(), name: z.string() }),
  /** When the unfilled table expires (ISO); null once its match started. */
  expires_at: z.string().nullable(),
  allow_spectators: z.boolean(),
});
export type PrivateFacts = z.infer<typeof privateFactsSchema>;

/** GET /api/tables/{id}: the table with its seats and, once its match has started, game_id. */
export const tableDetailSchema = tableSchema.extend({
  mode: z.enum(GAME_MODES),
  target_points: z.number().int(),
  turn_seconds: z.number().int(),
  house_fee_bps: z.number().int(),
  pot_share_bps: z.number().int(),
  seats: z.array(
    z.object({
      seat: z.number().int(),
      user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
      /** The seated player's rating in the table's mode (public; null when empty; decision 026). */
      rating: playerRatingSchema.nullable().optional(),
    }),
  ),
  game_id: z.string().nullable(),
  /** When the match starts (ISO), set while the countdown after the last seat fills runs. */
  starts_at: z.string().nullable(),
  /**
   * Provably fair (decision 015): hex SHA-256 of the server seed the table's next match deals
   * with (or its running match), published from the first seat taken and fixed until that match
   * ends; null while nobody has sat down this round.
   */
  commitment: z.string().nullable(),
  /** Private tables only (null for public ones): the invitation, host and expiry. */
  private: privateFactsSchema.nullable(),
  /**
   * The rematch window after a match (null when none): until `until` (ISO) only the players of
   * the match just played may sit, each at their own seat; `accepted` says who already did.
   */
  rematch: z
    .object({
      until: z.string(),
      seats: z.array(
        z.object({ seat: z.number().int(), user_id: z.number().int(), accepted: z.boolean() }),
      ),
    })
    .nullable(),
  /**
   * A quick-play table (docs/decisions/027-quick-play.md): formed by the matcher, never listed,
   * seen by id only by its players. Absent (false) for other tables.
   */
  quick: z.boolean().optional(),
});
export type TableDetail = z.infer<typeof tableDetailSchema>;

/**
 * Socket events of the table flows, kept for existing callers: the names live in events.ts
 * (SERVER_EVENTS, CLIENT_EVENTS), which new code should import.
 */
export const TABLE_SOCKET_EVENTS = {
  userJoinedTable: SERVER_EVENTS.userJoinedTable,
  tableUpdated: SERVER_EVENTS.tableUpdated,
  watchTable: CLIENT_EVENTS.watchTable,
  tableClosed: SERVER_EVENTS.tableClosed,
} as const;

/**
 * `table:closed` (user room): staff closed the table this player waited at; the seat's entry is
 * back in the wallet (decision 010). `new_balance` is the wallet after the refund, in bolívares.
 */
export const tableClosedEventSchema = z.object({
  table_id: z.number().int().positive(),
  message: z.string().min(1),
  new_balance: z.number(),
});
export type TableClosedEvent = z.infer<typeof tableClosedEventSchema>;

/** One finished real-money match in /history (spec 'Mis Partidas'). */
export const historyItemSchema = z.object({
  game_id: z.string(),
  finished_at: z.string(),
  table: z.object({ id: z.number().int(), name: z.string() }),
  mode: z.enum(GAME_MODES),
  partners: z.array(z.string()),
  opponents: z.array(z.string()),
  scores: z.object({ mine: z.number().int(), theirs: z.number().int() }),
  result: z.enum(['victoria', 'derrota']),
  /** The rules the match was played by. */
  rules: tableRulesSchema,
  entry: z.number(),
  /** Net Bs. for the player: prize received minus entry paid (negative when lost). */
  amount: z.number(),
  /** The caller's own rating change in the match (null when unrated; decision 026). */
  rating: ratingChangeSchema.nullable().optional(),
  /** Set when the match was a tournament match (decision 028): tournament and round. */
  tournament: historyTournamentSchema.nullable().optional(),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;
export const historyResponseSchema = z.object({
  matches: z.array(historyItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});

/** GET /api/games/{id}/replay: everything needed to step through a finished match. */
export const replayResponseSchema = z.object({
  game_id: z.string(),
  config: z.record(z.string(), z.unknown()),
  /** The rules the match was played by (the same as `config`, in the rules shape). */
  rules: tableRulesSchema,
  fairness: z.object({
    commitment: z.string(),
    server_seed: z.string(),
    client_seeds: z.array(z.string()),
  }),
  seats: z.array(z.object({ seat: z.number().int(), name: z.string() })),
  /**
   * The caller's own seat (names are not unique, so the viewer is told, not guessed); null when
   * staff open a match they did not play (decision 015).
   */
  my_seat: z.number().int().nullable(),
  moves: z.array(
    z.object({
      seq: z.number().int(),
      seat: z.number().int(),
      move: z.record(z.string(), z.unknown()),
      actor: z.string(),
    }),
  ),
});

/** Older staff inputs named four rule options at the top level; they still work. */
const LEGACY_RULE_FIELDS = {
  mode: 'mode',
  max_players: 'players',
  target_points: 'target_points',
  turn_seconds: 'turn_seconds',
} as const satisfies Record<string, RuleKey>;

/**
 * Staff: create or edit a table. Money in bolívares; fees in basis points; `rules` any subset of
 * the rule options (docs/rules.md), merged over the defaults (create) or the table's current rules
 * (edit, see apps/server tables/staff-service.ts). `mode`, `max_players`, `target_points` and
 * `turn_seconds` may also be sent at the top level, as before rules were one value (they win over
 * the same option in `rules`). The output
 * carries the complete, validated `rules`; a refused option is reported on its own key (the
 * top-level name when it was sent there) with a Spanish message.
 */
export const tableInputSchema = z
  .object({
    name: z.string().trim().min(3, 'El nombre debe tener al menos 3 caracteres').max(60),
    entry_price: z.number().positive('El precio de entrada debe ser mayor que cero'),
    house_fee_bps: z.number().int().min(0).max(3000).default(800),
    pot_share_bps: z.number().int().min(0).max(3000).default(200),
    max_players: z.number().int().min(2).max(4).optional(),
    mode: z.enum(GAME_MODES).optional(),
    target_points: z.union([z.literal(100), z.literal(150), z.literal(200)]).optional(),
    turn_seconds: z.number().int().min(TURN_SECONDS_MIN).max(TURN_SECONDS_MAX).optional(),
    rules: tableRulesPatchSchema.optional(),
  })
  .transform((v, ctx) => {
    const legacy: Record<string, unknown> = {};
    const sentAs: Partial<Record<RuleKey, string>> = {};
    for (const [field, key] of Object.entries(LEGACY_RULE_FIELDS)) {
      const value = v[field as keyof typeof LEGACY_RULE_FIELDS];
      if (value !== undefined) {
        legacy[key] = value;
        sentAs[key] = field;
      }
    }
    const merged = { ...DEFAULT_RULES, ...v.rules, ...legacy };
    const rules = tableRulesSchema.safeParse(merged);
    if (!rules.success) {
      for (const issue of rules.error.issues) {
        const key = String(issue.path[0] ?? 'rules') as RuleKey;
        ctx.addIssue({ code: 'custom', path: [sentAs[key] ?? key], message: issue.message });
      }
      return z.NEVER;
    }
    return {
      name: v.name,
      entry_price: v.entry_price,
      house_fee_bps: v.house_fee_bps,
      pot_share_bps: v.pot_share_bps,
      rules: rules.data,
    };
  });
export type TableInput = z.input<typeof tableInputSchema>;
