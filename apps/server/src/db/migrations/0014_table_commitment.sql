-- Provably fair tables (decision 015): the commitment to a table round's server seed is published
-- in the waiting room from the first seat taken, so the seed behind it must never change within
-- the round. The database derives the commitment from the seed and refuses any change of a
-- committed seed until the round advances (settlement starts the next round).
ALTER TABLE "game_tables" ADD COLUMN IF NOT EXISTS "round_commitment" text;--> statement-breakpoint
-- Before this release a staff edit of a table (its name, while players waited) copied the whole
-- row, server seed included, into the audit log that staff read. A seed found there is no longer
-- secret: a table that has not started that round's match yet gets a fresh one (its commitment
-- was never shown to anyone, so nothing published changes). Two random UUIDs give 64 hex
-- characters of the database's strong random source; a seed replaced once is not in the log, so
-- running this again changes nothing.
UPDATE "game_tables" t
   SET "round_server_seed" = replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')
 WHERE t."round_server_seed" IS NOT NULL
   AND NOT EXISTS (
     SELECT 1 FROM "games" g
      WHERE g."table_id" = t."id" AND g."kind" = 'table' AND g."status" = 'playing')
   AND EXISTS (
     SELECT 1 FROM "audit_log" a
      WHERE a."target_type" = 'table' AND a."target_id" = t."id"::text
        AND strpos(coalesce(a."before"::text, '') || coalesce(a."after"::text, ''),
                   t."round_server_seed") > 0);--> statement-breakpoint
CREATE OR REPLACE FUNCTION game_tables_round_seed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND OLD."round_server_seed" IS NOT NULL
     AND NEW."round" = OLD."round"
     AND NEW."round_server_seed" IS DISTINCT FROM OLD."round_server_seed" THEN
    RAISE EXCEPTION 'table % round %: the committed server seed cannot change', OLD."id", OLD."round"
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  NEW."round_commitment" := CASE
    WHEN NEW."round_server_seed" IS NULL THEN NULL
    ELSE encode(sha256(convert_to(NEW."round_server_seed", 'UTF8')), 'hex')
  END;
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS game_tables_round_seed ON "game_tables";--> statement-breakpoint
CREATE TRIGGER game_tables_round_seed BEFORE INSERT OR UPDATE ON "game_tables"
  FOR EACH ROW EXECUTE FUNCTION game_tables_round_seed();--> statement-breakpoint
-- Seeds committed before this migration get their commitment (the trigger computes it; the seed
-- itself is unchanged, so the guard lets it through).
UPDATE "game_tables" SET "round_server_seed" = "round_server_seed"
 WHERE "round_server_seed" IS NOT NULL
   AND "round_commitment" IS DISTINCT FROM encode(sha256(convert_to("round_server_seed", 'UTF8')), 'hex');
