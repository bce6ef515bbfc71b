-- Table talk (docs/decisions/023-table-talk.md): messages said at a table (reactions and quick
-- phrases by id, free text at private tables outside a match), per-player mutes, reports that
-- keep a copy of the conversation for staff, and chat bans given from a report.
CREATE TABLE "table_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"table_id" bigint NOT NULL,
	"round" integer NOT NULL,
	"game_id" text,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"ref" text,
	"body" text NOT NULL,
	"flagged" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "table_messages_kind_check" CHECK ("table_messages"."kind" in ('reaction', 'phrase', 'text')),
	CONSTRAINT "table_messages_ref_check" CHECK (("table_messages"."kind" = 'text') = ("table_messages"."ref" is null)),
	CONSTRAINT "table_messages_body_check" CHECK (char_length("table_messages"."body") between 1 and 200)
);--> statement-breakpoint
ALTER TABLE "table_messages" ADD CONSTRAINT "table_messages_table_id_game_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."game_tables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_messages" ADD CONSTRAINT "table_messages_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_messages" ADD CONSTRAINT "table_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "table_messages_table_idx" ON "table_messages" USING btree ("table_id","round","id");--> statement-breakpoint
CREATE INDEX "table_messages_user_idx" ON "table_messages" USING btree ("user_id","table_id","round");--> statement-breakpoint
CREATE TABLE "talk_mutes" (
	"user_id" bigint NOT NULL,
	"muted_user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "talk_mutes_user_id_muted_user_id_pk" PRIMARY KEY("user_id","muted_user_id"),
	CONSTRAINT "talk_mutes_not_self" CHECK ("talk_mutes"."user_id" <> "talk_mutes"."muted_user_id")
);--> statement-breakpoint
ALTER TABLE "talk_mutes" ADD CONSTRAINT "talk_mutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talk_mutes" ADD CONSTRAINT "talk_mutes_muted_user_id_users_id_fk" FOREIGN KEY ("muted_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "talk_mutes_muted_idx" ON "talk_mutes" USING btree ("muted_user_id");--> statement-breakpoint
CREATE TABLE "talk_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"table_id" bigint NOT NULL,
	"round" integer NOT NULL,
	"reporter_user_id" bigint NOT NULL,
	"reported_user_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"transcript" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_by" bigint,
	"resolved_at" timestamp with time zone,
	"resolution" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "talk_reports_status_check" CHECK ("talk_reports"."status" in ('open', 'dismissed', 'banned')),
	CONSTRAINT "talk_reports_reason_check" CHECK ("talk_reports"."reason" in ('insultos', 'trampa', 'spam', 'otro')),
	CONSTRAINT "talk_reports_not_self" CHECK ("talk_reports"."reporter_user_id" <> "talk_reports"."reported_user_id")
);--> statement-breakpoint
ALTER TABLE "talk_reports" ADD CONSTRAINT "talk_reports_table_id_game_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."game_tables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talk_reports" ADD CONSTRAINT "talk_reports_reporter_user_id_users_id_fk" FOREIGN KEY ("reporter_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talk_reports" ADD CONSTRAINT "talk_reports_reported_user_id_users_id_fk" FOREIGN KEY ("reported_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talk_reports" ADD CONSTRAINT "talk_reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "talk_reports_status_idx" ON "talk_reports" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "talk_reports_open_once" ON "talk_reports" USING btree ("reporter_user_id","reported_user_id","table_id","round") WHERE "talk_reports"."status" = 'open';--> statement-breakpoint
CREATE TABLE "talk_bans" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"banned_until" timestamp with time zone NOT NULL,
	"report_id" bigint,
	"created_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "talk_bans" ADD CONSTRAINT "talk_bans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talk_bans" ADD CONSTRAINT "talk_bans_report_id_talk_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."talk_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talk_bans" ADD CONSTRAINT "talk_bans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
