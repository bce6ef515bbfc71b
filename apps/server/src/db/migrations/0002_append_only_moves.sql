-- game_moves is append-only (docs/architecture.md#how-a-move-flows): refuse every UPDATE and DELETE at the database.
CREATE FUNCTION refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER game_moves_append_only BEFORE UPDATE OR DELETE ON game_moves
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
