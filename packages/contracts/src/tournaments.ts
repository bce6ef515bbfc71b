/**
 * Tournaments (docs/decisions/028-tournaments.md): staff schedule a tournament, players
 * register (the entry goes to the tournament's escrow) and unregister before the start (refund),
 * rounds start by themselves, and the prizes are paid in one ledger transaction at the end.
 *
 * Formats: `single_elimination` for parejas (an entrant is a pair of players; a player registers
 * with a partner's username, or alone and is paired at random at the start) and `swiss` for
 * individual play (an entrant is one player; 2-player matches; 1 point a win, a bye is 1 point),
 * `duplicate` for parejas (docs/decisions/062-duplicate-domino.md, addendum "Duplicate
 * tournaments"): the pairs are drawn into sets of four; each set plays `boards` hands at two
 * tables from the same deals, and a pair's score is its point difference with the pair that held
 * the same tiles at the other table; the ranking is by that score (ties share the place).
 *
 * Money on the wire is a JSON number in bolívares (two decimals at most), like `entry_price` at
 * tables; basis points (bps) are integers out of 10 000.
 *
 * Change policy: this file is built against by the web side; changes stay additive.
 * Changes since the first commit: `tournamentIdParams` uses the shared canonical `idParam` (a path
 * id like `01` or `1e3` is a 404, same shape); a player registered alone may POST register again
 * with `partner` to name a partner (accepting an invitation) without paying again. The format
 * `duplicate` (with `boards` on create and detail, and `duplicate_set_id` per match).
 */
import { z } from 'zod';
import { idParam } from './input';
import { tableRulesSchema } from './rules';

// ---------------------------------------------------------------------------------------------
// Enumerations
// ---------------------------------------------------------------------------------------------

export const TOURNAMENT_FORMATS = ['single_elimination', 'swiss', 'duplicate'] as const;
export type TournamentFormat = (typeof TOURNAMENT_FORMATS)[number];

/**
 * Lifecycle: `scheduled` (registration open until `starts_at`) → `running` → `finished`, or
 * `cancelled` (staff, or fewer than `min_entrants` at the start; every entry refunded).
 */
export const TOURNAMENT_STATUSES = ['scheduled', 'running', 'finished', 'cancelled'] as const;
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number];

/** Spanish labels of the statuses (badges). */
export const TOURNAMENT_STATUS_LABELS: Record<TournamentStatus, string> = {
  scheduled: 'Inscripciones abiertas',
  running: 'En juego',
  finished: 'Finalizado',
  cancelled: 'Cancelado',
};

export const TOURNAMENT_FORMAT_LABELS: Record<TournamentFormat, string> = {
  single_elimination: 'Eliminación directa',
  swiss: 'Sistema suizo',
  duplicate: 'Duplicado',
};

/** Duplicate tournaments: the fewest pairs (one set of two tables) and the hands per set. */
export const DUPLICATE_TOURNAMENT_MIN_PAIRS = 4;
export const DUPLICATE_TOURNAMENT_BOARDS = { min: 2, max: 32, default: 8 } as const;

/**
 * A match's state: `pending` (paired, game not created yet), `playing` (game created), `decided`
 * (a winner is known).
 */
export const TOURNAMENT_MATCH_STATUSES = ['pending', 'playing', 'decided'] as const;
export type TournamentMatchStatus = (typeof TOURNAMENT_MATCH_STATUSES)[number];

/**
 * How a decided match was decided: `played` (the game ended), `forfeit` (one side did not show
 * within TOURNAMENT_NO_SHOW_MS), `double_forfeit` (neither showed: in single elimination the
 * better seed advances; in Swiss nobody scores), `bye` (no opponent: the entrant advances / scores
 * 1 point).
 */
export const TOURNAMENT_MATCH_RESULTS = ['played', 'forfeit', 'double_forfeit', 'bye'] as const;
export type TournamentMatchResult = (typeof TOURNAMENT_MATCH_RESULTS)[number];

