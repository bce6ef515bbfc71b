-- Moves without index churn (docs/decisions/037-hot-moves.md; docs/architecture.md#how-a-move-flows).
--
-- 1. A move rewrites its game's row (state, version, due times). The row's `due_at` was indexed
--    (games_due_idx), so every move made a new row version with new entries in all three indexes
--    of `games`, and left the old ones behind until a VACUUM: 300 live matches left ~16,000 dead
--    row versions in 20 s. With no indexed column changed and room on the page, PostgreSQL writes
--    a heap-only (HOT) version instead: no index entry, and the page's old versions are pruned
--    as the page is read, without a VACUUM. So the sweeper's index no longer holds the due time:
--    it lists the live games (their id, which never changes), and the poll reads their due times
--    from the rows (a few thousand live rows; the finished ones are not in the index). A fill
--    factor of 50 keeps room on each page for the next version of its row.
DROP INDEX IF EXISTS games_due_idx;
--> statement-breakpoint
CREATE INDEX games_playing_idx ON games (id) WHERE status = 'playing';
--> statement-breakpoint
ALTER TABLE games SET (fillfactor = 50);
--> statement-breakpoint
-- 2. The state stays in the row, compressed. A match's state is ~3-4 KB of JSON and ~2.5 KB
--    compressed (up to ~3.3 KB late in a match), above the ~2 KB at which PostgreSQL moves a
--    value out of line: every move then wrote a new TOAST value (two chunk rows and their index
--    entries) and left the old one dead, ~1 MB per 1,000 moves until a VACUUM. MAIN keeps the
--    compressed value in the row unless the row could not fit in a page at all.
ALTER TABLE games ALTER COLUMN state SET STORAGE MAIN;
--> statement-breakpoint
-- 3. A revision per seat row, raised by every update of the row (the trigger below, whoever
--    writes it), so that a node can tell the database which seats its copy of a game holds
--    (the sum of the revisions) and the database can answer a move without sending the seats
--    back when they did not change. Rows written before keep revision 0.
ALTER TABLE game_players ADD COLUMN rev integer NOT NULL DEFAULT 0;
--> statement-breakpoint
CREATE FUNCTION game_players_bump_rev() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.rev := OLD.rev + 1;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER game_players_rev BEFORE UPDATE ON game_players
  FOR EACH ROW EXECUTE FUNCTION game_players_bump_rev();
--> statement-breakpoint
-- 4. game_commit_moves as in migration 0030, with one more optional field per move, r: the sum
--    of the seats' revisions in the node's copy. The seats are read once per move (presence and
--    revision together); when r equals the stored sum the answer carries the new sum (`rev`)
--    instead of the seats: the node's copy is exact, and the node applies the mover's new count
--    of bot-played turns itself (its row's revision + 1). Otherwise the seats come back as before,
--    each with its revision. Without r (a node of the previous release) the answer is as before.
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
      UPDATE games SET
          state = CASE WHEN it ? 'sd' THEN state || (it->'sd') ELSE it->'st' END,
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
