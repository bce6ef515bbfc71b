import { sql } from 'drizzle-orm';
import type { TableRules } from '@domino/contracts';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Database schema (drizzle). Money columns are bigint céntimos (`*_cents`, docs/architecture.md#how-a-payment-flows).
 * Migrations are generated from this file with `npm run db:generate -w @domino/server`.
 */

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

/** Players and staff (docs/product.md §3 User). Email is stored lower-cased and unique. */
export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    typeIdentification: text('type_identification').notNull(),
    nIdentification: text('n_identification').notNull(),
    phone: text('phone').notNull(),
    passwordHash: text('password_hash').notNull(),
    rol: text('rol').notNull().default('jugador'),
    status: text('status').notNull().default('activo'),
    points: integer('points').notNull().default(0),
    /** Profile photo (re-encoded upload, purpose 'avatar'); null shows the placeholder. */
    avatarUploadId: bigint('avatar_upload_id', { mode: 'number' }).references(
      (): AnyPgColumn => uploads.id,
    ),
    /** When the player chose the current username; null = a generated one (migration 0034). */
    usernameChosenAt: timestamp('username_chosen_at', { withTimezone: true }),
    /** Date of birth given at registration, "YYYY-MM-DD" (decision 040). */
    birthDate: date('birth_date', { mode: 'string' }),
    /** When the player declared being 18+; null = not yet (recharges and paid entries wait). */
    adultDeclaredAt: timestamp('adult_declared_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_key').on(t.username),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_identity_key').on(t.typeIdentification, t.nIdentification),
    uniqueIndex('users_phone_key').on(t.phone),
    check('users_rol_check', sql`${t.rol} in ('jugador', 'admin')`),
    check('users_status_check', sql`${t.status} in ('activo', 'suspendido')`),
    check('users_type_identification_check', sql`${t.typeIdentification} in ('V', 'E')`),
  ],
);

/** Opaque bearer tokens, stored as SHA-256 hashes (docs/product.md §7). */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    remember: boolean('remember').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /** Why it was revoked (a SessionEndReason, migration 0031); NULL for rows revoked before it. */
    revokedReason: text('revoked_reason'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** The web app's device id (header X-Device-Id), a linked-accounts signal (migration 0022). */
    deviceId: text('device_id'),
  },
  (t) => [
    uniqueIndex('auth_tokens_hash_key').on(t.tokenHash),
    index('auth_tokens_user_idx').on(t.userId),
    index('auth_tokens_device_idx')
      .on(t.deviceId)
      .where(sql`${t.deviceId} is not null`),
    index('auth_tokens_ip_idx')
      .on(t.ip, t.createdAt)
      .where(sql`${t.ip} is not null`),
  ],
);

/**
 * The browsers each account signed in from (migration 0033, docs/decisions/039): the SHA-256 of
 * the `domino_device` cookie the server sets on a successful sign-in. Evidence that this browser
 * signed in to this account before (the per-address login limit never refuses it) and a
 * linked-accounts signal (two accounts, one browser; risk/linked.ts).
 */
export const loginDevices = pgTable(
  'login_devices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    deviceHash: text('device_hash').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    uniqueIndex('login_devices_user_device_key').on(t.userId, t.deviceHash),
    index('login_devices_device_idx').on(t.deviceHash, t.lastSeenAt),
  ],
);

/**
 * Ledger accounts (docs/architecture.md#how-a-payment-flows). One wallet per user; system accounts have no owner.
 * balance is céntimos; only modules/ledger writes it.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    ownerUserId: bigint('owner_user_id', { mode: 'number' }).references(() => users.id),
    ref: text('ref'),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    allowNegative: boolean('allow_negative').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounts_kind_owner_ref_key').on(
      t.kind,
      sql`coalesce(${t.ownerUserId}, 0)`,
      sql`coalesce(${t.ref}, '')`,
    ),
    check('accounts_non_negative', sql`${t.allowNegative} or ${t.balanceCents} >= 0`),
  ],
);

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

/** Who sits at a table waiting for or playing its current match. */
export const tableSeats = pgTable(
  'table_seats',
  {
    tableId: bigint('table_id', { mode: 'number' })
      .notNull()
      .references(() => gameTables.id),
    seat: smallint('seat').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** The player's contribution to the provably fair deal (docs/fairness.md). */
    clientSeed: text('client_seed').notNull().default(''),
    /**
     * The entry fee this seat paid into the round's escrow, in céntimos: what a refund gives back
     * (leave, table closed) and what settlement checks the escrow against (decision 010).
     */
    entryCents: bigint('entry_cents', { mode: 'number' }).notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tableId, t.seat] }),
    uniqueIndex('table_seats_user_key').on(t.userId),
    check('table_seats_entry_check', sql`${t.entryCents} >= 0`),
  ],
);

/**
 * Matches (docs/architecture.md#how-a-move-flows): the authoritative engine state as jsonb, an optimistic version, and the
 * time the sweeper must act next (`due_at`: a bot turn or a turn deadline).
 */
export const games = pgTable(
  'games',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    tableId: bigint('table_id', { mode: 'number' }).references(() => gameTables.id),
    state: jsonb('state').notNull(),
    version: integer('version').notNull().default(0),
    status: text('status').notNull().default('playing'),
    commitment: text('commitment').notNull(),
    turnDeadline: timestamp('turn_deadline', { withTimezone: true, mode: 'date' }),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }),
    /** Real-money matches: the table round, when play starts, and the entry per seat (céntimos). */
    round: integer('round'),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    entryCents: bigint('entry_cents', { mode: 'number' }),
    /** Immutable facts for views: table name and fee rates at the start. */
    meta: jsonb('meta'),
    /** The rules the match plays by (the same value as `state.config`, in the rules shape). */
    rules: jsonb('rules').$type<TableRules>().notNull(),
    /** Settlement of a real-money match: pot, house fee, pot share, prize per winner (céntimos). */
    settlement: jsonb('settlement'),
    ...timestamps,
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // The live games, for the sweeper's poll of due times. The due time itself is not indexed,
    // so that a move's update of the row is heap-only (HOT: no new index entries); the table's
    // fill factor is 50 (migration 0032, docs/decisions/037-hot-moves.md).
    index('games_playing_idx')
      .on(t.id)
      .where(sql`${t.status} = 'playing'`),
    // A table runs one match at a time.
    uniqueIndex('games_one_live_match_per_table')
      .on(t.tableId)
      .where(sql`${t.status} = 'playing' and ${t.kind} = 'table'`),
    check('games_kind_check', sql`${t.kind} in ('practice', 'table')`),
    check('games_status_check', sql`${t.status} in ('playing', 'finished')`),
  ],
);

/** Who occupies each seat of a game: a user (possibly played by a bot while away) or a bot. */
export const gamePlayers = pgTable(
  'game_players',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => games.id),
    seat: smallint('seat').notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    botLevel: text('bot_level'),
    clientSeed: text('client_seed').notNull(),
    /** Consecutive turns the bot played for this user after a timeout (reset when they move). */
    autoplayedTurns: integer('autoplayed_turns').notNull().default(0),
    /** Set when the player's last socket left the game (they are away until they come back). */
    disconnectedAt: timestamp('disconnected_at', { withTimezone: true, mode: 'date' }),
    /** Real-money matches after settlement: win/loss and the céntimos paid to this seat. */
    result: text('result'),
    payoutCents: bigint('payout_cents', { mode: 'number' }),
    /**
     * Raised by one on every update of the row (a trigger, migration 0032): a node's copy of the
     * seats is exact while the sum of their revisions is the database's (decision 037).
     */
    rev: integer('rev').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.seat] }),
    index('game_players_user_idx').on(t.userId),
    check('game_players_occupant_check', sql`${t.userId} is not null or ${t.botLevel} is not null`),
  ],
);

