-- A table's rules as one value (docs/decisions/018-table-rules-as-data.md): `game_tables.rules` and
-- `games.rules` hold the rules object of the contracts' tableRulesSchema (snake_case). Existing
-- tables get their mode, seats, target and turn time with every other option at the engine default
-- (what they played by until now); existing games get the rules of the config their state holds,
-- options it lacks at their defaults. The four columns the rules replace are dropped.
ALTER TABLE "game_tables" DROP CONSTRAINT "game_tables_max_players_check";--> statement-breakpoint
ALTER TABLE "game_tables" DROP CONSTRAINT "game_tables_mode_check";--> statement-breakpoint
ALTER TABLE "game_tables" ADD COLUMN "rules" jsonb;--> statement-breakpoint
UPDATE "game_tables" SET "rules" = jsonb_build_object(
  'mode', "mode",
  'players', "max_players",
  'target_points', "target_points",
  'lead_rule', 'rotate',
  'tranque_rule', 'pair_totals',
  'counting_rule', 'opponents',
  'tranque_counting', 'as_domino',
  'tranque_tie', 'void',
  'tranque_lead', 'lowest_hand',
  'capicua', false,
  'pase_corrido', false,
  'drawing', true,
  'turn_seconds', "turn_seconds"
);--> statement-breakpoint
ALTER TABLE "game_tables" ALTER COLUMN "rules" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "rules" jsonb;--> statement-breakpoint
UPDATE "games" SET "rules" = jsonb_build_object(
  'mode', "state"->'config'->'mode',
  'players', "state"->'config'->'players',
  'target_points', "state"->'config'->'targetPoints',
  'lead_rule', coalesce("state"->'config'->'leadRule', '"rotate"'),
  'tranque_rule', coalesce("state"->'config'->'tranqueRule', '"pair_totals"'),
  'counting_rule', coalesce("state"->'config'->'countingRule', '"opponents"'),
  'tranque_counting', coalesce("state"->'config'->'tranqueCounting', '"as_domino"'),
  'tranque_tie', coalesce("state"->'config'->'tranqueTie', '"void"'),
  'tranque_lead', coalesce("state"->'config'->'tranqueLead', '"lowest_hand"'),
  'capicua', coalesce("state"->'config'->'bonuses'->'capicua', 'false'),
  'pase_corrido', coalesce("state"->'config'->'bonuses'->'paseCorrido', 'false'),
  'drawing', coalesce("state"->'config'->'drawing', 'true'),
  'turn_seconds', "state"->'config'->'turnSeconds'
);--> statement-breakpoint
ALTER TABLE "games" ALTER COLUMN "rules" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "game_tables" DROP COLUMN "max_players";--> statement-breakpoint
ALTER TABLE "game_tables" DROP COLUMN "mode";--> statement-breakpoint
ALTER TABLE "game_tables" DROP COLUMN "target_points";--> statement-breakpoint
ALTER TABLE "game_tables" DROP COLUMN "turn_seconds";--> statement-breakpoint
ALTER TABLE "game_tables" ADD CONSTRAINT "game_tables_rules_check" CHECK ("game_tables"."rules"->>'mode' in ('parejas', 'individual') and ("game_tables"."rules"->>'players')::int between 2 and 4);
