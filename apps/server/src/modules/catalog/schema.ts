import { sql } from 'drizzle-orm';
import type { TableRules } from '@domino/contracts';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { users } from '../../db/shared-schema';

/**
 * Tables of the catalog module: banks, recharge accounts and `game_tables`, the table catalogue.
 * `game_tables` is written by the first-start data here and by games, tables, quickplay and
 * tournaments; it sits here, below games, because `games` refers to it
 * (docs/decisions/055-each-module-owns-its-tables.md).
 */

/** Banks players can withdraw to and platform recharge accounts belong to (docs/product.md §3 Bank). */
export const banks = pgTable(
  'banks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    status: text('status').notNull().default('activo'),
    ...timestamps,
  },
  (t) => [uniqueIndex('banks_code_key').on(t.code)],
);

/** Platform accounts that receive Pago Móvil recharges (docs/product.md §3 Recharge account). */
export const rechargeAccounts = pgTable('recharge_accounts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  bankId: bigint('bank_id', { mode: 'number' })
    .notNull()
    .references(() => banks.id),
  accountNumber: text('account_number').notNull(),
  holderName: text('holder_name').notNull(),
  typeIdentification: text('type_identification').notNull(),
  nIdentification: text('n_identification').notNull(),
  phone: text('phone').notNull(),
  active: boolean('active').notNull().default(true),
  ...timestamps,
});

/** The table catalogue (docs/product.md §3 Table/game). Fees are basis points of the entries. */
export const gameTables = pgTable(
  'game_tables',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    image: text('image'),
    entryPriceCents: bigint('entry_price_cents', { mode: 'number' }).notNull(),
    /**
     * The rules the table's next match plays by: one value, validated by `tableRulesSchema` before
     * every write (docs/decisions/018-table-rules-as-data.md). Seats = `rules.players`.
     */
    rules: jsonb('rules').$type<TableRules>().notNull(),
    houseFeeBps: integer('house_fee_bps').notNull().default(800),
    potShareBps: integer('pot_share_bps').notNull().default(200),
    status: text('status').notNull().default('open'),
    /** Counts matches; the current round's escrow account is `table_escrow` ref `table:{id}:{round}`. */
    round: integer('round').notNull().default(1),
    /**
     * Provably fair (decision 015): the server seed of this round's match, created when the first
     * player sits and secret until that match ends. A trigger (migration 0014) refuses to change
     * it within a round; settlement clears it as the round advances.
     */
    roundServerSeed: text('round_server_seed'),
    /**
     * hex(SHA-256(utf8(roundServerSeed))), published in the waiting room; written by the trigger
     * of migration 0014 from the seed (never by the app), null while the seed is.
     */
    roundCommitment: text('round_commitment'),
    /**
     * Private tables by invitation (docs/decisions/021-private-tables.md): `private` tables have a
     * host and a 6-character invitation code, are never listed, may be free (entry 0, "amistosa")
     * and expire at `expires_at` while nobody plays.
     */
    /** 'tournament': the hidden table of one tournament match (migration 0023, decision 028). */
    visibility: text('visibility')
      .$type<'public' | 'private' | 'tournament' | 'quick'>()
      .notNull()
      .default('public'),
    hostUserId: bigint('host_user_id', { mode: 'number' }).references(() => users.id),
    inviteCode: text('invite_code'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    /** Whether logged-in players who do not sit may watch its match (always true for public tables). */
    allowSpectators: boolean('allow_spectators').notNull().default(true),
    /** Why a closed table stopped taking players: staff, host (cancelled), expired, finished. */
    closedReason: text('closed_reason').$type<'staff' | 'host' | 'expired' | 'finished'>(),
    /**
     * The rematch window after a settled match: until `rematch_until` only the players of
     * `rematch_seats` may sit, each at their own seat (docs/decisions/021-private-tables.md).
     */
    rematchUntil: timestamp('rematch_until', { withTimezone: true, mode: 'date' }),
    rematchSeats: jsonb('rematch_seats').$type<{ seat: number; user_id: number }[]>(),
    ...timestamps,
  },
  (t) => [
    check(
      'game_tables_entry_price_check',
      sql`${t.entryPriceCents} > 0 or (${t.visibility} in ('private', 'tournament') and ${t.entryPriceCents} = 0)`,
    ),
    check(
      'game_tables_visibility_check',
      sql`${t.visibility} in ('public', 'private', 'quick', 'tournament') and ((${t.visibility} = 'private') = (${t.hostUserId} is not null and ${t.inviteCode} is not null))`,
    ),
    check(
      'game_tables_closed_reason_check',
      sql`${t.closedReason} is null or ${t.closedReason} in ('staff', 'host', 'expired', 'finished')`,
    ),
    uniqueIndex('game_tables_invite_code_key')
      .on(t.inviteCode)
      .where(sql`${t.inviteCode} is not null`),
    index('game_tables_expires_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'open' and ${t.visibility} = 'private'`),
    index('game_tables_rematch_idx')
      .on(t.rematchUntil)
      .where(sql`${t.rematchUntil} is not null`),
    check(
      'game_tables_rules_check',
      sql`${t.rules}->>'mode' in ('parejas', 'individual') and (${t.rules}->>'players')::int between 2 and 4`,
    ),
    check('game_tables_status_check', sql`${t.status} in ('open', 'closed')`),
    check(
      'game_tables_fees_check',
      sql`${t.houseFeeBps} >= 0 and ${t.potShareBps} >= 0 and ${t.houseFeeBps} + ${t.potShareBps} < 10000`,
    ),
  ],
);
