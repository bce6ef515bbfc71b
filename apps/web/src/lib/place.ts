import { MSG_PLACE, PLACE_ELSEWHERE, placePath, placeSchema, type Place } from '@domino/contracts';
import { isApiError, serverMessage } from './api';

/**
 * A refusal because the player is somewhere else (409 `place/elsewhere`,
 * docs/decisions/047-one-place-at-a-time.md): the server's Spanish message naming the place, and
 * the link to it (the table's waiting room, /jugar-ahora or the tournament's page).
 */
export interface ElsewhereRefusal {
  message: string;
  place: Place;
  /** Where the link leads (a path of this app). */
  to: string;
  /** The link's text: "Ir a la mesa", "Ir a Jugar ahora", "Ver el torneo". */
  label: string;
}

/** The refusal carried by `error` when it is a 409 `place/elsewhere` with its place; else null. */
export function elsewhereRefusal(error: unknown): ElsewhereRefusal | null {
  if (!isApiError(error) || error.status !== 409 || error.code !== PLACE_ELSEWHERE) return null;
  const body = error.body as { place?: unknown };
  const parsed = placeSchema.safeParse(body.place);
  if (!parsed.success) return null;
  const place = parsed.data;
  return {
    message: serverMessage(error.body) ?? error.message,
    place,
    to: placePath(place),
    label: MSG_PLACE.link[place.kind],
  };
}