/** A player's registration state: `pending` = invited as partner, not yet confirmed (not paid). */
export const TOURNAMENT_ENTRY_STATUSES = ['pending', 'registered', 'refunded'] as const;
export type TournamentEntryStatus = (typeof TOURNAMENT_ENTRY_STATUSES)[number];

/** A player who does not show in their game within this time forfeits (milliseconds). */
export const TOURNAMENT_NO_SHOW_MS = 120_000;

/** Room name of a tournament (server side; clients join it with `tournament:watch`). */
export function tournamentRoom(id: number): string {
  return `tournament:${id}`;
}

// ---------------------------------------------------------------------------------------------
// Paths
// ---------------------------------------------------------------------------------------------

/** HTTP routes of the feature (server) and the web pages (client). */
export const TOURNAMENT_ROUTES = {
  /** GET: public list (TournamentListItem[] in `{ tournaments }`). */
  list: '/api/tournaments',
  /** GET: detail (TournamentDetail). */
  detail: (id: number | string) => `/api/tournaments/${id}`,
  /** POST RegisterTournamentRequest → RegisterTournamentResponse (auth). */
  register: (id: number | string) => `/api/tournaments/${id}/register`,
  /** POST (no body) → UnregisterTournamentResponse (auth). */
  unregister: (id: number | string) => `/api/tournaments/${id}/unregister`,
  /** Staff GET: `{ tournaments: StaffTournament[] }`; POST CreateTournamentRequest → TournamentDetail. */
  staffList: '/api/admin/tournaments',
  /** Staff POST `{ reason? }` → CancelTournamentResponse. */
  staffCancel: (id: number | string) => `/api/admin/tournaments/${id}/cancel`,
} as const;

/** Web pages (apps/web router). */
export const TOURNAMENT_PAGES = {
  list: '/torneos',
  detail: (id: number | string) => `/torneos/${id}`,
  admin: '/admin/torneos',
} as const;

/** The web path of a player's game (what `tournament:match_ready` carries). */
export function tournamentGamePath(gameId: string): string {
  return `/games/${gameId}`;
}

// ---------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------

