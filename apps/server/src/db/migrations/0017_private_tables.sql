-- Private tables by invitation and the rematch window (docs/decisions/021-private-tables.md).
-- A private table has a host, a 6-character invitation code, an expiry while it waits, and may be
-- free ("amistosa", entry 0). Public tables keep an entry above 0. `closed_reason` says why a
-- table stopped taking players. The rematch window lists the seats of the match just settled and
-- when the window ends: while it is open only those players may sit, each at their own seat.
ALTER TABLE "game_tables" ADD COLUMN "visibility" text DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE "game_tables" ADD COLUMN "host_user_id" bigint;--> statement-breakpoint
ALTER TABLE "game_tables" ADD COLUMN "invite_code" text;--> statement-breakpoint
ALTER TABLE "game_tables" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "game_tables" ADD COLUMN "allow_spectators" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "game_tables" ADD COLUMN "closed_reason" text;--> statement-breakpoint
ALTER TABLE "game_tables" ADD COLUMN "rematch_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "game_tables" ADD COLUMN "rematch_seats" jsonb;--> statement-breakpoint
ALTER TABLE "game_tables" ADD CONSTRAINT "game_tables_host_user_id_users_id_fk" FOREIGN KEY ("host_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_tables" DROP CONSTRAINT "game_tables_entry_price_check";--> statement-breakpoint
ALTER TABLE "game_tables" ADD CONSTRAINT "game_tables_entry_price_check" CHECK ("game_tables"."entry_price_cents" > 0 or ("game_tables"."visibility" = 'private' and "game_tables"."entry_price_cents" = 0));--> statement-breakpoint
ALTER TABLE "game_tables" ADD CONSTRAINT "game_tables_visibility_check" CHECK ("game_tables"."visibility" in ('public', 'private') and (("game_tables"."visibility" = 'private') = ("game_tables"."host_user_id" is not null and "game_tables"."invite_code" is not null)));--> statement-breakpoint
ALTER TABLE "game_tables" ADD CONSTRAINT "game_tables_closed_reason_check" CHECK ("game_tables"."closed_reason" is null or "game_tables"."closed_reason" in ('staff', 'host', 'expired', 'finished'));--> statement-breakpoint
CREATE UNIQUE INDEX "game_tables_invite_code_key" ON "game_tables" USING btree ("invite_code") WHERE "game_tables"."invite_code" is not null;--> statement-breakpoint
CREATE INDEX "game_tables_expires_idx" ON "game_tables" USING btree ("expires_at") WHERE "game_tables"."status" = 'open' and "game_tables"."visibility" = 'private';--> statement-breakpoint
CREATE INDEX "game_tables_rematch_idx" ON "game_tables" USING btree ("rematch_until") WHERE "game_tables"."rematch_until" is not null;--> statement-breakpoint
ALTER TABLE "table_seats" DROP CONSTRAINT "table_seats_entry_check";--> statement-breakpoint
ALTER TABLE "table_seats" ADD CONSTRAINT "table_seats_entry_check" CHECK ("table_seats"."entry_cents" >= 0);--> statement-breakpoint
CREATE TABLE "private_table_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"entry_prices_cents" jsonb DEFAULT '[0, 10000, 50000, 100000]'::jsonb NOT NULL,
	"allowed_rules" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expiry_minutes" integer DEFAULT 30 NOT NULL,
	"house_fee_bps" integer DEFAULT 800 NOT NULL,
	"pot_share_bps" integer DEFAULT 200 NOT NULL,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "private_table_settings_single_row" CHECK ("private_table_settings"."id" = 1),
	CONSTRAINT "private_table_settings_expiry_check" CHECK ("private_table_settings"."expiry_minutes" between 5 and 1440),
	CONSTRAINT "private_table_settings_fees_check" CHECK ("private_table_settings"."house_fee_bps" >= 0 and "private_table_settings"."pot_share_bps" >= 0 and "private_table_settings"."house_fee_bps" + "private_table_settings"."pot_share_bps" < 10000)
);--> statement-breakpoint
ALTER TABLE "private_table_settings" ADD CONSTRAINT "private_table_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "private_table_settings" ("id") VALUES (1);
