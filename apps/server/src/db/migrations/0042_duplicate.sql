-- Duplicate domino (docs/decisions/062-duplicate-domino.md): a duplicate set, two hidden parejas
-- tables whose games deal from the same committed seeds, `boards` hands each.
CREATE TABLE "duplicate_sets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"boards" integer NOT NULL,
	"rules" jsonb NOT NULL,
	"commitment" text NOT NULL,
	"table1_id" bigint NOT NULL,
	"table2_id" bigint NOT NULL,
	"game1_id" text NOT NULL,
	"game2_id" text NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duplicate_sets_boards_check" CHECK ("duplicate_sets"."boards" between 1 and 32),
	CONSTRAINT "duplicate_sets_games_check" CHECK ("duplicate_sets"."game1_id" <> "duplicate_sets"."game2_id")
);
--> statement-breakpoint
ALTER TABLE "duplicate_sets" ADD CONSTRAINT "duplicate_sets_table1_id_game_tables_id_fk" FOREIGN KEY ("table1_id") REFERENCES "public"."game_tables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_sets" ADD CONSTRAINT "duplicate_sets_table2_id_game_tables_id_fk" FOREIGN KEY ("table2_id") REFERENCES "public"."game_tables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_sets" ADD CONSTRAINT "duplicate_sets_game1_id_games_id_fk" FOREIGN KEY ("game1_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_sets" ADD CONSTRAINT "duplicate_sets_game2_id_games_id_fk" FOREIGN KEY ("game2_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_sets" ADD CONSTRAINT "duplicate_sets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "duplicate_sets_game1_idx" ON "duplicate_sets" USING btree ("game1_id");--> statement-breakpoint
CREATE INDEX "duplicate_sets_game2_idx" ON "duplicate_sets" USING btree ("game2_id");
