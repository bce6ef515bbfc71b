/**
 * One player, one place at a time (docs/decisions/047-one-place-at-a-time.md): a player is
 * waiting in quick play, seated at one table (public, private, quick, a rematch), or in one running
 * tournament, never two of these at once. A path that would put a player somewhere while they are
 * elsewhere is refused with 409 `place/elsewhere`, nothing charged, and the body names the place
 * they hold ({@link placeConflictSchema}) so the web can link to it.
 */
import { z } from 'zod';
import { errorSchema } from './errors';

/** The kinds of place: a table seat, a quick-play search, a running tournament. */
export const PLACE_KINDS = ['table', 'quick', 'tournament'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

/** The error code of a refusal because the player is elsewhere. */
export const PLACE_ELSEWHERE = 'place/elsewhere';

/**
 * Where a player is. `table_id`: the table of a seat (a quick-play table too); `tournament_id`:
 * the running tournament; `name`: the table's or the tournament's name (quick play: "Jugar
 * ahora"); `playing`: the table's match has started (the seat cannot be left until it ends).
 */
export const placeSchema = z.object({
  kind: z.enum(PLACE_KINDS),
  table_id: z.number().int().nullable(),
  tournament_id: z.number().int().nullable(),
  name: z.string(),
  playing: z.boolean(),
});
export type Place = z.infer<typeof placeSchema>;

/** A 409 body: `{message, code}`, and `place` when the code is {@link PLACE_ELSEWHERE}. */
export const placeConflictSchema = errorSchema.extend({ place: placeSchema.optional() });
export type PlaceConflict = z.infer<typeof placeConflictSchema>;

/** The web path of a place: the table's waiting room, /jugar-ahora, or the tournament's page. */
export function placePath(place: Pick<Place, 'kind' | 'table_id' | 'tournament_id'>): string {
  if (place.kind === 'table' && place.table_id !== null) return `/waiting-room/${place.table_id}`;
  if (place.kind === 'tournament' && place.tournament_id !== null)
    return `/torneos/${place.tournament_id}`;
  return '/jugar-ahora';
}

/** The name of a quick-play search as a place (the screen's title). */
export const QUICK_PLACE_NAME = 'Jugar ahora';

/** Spanish texts of the rule (addressed with "tú"). */
export const MSG_PLACE = {
  /** Refusals: the player is already somewhere. */
  atTable: (table: string) =>
    `Ya estás sentado en la mesa «${table}». Sal de ella antes de sentarte en otra o buscar partida.`,
  playingAtTable: (table: string) =>
    `Estás jugando en la mesa «${table}». Termina esa partida antes de sentarte en otra o buscar partida.`,
  inQuick:
    'Ya estás buscando partida en Jugar ahora. Cancela la búsqueda antes de sentarte en una mesa.',
  inTournament: (tournament: string) =>
    `Estás jugando el torneo «${tournament}». Podrás sentarte en otra mesa cuando termine tu participación.`,
  /** The link to the place, by kind. */
  link: { table: 'Ir a la mesa', quick: 'Ir a Jugar ahora', tournament: 'Ver el torneo' } as Record<
    PlaceKind,
    string
  >,
  /** A tournament starts and takes its players from where they wait (decision 047). */
  searchEndedForTournament: (tournament: string) =>
    `Empezó tu torneo «${tournament}»: terminamos tu búsqueda en Jugar ahora, sin cargo.`,
  seatRefundedForTournament: (tournament: string, table: string) =>
    `Empezó tu torneo «${tournament}»: te sacamos de la mesa «${table}» y te devolvimos la entrada.`,
  withdrawnPlaying: (tournament: string) =>
    `Estabas jugando en otra mesa cuando empezó el torneo «${tournament}»: te devolvimos la inscripción.`,
} as const;
