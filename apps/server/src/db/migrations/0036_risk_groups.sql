-- Risk scanning on its own and linked accounts as groups (docs/decisions/049-risk-scanning-and-groups.md):
-- every item carries the money at stake of its accounts (céntimos; the queue is ranked by it), an
-- item absorbed into a group item is `merged` (kept for the audit trail, never listed), and one
-- row claims the scan so two nodes never scan at once.
ALTER TABLE "risk_items" ADD COLUMN "stake_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "risk_items" ADD COLUMN "merged_into" bigint;--> statement-breakpoint
ALTER TABLE "risk_items" ADD CONSTRAINT "risk_items_merged_into_risk_items_id_fk" FOREIGN KEY ("merged_into") REFERENCES "public"."risk_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_items" DROP CONSTRAINT "risk_items_status_check";--> statement-breakpoint
ALTER TABLE "risk_items" ADD CONSTRAINT "risk_items_status_check" CHECK ("risk_items"."status" in ('open', 'dismissed', 'actioned', 'merged'));--> statement-breakpoint
DROP INDEX "risk_items_status_idx";--> statement-breakpoint
CREATE INDEX "risk_items_status_idx" ON "risk_items" USING btree ("status","stake_cents","score");--> statement-breakpoint
CREATE TABLE "risk_scan_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"last_full_scan_at" timestamp with time zone,
	"last_scan_at" timestamp with time zone,
	"last_result" jsonb,
	CONSTRAINT "risk_scan_state_one_row" CHECK ("risk_scan_state"."id" = 1)
);--> statement-breakpoint
INSERT INTO "risk_scan_state" ("id") VALUES (1);
