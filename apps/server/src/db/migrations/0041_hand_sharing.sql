-- Partners who share their hands (docs/decisions/059-hand-sharing-detector.md): a score per
-- settled parejas match and side (the job and its result, claimed SKIP LOCKED under a lease), and
-- a new kind of risk item.
CREATE TABLE "hand_sharing_scores" (
	"game_id" text NOT NULL,
	"side" smallint NOT NULL,
	"user_low" bigint NOT NULL,
	"user_high" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"hands" integer DEFAULT 0 NOT NULL,
	"decisions" integer DEFAULT 0 NOT NULL,
	"score_sum" double precision DEFAULT 0 NOT NULL,
	"score_squares" double precision DEFAULT 0 NOT NULL,
	"detail" jsonb,
	"error" text,
	"cpu_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "hand_sharing_scores_game_id_side_pk" PRIMARY KEY("game_id","side"),
	CONSTRAINT "hand_sharing_scores_status_check" CHECK ("hand_sharing_scores"."status" in ('pending', 'running', 'done', 'failed')),
	CONSTRAINT "hand_sharing_scores_side_check" CHECK ("hand_sharing_scores"."side" in (0, 1)),
	CONSTRAINT "hand_sharing_scores_pair_check" CHECK ("hand_sharing_scores"."user_low" < "hand_sharing_scores"."user_high")
);--> statement-breakpoint
ALTER TABLE "hand_sharing_scores" ADD CONSTRAINT "hand_sharing_scores_user_low_users_id_fk" FOREIGN KEY ("user_low") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hand_sharing_scores" ADD CONSTRAINT "hand_sharing_scores_user_high_users_id_fk" FOREIGN KEY ("user_high") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hand_sharing_scores_pair_idx" ON "hand_sharing_scores" USING btree ("user_low","user_high");--> statement-breakpoint
CREATE INDEX "hand_sharing_scores_queue_idx" ON "hand_sharing_scores" USING btree ("created_at") WHERE "hand_sharing_scores"."status" in ('pending', 'running');--> statement-breakpoint
ALTER TABLE "risk_items" DROP CONSTRAINT "risk_items_kind_check";--> statement-breakpoint
ALTER TABLE "risk_items" ADD CONSTRAINT "risk_items_kind_check" CHECK ("risk_items"."kind" in ('linked', 'co_seating', 'chip_dumping', 'shared_reference', 'hand_sharing'));
