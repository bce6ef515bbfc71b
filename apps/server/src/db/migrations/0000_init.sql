CREATE TABLE "accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"owner_user_id" bigint,
	"ref" text,
	"balance_cents" bigint DEFAULT 0 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"allow_negative" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_non_negative" CHECK ("accounts"."allow_negative" or "accounts"."balance_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "auth_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"remember" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "banks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'activo' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_tables" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"image" text,
	"entry_price_cents" bigint NOT NULL,
	"max_players" smallint DEFAULT 4 NOT NULL,
	"mode" text DEFAULT 'parejas' NOT NULL,
	"target_points" smallint DEFAULT 100 NOT NULL,
	"turn_seconds" smallint DEFAULT 20 NOT NULL,
	"house_fee_bps" integer DEFAULT 800 NOT NULL,
	"pot_share_bps" integer DEFAULT 200 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_tables_entry_price_check" CHECK ("game_tables"."entry_price_cents" > 0),
	CONSTRAINT "game_tables_max_players_check" CHECK ("game_tables"."max_players" between 2 and 4),
	CONSTRAINT "game_tables_status_check" CHECK ("game_tables"."status" in ('open', 'closed')),
	CONSTRAINT "game_tables_mode_check" CHECK ("game_tables"."mode" in ('parejas', 'individual')),
	CONSTRAINT "game_tables_fees_check" CHECK ("game_tables"."house_fee_bps" >= 0 and "game_tables"."pot_share_bps" >= 0 and "game_tables"."house_fee_bps" + "game_tables"."pot_share_bps" < 10000)
);
--> statement-breakpoint
CREATE TABLE "recharge_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bank_id" bigint NOT NULL,
	"account_number" text NOT NULL,
	"holder_name" text NOT NULL,
	"type_identification" text NOT NULL,
	"n_identification" text NOT NULL,
	"phone" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "table_seats" (
	"table_id" bigint NOT NULL,
	"seat" smallint NOT NULL,
	"user_id" bigint NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "table_seats_table_id_seat_pk" PRIMARY KEY("table_id","seat")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"username" text NOT NULL,
	"type_identification" text NOT NULL,
	"n_identification" text NOT NULL,
	"phone" text NOT NULL,
	"password_hash" text NOT NULL,
	"rol" text DEFAULT 'jugador' NOT NULL,
	"status" text DEFAULT 'activo' NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_rol_check" CHECK ("users"."rol" in ('jugador', 'admin')),
	CONSTRAINT "users_status_check" CHECK ("users"."status" in ('activo', 'suspendido')),
	CONSTRAINT "users_type_identification_check" CHECK ("users"."type_identification" in ('V', 'E'))
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_accounts" ADD CONSTRAINT "recharge_accounts_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_seats" ADD CONSTRAINT "table_seats_table_id_game_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."game_tables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_seats" ADD CONSTRAINT "table_seats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_kind_owner_ref_key" ON "accounts" USING btree ("kind",coalesce("owner_user_id", 0),coalesce("ref", ''));--> statement-breakpoint
CREATE UNIQUE INDEX "auth_tokens_hash_key" ON "auth_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "auth_tokens_user_idx" ON "auth_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "banks_code_key" ON "banks" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "table_seats_user_key" ON "table_seats" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "users_identity_key" ON "users" USING btree ("type_identification","n_identification");--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_key" ON "users" USING btree ("phone");