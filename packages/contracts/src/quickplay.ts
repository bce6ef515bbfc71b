/**
 * Quick play, "Jugar ahora" (docs/decisions/027-quick-play.md): a player picks a mode and an
 * entry price and waits in the queue; the server forms a table when enough players of similar
 * rating wait (the rating window widens with the waiting time) and seats them with the entry
 * taken into the round's escrow, as joining a table does. Linked accounts never share a table.
 */
import { z } from 'zod';
import { DEFAULT_RULES, normalizeRules, type TableRules } from './rules';
import { plural } from './plural';

/** The modes quick play offers (players per table: {@link QUICK_SEATS}). */
export const QUICK_MODES = ['parejas', 'individual'] as const;
export type QuickMode = (typeof QUICK_MODES)[number];

/** Seats of a quick-play table: parejas 4 (two pairs), individual 2 (head to head). */
export const QUICK_SEATS: Readonly<Record<QuickMode, 2 | 4>> = { parejas: 4, individual: 2 };

/**
 * The rating window (decision 027): a waiting player accepts opponents within ±`startPoints`
 * rating points, widened by `stepPoints` every `stepMs` milliseconds of waiting, and anyone once
 * they waited `unlimitedAfterMs`. Two players may share a table only when each is inside the
 * other's window.
 */
export const QUICK_WINDOW = {
  startPoints: 100,
  stepPoints: 50,
  stepMs: 10_000,
  unlimitedAfterMs: 60_000,
} as const;

/** The half-width in rating points of a player's window after `waitedMs` ms; null = any rating. */
export function ratingWindow(waitedMs: number): number | null {
  if (waitedMs >= QUICK_WINDOW.unlimitedAfterMs) return null;
  const steps = Math.max(0, Math.floor(waitedMs / QUICK_WINDOW.stepMs));
  return QUICK_WINDOW.startPoints + QUICK_WINDOW.stepPoints * steps;
}

/**
 * How long a search lasts: after 3 minutes without a table the entry leaves the queue with
 * {@link MSG_QUICK.gaveUp} (nothing charged), so nobody waits on a screen that never changes
 * (docs/decisions/039-an-address-is-not-a-person.md).
 */
export const QUICK_GIVE_UP_MS = 180_000;

/** The rules a quick-play table of `mode` plays by: the mode's default rules (rules.ts). */
export function quickRules(mode: QuickMode): TableRules {
  return normalizeRules({ ...DEFAULT_RULES, mode, players: QUICK_SEATS[mode] });
}

/** Spanish messages of quick play. */
export const MSG_QUICK = {
  queued: 'Estás en la cola. Te avisaremos en cuanto se forme tu mesa.',
  alreadyQueued: 'Ya estás buscando mesa. Cancela la búsqueda para elegir otra.',
  badMode: 'Elige un modo de juego: parejas o individual.',
  badPrice: 'Ese precio de entrada no está disponible para jugar ahora.',
  priceRequired: 'Elige un precio de entrada.',
  insufficientBalance:
    'Tu saldo no alcanza para esa entrada. Recarga tu billetera o elige un precio menor.',
  /** The formation found the balance short: the entry leaves the queue, nothing charged. */
  droppedBalance:
    'Se formó tu mesa, pero tu saldo ya no cubría la entrada: saliste de la cola sin cargo.',
  droppedSeated: 'Ya estabas sentado en otra mesa: saliste de la cola sin cargo.',
  droppedInactive: 'Tu cuenta no está activa: saliste de la cola sin cargo.',
  accountInactive: 'Tu cuenta no está activa.',
  left: 'Saliste de la cola. No se te cobró nada.',
  notQueued: 'No estás en la cola.',
  /** DELETE after the matcher seated the player. */
  alreadyMatched: 'Tu mesa ya se formó: no puedes salir de la cola.',
  matched: '¡Mesa encontrada! La partida empieza en unos segundos.',
  tableName: (mode: QuickMode) =>
    mode === 'parejas' ? 'Partida rápida · Parejas' : 'Partida rápida · Individual',
  /**
   * The waiting screen (decision 039): who else searches at this price and mode. `searching`
   * counts the caller; `needed` is the table's seats.
   */
  searching: (searching: number, needed: number) =>
    searching <= 1
      ? `Por ahora eres el único jugador buscando esta mesa. Hacen falta ${needed}.`
      : `${searching} jugadores buscan esta mesa, tú incluido. Hacen falta ${needed}.`,
  /** The rating range now (null: any) and that it widens. */
  range: (window: number | null) =>
    window === null
      ? 'Ya aceptamos rivales de cualquier nivel.'
      : `Buscamos rivales de tu nivel (±${window} puntos). El rango se amplía cada 10 segundos.`,
  /** When the search ends, in minutes and seconds ("2:35"). */
  givesUpIn: (left: string) =>
    `Si en ${left} no se forma la mesa, dejamos de buscar y te avisamos. No se te cobra nada.`,
  /** The entry left the queue after QUICK_GIVE_UP_MS without a table. */
  gaveUp:
    'No encontramos rivales en 3 minutos y dejamos de buscar. No se te cobró nada. Prueba otro precio o una mesa pública.',
  otherPricesTitle: 'Hay jugadores esperando a otros precios:',
  otherPrice: (searching: number) => plural(searching, 'jugador esperando', 'jugadores esperando'),
  openTablesTitle: 'Mesas públicas con puestos libres a este precio:',
  switchPrice: 'Buscar a este precio',
  goToTable: 'Ir a la mesa',
  /** GET/POST when the caller already sits at a table (a link to it and a way out). */
  seatedElsewhere: (name: string) =>
    `Ya estás sentado en «${name}». Ve a esa mesa o déjala para buscar otra.`,
  leaveThatTable: 'Dejar esa mesa',
} as const;

