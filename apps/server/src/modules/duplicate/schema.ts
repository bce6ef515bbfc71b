import { sql } from 'drizzle-orm';
import type { TableRules } from '@domino/contracts';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from '../../db/shared-schema';
import { gameTables } from '../catalog/schema';
import { games } from '../games/schema';

/**
 * Tables of the duplicate module (migration 0042; docs/decisions/062-duplicate-domino.md).
 *
 * A duplicate set: two hidden parejas tables whose games deal from the same committed seeds
 * (`commitment`, the SHA-256 of the shared server seed), `boards` hands each. Table 1 seats team
 * A's first pair at 0/2 and team B's first pair at 1/3; table 2 team B's second pair at 0/2 and
 * team A's second pair at 1/3 (the players are the games' `game_players`). Moves no money.
 */
export const duplicateSets = pgTable(
  'duplicate_sets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    boards: integer('boards').notNull(),
    rules: jsonb('rules').$type<TableRules>().notNull(),
    commitment: text('commitment').notNull(),
    table1Id: bigint('table1_id', { mode: 'number' })
      .notNull()
      .references(() => gameTables.id),
    table2Id: bigint('table2_id', { mode: 'number' })
      .notNull()
      .references(() => gameTables.id),
    game1Id: text('game1_id')
      .notNull()
      .references(() => games.id),
    game2Id: text('game2_id')
      .notNull()
      .references(() => games.id),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('duplicate_sets_game1_idx').on(t.game1Id),
    index('duplicate_sets_game2_idx').on(t.game2Id),
    check('duplicate_sets_boards_check', sql`${t.boards} between 1 and 32`),
    check('duplicate_sets_games_check', sql`${t.game1Id} <> ${t.game2Id}`),
  ],
);
