-- docs/decisions/013: sensitive account changes, withdrawal review, system audit rows.
-- Written to be safe on a database that already has part of it (IF NOT EXISTS everywhere).
CREATE TABLE IF NOT EXISTS "account_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action,
	CONSTRAINT "account_changes_kind_check" CHECK ("account_changes"."kind" in ('email', 'phone', 'bank_account'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "account_changes_user_idx" ON "account_changes" USING btree ("user_id","created_at");--> statement-breakpoint
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = 'account_changes_append_only') THEN
    CREATE TRIGGER account_changes_append_only BEFORE UPDATE OR DELETE ON account_changes
      FOR EACH ROW EXECUTE FUNCTION refuse_change();
  END IF;
END $$;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN IF NOT EXISTS "review_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN IF NOT EXISTS "review_changes" jsonb;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN IF NOT EXISTS "review_acknowledged_by" bigint;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN IF NOT EXISTS "review_acknowledged_at" timestamp with time zone;--> statement-breakpoint
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'withdrawals_review_acknowledged_by_users_id_fk') THEN
    ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_review_acknowledged_by_users_id_fk" FOREIGN KEY ("review_acknowledged_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
  END IF;
END $$;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "actor_user_id" DROP NOT NULL;
