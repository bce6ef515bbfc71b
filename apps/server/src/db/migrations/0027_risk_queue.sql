-- Risk queue (docs/decisions/032-risk-signals.md): fraud and collusion signals for staff review,
-- one row per signal kind + accounts (the unique key makes a re-run of the scan an upsert), and
-- staff marks on accounts (flag, withdrawals held).
CREATE TABLE "risk_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"user_ids" jsonb NOT NULL,
	"evidence" jsonb NOT NULL,
	"score" double precision NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"note" text,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_items_kind_check" CHECK ("risk_items"."kind" in ('linked', 'co_seating', 'chip_dumping', 'shared_reference')),
	CONSTRAINT "risk_items_status_check" CHECK ("risk_items"."status" in ('open', 'dismissed', 'actioned'))
);--> statement-breakpoint
ALTER TABLE "risk_items" ADD CONSTRAINT "risk_items_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "risk_items_key" ON "risk_items" USING btree ("key");--> statement-breakpoint
CREATE INDEX "risk_items_status_idx" ON "risk_items" USING btree ("status","score");--> statement-breakpoint
CREATE INDEX "risk_items_user_ids_idx" ON "risk_items" USING gin ("user_ids");--> statement-breakpoint
CREATE TABLE "risk_account_marks" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"flagged" boolean DEFAULT false NOT NULL,
	"flag_reason" text,
	"withdrawals_held" boolean DEFAULT false NOT NULL,
	"hold_reason" text,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "risk_account_marks" ADD CONSTRAINT "risk_account_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_account_marks" ADD CONSTRAINT "risk_account_marks_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