/** Append-only move log (docs/architecture.md#how-a-move-flows): UNIQUE(game_id, seq); replaying it rebuilds the state. */
export const gameMoves = pgTable(
  'game_moves',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gameId: text('game_id')
      .notNull()
      .references(() => games.id),
    seq: integer('seq').notNull(),
    seat: smallint('seat').notNull(),
    move: jsonb('move').notNull(),
    /** player: the seat's user; bot: a CPU seat; autoplay: the bot played for an absent user. */
    actor: text('actor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('game_moves_game_seq_key').on(t.gameId, t.seq)],
);

/**
 * Ledger transactions (docs/architecture.md#how-a-payment-flows): one per money movement, with a unique idempotency key and the
 * hash of the request that created it, so a retry is harmless and a different request under the
 * same key is refused. Append-only.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    referenceType: text('reference_type'),
    referenceId: text('reference_id'),
    actorUserId: bigint('actor_user_id', { mode: 'number' }).references(() => users.id),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_idempotency_key').on(t.idempotencyKey),
    index('ledger_transactions_reference_idx').on(t.referenceType, t.referenceId),
  ],
);

/**
 * Ledger entries (postings): signed céntimos per account; the entries of one transaction sum to
 * zero (checked by a deferred constraint trigger). Never updated or deleted.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    balanceAfterCents: bigint('balance_after_cents', { mode: 'number' }).notNull(),
    accountVersion: bigint('account_version', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.accountId, t.id),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    uniqueIndex('ledger_entries_account_version_key').on(t.accountId, t.accountVersion),
    check('ledger_entries_nonzero', sql`${t.amountCents} <> 0`),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** Uploaded images (payment proofs, table images, avatars): re-encoded bytes, never the original. */
export const uploads = pgTable('uploads', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  ownerUserId: bigint('owner_user_id', { mode: 'number' }).references(() => users.id),
  purpose: text('purpose').notNull(),
  mime: text('mime').notNull(),
  bytes: bytea('bytes').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Pago Móvil recharge requests (docs/product.md §2 Recharge; docs/architecture.md#how-a-payment-flows: no money moves until approval). */
export const recharges = pgTable(
  'recharges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    reference: text('reference').notNull(),
    rechargeAccountId: bigint('recharge_account_id', { mode: 'number' })
      .notNull()
      .references(() => rechargeAccounts.id),
    proofUploadId: bigint('proof_upload_id', { mode: 'number' }).references(() => uploads.id),
    status: text('status').notNull().default('pendiente'),
    reason: text('reason'),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }).references(
      () => ledgerTransactions.id,
    ),
    /**
     * Bank connectors (docs/decisions/051-bank-connectors.md): how the player paid
     * ('pago_movil' they declare, 'c2p' we charged), the payer's phone and bank code (what a
     * verification asks the bank), the Caracas day they say they paid (`YYYY-MM-DD`), and the
     * automatic verification: its state, attempts, next try and what the bank said last.
     */
    method: text('method').$type<'pago_movil' | 'c2p'>().notNull().default('pago_movil'),
    payerPhone: text('payer_phone'),
    payerBankCode: text('payer_bank_code'),
    paidOn: text('paid_on')
      .notNull()
      .default(sql`to_char(now() at time zone 'America/Caracas', 'YYYY-MM-DD')`),
    verificationState: text('verification_state')
      .$type<'manual' | 'checking' | 'verified' | 'needs_staff'>()
      .notNull()
      .default('manual'),
    verifyAttempts: integer('verify_attempts').notNull().default(0),
    verifyNextAt: timestamp('verify_next_at', { withTimezone: true, mode: 'date' }),
    bankAnswer: jsonb('bank_answer').$type<Record<string, unknown>>(),
    ...timestamps,
  },
  (t) => [
    index('recharges_verify_due_idx')
      .on(t.verifyNextAt)
      .where(sql`${t.verificationState} = 'checking'`),
    check('recharges_method_check', sql`${t.method} in ('pago_movil', 'c2p')`),
    check(
      'recharges_verification_state_check',
      sql`${t.verificationState} in ('manual', 'checking', 'verified', 'needs_staff')`,
    ),
    check('recharges_paid_on_check', sql`${t.paidOn} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
    // The same reference for the same destination account can only be claimed once (unless rejected).
    uniqueIndex('recharges_account_reference_key')
      .on(t.rechargeAccountId, sql`upper(${t.reference})`)
      .where(sql`${t.status} <> 'rechazado'`),
    index('recharges_user_idx').on(t.userId, t.createdAt),
    index('recharges_status_idx').on(t.status, t.createdAt),
    check('recharges_amount_check', sql`${t.amountCents} > 0`),
    check('recharges_status_check', sql`${t.status} in ('pendiente', 'aprobado', 'rechazado')`),
  ],
);

/**
 * Withdrawal requests (docs/architecture.md#how-a-payment-flows): the amount moves wallet -> pending_withdrawals at request time;
 * paid moves it out, rejected moves it back. Payout goes by Pago Móvil to the player's phone and
 * cédula at the chosen bank (snapshotted here).
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    bankId: bigint('bank_id', { mode: 'number' })
      .notNull()
      .references(() => banks.id),
    payoutPhone: text('payout_phone').notNull(),
    payoutTypeIdentification: text('payout_type_identification').notNull(),
    payoutNIdentification: text('payout_n_identification').notNull(),
    payoutName: text('payout_name').notNull(),
    status: text('status').notNull().default('pendiente'),
    payoutReference: text('payout_reference'),
    reason: text('reason'),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    /**
     * Staff review (docs/decisions/013): set when requested within 24 h of a sensitive account
     * change. `reviewUntil` ends the window of the latest change; `reviewChanges` lists the changes
     * ({kind, at}); paying needs the acknowledgement, recorded here.
     */
    reviewUntil: timestamp('review_until', { withTimezone: true, mode: 'date' }),
    reviewChanges: jsonb('review_changes').$type<{ kind: string; at: string }[]>(),
    reviewAcknowledgedBy: bigint('review_acknowledged_by', { mode: 'number' }).references(
      () => users.id,
    ),
    reviewAcknowledgedAt: timestamp('review_acknowledged_at', { withTimezone: true, mode: 'date' }),
    /**
     * A payout through the bank (docs/decisions/051-bank-connectors.md): 'sending' claims
     * the one call, then 'paid', 'declined' (staff may try again) or 'unknown' (never retried
     * blindly); `bankAnswer` is what the bank said last, for staff.
     */
    bankPayoutState: text('bank_payout_state').$type<'sending' | 'paid' | 'declined' | 'unknown'>(),
    bankAnswer: jsonb('bank_answer').$type<Record<string, unknown>>(),
    ...timestamps,
  },
  (t) => [
    check(
      'withdrawals_bank_payout_state_check',
      sql`${t.bankPayoutState} in ('sending', 'paid', 'declined', 'unknown')`,
    ),
    index('withdrawals_user_idx').on(t.userId, t.createdAt),
    index('withdrawals_status_idx').on(t.status, t.createdAt),
    check('withdrawals_amount_check', sql`${t.amountCents} > 0`),
    index('withdrawals_payout_phone_idx').on(t.payoutPhone),
    check('withdrawals_status_check', sql`${t.status} in ('pendiente', 'completado', 'rechazado')`),
  ],
);

/** A player's own bank accounts (docs/product.md §7 POST /api/bank-accounts). */
export const userBankAccounts = pgTable(
  'user_bank_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    bankId: bigint('bank_id', { mode: 'number' })
      .notNull()
      .references(() => banks.id),
    accountNumber: text('account_number').notNull(),
    accountType: text('account_type').notNull(),
    accountHolder: text('account_holder').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_bank_accounts_number_key').on(t.userId, t.accountNumber),
    index('user_bank_accounts_account_idx').on(t.accountNumber),
  ],
);

/**
 * Sensitive account changes (docs/decisions/013): the e-mail, the phone (the Pago
 * Móvil payout destination) or a new bank account, with when and from where. Append-only. A
 * withdrawal requested within 24 hours of one goes to staff review.
 */
export const accountChanges = pgTable(
  'account_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('account_changes_user_idx').on(t.userId, t.createdAt),
    check('account_changes_kind_check', sql`${t.kind} in ('email', 'phone', 'bank_account')`),
  ],
);

/**
 * HTTP idempotency (Idempotency-Key header): the first response of a (user, route, key) is stored
 * in the same transaction as its effect and replayed for retries with the same body.
 */
export const idempotencyRequests = pgTable(
  'idempotency_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    route: text('route').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status').notNull(),
    responseBody: jsonb('response_body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('idempotency_requests_key').on(t.userId, t.route, t.key)],
);

/**
 * Append-only log of every staff action (who, what, when, before and after), of the players' own
 * sensitive account changes, and of what the system records for staff (actor null: e.g. a burst
 * of failed logins; docs/decisions/013).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorUserId: bigint('actor_user_id', { mode: 'number' }).references(() => users.id),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_created_idx').on(t.createdAt),
  ],
);

/**
 * Password recovery links (docs/product.md §2 Forgot password): a random token stored as its SHA-256 hash,
 * valid 60 minutes, used once.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    requestedIp: text('requested_ip'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Points earned in finished real-money matches (one row per player per match, written in the
 * settlement transaction). `month` is the Caracas calendar month 'YYYY-MM' of the settlement; the
 * monthly ranking sums these rows. `points` is what the player's side scored in the match.
 */
export const potPoints = pgTable(
  'pot_points',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => games.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    month: text('month').notNull(),
    points: integer('points').notNull(),
    won: boolean('won').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.userId] }),
    index('pot_points_month_idx').on(t.month, t.userId),
    check('pot_points_points_check', sql`${t.points} >= 0`),
  ],
);

/**
 * The monthly pot (Pote del Mes) of one Caracas month 'YYYY-MM'. Its money is the ledger account
 * `monthly_pot` ref month. `shares_bps` are the payout shares of positions 1..n (basis points,
 * summing to 10000). status: open, paid (paid to the ranking) or carried (empty ranking: the
 * balance moved to the next month).
 */
export const monthlyPots = pgTable(
  'monthly_pots',
  {
    month: text('month').primaryKey(),
    description: text('description').notNull().default(''),
    sharesBps: jsonb('shares_bps').$type<number[]>().notNull().default([5000, 3000, 2000]),
    status: text('status').notNull().default('open'),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [check('monthly_pots_status_check', sql`${t.status} in ('open', 'paid', 'carried')`)],
);

/** One payout of a closed month's pot: exactly one row (and one ledger transaction) per position. */
export const potPayouts = pgTable(
  'pot_payouts',
  {
    month: text('month').notNull(),
    position: smallint('position').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    points: integer('points').notNull(),
    matchesWon: integer('matches_won').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }).references(
      () => ledgerTransactions.id,
    ),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.month, t.position] }),
    index('pot_payouts_user_idx').on(t.userId),
  ],
);

/**
 * What staff allow for private tables (docs/decisions/021-private-tables.md), one row (id 1): the
 * entry prices a host may pick (céntimos; 0 is the free "amistosa"), per rule the values a host
 * may pick (a rule absent from `allowed_rules` allows every value of the rules schema), how long
 * an unfilled private table waits before it expires, and the fee rates its matches settle with.
 */
export const privateTableSettings = pgTable(
  'private_table_settings',
  {
    id: smallint('id').primaryKey().default(1),
    entryPricesCents: jsonb('entry_prices_cents')
      .$type<number[]>()
      .notNull()
      .default([0, 10000, 50000, 100000]),
    allowedRules: jsonb('allowed_rules')
      .$type<Partial<Record<string, (string | number | boolean)[]>>>()
      .notNull()
      .default({}),
    expiryMinutes: integer('expiry_minutes').notNull().default(30),
    houseFeeBps: integer('house_fee_bps').notNull().default(800),
    potShareBps: integer('pot_share_bps').notNull().default(200),
    updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id),
    ...timestamps,
  },
  (t) => [
    check('private_table_settings_single_row', sql`${t.id} = 1`),
    check('private_table_settings_expiry_check', sql`${t.expiryMinutes} between 5 and 1440`),
    check(
      'private_table_settings_fees_check',
      sql`${t.houseFeeBps} >= 0 and ${t.potShareBps} >= 0 and ${t.houseFeeBps} + ${t.potShareBps} < 10000`,
    ),
  ],
);

/**
 * What players said at a table (docs/decisions/023-table-talk.md): a reaction or quick phrase
 * (`ref` = its id from packages/contracts talk.ts, `body` = its emoji or text) or free text
 * (`ref` null, `body` as delivered, after the profanity filter; `flagged` when it masked words).
 * `round` is the table's round when it was said, `game_id` the match then running (null in the
 * waiting room). Kept so that a report can copy the conversation.
 */
export const tableMessages = pgTable(
  'table_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tableId: bigint('table_id', { mode: 'number' })
      .notNull()
      .references(() => gameTables.id),
    round: integer('round').notNull(),
    gameId: text('game_id').references(() => games.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: text('kind').$type<'reaction' | 'phrase' | 'text'>().notNull(),
    ref: text('ref'),
    body: text('body').notNull(),
    flagged: boolean('flagged').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('table_messages_kind_check', sql`${t.kind} in ('reaction', 'phrase', 'text')`),
    check('table_messages_ref_check', sql`(${t.kind} = 'text') = (${t.ref} is null)`),
    check('table_messages_body_check', sql`char_length(${t.body}) between 1 and 200`),
    index('table_messages_table_idx').on(t.tableId, t.round, t.id),
    index('table_messages_user_idx').on(t.userId, t.tableId, t.round),
  ],
);

/**
 * Per-player mutes (decision 023): `user_id` does not receive what `muted_user_id` says at any
 * table; the server leaves the muter out when it delivers (never a client-side filter).
 */
export const talkMutes = pgTable(
  'talk_mutes',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    mutedUserId: bigint('muted_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.mutedUserId] }),
    check('talk_mutes_not_self', sql`${t.userId} <> ${t.mutedUserId}`),
    index('talk_mutes_muted_idx').on(t.mutedUserId),
  ],
);

/**
 * "Reportar" (decision 023): a player reports another's messages at a table and round. The
 * conversation of that table and round at the time (names in full, for staff) is copied into
 * `transcript`, so it survives whatever happens later. Staff resolve it: `dismissed`, or `banned`
 * (a chat ban, talk_bans); `resolution` says what was done. One open report per reporter,
 * reported player, table and round.
 */
export const talkReports = pgTable(
  'talk_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tableId: bigint('table_id', { mode: 'number' })
      .notNull()
      .references(() => gameTables.id),
    round: integer('round').notNull(),
    reporterUserId: bigint('reporter_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    reportedUserId: bigint('reported_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    transcript: jsonb('transcript')
      .$type<
        {
          id: number;
          at: string;
          user_id: number;
          name: string;
          kind: 'reaction' | 'phrase' | 'text';
          body: string;
          flagged: boolean;
        }[]
      >()
      .notNull(),
    status: text('status').$type<'open' | 'dismissed' | 'banned'>().notNull().default('open'),
    resolvedBy: bigint('resolved_by', { mode: 'number' }).references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    resolution: text('resolution'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('talk_reports_status_check', sql`${t.status} in ('open', 'dismissed', 'banned')`),
    check('talk_reports_reason_check', sql`${t.reason} in ('insultos', 'trampa', 'spam', 'otro')`),
    check('talk_reports_not_self', sql`${t.reporterUserId} <> ${t.reportedUserId}`),
    index('talk_reports_status_idx').on(t.status, t.id),
    uniqueIndex('talk_reports_open_once')
      .on(t.reporterUserId, t.reportedUserId, t.tableId, t.round)
      .where(sql`${t.status} = 'open'`),
  ],
);

/**
 * Chat bans (decision 023): the user may not send anything at any table until `banned_until`.
 * One row per user, replaced by a later ban; given by staff (`created_by`) from a report.
 */
export const talkBans = pgTable('talk_bans', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  bannedUntil: timestamp('banned_until', { withTimezone: true, mode: 'date' }).notNull(),
  reportId: bigint('report_id', { mode: 'number' }).references(() => talkReports.id),
  createdBy: bigint('created_by', { mode: 'number' })
    .notNull()
    .references(() => users.id),
  ...timestamps,
});

/**
 * Friendships (docs/decisions/024-friends-presence-invitations.md): one row per unordered
 * pair of players, `user_low` < `user_high`, so two players asking each other at once end with one
 * row. `pending` waits for the player who did not ask (`requested_by` is the one who did);
 * `accepted` sets `accepted_at`. Declining, cancelling, removing and blocking delete the row.
 */
export const friendships = pgTable(
  'friendships',
  {
    userLow: bigint('user_low', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    userHigh: bigint('user_high', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    requestedBy: bigint('requested_by', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    status: text('status').$type<'pending' | 'accepted'>().notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.userLow, t.userHigh] }),
    index('friendships_user_high_idx').on(t.userHigh),
    check('friendships_order_check', sql`${t.userLow} < ${t.userHigh}`),
    check('friendships_requested_by_check', sql`${t.requestedBy} in (${t.userLow}, ${t.userHigh})`),
    check(
      'friendships_status_check',
      sql`${t.status} in ('pending', 'accepted') and ((${t.status} = 'accepted') = (${t.acceptedAt} is not null))`,
    ),
  ],
);

/**
 * Blocks (decision 024): `blocker_id` blocked `blocked_id`. A block deletes the pair's friendship and
 * refuses friend requests and invitations in both directions while it lasts.
 */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: bigint('blocker_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    blockedId: bigint('blocked_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('user_blocks_blocked_idx').on(t.blockedId),
    check('user_blocks_self_check', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/**
 * Invitations of a friend to a private table (decision 024): who invited whom to which table. At most
 * one `pending` invitation per (table, invitee). `declined` by the invitee; `withdrawn` when the
 * two stop being friends (removal or block). Whether a pending invitation is still shown depends on
 * its table (open, not expired, not full, the invitee not seated), read when listing.
 */
export const tableInvitations = pgTable(
  'table_invitations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tableId: bigint('table_id', { mode: 'number' })
      .notNull()
      .references(() => gameTables.id),
    fromUserId: bigint('from_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    toUserId: bigint('to_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    status: text('status')
      .$type<'pending' | 'declined' | 'withdrawn'>()
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    respondedAt: timestamp('responded_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('table_invitations_pending_key')
      .on(t.tableId, t.toUserId)
      .where(sql`${t.status} = 'pending'`),
    index('table_invitations_to_idx')
      .on(t.toUserId)
      .where(sql`${t.status} = 'pending'`),
    check('table_invitations_self_check', sql`${t.fromUserId} <> ${t.toUserId}`),
    check(
      'table_invitations_status_check',
      sql`${t.status} in ('pending', 'declined', 'withdrawn')`,
    ),
  ],
);

/**
 * Web Push subscriptions (docs/decisions/025-installable-app-and-web-push.md): one row per
 * browser (`endpoint`, the push service's URL for it, is unique: a browser that another player
 * signs in on moves to that player). `p256dh` and `auth` are the browser's keys the payload is
 * encrypted with (base64url). `last_success_at` is the last time the push service accepted a
 * message; a 404 or 410 from it deletes the row (the browser unsubscribed or expired).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * A player's switch per kind of notification (contracts NOTIFICATION_TYPES). No row means every
 * kind on (DEFAULT_NOTIFICATION_PREFS); the row is written the first time the player saves.
 */
export const notificationPrefs = pgTable('notification_prefs', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  turn: boolean('turn').notNull().default(true),
  tableStart: boolean('table_start').notNull().default(true),
  invitation: boolean('invitation').notNull().default(true),
  payment: boolean('payment').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * The VAPID key pair generated on first use when the server runs on the embedded database and
 * VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY are not set (a development convenience, README.md
 * "Configuration"); one row (id 1). With PostgreSQL the keys come from the environment only and
 * this table stays empty. Keys are base64url: the public key an uncompressed P-256 point (65
 * bytes), the private key its 32-byte scalar.
 */
export const vapidKeys = pgTable(
  'vapid_keys',
  {
    id: smallint('id').primaryKey().default(1),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('vapid_keys_single_row', sql`${t.id} = 1`)],
);

/* ---------------------------------------------------------------------------------------------
 * Post-game analysis, "Análisis" (docs/decisions/029-post-game-analysis.md)
 * ------------------------------------------------------------------------------------------- */

/**
 * One row per (game, seat) whose player asked for its analysis: the job (pending, or running
 * under a lease until `lease_until`, `attempts` claims so far) and the cached result (done: the
 * engine's `MatchReview` as jsonb, `cpu_ms` of the run) or the give-up (failed, `error`).
 */
export const gameAnalyses = pgTable(
  'game_analyses',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => games.id),
    seat: smallint('seat').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    result: jsonb('result'),
    error: text('error'),
    cpuMs: integer('cpu_ms'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.seat] }),
    index('game_analyses_queue_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('pending', 'running')`),
    check(
      'game_analyses_status_check',
      sql`${t.status} in ('pending', 'running', 'done', 'failed')`,
    ),
    check('game_analyses_done_check', sql`(${t.status} = 'done') = (${t.result} is not null)`),
  ],
);

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