/** Spanish messages of the tournament flows. */
export const MSG_TOURNAMENTS = {
  notFound: 'El torneo no existe.',
  registered: 'Te inscribiste en el torneo. ¡Suerte!',
  registeredFree: 'Te inscribiste en el torneo gratuito. ¡Suerte!',
  /** The first partner registered and invited the second. */
  registeredWaitingPartner: (partner: string) =>
    `Te inscribiste. Tu pareja ${partner} debe confirmar su inscripción antes del inicio; si no, te asignaremos una pareja al azar.`,
  /** The second partner confirmed. */
  partnerConfirmed: (partner: string) => `Confirmaste tu inscripción con ${partner}. ¡Suerte!`,
  alreadyRegistered: 'Ya estás inscrito en este torneo.',
  notRegistered: 'No estás inscrito en este torneo.',
  registrationClosed: 'Las inscripciones de este torneo están cerradas.',
  full: 'El torneo ya está completo.',
  /** A money tournament where an account linked to yours is registered (docs/decisions/039). */
  linkedAccount:
    'No puedes inscribirte: ya está inscrita una cuenta vinculada a la tuya (mismo dispositivo, cuenta de cobro o cédula).',
  insufficientFunds:
    'Saldo insuficiente para la inscripción. Recarga tu billetera e intenta de nuevo.',
  accountInactive: 'Tu cuenta no está activa.',
  partnerNotFound: 'No encontramos a ese jugador. Revisa el nombre de usuario de tu pareja.',
  partnerSelf: 'No puedes ser tu propia pareja.',
  partnerTaken: 'Ese jugador ya está inscrito con otra pareja.',
  partnerNotForMode: 'Este torneo es individual: no se inscribe con pareja.',
  unregistered: 'Cancelaste tu inscripción. Te devolvimos la entrada.',
  unregisteredFree: 'Cancelaste tu inscripción.',
  cannotUnregister: 'El torneo ya comenzó: no puedes cancelar la inscripción.',
  /** Pushed (tournament:updated message / notification) when the minimum was not reached. */
  cancelledMinimum:
    'El torneo se canceló por no alcanzar el mínimo de inscritos. Te devolvimos la entrada.',
  cancelledByStaff: 'El torneo fue cancelado. Te devolvimos la entrada.',
  /** A player left without a pair at the start (odd number of solo players). */
  noPartnerRefunded:
    'No hubo una pareja disponible para ti al inicio del torneo. Te devolvimos la entrada.',
  matchReady: (name: string, round: number) =>
    `${name}: tu partida de la ronda ${round} está lista. Tienes 2 minutos para entrar.`,
  /**
   * The call of a duplicate tournament's table: it is never forfeited, the CPU plays an absent
   * seat's turns when their time runs out (docs/decisions/062-duplicate-domino.md, "No forfeits").
   */
  duplicateReady: (name: string) =>
    `${name}: tu mesa del duplicado está lista. Entra ya: si no estás, la CPU juega por ti cuando se acaba tu tiempo.`,
  forfeitLost: 'Perdiste la partida por no presentarte a tiempo.',
  forfeitWon: 'Tu rival no se presentó: ganas la partida.',
  finished: (name: string) => `${name} terminó. Revisa la clasificación final.`,
  prizeWon: (name: string, place: number) =>
    `¡Ganaste el puesto ${place} en ${name}! El premio está en tu billetera.`,
  /** Staff. */
  created: 'Torneo programado.',
  cancelled: 'Torneo cancelado. Devolvimos la entrada a cada inscrito.',
  cannotCancel: 'Solo se puede cancelar un torneo antes de que comience.',
  startInPast: 'La hora de inicio debe ser en el futuro.',
  prizeSplitSum: 'El reparto de premios debe sumar 100 %.',
  prizePlacesTooMany: 'Hay más puestos con premio que el mínimo de inscritos.',
  capacityBelowMinimum: 'El cupo no puede ser menor que el mínimo de inscritos.',
  formatMode:
    'La eliminación directa y el duplicado son para parejas y el sistema suizo para partidas individuales de 2 jugadores.',
  duplicateMinimum: 'Un duplicado necesita al menos 4 parejas inscritas (dos mesas).',
  duplicateBoards: 'Indica entre 2 y 32 manos por duplicado.',
  duplicateLeftOver: (name: string) =>
    `Tu pareja quedó fuera del duplicado ${name}: las parejas juegan de cuatro en cuatro y fuiste de las últimas en completarse. Te devolvimos la entrada.`,
  capacityEven: 'En parejas la capacidad se cuenta en jugadores y debe ser par.',
  invalidInput: 'Revisa los datos del torneo.',
} as const;

// ---------------------------------------------------------------------------------------------
// Shapes
// ---------------------------------------------------------------------------------------------

const userRef = z.object({ id: z.number().int(), name: z.string() });
export type TournamentUserRef = z.infer<typeof userRef>;

/** A prize place: `place` 1-based, its share of the pool after the house fee, its amount (Bs.). */
export const tournamentPrizeSchema = z.object({
  place: z.number().int().min(1),
  bps: z.number().int(),
  /**
   * The amount in bolívares: computed from the current pool while registration is open
   * (estimate), the amount paid once finished (includes the undivided céntimos for place 1).
   */
  amount: z.number(),
});
export type TournamentPrize = z.infer<typeof tournamentPrizeSchema>;

