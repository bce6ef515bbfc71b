-- One player, one place at a time (docs/decisions/047-one-place-at-a-time.md). A user is in at
-- most one place: waiting in quick play, seated at a table (public, private, quick, a rematch), or
-- playing a running tournament. `player_places` holds that place, one row per user (its primary
-- key is the rule). The application never writes it: triggers on the rows that put a player
-- somewhere (table_seats, quick_play_queue's waiting entries, tournament_entrants) claim the place
-- in the same statement, and the rows that end it release it, so every path, present or future,
-- goes through the rule. A claim for a user who is elsewhere raises unique_violation on
-- constraint player_places_pkey (after waiting for a concurrent claim to commit or roll back),
-- which the application turns into 409 place/elsewhere naming the place the player holds.
CREATE TABLE player_places (
  user_id bigint PRIMARY KEY REFERENCES users(id),
  kind text NOT NULL,
  table_id bigint REFERENCES game_tables(id) ON DELETE CASCADE,
  queue_entry_id bigint REFERENCES quick_play_queue(id) ON DELETE CASCADE,
  tournament_id bigint REFERENCES tournaments(id) ON DELETE CASCADE,
  since timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT player_places_kind_check CHECK (
    (kind = 'table' AND table_id IS NOT NULL AND queue_entry_id IS NULL AND tournament_id IS NULL)
    OR (kind = 'quick' AND queue_entry_id IS NOT NULL AND table_id IS NULL AND tournament_id IS NULL)
    OR (kind = 'tournament' AND tournament_id IS NOT NULL AND table_id IS NULL AND queue_entry_id IS NULL)
  )
);
--> statement-breakpoint
CREATE INDEX player_places_table_idx ON player_places (table_id) WHERE table_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX player_places_tournament_idx ON player_places (tournament_id) WHERE tournament_id IS NOT NULL;
--> statement-breakpoint
-- Claims a place for a user. Holding that very place already is not an error (idempotent). When
-- another transaction is claiming or releasing the user's place, the insert waits for it to end
-- and then judges against what it committed (ON CONFLICT re-checks; each statement of a volatile
-- function reads the latest committed rows).
CREATE FUNCTION claim_player_place(p_user bigint, p_kind text, p_table bigint, p_queue bigint, p_tournament bigint)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  held player_places%ROWTYPE;
BEGIN
  LOOP
    INSERT INTO player_places (user_id, kind, table_id, queue_entry_id, tournament_id)
    VALUES (p_user, p_kind, p_table, p_queue, p_tournament)
    ON CONFLICT (user_id) DO NOTHING;
    IF FOUND THEN
      RETURN;
    END IF;
    SELECT * INTO held FROM player_places WHERE user_id = p_user;
    IF FOUND THEN
      IF held.kind = p_kind
         AND held.table_id IS NOT DISTINCT FROM p_table
         AND held.queue_entry_id IS NOT DISTINCT FROM p_queue
         AND held.tournament_id IS NOT DISTINCT FROM p_tournament THEN
        RETURN;
      END IF;
      RAISE EXCEPTION 'user % is already in a place (%)', p_user, held.kind
        USING ERRCODE = 'unique_violation', CONSTRAINT = 'player_places_pkey', TABLE = 'player_places',
              DETAIL = json_build_object('kind', held.kind, 'table_id', held.table_id,
                                         'tournament_id', held.tournament_id)::text;
    END IF;
    -- The place was released between the insert and the read: claim again.
  END LOOP;
END
$$;
--> statement-breakpoint
-- Releases a user's place if it is exactly this one (a row that never held it releases nothing).
CREATE FUNCTION release_player_place(p_user bigint, p_kind text, p_table bigint, p_queue bigint, p_tournament bigint)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM player_places
   WHERE user_id = p_user AND kind = p_kind
     AND table_id IS NOT DISTINCT FROM p_table
     AND queue_entry_id IS NOT DISTINCT FROM p_queue
     AND tournament_id IS NOT DISTINCT FROM p_tournament;
END
$$;
--> statement-breakpoint
-- A seat is a place at its table, from insert to delete (leave, refund, settlement, close).
CREATE FUNCTION table_seats_place() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF TG_OP = 'DELETE' OR NEW.user_id <> OLD.user_id OR NEW.table_id <> OLD.table_id THEN
      PERFORM release_player_place(OLD.user_id, 'table', OLD.table_id, NULL, NULL);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF TG_OP = 'INSERT' OR NEW.user_id <> OLD.user_id OR NEW.table_id <> OLD.table_id THEN
      PERFORM claim_player_place(NEW.user_id, 'table', NEW.table_id, NULL, NULL);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER table_seats_place AFTER INSERT OR DELETE OR UPDATE OF user_id, table_id ON table_seats
  FOR EACH ROW EXECUTE FUNCTION table_seats_place();
--> statement-breakpoint
-- A waiting quick-play entry is a place; it ends when the entry stops waiting (seated, left,
-- dropped) or is deleted.
CREATE FUNCTION quick_play_queue_place() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'waiting'
     AND (TG_OP = 'DELETE' OR NEW.status <> 'waiting') THEN
    PERFORM release_player_place(OLD.user_id, 'quick', NULL, OLD.id, NULL);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'waiting'
     AND (TG_OP = 'INSERT' OR OLD.status <> 'waiting') THEN
    PERFORM claim_player_place(NEW.user_id, 'quick', NULL, NEW.id, NULL);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER quick_play_queue_place AFTER INSERT OR DELETE OR UPDATE OF status ON quick_play_queue
  FOR EACH ROW EXECUTE FUNCTION quick_play_queue_place();
--> statement-breakpoint
-- A tournament's entrants (made when it starts) are in it until eliminated or until it ends.
CREATE FUNCTION tournament_entrants_place() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NOT NEW.eliminated THEN
    PERFORM claim_player_place(NEW.player1_id, 'tournament', NULL, NULL, NEW.tournament_id);
    IF NEW.player2_id IS NOT NULL THEN
      PERFORM claim_player_place(NEW.player2_id, 'tournament', NULL, NULL, NEW.tournament_id);
    END IF;
  ELSIF TG_OP = 'UPDATE' AND NEW.eliminated AND NOT OLD.eliminated THEN
    PERFORM release_player_place(OLD.player1_id, 'tournament', NULL, NULL, OLD.tournament_id);
    IF OLD.player2_id IS NOT NULL THEN
      PERFORM release_player_place(OLD.player2_id, 'tournament', NULL, NULL, OLD.tournament_id);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tournament_entrants_place AFTER INSERT OR UPDATE OF eliminated ON tournament_entrants
  FOR EACH ROW EXECUTE FUNCTION tournament_entrants_place();
--> statement-breakpoint
CREATE FUNCTION tournaments_place() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IN ('finished', 'cancelled') AND OLD.status NOT IN ('finished', 'cancelled') THEN
    DELETE FROM player_places WHERE kind = 'tournament' AND tournament_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tournaments_place AFTER UPDATE OF status ON tournaments
  FOR EACH ROW EXECUTE FUNCTION tournaments_place();
--> statement-breakpoint
-- The places of today's rows. Seats first; a waiting quick-play entry of a seated player ends
-- (nothing was charged for it), with the message quick play shows for that case; then the
-- remaining waiting entries and the players still in a running tournament (a tournament player
-- already seated elsewhere keeps the seat as their place).
INSERT INTO player_places (user_id, kind, table_id)
SELECT user_id, 'table', table_id FROM table_seats;
--> statement-breakpoint
UPDATE quick_play_queue q
   SET status = 'dropped', closed_at = now(),
       message = 'Ya estabas sentado en otra mesa: saliste de la cola sin cargo.'
 WHERE q.status = 'waiting' AND EXISTS (SELECT 1 FROM player_places p WHERE p.user_id = q.user_id);
--> statement-breakpoint
INSERT INTO player_places (user_id, kind, queue_entry_id)
SELECT user_id, 'quick', id FROM quick_play_queue WHERE status = 'waiting'
ON CONFLICT (user_id) DO NOTHING;
--> statement-breakpoint
INSERT INTO player_places (user_id, kind, tournament_id)
SELECT p.user_id, 'tournament', e.tournament_id
  FROM tournament_entrants e
  JOIN tournaments t ON t.id = e.tournament_id
  CROSS JOIN LATERAL (VALUES (e.player1_id), (e.player2_id)) AS p(user_id)
 WHERE t.status = 'running' AND NOT e.eliminated AND p.user_id IS NOT NULL
ON CONFLICT (user_id) DO NOTHING;
