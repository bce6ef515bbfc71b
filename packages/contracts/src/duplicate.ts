/**
 * Duplicate domino (docs/decisions/062-duplicate-domino.md): a duplicate set is two parejas tables
 * dealt from the same committed seeds, `boards` hands each, with two teams of two pairs rotated by
 * one seat between the tables; the teams are compared board by board on the same cards.
 *
 * Staff open a set with the eight players by username (`POST /api/admin/duplicates`); the set's
 * players and staff read its comparison (`GET /api/duplicates/{id}`), which lists a board only
 * once BOTH tables finished it (the duplicate leak). Staff-opened sets move no money.
 *
 * Change policy: this file is built against by the web side; changes stay additive.
 */
import { z } from 'zod';
import { idParam } from './input';
import { tableRulesSchema } from './rules';

/** Boards (hands) a set plays at each table: default and bounds. */
export const DUPLICATE_DEFAULT_BOARDS = 8;
export const DUPLICATE_MAX_BOARDS = 32;

export const DUPLICATE_ROUTES = {
  /** Staff POST CreateDuplicateRequest → DuplicateDetail. */
  staffCreate: '/api/admin/duplicates',
  /** GET DuplicateDetail (the set's players and staff; anyone else 404). */
  detail: (id: number | string) => `/api/duplicates/${id}`,
} as const;

export const DUPLICATE_PAGES = {
  /** The comparison page of a set. */
  detail: (id: number | string) => `/duplicado/${id}`,
} as const;

/** Team names as players read them. */
export const DUPLICATE_TEAM_LABELS = { x: 'Equipo A', y: 'Equipo B' } as const;

export const MSG_DUPLICATE = {
  notFound: 'El duplicado no existe.',
  created: 'Abriste las dos mesas del duplicado.',
  playerNotFound: (username: string) => `No encontramos al jugador @${username}.`,
  playerRepeated: 'Cada jugador puede estar una sola vez en el duplicado.',
  playerInactive: (username: string) => `La cuenta de @${username} no está activa.`,
  playerElsewhere: (username: string) =>
    `@${username} ya está en otra mesa o torneo; debe terminar antes de jugar el duplicado.`,
  parejasOnly: 'El duplicado se juega por parejas (4 jugadores por mesa).',
  nameRequired: 'Escribe un nombre para el duplicado.',
  boardsRange: `Las manos por mesa van de 1 a ${DUPLICATE_MAX_BOARDS}.`,
  pushTitle: 'Tu mesa de duplicado está lista',
  pushBody: (name: string) => `Juega «${name}»: las mismas manos se juegan en la otra mesa.`,
} as const;

const pairSchema = z.tuple([z.string().trim().min(1).max(64), z.string().trim().min(1).max(64)]);

/**
 * Staff: open a duplicate set. `teams.x[0]` is team A's pair at table 1 (seats 0/2), `teams.x[1]`
 * its pair at table 2 (seats 1/3); `teams.y[0]` team B's pair at table 1 (seats 1/3), `teams.y[1]`
 * at table 2 (seats 0/2). Usernames, each player once. `rules`: parejas; the lead always rotates.
 */
export const createDuplicateRequestSchema = z.object({
  name: z
    .string({ error: MSG_DUPLICATE.nameRequired })
    .trim()
    .min(1, MSG_DUPLICATE.nameRequired)
    .max(60),
  boards: z
    .number()
    .int(MSG_DUPLICATE.boardsRange)
    .min(1, MSG_DUPLICATE.boardsRange)
    .max(DUPLICATE_MAX_BOARDS, MSG_DUPLICATE.boardsRange)
    .default(DUPLICATE_DEFAULT_BOARDS),
  rules: tableRulesSchema.optional(),
  teams: z.object({
    x: z.tuple([pairSchema, pairSchema]),
    y: z.tuple([pairSchema, pairSchema]),
  }),
});
export type CreateDuplicateRequest = z.input<typeof createDuplicateRequestSchema>;

export const duplicateIdParams = z.object({ id: idParam });

/** A pair of a team: the table it plays at and its players' public names. */
export const duplicatePairSchema = z.object({
  table: z.union([z.literal(1), z.literal(2)]),
  players: z.array(z.string()),
});

/** One board compared: points per side at each table, and team A's differences. */
export const duplicateBoardSchema = z.object({
  board: z.number().int(),
  /** [seats 0/2, seats 1/3] points on this board at table 1 and at table 2. */
  table1: z.tuple([z.number().int(), z.number().int()]),
  table2: z.tuple([z.number().int(), z.number().int()]),
  /** Team A minus team B on the seats-0/2 cards, on the seats-1/3 cards, and both. */
  side0_diff: z.number().int(),
  side1_diff: z.number().int(),
  team_x: z.number().int(),
});
export type DuplicateBoard = z.infer<typeof duplicateBoardSchema>;

export const duplicateDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** `playing` until both tables finished their last board. */
  status: z.enum(['playing', 'finished']),
  boards: z.number().int(),
  /** SHA-256 commitment of the server seed both tables deal from (docs/fairness.md). */
  commitment: z.string(),
  tables: z.array(
    z.object({
      table: z.union([z.literal(1), z.literal(2)]),
      /** The web path of the game, given only to its own players and staff. */
      game_path: z.string().nullable(),
      finished: z.boolean(),
    }),
  ),
  teams: z.object({ x: z.array(duplicatePairSchema), y: z.array(duplicatePairSchema) }),
  /** Boards both tables finished, in order. */
  compared: z.array(duplicateBoardSchema),
  /** Team A's total over the compared boards (team B's is its negation). */
  team_x_total: z.number().int(),
  leader: z.enum(['x', 'y', 'tie']),
  /** The caller's team, null for staff outside the set. */
  my_team: z.enum(['x', 'y']).nullable(),
});
export type DuplicateDetail = z.infer<typeof duplicateDetailSchema>;

/**
 * `duplicate:compared` (SERVER_EVENTS.duplicateCompared), to the user room of each player of the
 * set, after the commit that made a board compared: the second of the two tables finished it
 * (docs/decisions/062-duplicate-domino.md, addendum "A board compared, live"). No scores and no
 * cards: the client refetches `GET /api/duplicates/{set_id}`, which lists exactly the boards both
 * tables finished. `boards_compared`: how many boards are compared now (1..boards).
 */
export const duplicateComparedEventSchema = z.object({
  set_id: z.number().int().positive(),
  boards_compared: z.number().int().min(1).max(DUPLICATE_MAX_BOARDS),
});
export type DuplicateComparedEvent = z.infer<typeof duplicateComparedEventSchema>;
