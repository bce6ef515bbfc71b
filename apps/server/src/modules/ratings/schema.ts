import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from '../../db/shared-schema';

/**
 * Tables of the ratings module: the rating per player and mode
 * (docs/decisions/026-ratings-and-leaderboards.md). The per-match `rating_changes` refer to
 * `games`, a higher floor, so they are in games/schema.ts
 * (docs/decisions/055-each-module-owns-its-tables.md).
 */

// ---------------------------------------------------------------------------------------------
// Ratings (docs/decisions/026-ratings-and-leaderboards.md, migration 0021)
// ---------------------------------------------------------------------------------------------

/**
 * A player's current Glicko-2 rating in one mode (`parejas` | `individual`): rating (Glicko
 * scale, 1500 default), rating deviation `rd`, volatility, and the count of rated matches.
 * Written only by modules/ratings (in the final move's transaction, or by the rebuild).
 */
export const playerRatings = pgTable(
  'player_ratings',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    mode: text('mode').$type<'parejas' | 'individual'>().notNull(),
    rating: doublePrecision('rating').notNull(),
    rd: doublePrecision('rd').notNull(),
    volatility: doublePrecision('volatility').notNull(),
    games: integer('games').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.mode] }),
    index('player_ratings_ladder_idx').on(t.mode, t.rating),
    check('player_ratings_mode_check', sql`${t.mode} in ('parejas', 'individual')`),
    check('player_ratings_games_check', sql`${t.games} >= 0`),
  ],
);
