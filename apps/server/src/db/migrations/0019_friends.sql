-- Friends, blocks and invitations to private tables (issue 13; docs/decisions/024-friends-presence-invitations.md).
-- One friendship row per unordered pair (user_low < user_high): two players asking each other at
-- the same time end with one row, never two. A pending row says who asked; accepting sets
-- accepted_at. A block is one-way (blocker -> blocked) and refuses requests and invitations both
-- ways. An invitation names a private table, who invited and who is invited; at most one pending
-- invitation per (table, invitee).
CREATE TABLE "friendships" (
	"user_low" bigint NOT NULL,
	"user_high" bigint NOT NULL,
	"requested_by" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	CONSTRAINT "friendships_user_low_user_high_pk" PRIMARY KEY("user_low","user_high"),
	CONSTRAINT "friendships_order_check" CHECK ("friendships"."user_low" < "friendships"."user_high"),
	CONSTRAINT "friendships_requested_by_check" CHECK ("friendships"."requested_by" in ("friendships"."user_low", "friendships"."user_high")),
	CONSTRAINT "friendships_status_check" CHECK ("friendships"."status" in ('pending', 'accepted') and (("friendships"."status" = 'accepted') = ("friendships"."accepted_at" is not null)))
);--> statement-breakpoint
CREATE TABLE "user_blocks" (
	"blocker_id" bigint NOT NULL,
	"blocked_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id"),
	CONSTRAINT "user_blocks_self_check" CHECK ("user_blocks"."blocker_id" <> "user_blocks"."blocked_id")
);--> statement-breakpoint
CREATE TABLE "table_invitations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"table_id" bigint NOT NULL,
	"from_user_id" bigint NOT NULL,
	"to_user_id" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	CONSTRAINT "table_invitations_self_check" CHECK ("table_invitations"."from_user_id" <> "table_invitations"."to_user_id"),
	CONSTRAINT "table_invitations_status_check" CHECK ("table_invitations"."status" in ('pending', 'declined', 'withdrawn'))
);--> statement-breakpoint
ALTER TABLE "friendships" ADD CONSTRAINT "friendships_user_low_users_id_fk" FOREIGN KEY ("user_low") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friendships" ADD CONSTRAINT "friendships_user_high_users_id_fk" FOREIGN KEY ("user_high") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friendships" ADD CONSTRAINT "friendships_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_invitations" ADD CONSTRAINT "table_invitations_table_id_game_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."game_tables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_invitations" ADD CONSTRAINT "table_invitations_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_invitations" ADD CONSTRAINT "table_invitations_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "friendships_user_high_idx" ON "friendships" USING btree ("user_high");--> statement-breakpoint
CREATE INDEX "user_blocks_blocked_idx" ON "user_blocks" USING btree ("blocked_id");--> statement-breakpoint
CREATE UNIQUE INDEX "table_invitations_pending_key" ON "table_invitations" USING btree ("table_id","to_user_id") WHERE "table_invitations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "table_invitations_to_idx" ON "table_invitations" USING btree ("to_user_id") WHERE "table_invitations"."status" = 'pending';
