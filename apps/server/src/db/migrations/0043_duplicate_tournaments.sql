-- Duplicate tournaments (docs/decisions/062-duplicate-domino.md, addendum "Duplicate
-- tournaments"): the format `duplicate` and its hands per set (`boards`).
ALTER TABLE "tournaments" DROP CONSTRAINT "tournaments_format_check";--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_format_check" CHECK ("tournaments"."format" in ('single_elimination', 'swiss', 'duplicate'));--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "boards" integer;--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_boards_check" CHECK (("tournaments"."format" = 'duplicate') = ("tournaments"."boards" is not null) and ("tournaments"."boards" is null or "tournaments"."boards" between 1 and 32));
