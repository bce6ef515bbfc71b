-- Tournaments (issue 14; docs/decisions/028-tournaments.md): staff schedule a tournament; players
-- register (entry into the tournament's escrow) and unregister before the start; the director
-- (modules/tournaments/director.ts) pairs rounds, creates one hidden table and game per match,
-- forfeits no-shows, and pays the prizes in one ledger transaction at the end.
CREATE TABLE "tournaments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"format" text NOT NULL,
	"rules" jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"entry_fee_cents" bigint NOT NULL,
	"house_fee_bps" integer NOT NULL,
	"capacity" integer NOT NULL,
	"min_entrants" integer NOT NULL,
	"prize_split_bps" jsonb NOT NULL,
	"swiss_rounds" integer,
	"total_rounds" integer,
	"current_round" integer DEFAULT 0 NOT NULL,
	"draw_seed" text,
	"cancelled_reason" text,
	"payout" jsonb,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "tournaments_status_check" CHECK ("tournaments"."status" in ('scheduled', 'running', 'finished', 'cancelled')),
	CONSTRAINT "tournaments_format_check" CHECK ("tournaments"."format" in ('single_elimination', 'swiss')),
	CONSTRAINT "tournaments_money_check" CHECK ("tournaments"."entry_fee_cents" >= 0 and "tournaments"."house_fee_bps" between 0 and 5000),
	CONSTRAINT "tournaments_capacity_check" CHECK ("tournaments"."capacity" >= 2 and "tournaments"."min_entrants" >= 2)
);--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tournaments_due_idx" ON "tournaments" USING btree ("starts_at") WHERE "tournaments"."status" in ('scheduled', 'running');--> statement-breakpoint
CREATE TABLE "tournament_entrants" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tournament_id" bigint NOT NULL,
	"seed" integer NOT NULL,
	"player1_id" bigint NOT NULL,
	"player2_id" bigint,
	"name" text NOT NULL,
	"eliminated" boolean DEFAULT false NOT NULL,
	"place" integer,
	"prize_cents" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
ALTER TABLE "tournament_entrants" ADD CONSTRAINT "tournament_entrants_tournament_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_entrants_seed_key" ON "tournament_entrants" USING btree ("tournament_id","seed");--> statement-breakpoint
CREATE TABLE "tournament_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tournament_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"status" text NOT NULL,
	"partner_user_id" bigint,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"registrations" integer DEFAULT 1 NOT NULL,
	"entrant_id" bigint,
	"prize_cents" bigint DEFAULT 0 NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "tournament_entries_status_check" CHECK ("tournament_entries"."status" in ('registered', 'refunded')),
	CONSTRAINT "tournament_entries_paid_check" CHECK ("tournament_entries"."paid_cents" >= 0 and "tournament_entries"."prize_cents" >= 0)
);--> statement-breakpoint
ALTER TABLE "tournament_entries" ADD CONSTRAINT "tournament_entries_tournament_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_entries" ADD CONSTRAINT "tournament_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_entries_user_key" ON "tournament_entries" USING btree ("tournament_id","user_id");--> statement-breakpoint
CREATE INDEX "tournament_entries_user_idx" ON "tournament_entries" USING btree ("user_id");--> statement-breakpoint
CREATE TABLE "tournament_matches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tournament_id" bigint NOT NULL,
	"round" integer NOT NULL,
	"slot" integer NOT NULL,
	"entrant_a" bigint,
	"entrant_b" bigint,
	"status" text DEFAULT 'pending' NOT NULL,
	"result" text,
	"winner" bigint,
	"table_id" bigint,
	"game_id" text,
	"ready_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"score_a" integer,
	"score_b" integer,
	CONSTRAINT "tournament_matches_status_check" CHECK ("tournament_matches"."status" in ('pending', 'playing', 'decided')),
	CONSTRAINT "tournament_matches_result_check" CHECK ("tournament_matches"."result" is null or "tournament_matches"."result" in ('played', 'forfeit', 'double_forfeit', 'bye'))
);--> statement-breakpoint
ALTER TABLE "tournament_matches" ADD CONSTRAINT "tournament_matches_tournament_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_matches" ADD CONSTRAINT "tournament_matches_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_matches_slot_key" ON "tournament_matches" USING btree ("tournament_id","round","slot");--> statement-breakpoint
CREATE INDEX "tournament_matches_game_idx" ON "tournament_matches" USING btree ("game_id");--> statement-breakpoint
-- A tournament match is played at a hidden table of its own: visibility 'tournament', entry 0
-- (the visibility check keeps 0022's 'quick' too)
-- (the money is in the tournament's escrow), never listed and never joinable.
ALTER TABLE "game_tables" DROP CONSTRAINT "game_tables_entry_price_check";--> statement-breakpoint
ALTER TABLE "game_tables" ADD CONSTRAINT "game_tables_entry_price_check" CHECK ("game_tables"."entry_price_cents" > 0 or ("game_tables"."visibility" in ('private', 'tournament') and "game_tables"."entry_price_cents" = 0));--> statement-breakpoint
ALTER TABLE "game_tables" DROP CONSTRAINT "game_tables_visibility_check";--> statement-breakpoint
ALTER TABLE "game_tables" ADD CONSTRAINT "game_tables_visibility_check" CHECK ("game_tables"."visibility" in ('public', 'private', 'quick', 'tournament') and (("game_tables"."visibility" = 'private') = ("game_tables"."host_user_id" is not null and "game_tables"."invite_code" is not null)));