/** One rated match's effect on one player: the rating, RD and volatility before and after. */
export const ratingChanges = pgTable(
  'rating_changes',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => games.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    mode: text('mode').$type<'parejas' | 'individual'>().notNull(),
    ratingBefore: doublePrecision('rating_before').notNull(),
    ratingAfter: doublePrecision('rating_after').notNull(),
    rdBefore: doublePrecision('rd_before').notNull(),
    rdAfter: doublePrecision('rd_after').notNull(),
    volatilityBefore: doublePrecision('volatility_before').notNull(),
    volatilityAfter: doublePrecision('volatility_after').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.userId] }),
    index('rating_changes_user_idx').on(t.userId),
    check('rating_changes_mode_check', sql`${t.mode} in ('parejas', 'individual')`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Tournaments (migration 0023; docs/decisions/028-tournaments.md)
// ---------------------------------------------------------------------------------------------

/**
 * A tournament: staff-set format, rules, money (entry per player and house fee, céntimos and basis
 * points), capacity in players, minimum entrants (pairs or players), prize split (bps of the pool
 * after the fee, place 1 first). `payout` keeps the facts of the final transfer.
 */
export const tournaments = pgTable(
  'tournaments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    status: text('status')
      .$type<'scheduled' | 'running' | 'finished' | 'cancelled'>()
      .notNull()
      .default('scheduled'),
    format: text('format').$type<'single_elimination' | 'swiss'>().notNull(),
    rules: jsonb('rules').$type<TableRules>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    entryFeeCents: bigint('entry_fee_cents', { mode: 'number' }).notNull(),
    houseFeeBps: integer('house_fee_bps').notNull(),
    capacity: integer('capacity').notNull(),
    minEntrants: integer('min_entrants').notNull(),
    prizeSplitBps: jsonb('prize_split_bps').$type<number[]>().notNull(),
    swissRounds: integer('swiss_rounds'),
    totalRounds: integer('total_rounds'),
    currentRound: integer('current_round').notNull().default(0),
    drawSeed: text('draw_seed'),
    cancelledReason: text('cancelled_reason'),
    payout: jsonb('payout'),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('tournaments_due_idx')
      .on(t.startsAt)
      .where(sql`${t.status} in ('scheduled', 'running')`),
    check(
      'tournaments_status_check',
      sql`${t.status} in ('scheduled', 'running', 'finished', 'cancelled')`,
    ),
    check('tournaments_format_check', sql`${t.format} in ('single_elimination', 'swiss')`),
    check(
      'tournaments_money_check',
      sql`${t.entryFeeCents} >= 0 and ${t.houseFeeBps} between 0 and 5000`,
    ),
    check('tournaments_capacity_check', sql`${t.capacity} >= 2 and ${t.minEntrants} >= 2`),
  ],
);

