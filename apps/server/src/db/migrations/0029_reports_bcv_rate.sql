-- Daily report and BCV reference rate (docs/decisions/034-daily-report-and-bcv-rate.md): one
-- rate per Caracas calendar day, bolívares per US dollar × 10 000 as an integer. The report itself
-- reads the ledger and needs no table.
CREATE TABLE "bcv_rates" (
	"rate_date" text PRIMARY KEY NOT NULL,
	"rate_scaled" bigint NOT NULL,
	"recorded_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bcv_rates_rate_check" CHECK ("bcv_rates"."rate_scaled" > 0 and "bcv_rates"."rate_scaled" < 10000000000),
	CONSTRAINT "bcv_rates_date_check" CHECK ("bcv_rates"."rate_date" ~ '^\d{4}-\d{2}-\d{2}$')
);--> statement-breakpoint
ALTER TABLE "bcv_rates" ADD CONSTRAINT "bcv_rates_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