/** One row of the public list. */
export const tournamentListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(TOURNAMENT_STATUSES),
  format: z.enum(TOURNAMENT_FORMATS),
  mode: z.enum(['parejas', 'individual']),
  /** ISO date-time. */
  starts_at: z.string(),
  /** Bs. per player (0 = free). */
  entry_fee: z.number(),
  /** In players (parejas: two per pair). */
  capacity: z.number().int(),
  min_entrants: z.number().int(),
  /** Players registered and paid. */
  registered_players: z.number().int(),
  /** Total of the paid entries (Bs.). */
  pool: z.number(),
  current_round: z.number().int(),
  total_rounds: z.number().int().nullable(),
  /** Whether the caller is registered (false when anonymous). */
  registered: z.boolean(),
});
export type TournamentListItem = z.infer<typeof tournamentListItemSchema>;
export const tournamentListResponseSchema = z.object({
  tournaments: z.array(tournamentListItemSchema),
});
export type TournamentListResponse = z.infer<typeof tournamentListResponseSchema>;

/** An entrant: a pair (parejas) or a player (individual). */
export const tournamentEntrantSchema = z.object({
  id: z.number().int(),
  /** Display name: "Ana y Luis" for a pair, the username otherwise. */
  name: z.string(),
  players: z.array(userRef),
  /** Seed position (1 = top), set at the start; null before. */
  seed: z.number().int().nullable(),
  /** `true` once eliminated (single elimination). */
  eliminated: z.boolean(),
});
export type TournamentEntrant = z.infer<typeof tournamentEntrantSchema>;

/** A match of a round. `entrant_b` null = bye. */
export const tournamentMatchSchema = z.object({
  id: z.number().int(),
  round: z.number().int(),
  /** Position in the round (single elimination: bracket slot; the winner goes to slot/2). */
  slot: z.number().int(),
  entrant_a: z.number().int().nullable(),
  entrant_b: z.number().int().nullable(),
  status: z.enum(TOURNAMENT_MATCH_STATUSES),
  result: z.enum(TOURNAMENT_MATCH_RESULTS).nullable(),
  winner: z.number().int().nullable(),
  /** The game (for spectating at /partida/{id}/ver, or playing for its players). */
  game_id: z.string().nullable(),
  /**
   * Final scores of the game (a side, b side) when played. Duplicate: null until both tables of
   * the set finished (a table's totals would tell the other table its last boards).
   */
  score_a: z.number().int().nullable(),
  score_b: z.number().int().nullable(),
  /**
   * Duplicate: the set this table belongs to (its comparison at /duplicado/{id}, for the set's
   * players); null in the other formats.
   */
  duplicate_set_id: z.number().int().nullable(),
  /**
   * While the match is playing: when a side that has not opened its game forfeits (ISO time,
   * ready + TOURNAMENT_NO_SHOW_MS); null otherwise. Lets a page opened later show the countdown.
   */
  show_by: z.string().nullable(),
});
export type TournamentMatch = z.infer<typeof tournamentMatchSchema>;

export const tournamentRoundSchema = z.object({
  number: z.number().int(),
  status: z.enum(['playing', 'done']),
  matches: z.array(tournamentMatchSchema),
});
export type TournamentRound = z.infer<typeof tournamentRoundSchema>;

/**
 * Standings (Swiss: live; single elimination: final places; duplicate: live, by the comparison
 * of the boards both tables of a set finished — `points` the pair's point difference with the
 * pair that held its tiles, `wins`/`losses` the boards it gained or lost).
 */
export const tournamentStandingSchema = z.object({
  /** Place (ties in single elimination share the best place of their range). */
  place: z.number().int(),
  entrant: z.number().int(),
  /** Swiss points (a win or bye = 1). Single elimination: matches won. */
  points: z.number(),
  /** Swiss tie-break: Buchholz (sum of the opponents' points); null in single elimination. */
  buchholz: z.number().nullable(),
  wins: z.number().int(),
  losses: z.number().int(),
  /** Bs. paid to the entrant (both partners together) once finished; 0 otherwise. */
  prize: z.number(),
});
export type TournamentStanding = z.infer<typeof tournamentStandingSchema>;

