-- Rules corrected against their sources (docs/decisions/057-rules-against-their-sources.md): the
-- pase corrido is played in parejas only, and the pase de salida is a new bonus, off by default.
-- Every stored rules value (tables, tournaments, matches) gets `pase_salida: false`, and one
-- stored at 2 or 3 players with pase corrido on reads it off, as the engine now plays it, so each
-- passes the contracts' tableRulesSchema again. A match's engine config (`games.state`) is kept.
UPDATE "game_tables" SET "rules" = "rules" || jsonb_build_object(
  'pase_salida', coalesce("rules"->'pase_salida', 'false'::jsonb),
  'pase_corrido', CASE WHEN "rules"->>'mode' = 'parejas'
    THEN coalesce("rules"->'pase_corrido', 'false'::jsonb) ELSE 'false'::jsonb END
);--> statement-breakpoint
UPDATE "tournaments" SET "rules" = "rules" || jsonb_build_object(
  'pase_salida', coalesce("rules"->'pase_salida', 'false'::jsonb),
  'pase_corrido', CASE WHEN "rules"->>'mode' = 'parejas'
    THEN coalesce("rules"->'pase_corrido', 'false'::jsonb) ELSE 'false'::jsonb END
);--> statement-breakpoint
UPDATE "games" SET "rules" = "rules" || jsonb_build_object(
  'pase_salida', coalesce("rules"->'pase_salida', 'false'::jsonb),
  'pase_corrido', CASE WHEN "rules"->>'mode' = 'parejas'
    THEN coalesce("rules"->'pase_corrido', 'false'::jsonb) ELSE 'false'::jsonb END
);
