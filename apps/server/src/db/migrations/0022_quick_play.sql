-- Quick play "Jugar ahora" (docs/decisions/027-quick-play.md). Players wait in `quick_play_queue`
-- (one open entry per user) for the matcher to form a table of similar ratings; the table it forms
-- has visibility 'quick' (never listed, no host, no code). `auth_tokens.device_id` records the
-- web app's device id (header X-Device-Id) with each session, a signal of linked accounts.
ALTER TABLE "game_tables" DROP CONSTRAINT "game_tables_visibility_check";--> statement-breakpoint
ALTER TABLE "game_tables" ADD CONSTRAINT "game_tables_visibility_check" CHECK ("game_tables"."visibility" in ('public', 'private', 'quick') and (("game_tables"."visibility" = 'private') = ("game_tables"."host_user_id" is not null and "game_tables"."invite_code" is not null)));--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN "device_id" text;--> statement-breakpoint
CREATE INDEX "auth_tokens_device_idx" ON "auth_tokens" USING btree ("device_id") WHERE "auth_tokens"."device_id" is not null;--> statement-breakpoint
CREATE INDEX "auth_tokens_ip_idx" ON "auth_tokens" USING btree ("ip", "created_at") WHERE "auth_tokens"."ip" is not null;--> statement-breakpoint
CREATE INDEX "withdrawals_payout_phone_idx" ON "withdrawals" USING btree ("payout_phone");--> statement-breakpoint
CREATE INDEX "user_bank_accounts_account_idx" ON "user_bank_accounts" USING btree ("account_number");--> statement-breakpoint
CREATE TABLE "quick_play_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"mode" text NOT NULL,
	"entry_cents" bigint NOT NULL,
	"rating" integer NOT NULL,
	"device_id" text,
	"ip" text,
	"status" text DEFAULT 'waiting' NOT NULL,
	"table_id" bigint,
	"game_id" text,
	"message" text,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "quick_play_queue_mode_check" CHECK ("quick_play_queue"."mode" in ('parejas', 'individual')),
	CONSTRAINT "quick_play_queue_entry_check" CHECK ("quick_play_queue"."entry_cents" > 0),
	CONSTRAINT "quick_play_queue_status_check" CHECK ("quick_play_queue"."status" in ('waiting', 'seated', 'left', 'dropped')),
	CONSTRAINT "quick_play_queue_seated_check" CHECK (("quick_play_queue"."status" = 'seated') = ("quick_play_queue"."table_id" is not null))
);--> statement-breakpoint
ALTER TABLE "quick_play_queue" ADD CONSTRAINT "quick_play_queue_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quick_play_queue" ADD CONSTRAINT "quick_play_queue_table_id_game_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."game_tables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quick_play_queue_open_key" ON "quick_play_queue" USING btree ("user_id") WHERE "quick_play_queue"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "quick_play_queue_waiting_idx" ON "quick_play_queue" USING btree ("mode", "entry_cents", "queued_at") WHERE "quick_play_queue"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "quick_play_queue_user_idx" ON "quick_play_queue" USING btree ("user_id", "queued_at");
