-- Identity verification (docs/decisions/031-identity-verification.md): the staff's threshold (one
-- row; withdrawals above it need a verified identity, 0 = every withdrawal) and the players'
-- requests (cédula photo + selfie, staff decision). One pending and one approved request per user.
CREATE TABLE "identity_settings" (
	"id" smallint PRIMARY KEY NOT NULL,
	"threshold_cents" bigint DEFAULT 0 NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_settings_singleton_check" CHECK ("identity_settings"."id" = 1),
	CONSTRAINT "identity_settings_threshold_check" CHECK ("identity_settings"."threshold_cents" >= 0)
);--> statement-breakpoint
CREATE TABLE "identity_verifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"status" text DEFAULT 'pendiente' NOT NULL,
	"type_identification" text NOT NULL,
	"n_identification" text NOT NULL,
	"full_name" text NOT NULL,
	"document_upload_id" bigint NOT NULL,
	"selfie_upload_id" bigint NOT NULL,
	"reason" text,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_verifications_status_check" CHECK ("identity_verifications"."status" in ('pendiente', 'aprobado', 'rechazado')),
	CONSTRAINT "identity_verifications_reason_check" CHECK (("identity_verifications"."status" = 'rechazado') = ("identity_verifications"."reason" is not null))
);--> statement-breakpoint
ALTER TABLE "identity_settings" ADD CONSTRAINT "identity_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD CONSTRAINT "identity_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD CONSTRAINT "identity_verifications_document_upload_id_uploads_id_fk" FOREIGN KEY ("document_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD CONSTRAINT "identity_verifications_selfie_upload_id_uploads_id_fk" FOREIGN KEY ("selfie_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD CONSTRAINT "identity_verifications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identity_verifications_pending_key" ON "identity_verifications" USING btree ("user_id") WHERE "identity_verifications"."status" = 'pendiente';--> statement-breakpoint
CREATE UNIQUE INDEX "identity_verifications_approved_key" ON "identity_verifications" USING btree ("user_id") WHERE "identity_verifications"."status" = 'aprobado';--> statement-breakpoint
CREATE INDEX "identity_verifications_queue_idx" ON "identity_verifications" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "identity_verifications_user_idx" ON "identity_verifications" USING btree ("user_id","created_at");--> statement-breakpoint
INSERT INTO "identity_settings" ("id", "threshold_cents") VALUES (1, 0);