/** The caller's own registration. */
export const tournamentMyEntrySchema = z.object({
  status: z.enum(TOURNAMENT_ENTRY_STATUSES),
  /** Bs. paid (refunded when status is refunded). */
  paid: z.number(),
  entrant_id: z.number().int().nullable(),
  /** Parejas: the partner (named or assigned), with whether they confirmed. */
  partner: z.object({ id: z.number().int(), name: z.string(), confirmed: z.boolean() }).nullable(),
  /** The caller's match to play now (game to open), if any. */
  current_game_id: z.string().nullable(),
  /** Bs. won (finished tournaments). */
  prize: z.number(),
  /** Whether the caller may unregister now. */
  can_unregister: z.boolean(),
});
export type TournamentMyEntry = z.infer<typeof tournamentMyEntrySchema>;

/** GET /api/tournaments/{id}. */
export const tournamentDetailSchema = tournamentListItemSchema.extend({
  rules: tableRulesSchema,
  house_fee_bps: z.number().int(),
  /** The prize places (amounts estimated from the current pool until finished). */
  prizes: z.array(tournamentPrizeSchema),
  /** House fee in Bs. (of the current pool). */
  house_fee: z.number(),
  entrants: z.array(tournamentEntrantSchema),
  rounds: z.array(tournamentRoundSchema),
  standings: z.array(tournamentStandingSchema),
  /** The caller's registration, null when not registered or anonymous. */
  my_entry: tournamentMyEntrySchema.nullable(),
  /** Pending partner invitations addressed to the caller (parejas): who invited them. */
  invitations: z.array(userRef),
  /** Set when cancelled: the Spanish reason. */
  cancelled_reason: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** The recorded seed of the random draw (pairs, bracket, Swiss tie order); null before start. */
  draw_seed: z.string().nullable(),
  /** Duplicate: hands per set (both tables); null in the other formats. */
  boards: z.number().int().nullable(),
});
export type TournamentDetail = z.infer<typeof tournamentDetailSchema>;

/**
 * POST /api/tournaments/{id}/register. Parejas: `partner` = the partner's username (first
 * partner: registers and invites; the invited partner registers with the inviter's username to
 * confirm; each pays their own entry). Absent = alone (paired at random at the start).
 */
export const registerTournamentRequestSchema = z.object({
  partner: z
    .string({ error: MSG_TOURNAMENTS.partnerNotFound })
    .trim()
    .min(1, MSG_TOURNAMENTS.partnerNotFound)
    .max(64, MSG_TOURNAMENTS.partnerNotFound)
    .optional(),
});
export type RegisterTournamentRequest = z.infer<typeof registerTournamentRequestSchema>;
export const registerTournamentResponseSchema = z.object({
  message: z.string(),
  /** Wallet after the entry (Bs.). */
  new_balance: z.number(),
  my_entry: tournamentMyEntrySchema,
});
export type RegisterTournamentResponse = z.infer<typeof registerTournamentResponseSchema>;

export const unregisterTournamentResponseSchema = z.object({
  message: z.string(),
  new_balance: z.number(),
});
export type UnregisterTournamentResponse = z.infer<typeof unregisterTournamentResponseSchema>;

