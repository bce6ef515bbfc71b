-- Bank reconciliation (docs/decisions/033-bank-reconciliation.md): the column mapping of each
-- recharge account's statements, each uploaded statement (stored once per content hash) and its
-- credit lines. A bank line (account + day + reference + amount) approves at most one recharge,
-- whichever statement it came in; a recharge is approved by at most one line.
CREATE TABLE "reconciliation_mappings" (
	"recharge_account_id" bigint PRIMARY KEY NOT NULL,
	"header_row" integer NOT NULL,
	"date_column" text NOT NULL,
	"date_format" text NOT NULL,
	"reference_column" text NOT NULL,
	"amount_mode" text NOT NULL,
	"amount_column" text,
	"credit_column" text,
	"debit_column" text,
	"amount_format" text NOT NULL,
	"description_column" text,
	"updated_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reconciliation_mappings_header_row_check" CHECK ("reconciliation_mappings"."header_row" between 1 and 100),
	CONSTRAINT "reconciliation_mappings_amount_mode_check" CHECK ("reconciliation_mappings"."amount_mode" in ('signed', 'split')),
	CONSTRAINT "reconciliation_mappings_amount_format_check" CHECK ("reconciliation_mappings"."amount_format" in ('ve', 'plain'))
);--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"recharge_account_id" bigint NOT NULL,
	"content_hash" text NOT NULL,
	"file_name" text NOT NULL,
	"kind" text NOT NULL,
	"rejected_rows" jsonb NOT NULL,
	"ignored_rows" integer NOT NULL,
	"uploaded_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_statements_kind_check" CHECK ("bank_statements"."kind" in ('csv', 'xlsx'))
);--> statement-breakpoint
CREATE TABLE "bank_statement_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"statement_id" bigint NOT NULL,
	"recharge_account_id" bigint NOT NULL,
	"row_number" integer NOT NULL,
	"posted_on" text NOT NULL,
	"reference" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"description" text,
	"recharge_id" bigint,
	"approved_by" bigint,
	"approved_at" timestamp with time zone,
	CONSTRAINT "bank_statement_lines_amount_check" CHECK ("bank_statement_lines"."amount_cents" > 0),
	CONSTRAINT "bank_statement_lines_day_check" CHECK ("bank_statement_lines"."posted_on" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$')
);--> statement-breakpoint
ALTER TABLE "reconciliation_mappings" ADD CONSTRAINT "reconciliation_mappings_recharge_account_id_recharge_accounts_id_fk" FOREIGN KEY ("recharge_account_id") REFERENCES "public"."recharge_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_mappings" ADD CONSTRAINT "reconciliation_mappings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_recharge_account_id_recharge_accounts_id_fk" FOREIGN KEY ("recharge_account_id") REFERENCES "public"."recharge_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_recharge_account_id_recharge_accounts_id_fk" FOREIGN KEY ("recharge_account_id") REFERENCES "public"."recharge_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_recharge_id_recharges_id_fk" FOREIGN KEY ("recharge_id") REFERENCES "public"."recharges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statements_account_hash_key" ON "bank_statements" USING btree ("recharge_account_id","content_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_statement_key" ON "bank_statement_lines" USING btree ("statement_id","posted_on","reference","amount_cents");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_used_key" ON "bank_statement_lines" USING btree ("recharge_account_id","posted_on","reference","amount_cents") WHERE "bank_statement_lines"."recharge_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_recharge_key" ON "bank_statement_lines" USING btree ("recharge_id") WHERE "bank_statement_lines"."recharge_id" is not null;
