import { z } from 'zod';
import { pageQuery } from './input';

/**
 * Ratings and public leaderboards (docs/decisions/026-ratings-and-leaderboards.md).
 * Glicko-2, one rating per mode. A rating is provisional until the player has
 * RATING_PROVISIONAL_GAMES rated matches in that mode: shown with "?" and kept off the ladder.
 */
export const RATING_MODES = ['parejas', 'individual'] as const;
export type RatingMode = (typeof RATING_MODES)[number];

/** A new player's Glicko-2 values (Glickman's recommended start: 1500, RD 350, σ 0.06). */
export const RATING_DEFAULTS = { rating: 1500, rd: 350, volatility: 0.06 } as const;

/** Rated matches in a mode before its rating stops being provisional. */
export const RATING_PROVISIONAL_GAMES = 10;

/**
 * A player's rating in one mode as every screen shows it (public: seats, profile, ladder):
 * `rating` rounded to an integer, `rd` rounded, `games` = rated matches in that mode,
 * `provisional` = games < RATING_PROVISIONAL_GAMES.
 */
export const playerRatingSchema = z.object({
  rating: z.number().int(),
  rd: z.number().int(),
  games: z.number().int().nonnegative(),
  provisional: z.boolean(),
});
export type PlayerRating = z.infer<typeof playerRatingSchema>;

/** GET /api/user/ratings: the caller's level in each mode (the profile's card). */
export const myRatingsSchema = z.object({
  parejas: playerRatingSchema,
  individual: playerRatingSchema,
});

/** The rating a player without rated matches has in a mode. */
export const DEFAULT_PLAYER_RATING: PlayerRating = {
  rating: RATING_DEFAULTS.rating,
  rd: RATING_DEFAULTS.rd,
  games: 0,
  provisional: true,
};

/** A finished match's effect on the caller's rating (Mis Partidas): integers, delta = after − before. */
export const ratingChangeSchema = z.object({
  before: z.number().int(),
  after: z.number().int(),
  delta: z.number().int(),
});
export type RatingChange = z.infer<typeof ratingChangeSchema>;

/** The tabs of /clasificacion: a rating ladder per mode, and this month's pot points. */
export const LEADERBOARD_TABS = ['parejas', 'individual', 'points'] as const;
export type LeaderboardTab = (typeof LEADERBOARD_TABS)[number];

export const leaderboardQuerySchema = z.object({
  tab: z
    .enum(LEADERBOARD_TABS, { error: 'Elige una clasificación: parejas, individual o points' })
    .default('parejas'),
  page: pageQuery(1000),
});

/**
 * One leaderboard row: only the public name (publicName of names.ts) — never an id, e-mail or full
 * name. `rating`/`games` on the rating tabs, `points`/`won` on the points tab; `me` marks the
 * caller's own row when logged in.
 */
export const leaderboardRowSchema = z.object({
  position: z.number().int().positive(),
  name: z.string(),
  rating: z.number().int().optional(),
  games: z.number().int().optional(),
  points: z.number().int().optional(),
  won: z.number().int().optional(),
  me: z.boolean(),
});
export type LeaderboardRow = z.infer<typeof leaderboardRowSchema>;

export const leaderboardResponseSchema = z.object({
  tab: z.enum(LEADERBOARD_TABS),
  /** The month of the points tab, 'YYYY-MM' (Caracas). */
  month: z.string(),
  rows: z.array(leaderboardRowSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  per_page: z.number().int().positive(),
  /** The caller's own rating in the tab's mode (logged in, rating tabs only), even if provisional. */
  mine: playerRatingSchema.nullable(),
});
export type LeaderboardResponse = z.infer<typeof leaderboardResponseSchema>;
