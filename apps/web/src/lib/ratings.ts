import type { LeaderboardTab, PlayerRating } from '@domino/contracts';
import { LEADERBOARD_TABS, RATING_PROVISIONAL_GAMES } from '@domino/contracts';

/**
 * How ratings read on screen (docs/decisions/026-ratings-and-leaderboards.md): the rounded
 * Glicko-2 rating, with "?" while provisional (fewer than RATING_PROVISIONAL_GAMES rated matches).
 */
export function ratingLabel(r: PlayerRating): string {
  return r.provisional ? `${r.rating}?` : String(r.rating);
}

/** The accessible/title text of a rating: 'Rating 1532 (provisional, 3 de 10 partidas)'. */
export function ratingTitle(r: PlayerRating): string {
  if (!r.provisional) return `Rating ${r.rating} (${r.games} partidas clasificatorias)`;
  return `Rating ${r.rating} (provisional, ${r.games} de ${RATING_PROVISIONAL_GAMES} partidas)`;
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
