-- Bank connectors (docs/decisions/051-bank-connectors.md "Configuration and secrets"): one per
-- recharge account, with its provider, base URL, sealed credentials (AES-256-GCM, never in clear),
-- the capabilities staff turned on and the secret token of its notification URL; and one row per
-- call made to a bank, kept when the connector is removed (connector_id set null).
CREATE TABLE "bank_connectors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"recharge_account_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"base_url" text NOT NULL,
	"credentials_ciphertext" text,
	"credential_names" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"verify_enabled" boolean DEFAULT false NOT NULL,
	"charge_enabled" boolean DEFAULT false NOT NULL,
	"notify_enabled" boolean DEFAULT false NOT NULL,
	"payout_enabled" boolean DEFAULT false NOT NULL,
	"notification_token" text NOT NULL,
	"updated_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_connectors_provider_check" CHECK ("bank_connectors"."provider" in ('bdv', 'mercantil', 'r4')),
	CONSTRAINT "bank_connectors_token_check" CHECK (length("bank_connectors"."notification_token") >= 32)
);--> statement-breakpoint
CREATE TABLE "bank_connector_calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"connector_id" bigint,
	"recharge_account_id" bigint NOT NULL,
	"operation" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"outcome" text NOT NULL,
	"http_status" integer,
	"detail" text,
	"related_type" text,
	"related_id" bigint,
	CONSTRAINT "bank_connector_calls_outcome_check" CHECK ("bank_connector_calls"."outcome" in ('ok', 'not_found', 'declined', 'refused', 'unavailable', 'error')),
	CONSTRAINT "bank_connector_calls_detail_check" CHECK (length("bank_connector_calls"."detail") <= 300),
	CONSTRAINT "bank_connector_calls_related_check" CHECK ("bank_connector_calls"."related_type" is null or "bank_connector_calls"."related_type" in ('recharge', 'withdrawal')),
	CONSTRAINT "bank_connector_calls_duration_check" CHECK ("bank_connector_calls"."duration_ms" >= 0)
);--> statement-breakpoint
ALTER TABLE "bank_connectors" ADD CONSTRAINT "bank_connectors_recharge_account_id_recharge_accounts_id_fk" FOREIGN KEY ("recharge_account_id") REFERENCES "public"."recharge_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_connectors" ADD CONSTRAINT "bank_connectors_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_connector_calls" ADD CONSTRAINT "bank_connector_calls_connector_id_bank_connectors_id_fk" FOREIGN KEY ("connector_id") REFERENCES "public"."bank_connectors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_connector_calls" ADD CONSTRAINT "bank_connector_calls_recharge_account_id_recharge_accounts_id_fk" FOREIGN KEY ("recharge_account_id") REFERENCES "public"."recharge_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_connectors_account_key" ON "bank_connectors" USING btree ("recharge_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_connectors_notification_token_key" ON "bank_connectors" USING btree ("notification_token");--> statement-breakpoint
CREATE INDEX "bank_connector_calls_connector_idx" ON "bank_connector_calls" USING btree ("connector_id","started_at");--> statement-breakpoint
CREATE INDEX "bank_connector_calls_account_idx" ON "bank_connector_calls" USING btree ("recharge_account_id","started_at");
