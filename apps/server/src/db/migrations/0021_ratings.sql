-- Ratings (issue 14; docs/decisions/026-ratings-and-leaderboards.md). Glicko-2 per player and mode
-- (parejas, individual). `player_ratings` holds the current rating; `rating_changes` one row per
-- rated match and player (before/after), written in the final move's transaction. Both can be
-- rebuilt from the finished rated matches (modules/ratings/rebuild.ts).
CREATE TABLE "player_ratings" (
	"user_id" bigint NOT NULL,
	"mode" text NOT NULL,
	"rating" double precision NOT NULL,
	"rd" double precision NOT NULL,
	"volatility" double precision NOT NULL,
	"games" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_ratings_user_id_mode_pk" PRIMARY KEY("user_id","mode"),
	CONSTRAINT "player_ratings_mode_check" CHECK ("player_ratings"."mode" in ('parejas', 'individual')),
	CONSTRAINT "player_ratings_games_check" CHECK ("player_ratings"."games" >= 0)
);--> statement-breakpoint
CREATE TABLE "rating_changes" (
	"game_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"mode" text NOT NULL,
	"rating_before" double precision NOT NULL,
	"rating_after" double precision NOT NULL,
	"rd_before" double precision NOT NULL,
	"rd_after" double precision NOT NULL,
	"volatility_before" double precision NOT NULL,
	"volatility_after" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rating_changes_game_id_user_id_pk" PRIMARY KEY("game_id","user_id"),
	CONSTRAINT "rating_changes_mode_check" CHECK ("rating_changes"."mode" in ('parejas', 'individual'))
);--> statement-breakpoint
ALTER TABLE "player_ratings" ADD CONSTRAINT "player_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_changes" ADD CONSTRAINT "rating_changes_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_changes" ADD CONSTRAINT "rating_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_ratings_ladder_idx" ON "player_ratings" USING btree ("mode","rating");--> statement-breakpoint
CREATE INDEX "rating_changes_user_idx" ON "rating_changes" USING btree ("user_id");
