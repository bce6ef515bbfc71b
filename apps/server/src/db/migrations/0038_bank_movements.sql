-- Bank movements and the automatic recharge flows (docs/decisions/051-bank-connectors.flows.md):
-- every bank movement that credits (or may credit) a recharge is stored once per account,
-- reference (case-insensitive), day and amount: the credit-once key every path shares (a staff
-- approval, a statement line, a verification, a notification, a C2P charge).
CREATE TABLE "bank_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"recharge_account_id" bigint NOT NULL,
	"reference" text NOT NULL,
	"day" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"payer_phone" text,
	"payer_bank_code" text,
	"payer_identification" text,
	"source" text NOT NULL,
	"recharge_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_movements_amount_check" CHECK ("bank_movements"."amount_cents" > 0),
	CONSTRAINT "bank_movements_day_check" CHECK ("bank_movements"."day" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
	CONSTRAINT "bank_movements_source_check" CHECK ("bank_movements"."source" in ('verification', 'notification', 'statement', 'manual', 'c2p'))
);--> statement-breakpoint
ALTER TABLE "bank_movements" ADD CONSTRAINT "bank_movements_recharge_account_id_recharge_accounts_id_fk" FOREIGN KEY ("recharge_account_id") REFERENCES "public"."recharge_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_movements" ADD CONSTRAINT "bank_movements_recharge_id_recharges_id_fk" FOREIGN KEY ("recharge_id") REFERENCES "public"."recharges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_movements_credit_once_key" ON "bank_movements" USING btree ("recharge_account_id",upper("reference"),"day","amount_cents");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_movements_recharge_key" ON "bank_movements" USING btree ("recharge_id");--> statement-breakpoint
CREATE INDEX "bank_movements_unclaimed_idx" ON "bank_movements" USING btree ("recharge_account_id","amount_cents") WHERE "bank_movements"."recharge_id" is null;--> statement-breakpoint
ALTER TABLE "recharges" ADD COLUMN "method" text DEFAULT 'pago_movil' NOT NULL;--> statement-breakpoint
ALTER TABLE "recharges" ADD COLUMN "payer_phone" text;--> statement-breakpoint
ALTER TABLE "recharges" ADD COLUMN "payer_bank_code" text;--> statement-breakpoint
ALTER TABLE "recharges" ADD COLUMN "paid_on" text;--> statement-breakpoint
UPDATE "recharges" SET "paid_on" = to_char("created_at" at time zone 'America/Caracas', 'YYYY-MM-DD');--> statement-breakpoint
ALTER TABLE "recharges" ALTER COLUMN "paid_on" SET DEFAULT to_char(now() at time zone 'America/Caracas', 'YYYY-MM-DD');--> statement-breakpoint
ALTER TABLE "recharges" ALTER COLUMN "paid_on" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "recharges" ADD COLUMN "verification_state" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "recharges" ADD COLUMN "verify_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "recharges" ADD COLUMN "verify_next_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recharges" ADD COLUMN "bank_answer" jsonb;--> statement-breakpoint
ALTER TABLE "recharges" ADD CONSTRAINT "recharges_method_check" CHECK ("recharges"."method" in ('pago_movil', 'c2p'));--> statement-breakpoint
ALTER TABLE "recharges" ADD CONSTRAINT "recharges_verification_state_check" CHECK ("recharges"."verification_state" in ('manual', 'checking', 'verified', 'needs_staff'));--> statement-breakpoint
ALTER TABLE "recharges" ADD CONSTRAINT "recharges_paid_on_check" CHECK ("recharges"."paid_on" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$');--> statement-breakpoint
CREATE INDEX "recharges_verify_due_idx" ON "recharges" USING btree ("verify_next_at") WHERE "recharges"."verification_state" = 'checking';--> statement-breakpoint
-- Withdrawals paid through the bank (outgoing Pago Móvil): the claim that makes one payout call
-- per withdrawal ('sending'), its outcome, and what the bank said last (for staff).
ALTER TABLE "withdrawals" ADD COLUMN "bank_payout_state" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "bank_answer" jsonb;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_bank_payout_state_check" CHECK ("withdrawals"."bank_payout_state" in ('sending', 'paid', 'declined', 'unknown'));
