-- Responsible gaming (docs/decisions/030-responsible-gaming.md): a settings row per player (the
-- play reminder, the running time-out or self-exclusion; also the lock of every recharge and paid
-- entry) and one row per deposit/loss limit and period, with its pending raise or removal.
CREATE TABLE "responsible_settings" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"reminder_minutes" integer,
	"pause_kind" text,
	"pause_started_at" timestamp with time zone,
	"pause_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "responsible_settings_reminder_check" CHECK ("responsible_settings"."reminder_minutes" in (15, 30, 60)),
	CONSTRAINT "responsible_settings_pause_check" CHECK ("responsible_settings"."pause_kind" is null or "responsible_settings"."pause_kind" in ('timeout', 'exclusion'))
);--> statement-breakpoint
CREATE TABLE "responsible_limits" (
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"amount_cents" bigint,
	"pending_cents" bigint,
	"pending_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "responsible_limits_user_id_kind_period_pk" PRIMARY KEY("user_id","kind","period"),
	CONSTRAINT "responsible_limits_kind_check" CHECK ("responsible_limits"."kind" in ('deposit', 'loss')),
	CONSTRAINT "responsible_limits_period_check" CHECK ("responsible_limits"."period" in ('day', 'week', 'month')),
	CONSTRAINT "responsible_limits_amount_check" CHECK (("responsible_limits"."amount_cents" is null or "responsible_limits"."amount_cents" > 0) and ("responsible_limits"."pending_cents" is null or "responsible_limits"."pending_cents" > 0))
);--> statement-breakpoint
ALTER TABLE "responsible_settings" ADD CONSTRAINT "responsible_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "responsible_limits" ADD CONSTRAINT "responsible_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
