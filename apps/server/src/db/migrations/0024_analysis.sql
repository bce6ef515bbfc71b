-- Post-game analysis (docs/decisions/029-post-game-analysis.md): one row per (game, seat) that
-- its player asked to analyse. The row is both the job (status pending/running, claimed with
-- FOR UPDATE SKIP LOCKED under a lease, retried when the lease runs out) and the cached result
-- (status done, the review as jsonb).
CREATE TABLE "game_analyses" (
	"game_id" text NOT NULL,
	"seat" smallint NOT NULL,
	"user_id" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"result" jsonb,
	"error" text,
	"cpu_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "game_analyses_game_id_seat_pk" PRIMARY KEY("game_id","seat"),
	CONSTRAINT "game_analyses_status_check" CHECK ("game_analyses"."status" in ('pending', 'running', 'done', 'failed')),
	CONSTRAINT "game_analyses_done_check" CHECK (("game_analyses"."status" = 'done') = ("game_analyses"."result" is not null))
);--> statement-breakpoint
ALTER TABLE "game_analyses" ADD CONSTRAINT "game_analyses_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_analyses" ADD CONSTRAINT "game_analyses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_analyses_queue_idx" ON "game_analyses" USING btree ("created_at") WHERE "game_analyses"."status" in ('pending', 'running');
