ALTER TABLE "game_players" ADD COLUMN "result" text;--> statement-breakpoint
ALTER TABLE "game_players" ADD COLUMN "payout_cents" bigint;--> statement-breakpoint
ALTER TABLE "game_tables" ADD COLUMN "round" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "game_tables" ADD COLUMN "round_server_seed" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "round" integer;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "entry_cents" bigint;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "meta" jsonb;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "settlement" jsonb;--> statement-breakpoint
ALTER TABLE "table_seats" ADD COLUMN "client_seed" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "games_one_live_match_per_table" ON "games" USING btree ("table_id") WHERE "games"."status" = 'playing' and "games"."kind" = 'table';