/** GET /api/quick-play/options: what a player may pick (prices in bolívares). */
export const quickPlayOptionsSchema = z.object({
  modes: z.array(z.enum(QUICK_MODES)),
  entry_prices: z.array(z.number()),
  house_fee_bps: z.number().int(),
  pot_share_bps: z.number().int(),
});
export type QuickPlayOptions = z.infer<typeof quickPlayOptionsSchema>;

/** POST /api/quick-play: the mode and the entry price (bolívares) the player confirmed. */
export const quickPlayRequestSchema = z.strictObject({
  mode: z.enum(QUICK_MODES, { error: MSG_QUICK.badMode }),
  entry_price: z.number({ error: MSG_QUICK.priceRequired }),
});
export type QuickPlayRequest = z.infer<typeof quickPlayRequestSchema>;

/**
 * GET /api/quick-play (and the answer of POST/DELETE): where the caller stands.
 * - `idle`: not queued (`seated`: the table the caller already sits at, if any);
 * - `waiting`: queued since `queued_at` (ISO), `waited_ms` so far, `window` the rating window's
 *   half-width now (null = any rating), and what the waiting screen explains (decision 039): how
 *   many search at this price and mode, when the search gives up, other prices with players
 *   waiting, public tables open at this price;
 * - `matched`: seated at `table_id` (its match `game_id`) by the matcher, shown until the match ends;
 * - `dropped`: the last formation left the player out (`message` says why); shown once.
 */
export const quickPlayStatusSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('idle'),
    /** The table the caller already sits at (a link and "Dejar esa mesa"), if any. */
    seated: z
      .object({ table_id: z.number().int(), name: z.string(), quick: z.boolean() })
      .nullable()
      .optional(),
  }),
  z.object({
    status: z.literal('waiting'),
    mode: z.enum(QUICK_MODES),
    entry_price: z.number(),
    queued_at: z.string(),
    waited_ms: z.number().int(),
    window: z.number().int().nullable(),
    /** Players waiting at this mode and price, the caller included. */
    searching: z.number().int(),
    /** Seats of the table (2 or 4). */
    needed: z.number().int(),
    /** When the search ends without a table (ISO): queued_at + QUICK_GIVE_UP_MS. */
    gives_up_at: z.string(),
    /** Other prices of this mode with players waiting (bolívares), busiest first. */
    other_prices: z.array(z.object({ entry_price: z.number(), searching: z.number().int() })),
    /** Public tables of this mode and price with free seats. */
    open_tables: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        current_players: z.number().int(),
        max_players: z.number().int(),
      }),
    ),
  }),
  z.object({
    status: z.literal('matched'),
    mode: z.enum(QUICK_MODES),
    entry_price: z.number(),
    table_id: z.number().int(),
    game_id: z.string().nullable(),
  }),
  z.object({ status: z.literal('dropped'), message: z.string() }),
]);
export type QuickPlayStatus = z.infer<typeof quickPlayStatusSchema>;

/** `quickplay:matched` (SERVER_EVENTS.quickMatched): the table the player now sits at and its match. */
export const quickMatchedEventSchema = z.object({
  table_id: z.number().int(),
  game_id: z.string().nullable(),
  message: z.string(),
});
export type QuickMatchedEvent = z.infer<typeof quickMatchedEventSchema>;
