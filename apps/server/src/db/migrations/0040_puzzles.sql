-- "Problema del día" (docs/decisions/060-puzzles.md): the pool of verified puzzles (the seat's
-- view only, its answer and the moves' values), the daily puzzle of each Caracas day, every
-- player's answers and streak, and which finished analyses the miner has read.
CREATE TABLE "puzzle_attempts" (
	"user_id" bigint NOT NULL,
	"puzzle_id" text NOT NULL,
	"day" text,
	"first_correct" boolean NOT NULL,
	"first_answer" jsonb NOT NULL,
	"solved" boolean NOT NULL,
	"tries" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "puzzle_attempts_user_id_puzzle_id_pk" PRIMARY KEY("user_id","puzzle_id")
);
--> statement-breakpoint
CREATE TABLE "puzzle_days" (
	"day" text PRIMARY KEY NOT NULL,
	"puzzle_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "puzzle_days_day_check" CHECK ("puzzle_days"."day" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$')
);
--> statement-breakpoint
CREATE TABLE "puzzle_mined_analyses" (
	"game_id" text NOT NULL,
	"seat" smallint NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"candidates" integer DEFAULT 0 NOT NULL,
	"verified" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "puzzle_mined_analyses_game_id_seat_pk" PRIMARY KEY("game_id","seat"),
	CONSTRAINT "puzzle_mined_status_check" CHECK ("puzzle_mined_analyses"."status" in ('running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "puzzle_streaks" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"current" integer DEFAULT 0 NOT NULL,
	"best" integer DEFAULT 0 NOT NULL,
	"last_day" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "puzzle_streaks_count_check" CHECK ("puzzle_streaks"."current" >= 0 and "puzzle_streaks"."best" >= "puzzle_streaks"."current")
);
--> statement-breakpoint
CREATE TABLE "puzzles" (
	"id" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"game_id" text,
	"difficulty" text NOT NULL,
	"position" jsonb NOT NULL,
	"best" jsonb NOT NULL,
	"values" jsonb NOT NULL,
	"margin" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "puzzles_source_check" CHECK ("puzzles"."source" in ('selfplay', 'match')),
	CONSTRAINT "puzzles_difficulty_check" CHECK ("puzzles"."difficulty" in ('facil', 'media', 'dificil')),
	CONSTRAINT "puzzles_id_check" CHECK ("puzzles"."id" ~ '^[0-9a-f]{16}$')
);
--> statement-breakpoint
ALTER TABLE "puzzle_attempts" ADD CONSTRAINT "puzzle_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "puzzle_attempts" ADD CONSTRAINT "puzzle_attempts_puzzle_id_puzzles_id_fk" FOREIGN KEY ("puzzle_id") REFERENCES "public"."puzzles"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "puzzle_days" ADD CONSTRAINT "puzzle_days_puzzle_id_puzzles_id_fk" FOREIGN KEY ("puzzle_id") REFERENCES "public"."puzzles"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "puzzle_mined_analyses" ADD CONSTRAINT "puzzle_mined_analyses_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "puzzle_streaks" ADD CONSTRAINT "puzzle_streaks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "puzzles" ADD CONSTRAINT "puzzles_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "puzzle_attempts_day_idx" ON "puzzle_attempts" USING btree ("user_id","day");
--> statement-breakpoint
CREATE INDEX "puzzles_difficulty_idx" ON "puzzles" USING btree ("difficulty","id");