/** Staff: POST /api/admin/tournaments. */
export const createTournamentRequestSchema = z
  .object({
    name: z
      .string({ error: 'El nombre es obligatorio' })
      .trim()
      .min(3, 'El nombre debe tener al menos 3 caracteres')
      .max(80, 'El nombre puede tener como máximo 80 caracteres'),
    /** ISO date-time in the future. */
    starts_at: z.iso.datetime({ offset: true, error: 'Indica una fecha y hora válidas' }),
    /** Bs. per player; 0 = free. */
    entry_fee: z
      .number({ error: 'Indica el precio de inscripción' })
      .min(0, 'El precio no puede ser negativo')
      .max(1_000_000, 'Precio demasiado alto')
      .refine((v) => Math.round(v * 100) === v * 100, 'Como máximo dos decimales'),
    house_fee_bps: z.number().int().min(0).max(5000, 'La comisión no puede pasar del 50 %'),
    format: z.enum(TOURNAMENT_FORMATS, {
      error: 'Elige eliminación directa, sistema suizo o duplicado',
    }),
    /** The table rules of every match (mode must fit the format). */
    rules: tableRulesSchema,
    /** In players (parejas: even). */
    capacity: z.number().int().min(2, 'Capacidad mínima: 2').max(512, 'Capacidad máxima: 512'),
    /** In entrants (pairs or players): fewer at the start cancels and refunds. */
    min_entrants: z.number().int().min(2, 'Mínimo de inscritos: 2'),
    /** Shares of the pool after the house fee, place 1 first; sum 10 000. */
    prize_split_bps: z
      .array(z.number().int().min(0).max(10_000))
      .min(1, 'Indica al menos un premio')
      .max(16, 'Como máximo 16 puestos con premio'),
    /** Swiss only: number of rounds (default ceil(log2(entrants))). */
    swiss_rounds: z.number().int().min(1).max(15).nullable().optional(),
    /** Duplicate only: hands per set (default DUPLICATE_TOURNAMENT_BOARDS.default). */
    boards: z
      .number({ error: MSG_TOURNAMENTS.duplicateBoards })
      .int(MSG_TOURNAMENTS.duplicateBoards)
      .min(DUPLICATE_TOURNAMENT_BOARDS.min, MSG_TOURNAMENTS.duplicateBoards)
      .max(DUPLICATE_TOURNAMENT_BOARDS.max, MSG_TOURNAMENTS.duplicateBoards)
      .nullable()
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.prize_split_bps.reduce((a, b) => a + b, 0) !== 10_000)
      ctx.addIssue({
        code: 'custom',
        path: ['prize_split_bps'],
        message: MSG_TOURNAMENTS.prizeSplitSum,
      });
    const fits =
      ((v.format === 'single_elimination' || v.format === 'duplicate') &&
        v.rules.mode === 'parejas') ||
      (v.format === 'swiss' && v.rules.mode === 'individual' && v.rules.players === 2);
    if (!fits)
      ctx.addIssue({ code: 'custom', path: ['format'], message: MSG_TOURNAMENTS.formatMode });
    if (v.format === 'duplicate' && v.min_entrants < DUPLICATE_TOURNAMENT_MIN_PAIRS)
      ctx.addIssue({
        code: 'custom',
        path: ['min_entrants'],
        message: MSG_TOURNAMENTS.duplicateMinimum,
      });
    const perEntrant = v.rules.mode === 'parejas' ? 2 : 1;
    if (v.rules.mode === 'parejas' && v.capacity % 2 !== 0)
      ctx.addIssue({ code: 'custom', path: ['capacity'], message: MSG_TOURNAMENTS.capacityEven });
    if (v.capacity / perEntrant < v.min_entrants)
      ctx.addIssue({
        code: 'custom',
        path: ['capacity'],
        message: MSG_TOURNAMENTS.capacityBelowMinimum,
      });
    if (v.prize_split_bps.length > v.min_entrants)
      ctx.addIssue({
        code: 'custom',
        path: ['prize_split_bps'],
        message: MSG_TOURNAMENTS.prizePlacesTooMany,
      });
  });
export type CreateTournamentRequest = z.infer<typeof createTournamentRequestSchema>;
export type CreateTournamentInput = z.input<typeof createTournamentRequestSchema>;

/** Staff: POST /api/admin/tournaments/{id}/cancel. */
export const cancelTournamentRequestSchema = z.object({
  reason: z.string().trim().max(200).optional(),
});
export const cancelTournamentResponseSchema = z.object({
  message: z.string(),
  refunded_players: z.number().int(),
});
export type CancelTournamentResponse = z.infer<typeof cancelTournamentResponseSchema>;

