import type { LeaderboardTab, PlayerRating } from '@domino/contracts';
import { LEADERBOARD_TABS, RATING_PROVISIONAL_GAMES, plural, pluralWord } from '@domino/contracts';

/**
 * How ratings read on screen (docs/decisions/026-ratings-and-leaderboards.md): the player's
 * "Nivel" (the glossary's word, docs/product.md; the method's name never reaches players,
 * decision 050), the rounded rating, "provisional" while it has fewer than
 * RATING_PROVISIONAL_GAMES rated matches.
 */
export function ratingLabel(r: PlayerRating): string {
  return `Nivel ${r.rating}`;
}

/** What the number means, in one sentence, for tooltips and explainers. */
export const LEVEL_MEANING =
  'El nivel mide cómo juegas frente a los demás: sube cuando ganas y baja cuando pierdes, más contra rivales de nivel alto. Todos empiezan en 1500.';

/**
 * Why a new player's level moves a lot: 'Provisional: en tus primeras 10 partidas clasificatorias
 * el nivel cambia mucho. Te faltan 7 para entrar en la clasificación.' Empty once established.
 */
export function provisionalText(r: PlayerRating): string {
  const left = matchesToLadder(r);
  if (!r.provisional || left === 0) return '';
  return `Provisional: en tus primeras ${RATING_PROVISIONAL_GAMES} partidas clasificatorias el nivel cambia mucho. Te ${pluralWord(left, 'falta', 'faltan')} ${plural(left, 'partida', 'partidas')} para entrar en la clasificación.`;
}

/**
 * The accessible/title text of a player's level: 'Nivel 1532 en 14 partidas clasificatorias. El
 * nivel mide…', or 'Nivel 1500, provisional (3 de 10 partidas clasificatorias). El nivel mide…'.
 */
export function ratingTitle(r: PlayerRating): string {
  if (!r.provisional)
    return `Nivel ${r.rating} en ${plural(r.games, 'partida clasificatoria', 'partidas clasificatorias')}. ${LEVEL_MEANING}`;
  return `Nivel ${r.rating}, provisional (${r.games} de ${RATING_PROVISIONAL_GAMES} partidas clasificatorias: al principio cambia mucho). ${LEVEL_MEANING}`;
}

/** A rating change as Mis Partidas shows it: '+12', '−8' (a real minus sign), '±0'. */
export function formatRatingDelta(delta: number): string {
  if (delta > 0) return `+${delta}`;
  if (delta < 0) return `\u2212${Math.abs(delta)}`;
  return '±0';
}

/** Green for a gain, red for a loss, grey for none (Mantine colour names of the theme). */
export function deltaColor(delta: number): 'green' | 'red' | 'gray' {
  return delta > 0 ? 'green' : delta < 0 ? 'red' : 'gray';
}

/** The /clasificacion tab from the address (?tab=...); anything unknown is 'parejas'. */
export function tabFromSearch(search: string): LeaderboardTab {
  const tab = new URLSearchParams(search).get('tab');
  return (LEADERBOARD_TABS as readonly string[]).includes(tab ?? '')
    ? (tab as LeaderboardTab)
    : 'parejas';
}

/** Matches still needed before a provisional rating enters the ladder (0 when it already has). */
export function matchesToLadder(r: PlayerRating): number {
  return Math.max(0, RATING_PROVISIONAL_GAMES - r.games);
}

/** Pages of a paginated answer (at least 1). */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}
