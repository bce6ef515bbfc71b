-- The finished hands of a match apart from the state a move rewrites
-- (docs/decisions/075-history-apart.md; docs/architecture.md#how-a-move-flows).
--
-- A match's state carries every finished hand's summary (`history`: deal, line, passes, the
-- tiles left), ~1.3 KB of JSON a hand: ~13 KB of text by the middle of a match to 100 points and
-- ~23 KB by the end of a long one (7 and 12 KB compressed). Every move rewrote the whole value:
-- PostgreSQL decompressed it, merged the move's delta into it, compressed it and wrote it to the
-- WAL; past ~8 KB compressed it even went out of line (a new TOAST value per move, the old one
-- left dead), the churn migration 0032 had removed. The history changes only when a hand ends,
-- so it now lives in its own column, written only then:
--
-- - `history`: the finished hands' summaries, or NULL while they are still inside `state`
--   (rows written before this migration, and every row whose whole state was written: a game's
--   creation, the locked path, a settlement). The app reads a game's state as `state` with
--   `history` put back when the column is set (games/repo.ts `rowState`).
-- - A move's delta never carries `history` into `state`; a move that ends a hand sets the
--   column, and the first move of a row that still holds its history in `state` moves it out.
-- - A whole state written with its history clears the column (trigger `games_history_whole`),
--   whoever writes it, so the two never disagree.
ALTER TABLE games ADD COLUMN history jsonb;
--> statement-breakpoint
CREATE FUNCTION games_history_whole() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.state ? 'history' THEN
    NEW.history := NULL;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER games_history_whole BEFORE INSERT OR UPDATE OF state ON games
  FOR EACH ROW EXECUTE FUNCTION games_history_whole();
--> statement-breakpoint
-- game_commit_moves as in migration 0032, with the state written without its history (above).
CREATE OR REPLACE FUNCTION game_commit_moves(p_items jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  it jsonb;
  v_id text;
  v_version integer;
  v_status text;
  v_due timestamptz;
  v_presence text;
  v_rev bigint;
  v_same_seats boolean;
  v_outcome text;
  v_out jsonb := '[]'::jsonb;
BEGIN
  FOR it IN SELECT value FROM jsonb_array_elements(p_items) LOOP
    v_id := it->>'g';
    SELECT version, status, due_at INTO v_version, v_status, v_due
      FROM games WHERE id = v_id FOR UPDATE SKIP LOCKED;
    IF NOT FOUND THEN
      IF EXISTS (SELECT 1 FROM games WHERE id = v_id) THEN
        v_out := v_out || jsonb_build_array(jsonb_build_object('outcome', 'busy'));
      ELSE
        v_out := v_out || jsonb_build_array(jsonb_build_object('outcome', 'not_found'));
      END IF;
      CONTINUE;
    END IF;
    SELECT string_agg(
             CASE WHEN autoplayed_turns > 0 OR disconnected_at IS NOT NULL THEN '1' ELSE '0' END,
             '' ORDER BY seat),
           sum(rev)
      INTO v_presence, v_rev FROM game_players WHERE game_id = v_id;
    IF v_version <> (it->>'v')::integer OR v_status <> 'playing'
       OR v_presence IS DISTINCT FROM it->>'p'
       OR ((it->>'d')::boolean AND (v_due IS NULL OR v_due > now())) THEN
      v_outcome := 'stale';
    ELSE
      v_same_seats := it ? 'r' AND (it->>'r')::bigint = v_rev;
      INSERT INTO game_moves (game_id, seq, seat, move, actor)
        VALUES (v_id, v_version + 1, (it->>'s')::smallint, it->'m', it->>'a');
      -- A delta leaves the finished hands where they are: in the history column once split,
      -- and a delta that ends a hand brings the whole new history (stateDelta). A first delta
      -- of a row whose state still holds its history moves it out. A whole state (st) holds its
      -- history, and the trigger below clears the column.
      UPDATE games SET
          state = CASE
            WHEN NOT it ? 'sd' THEN it->'st'
            WHEN history IS NULL THEN (state - 'history') || ((it->'sd') - 'history')
            WHEN it->'sd' ? 'history' THEN state || ((it->'sd') - 'history')
            ELSE state || (it->'sd')
          END,
          history = CASE
            WHEN NOT it ? 'sd' THEN NULL
            ELSE coalesce(it->'sd'->'history', history, state->'history')
          END,
          version = v_version + 1,
          due_at = (it->>'due')::timestamptz, turn_deadline = (it->>'dl')::timestamptz,
          updated_at = now()
        WHERE id = v_id;
      IF it->>'ap' IS NOT NULL THEN
        UPDATE game_players SET autoplayed_turns = (it->>'ap')::integer
          WHERE game_id = v_id AND seat = (it->>'s')::smallint;
        IF FOUND THEN
          v_rev := v_rev + 1;
        END IF;
      END IF;
      v_version := v_version + 1;
      v_outcome := 'ok';
    END IF;
    IF v_outcome <> 'ok' THEN
      v_out := v_out || jsonb_build_array(
        jsonb_build_object('outcome', v_outcome, 'version', v_version));
      CONTINUE;
    END IF;
    IF v_same_seats THEN
      v_out := v_out || jsonb_build_array(
        jsonb_build_object('outcome', 'ok', 'version', v_version, 'rev', v_rev));
      CONTINUE;
    END IF;
    v_out := v_out || jsonb_build_array(jsonb_build_object(
      'outcome', 'ok',
      'version', v_version,
      'rev', v_rev,
      'players', (
        SELECT jsonb_agg(jsonb_build_object(
                 'gameId', p.game_id, 'seat', p.seat, 'userId', p.user_id,
                 'botLevel', p.bot_level, 'clientSeed', p.client_seed,
                 'autoplayedTurns', p.autoplayed_turns, 'disconnectedAt', p.disconnected_at,
                 'result', p.result, 'payoutCents', p.payout_cents, 'rev', p.rev,
                 'name', u.name)
               ORDER BY p.seat)
          FROM game_players p LEFT JOIN users u ON u.id = p.user_id
         WHERE p.game_id = v_id)));
  END LOOP;
  RETURN v_out;
END;
$$;