/** A competitor, made at the start: a pair (parejas) or a player; `seed` 1 = top. */
export const tournamentEntrants = pgTable(
  'tournament_entrants',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tournamentId: bigint('tournament_id', { mode: 'number' })
      .notNull()
      .references(() => tournaments.id),
    seed: integer('seed').notNull(),
    player1Id: bigint('player1_id', { mode: 'number' }).notNull(),
    player2Id: bigint('player2_id', { mode: 'number' }),
    name: text('name').notNull(),
    eliminated: boolean('eliminated').notNull().default(false),
    place: integer('place'),
    prizeCents: bigint('prize_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [uniqueIndex('tournament_entrants_seed_key').on(t.tournamentId, t.seed)],
);

/**
 * A player's registration and its money: `paid_cents` is in the escrow while `registered`;
 * `registrations` counts (re)registrations and keys their ledger transfers. `partner_user_id`:
 * the partner this player named (parejas); a pair is two rows naming each other.
 */
export const tournamentEntries = pgTable(
  'tournament_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tournamentId: bigint('tournament_id', { mode: 'number' })
      .notNull()
      .references(() => tournaments.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    status: text('status').$type<'registered' | 'refunded'>().notNull(),
    partnerUserId: bigint('partner_user_id', { mode: 'number' }),
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
    registrations: integer('registrations').notNull().default(1),
    entrantId: bigint('entrant_id', { mode: 'number' }),
    prizeCents: bigint('prize_cents', { mode: 'number' }).notNull().default(0),
    registeredAt: timestamp('registered_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    refundedAt: timestamp('refunded_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('tournament_entries_user_key').on(t.tournamentId, t.userId),
    index('tournament_entries_user_idx').on(t.userId),
    check('tournament_entries_status_check', sql`${t.status} in ('registered', 'refunded')`),
    check('tournament_entries_paid_check', sql`${t.paidCents} >= 0 and ${t.prizeCents} >= 0`),
  ],
);

/** One pairing of a round; `entrant_b` null = bye. `ready_at`: when its game was created. */
export const tournamentMatches = pgTable(
  'tournament_matches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tournamentId: bigint('tournament_id', { mode: 'number' })
      .notNull()
      .references(() => tournaments.id),
    round: integer('round').notNull(),
    slot: integer('slot').notNull(),
    entrantA: bigint('entrant_a', { mode: 'number' }),
    entrantB: bigint('entrant_b', { mode: 'number' }),
    status: text('status').$type<'pending' | 'playing' | 'decided'>().notNull().default('pending'),
    result: text('result').$type<'played' | 'forfeit' | 'double_forfeit' | 'bye'>(),
    winner: bigint('winner', { mode: 'number' }),
    tableId: bigint('table_id', { mode: 'number' }),
    gameId: text('game_id').references(() => games.id),
    readyAt: timestamp('ready_at', { withTimezone: true, mode: 'date' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    scoreA: integer('score_a'),
    scoreB: integer('score_b'),
  },
  (t) => [
    uniqueIndex('tournament_matches_slot_key').on(t.tournamentId, t.round, t.slot),
    index('tournament_matches_game_idx').on(t.gameId),
    check('tournament_matches_status_check', sql`${t.status} in ('pending', 'playing', 'decided')`),
    check(
      'tournament_matches_result_check',
      sql`${t.result} is null or ${t.result} in ('played', 'forfeit', 'double_forfeit', 'bye')`,
    ),
  ],
);

// ---------------------------------------------------------------------------------------------
// Quick play "Jugar ahora" (docs/decisions/027-quick-play.md, migration 0022)
// ---------------------------------------------------------------------------------------------

/**
 * Players waiting for the matcher to seat them (modules/quickplay). One `waiting` entry per user
 * (unique partial index); an entry ends `seated` (with the table it formed), `left` (the player
 * cancelled) or `dropped` (the formation found the player could not pay or sit; `message` says
 * why, in Spanish). `rating` is the snapshot taken at enqueue; `entry_cents` the entry price in
 * céntimos; `device_id` and `ip` are the linked-accounts signals of the enqueue request.
 */
export const quickPlayQueue = pgTable(
  'quick_play_queue',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    mode: text('mode').$type<'parejas' | 'individual'>().notNull(),
    entryCents: bigint('entry_cents', { mode: 'number' }).notNull(),
    rating: integer('rating').notNull(),
    deviceId: text('device_id'),
    ip: text('ip'),
    status: text('status')
      .$type<'waiting' | 'seated' | 'left' | 'dropped'>()
      .notNull()
      .default('waiting'),
    tableId: bigint('table_id', { mode: 'number' }).references(() => gameTables.id),
    gameId: text('game_id'),
    message: text('message'),
    queuedAt: timestamp('queued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('quick_play_queue_mode_check', sql`${t.mode} in ('parejas', 'individual')`),
    check('quick_play_queue_entry_check', sql`${t.entryCents} > 0`),
    check(
      'quick_play_queue_status_check',
      sql`${t.status} in ('waiting', 'seated', 'left', 'dropped')`,
    ),
    check(
      'quick_play_queue_seated_check',
      sql`(${t.status} = 'seated') = (${t.tableId} is not null)`,
    ),
    uniqueIndex('quick_play_queue_open_key')
      .on(t.userId)
      .where(sql`${t.status} = 'waiting'`),
    index('quick_play_queue_waiting_idx')
      .on(t.mode, t.entryCents, t.queuedAt)
      .where(sql`${t.status} = 'waiting'`),
    index('quick_play_queue_user_idx').on(t.userId, t.queuedAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// One player, one place at a time (migration 0035, docs/decisions/047-one-place-at-a-time.md)
// ---------------------------------------------------------------------------------------------

/**
 * Where each player is: at most one row per user (the primary key is the rule). Written only by
 * the database's triggers: a `table_seats` row claims `table`, a `waiting` quick-play entry
 * `quick`, a tournament entrant not eliminated `tournament` (until the tournament ends); deleting
 * or ending that row releases it. A claim while the user holds another place raises
 * unique_violation on `player_places_pkey` (modules/places turns it into 409 `place/elsewhere`).
 */
export const playerPlaces = pgTable(
  'player_places',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    kind: text('kind').$type<'table' | 'quick' | 'tournament'>().notNull(),
    tableId: bigint('table_id', { mode: 'number' }).references(() => gameTables.id, {
      onDelete: 'cascade',
    }),
    queueEntryId: bigint('queue_entry_id', { mode: 'number' }).references(() => quickPlayQueue.id, {
      onDelete: 'cascade',
    }),
    tournamentId: bigint('tournament_id', { mode: 'number' }).references(() => tournaments.id, {
      onDelete: 'cascade',
    }),
    since: timestamp('since', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'player_places_kind_check',
      sql`(${t.kind} = 'table' and ${t.tableId} is not null and ${t.queueEntryId} is null and ${t.tournamentId} is null) or (${t.kind} = 'quick' and ${t.queueEntryId} is not null and ${t.tableId} is null and ${t.tournamentId} is null) or (${t.kind} = 'tournament' and ${t.tournamentId} is not null and ${t.tableId} is null and ${t.queueEntryId} is null)`,
    ),
    index('player_places_table_idx')
      .on(t.tableId)
      .where(sql`${t.tableId} is not null`),
    index('player_places_tournament_idx')
      .on(t.tournamentId)
      .where(sql`${t.tournamentId} is not null`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Daily report and BCV reference rate (migration 0029;
// docs/decisions/034-daily-report-and-bcv-rate.md)
// ---------------------------------------------------------------------------------------------

/**
 * The BCV reference rate recorded by staff, one row per Caracas calendar day: bolívares per US
 * dollar × 10 000 (36,5210 -> 365210), an integer, never a float. Shown to players only as the
 * "≈ US$" figure beside the authoritative Bs. balance; every record and correction is audited.
 */
export const bcvRates = pgTable(
  'bcv_rates',
  {
    rateDate: text('rate_date').primaryKey(),
    rateScaled: bigint('rate_scaled', { mode: 'number' }).notNull(),
    recordedBy: bigint('recorded_by', { mode: 'number' }).references(() => users.id),
    ...timestamps,
  },
  (t) => [
    check('bcv_rates_rate_check', sql`${t.rateScaled} > 0 and ${t.rateScaled} < 10000000000`),
    check('bcv_rates_date_check', sql`${t.rateDate} ~ '^\\d{4}-\\d{2}-\\d{2}$'`),
  ],
);

// ---- Responsible gaming (docs/decisions/030-responsible-gaming.md) ----

/**
 * A player's responsible-gaming settings, one row per user (created on first need). The row is
 * also the lock every recharge and paid entry takes (`FOR UPDATE`), so two requests at the edge
 * of a limit are judged one after the other. `reminder_minutes` null = no reminder. A pause is
 * `pause_kind` timeout|exclusion until `pause_until` (null with exclusion = permanent).
 */
export const responsibleSettings = pgTable(
  'responsible_settings',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    reminderMinutes: integer('reminder_minutes'),
    pauseKind: text('pause_kind').$type<'timeout' | 'exclusion'>(),
    pauseStartedAt: timestamp('pause_started_at', { withTimezone: true, mode: 'date' }),
    pauseUntil: timestamp('pause_until', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    check('responsible_settings_reminder_check', sql`${t.reminderMinutes} in (15, 30, 60)`),
    check(
      'responsible_settings_pause_check',
      sql`${t.pauseKind} is null or ${t.pauseKind} in ('timeout', 'exclusion')`,
    ),
  ],
);

/**
 * One limit of a player per (kind deposit|loss, period day|week|month): `amount_cents` in force
 * (null = none) and a pending raise or removal (`pending_at` set; `pending_cents` null = removal)
 * that takes over once `pending_at` has passed.
 */
export const responsibleLimits = pgTable(
  'responsible_limits',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: text('kind').$type<'deposit' | 'loss'>().notNull(),
    period: text('period').$type<'day' | 'week' | 'month'>().notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }),
    pendingCents: bigint('pending_cents', { mode: 'number' }),
    pendingAt: timestamp('pending_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.period] }),
    check('responsible_limits_kind_check', sql`${t.kind} in ('deposit', 'loss')`),
    check('responsible_limits_period_check', sql`${t.period} in ('day', 'week', 'month')`),
    check(
      'responsible_limits_amount_check',
      sql`(${t.amountCents} is null or ${t.amountCents} > 0) and (${t.pendingCents} is null or ${t.pendingCents} > 0)`,
    ),
  ],
);

// ---------------------------------------------------------------------------------------------
// Risk queue: fraud and collusion signals (docs/decisions/032-risk-signals.md,
// migration 0027)
// ---------------------------------------------------------------------------------------------

/**
 * One signal for staff to review (modules/risk/queue.ts). `key` is the signal kind plus the sorted
 * account ids (and the reference for `shared_reference`): a re-run of the scan updates the row's
 * `evidence` and `last_seen_at` instead of adding one. `user_ids` is the jsonb array of the
 * accounts involved; `score` orders the queue (higher first). Status: `open`, `dismissed` (with
 * the staff note) or `actioned` (an action was taken on one of its accounts).
 */
export const riskItems = pgTable(
  'risk_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind')
      .$type<'linked' | 'co_seating' | 'chip_dumping' | 'shared_reference'>()
      .notNull(),
    key: text('key').notNull(),
    userIds: jsonb('user_ids').$type<number[]>().notNull(),
    evidence: jsonb('evidence').$type<Record<string, unknown>>().notNull(),
    score: doublePrecision('score').notNull(),
    /** `merged`: absorbed into the group item `merged_into` (decision 049); never listed. */
    status: text('status')
      .$type<'open' | 'dismissed' | 'actioned' | 'merged'>()
      .notNull()
      .default('open'),
    /**
     * Money at stake of the item's accounts at the last scan, in céntimos: wallets + escrow (seats,
     * tournament entries) + pending withdrawals and recharges (decision 049). The queue's order.
     */
    stakeCents: bigint('stake_cents', { mode: 'number' }).notNull().default(0),
    mergedInto: bigint('merged_into', { mode: 'number' }).references(
      (): AnyPgColumn => riskItems.id,
    ),
    note: text('note'),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    uniqueIndex('risk_items_key').on(t.key),
    index('risk_items_status_idx').on(t.status, t.stakeCents, t.score),
    index('risk_items_user_ids_idx').using('gin', t.userIds),
    check(
      'risk_items_kind_check',
      sql`${t.kind} in ('linked', 'co_seating', 'chip_dumping', 'shared_reference')`,
    ),
    check(
      'risk_items_status_check',
      sql`${t.status} in ('open', 'dismissed', 'actioned', 'merged')`,
    ),
  ],
);

/**
 * The risk scan's claim (docs/decisions/049-risk-scanning-and-groups.md): one row, locked by the
 * node that scans (`FOR UPDATE`; the periodic job uses `SKIP LOCKED` and skips when another node
 * holds it), so two scans never run at once; `last_full_scan_at` makes the periodic full scan run
 * once per interval across all nodes.
 */
export const riskScanState = pgTable(
  'risk_scan_state',
  {
    id: smallint('id').primaryKey().default(1),
    lastFullScanAt: timestamp('last_full_scan_at', { withTimezone: true, mode: 'date' }),
    lastScanAt: timestamp('last_scan_at', { withTimezone: true, mode: 'date' }),
    lastResult: jsonb('last_result').$type<Record<string, unknown>>(),
  },
  (t) => [check('risk_scan_state_one_row', sql`${t.id} = 1`)],
);

/**
 * Staff marks on an account (modules/risk/marks.ts): `flagged` is a visible mark in the console;
 * `withdrawals_held` refuses new withdrawal requests and the payment of pending ones until lifted.
 * One row per account that was ever marked; the reasons are in the audit log.
 */
export const riskAccountMarks = pgTable('risk_account_marks', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  flagged: boolean('flagged').notNull().default(false),
  flagReason: text('flag_reason'),
  withdrawalsHeld: boolean('withdrawals_held').notNull().default(false),
  holdReason: text('hold_reason'),
  updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Bank reconciliation (docs/decisions/033-bank-reconciliation.md, migration 0028)
// ---------------------------------------------------------------------------------------------

/**
 * How staff read one recharge account's bank statements (modules/reconciliation): the header row
 * (1-based), the header text of each column, the date format and the amount format and mode
 * (`signed`: one amount column; `split`: credit and debit columns).
 */
export const reconciliationMappings = pgTable(
  'reconciliation_mappings',
  {
    rechargeAccountId: bigint('recharge_account_id', { mode: 'number' })
      .primaryKey()
      .references(() => rechargeAccounts.id),
    headerRow: integer('header_row').notNull(),
    dateColumn: text('date_column').notNull(),
    dateFormat: text('date_format').notNull(),
    referenceColumn: text('reference_column').notNull(),
    amountMode: text('amount_mode').$type<'signed' | 'split'>().notNull(),
    amountColumn: text('amount_column'),
    creditColumn: text('credit_column'),
    debitColumn: text('debit_column'),
    amountFormat: text('amount_format').$type<'ve' | 'plain'>().notNull(),
    descriptionColumn: text('description_column'),
    updatedBy: bigint('updated_by', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    ...timestamps,
  },
  (t) => [
    check('reconciliation_mappings_header_row_check', sql`${t.headerRow} between 1 and 100`),
    check('reconciliation_mappings_amount_mode_check', sql`${t.amountMode} in ('signed', 'split')`),
    check('reconciliation_mappings_amount_format_check', sql`${t.amountFormat} in ('ve', 'plain')`),
  ],
);

/**
 * One uploaded statement file. The same content (SHA-256 `content_hash`) for the same account is
 * stored once: uploading it again answers the stored statement.
 */
export const bankStatements = pgTable(
  'bank_statements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    rechargeAccountId: bigint('recharge_account_id', { mode: 'number' })
      .notNull()
      .references(() => rechargeAccounts.id),
    contentHash: text('content_hash').notNull(),
    fileName: text('file_name').notNull(),
    kind: text('kind').$type<'csv' | 'xlsx'>().notNull(),
    rejectedRows: jsonb('rejected_rows').$type<{ row: number; message: string }[]>().notNull(),
    ignoredRows: integer('ignored_rows').notNull(),
    uploadedBy: bigint('uploaded_by', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_statements_account_hash_key').on(t.rechargeAccountId, t.contentHash),
    check('bank_statements_kind_check', sql`${t.kind} in ('csv', 'xlsx')`),
  ],
);

/**
 * The credit lines of a statement (`posted_on` is the bank's day, `YYYY-MM-DD`; `amount_cents`
 * positive céntimos). A line that approved a recharge carries it (`recharge_id`); the same bank
 * line (account + day + reference + amount) can approve at most one recharge, whichever statement
 * it came in (partial unique index), and a recharge is approved by at most one line.
 */
export const bankStatementLines = pgTable(
  'bank_statement_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    statementId: bigint('statement_id', { mode: 'number' })
      .notNull()
      .references(() => bankStatements.id),
    rechargeAccountId: bigint('recharge_account_id', { mode: 'number' })
      .notNull()
      .references(() => rechargeAccounts.id),
    rowNumber: integer('row_number').notNull(),
    postedOn: text('posted_on').notNull(),
    reference: text('reference').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    description: text('description'),
    rechargeId: bigint('recharge_id', { mode: 'number' }).references(() => recharges.id),
    approvedBy: bigint('approved_by', { mode: 'number' }).references(() => users.id),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('bank_statement_lines_statement_key').on(
      t.statementId,
      t.postedOn,
      t.reference,
      t.amountCents,
    ),
    uniqueIndex('bank_statement_lines_used_key')
      .on(t.rechargeAccountId, t.postedOn, t.reference, t.amountCents)
      .where(sql`${t.rechargeId} is not null`),
    uniqueIndex('bank_statement_lines_recharge_key')
      .on(t.rechargeId)
      .where(sql`${t.rechargeId} is not null`),
    check('bank_statement_lines_amount_check', sql`${t.amountCents} > 0`),
    check('bank_statement_lines_day_check', sql`${t.postedOn} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Identity verification (docs/decisions/031-identity-verification.md).
// ---------------------------------------------------------------------------------------------

/**
 * The staff's identity setting (one row, id 1): withdrawals above `thresholdCents` need a
 * verified identity; 0 (the default) means every withdrawal, so the first one.
 */
export const identitySettings = pgTable(
  'identity_settings',
  {
    id: smallint('id').primaryKey(),
    thresholdCents: bigint('threshold_cents', { mode: 'number' }).notNull().default(0),
    updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('identity_settings_singleton_check', sql`${t.id} = 1`),
    check('identity_settings_threshold_check', sql`${t.thresholdCents} >= 0`),
  ],
);

/**
 * Identity verification requests: the cédula type and number and the full name the player read
 * off the card, the two images (uploads, purpose 'identity_document' / 'identity_selfie') and the
 * staff decision. At most one pending and one approved request per user (partial unique indexes).
 */
export const identityVerifications = pgTable(
  'identity_verifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    status: text('status')
      .$type<'pendiente' | 'aprobado' | 'rechazado'>()
      .notNull()
      .default('pendiente'),
    typeIdentification: text('type_identification').notNull(),
    nIdentification: text('n_identification').notNull(),
    fullName: text('full_name').notNull(),
    documentUploadId: bigint('document_upload_id', { mode: 'number' })
      .notNull()
      .references(() => uploads.id),
    selfieUploadId: bigint('selfie_upload_id', { mode: 'number' })
      .notNull()
      .references(() => uploads.id),
    reason: text('reason'),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    check(
      'identity_verifications_status_check',
      sql`${t.status} in ('pendiente', 'aprobado', 'rechazado')`,
    ),
    check(
      'identity_verifications_reason_check',
      sql`(${t.status} = 'rechazado') = (${t.reason} is not null)`,
    ),
    uniqueIndex('identity_verifications_pending_key')
      .on(t.userId)
      .where(sql`${t.status} = 'pendiente'`),
    uniqueIndex('identity_verifications_approved_key')
      .on(t.userId)
      .where(sql`${t.status} = 'aprobado'`),
    index('identity_verifications_queue_idx').on(t.status, t.createdAt),
    index('identity_verifications_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Usernames players left (migration 0034, decision 040): held for their former owner until
 * `heldUntil`, so nobody else can pass for them. Append-only.
 */
export const usernameHistory = pgTable(
  'username_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    username: text('username').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }).notNull().defaultNow(),
    heldUntil: timestamp('held_until', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('username_history_lower_idx').on(sql`lower(${t.username})`, t.heldUntil),
    index('username_history_user_idx').on(t.userId, t.releasedAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Bank connectors: configuration and call log (docs/decisions/051-bank-connectors.md).
// ---------------------------------------------------------------------------------------------

/**
 * A recharge account's connection to its bank's API (one per account). `credentialsCiphertext`
 * is sealed by modules/banking/vault.ts (never clear text; null when none were given);
 * `credentialNames` lists which fields it holds, so staff see what is set without the key.
 * The `*Enabled` switches are what staff turned on, each allowed only where the provider can.
 * `notificationToken` is the secret last segment of the URL the bank posts notifications to.
 */
export const bankConnectors = pgTable(
  'bank_connectors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    rechargeAccountId: bigint('recharge_account_id', { mode: 'number' })
      .notNull()
      .references(() => rechargeAccounts.id),
    provider: text('provider').$type<'bdv' | 'mercantil' | 'r4'>().notNull(),
    baseUrl: text('base_url').notNull(),
    credentialsCiphertext: text('credentials_ciphertext'),
    credentialNames: jsonb('credential_names').$type<string[]>().notNull().default([]),
    enabled: boolean('enabled').notNull().default(false),
    verifyEnabled: boolean('verify_enabled').notNull().default(false),
    chargeEnabled: boolean('charge_enabled').notNull().default(false),
    notifyEnabled: boolean('notify_enabled').notNull().default(false),
    payoutEnabled: boolean('payout_enabled').notNull().default(false),
    notificationToken: text('notification_token').notNull(),
    updatedBy: bigint('updated_by', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('bank_connectors_account_key').on(t.rechargeAccountId),
    uniqueIndex('bank_connectors_notification_token_key').on(t.notificationToken),
    check('bank_connectors_provider_check', sql`${t.provider} in ('bdv', 'mercantil', 'r4')`),
    check('bank_connectors_token_check', sql`length(${t.notificationToken}) >= 32`),
  ],
);

/**
 * One HTTP call to a bank (modules/banking/config.ts makeBankHttp), written outside the caller's
 * transaction. `detail` is redacted of every credential value and at most 300 characters;
 * `related_*` names the recharge or withdrawal it was made for. Kept when the connector is
 * removed (`connector_id` becomes null; `recharge_account_id` stays).
 */
export const bankConnectorCalls = pgTable(
  'bank_connector_calls',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    connectorId: bigint('connector_id', { mode: 'number' }).references(() => bankConnectors.id, {
      onDelete: 'set null',
    }),
    rechargeAccountId: bigint('recharge_account_id', { mode: 'number' })
      .notNull()
      .references(() => rechargeAccounts.id),
    operation: text('operation').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    outcome: text('outcome')
      .$type<'ok' | 'not_found' | 'declined' | 'refused' | 'unavailable' | 'error'>()
      .notNull(),
    httpStatus: integer('http_status'),
    detail: text('detail'),
    relatedType: text('related_type').$type<'recharge' | 'withdrawal'>(),
    relatedId: bigint('related_id', { mode: 'number' }),
  },
  (t) => [
    index('bank_connector_calls_connector_idx').on(t.connectorId, t.startedAt),
    index('bank_connector_calls_account_idx').on(t.rechargeAccountId, t.startedAt),
    check(
      'bank_connector_calls_outcome_check',
      sql`${t.outcome} in ('ok', 'not_found', 'declined', 'refused', 'unavailable', 'error')`,
    ),
    check('bank_connector_calls_detail_check', sql`length(${t.detail}) <= 300`),
    check(
      'bank_connector_calls_related_check',
      sql`${t.relatedType} is null or ${t.relatedType} in ('recharge', 'withdrawal')`,
    ),
    check('bank_connector_calls_duration_check', sql`${t.durationMs} >= 0`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Bank connectors: the movements that credit recharges (docs/decisions/051-bank-connectors.md).
// ---------------------------------------------------------------------------------------------

/**
 * One bank movement (a Pago Móvil received or a C2P charge) as a verification, a notification, a
 * statement line, a staff approval or a charge reported it: `day` is the bank's Caracas day
 * (`YYYY-MM-DD`), `amount_cents` positive céntimos. The credit-once key (account, upper(reference),
 * day, amount) makes one movement credit at most one recharge whatever path reports it first;
 * `recharge_id` (unique) is the recharge it credited, null while unclaimed (a notification no
 * pending recharge matched yet).
 */
export const bankMovements = pgTable(
  'bank_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    rechargeAccountId: bigint('recharge_account_id', { mode: 'number' })
      .notNull()
      .references(() => rechargeAccounts.id),
    reference: text('reference').notNull(),
    day: text('day').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    payerPhone: text('payer_phone'),
    payerBankCode: text('payer_bank_code'),
    payerIdentification: text('payer_identification'),
    source: text('source')
      .$type<'verification' | 'notification' | 'statement' | 'manual' | 'c2p'>()
      .notNull(),
    rechargeId: bigint('recharge_id', { mode: 'number' }).references(() => recharges.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_movements_credit_once_key').on(
      t.rechargeAccountId,
      sql`upper(${t.reference})`,
      t.day,
      t.amountCents,
    ),
    uniqueIndex('bank_movements_recharge_key').on(t.rechargeId),
    index('bank_movements_unclaimed_idx')
      .on(t.rechargeAccountId, t.amountCents)
      .where(sql`${t.rechargeId} is null`),
    check('bank_movements_amount_check', sql`${t.amountCents} > 0`),
    check('bank_movements_day_check', sql`${t.day} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
    check(
      'bank_movements_source_check',
      sql`${t.source} in ('verification', 'notification', 'statement', 'manual', 'c2p')`,
    ),
  ],
);
export * from '../modules/puzzles/schema';
