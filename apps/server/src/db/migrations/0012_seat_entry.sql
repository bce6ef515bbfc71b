-- Each seat records the entry fee it paid (decision 010), so a refund gives back exactly that and
-- settlement can check the escrow against the sum of the seats' entries. Seats taken before this
-- migration get the amount their own entry_fee ledger transaction took from their wallet (the
-- latest one at that table), or the table's current price if none is found.
ALTER TABLE "table_seats" ADD COLUMN "entry_cents" bigint;--> statement-breakpoint
UPDATE "table_seats" s SET "entry_cents" = coalesce(
  (SELECT -e."amount_cents"
     FROM "ledger_transactions" lt
     JOIN "ledger_entries" e ON e."transaction_id" = lt."id"
     JOIN "accounts" a ON a."id" = e."account_id"
    WHERE lt."kind" = 'entry_fee' AND lt."reference_type" = 'table'
      AND lt."reference_id" = s."table_id"::text
      AND a."kind" = 'wallet' AND a."owner_user_id" = s."user_id"
    ORDER BY lt."id" DESC LIMIT 1),
  (SELECT t."entry_price_cents" FROM "game_tables" t WHERE t."id" = s."table_id"));--> statement-breakpoint
ALTER TABLE "table_seats" ALTER COLUMN "entry_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "table_seats" ADD CONSTRAINT "table_seats_entry_check" CHECK ("table_seats"."entry_cents" > 0);