/** Staff list row: the list item plus the entrants' players and who created it. */
export const staffTournamentSchema = tournamentListItemSchema.extend({
  house_fee_bps: z.number().int(),
  prize_split_bps: z.array(z.number().int()),
  rules: tableRulesSchema,
  entrants: z.array(
    z.object({
      user: userRef,
      status: z.enum(TOURNAMENT_ENTRY_STATUSES),
      partner: userRef.nullable(),
      paid: z.number(),
    }),
  ),
  created_at: z.string(),
  cancelled_reason: z.string().nullable(),
});
export type StaffTournament = z.infer<typeof staffTournamentSchema>;
export const staffTournamentListResponseSchema = z.object({
  tournaments: z.array(staffTournamentSchema),
});

/** Path params `{id}`: a canonical decimal id (as every other path id, decision 014). */
export const tournamentIdParams = z.object({ id: idParam });

// ---------------------------------------------------------------------------------------------
// Socket events
// ---------------------------------------------------------------------------------------------

export const TOURNAMENT_EVENTS = {
  /**
   * Client → server: join the tournament's room. Payload TournamentWatchRequest; ack
   * TournamentWatchAck (`{ok: true, tournament}` or a refusal). Anonymous sockets may watch.
   */
  watch: 'tournament:watch',
  /** Client → server: leave the room. Payload TournamentWatchRequest; ack `{ok: true}`. */
  unwatch: 'tournament:unwatch',
  /**
   * Server → tournament room: something changed (registration, a round, a result); the client
   * refetches GET /api/tournaments/{id} (which carries the caller's own entry). Payload
   * TournamentUpdatedEvent.
   */
  updated: 'tournament:updated',
  /**
   * Server → user room of each player of a new match: open `game_path` within
   * TOURNAMENT_NO_SHOW_MS. Payload TournamentMatchReadyEvent. A web push is sent too.
   */
  matchReady: 'tournament:match_ready',
  /**
   * Client → server: the caller's calls still open (no payload). Ack TournamentCallsAck: the same
   * payloads as `matchReady`, none for an anonymous socket.
   */
  calls: 'tournament:calls',
} as const;

export const tournamentWatchRequestSchema = z.object({
  tournament_id: z.number().int().positive(),
});
export type TournamentWatchRequest = z.infer<typeof tournamentWatchRequestSchema>;

export type TournamentWatchAck =
  { ok: true; tournament: TournamentDetail } | { ok: false; code: string; message: string };

export const tournamentUpdatedEventSchema = z.object({
  tournament_id: z.number().int(),
  status: z.enum(TOURNAMENT_STATUSES),
  current_round: z.number().int(),
  /** Optional Spanish note for the room (e.g. cancellation reason). */
  message: z.string().nullable(),
});
export type TournamentUpdatedEvent = z.infer<typeof tournamentUpdatedEventSchema>;

export const tournamentMatchReadyEventSchema = z.object({
  tournament_id: z.number().int(),
  tournament_name: z.string(),
  round: z.number().int(),
  match_id: z.number().int(),
  game_id: z.string(),
  /** Web path of the game (`/games/{id}`). */
  game_path: z.string(),
  /** ISO: the player forfeits if not in the game by then. */
  show_by: z.string(),
  message: z.string(),
});
export type TournamentMatchReadyEvent = z.infer<typeof tournamentMatchReadyEventSchema>;

/**
 * The answer to `tournament:calls` (docs/decisions/079-tournament-calls-asked-for.md): every call
 * of the caller still open (not in the game yet, inside its no-show window), or a refusal with
 * the Spanish message when the read failed.
 */
export const tournamentCallsAckSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), calls: z.array(tournamentMatchReadyEventSchema) }),
  z.object({ ok: z.literal(false), code: z.string(), message: z.string() }),
]);
export type TournamentCallsAck = z.infer<typeof tournamentCallsAckSchema>;

/** History (Mis Partidas) marks a tournament match with this (added to HistoryItem as optional). */
export const historyTournamentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  round: z.number().int(),
});
export type HistoryTournament = z.infer<typeof historyTournamentSchema>;
