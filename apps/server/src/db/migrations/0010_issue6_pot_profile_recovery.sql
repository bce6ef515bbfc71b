CREATE TABLE "monthly_pots" (
	"month" text PRIMARY KEY NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"shares_bps" jsonb DEFAULT '[5000,3000,2000]'::jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monthly_pots_status_check" CHECK ("monthly_pots"."status" in ('open', 'paid', 'carried'))
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"requested_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pot_payouts" (
	"month" text NOT NULL,
	"position" smallint NOT NULL,
	"user_id" bigint NOT NULL,
	"points" integer NOT NULL,
	"matches_won" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"ledger_transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pot_payouts_month_position_pk" PRIMARY KEY("month","position")
);
--> statement-breakpoint
CREATE TABLE "pot_points" (
	"game_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"month" text NOT NULL,
	"points" integer NOT NULL,
	"won" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pot_points_game_id_user_id_pk" PRIMARY KEY("game_id","user_id"),
	CONSTRAINT "pot_points_points_check" CHECK ("pot_points"."points" >= 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "avatar_upload_id" bigint;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pot_payouts" ADD CONSTRAINT "pot_payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pot_payouts" ADD CONSTRAINT "pot_payouts_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pot_points" ADD CONSTRAINT "pot_points_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pot_points" ADD CONSTRAINT "pot_points_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_tokens_hash_key" ON "password_reset_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "pot_payouts_user_idx" ON "pot_payouts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pot_points_month_idx" ON "pot_points" USING btree ("month","user_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_avatar_upload_id_uploads_id_fk" FOREIGN KEY ("avatar_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;