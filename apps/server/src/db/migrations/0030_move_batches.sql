-- Cheaper moves (docs/decisions/035-cheaper-moves.md; docs/architecture.md#how-a-move-flows).
--
-- 1. The match state (~3.5 KB of JSON, rewritten on every move) is compressed with lz4 instead of
--    PostgreSQL's default pglz where the server is built with lz4: pglz cost about half of the
--    backend CPU of a move. lz4 keeps the compressed state inline (no TOAST rows). Servers without
--    lz4 (the embedded PGlite) keep pglz. Rows already written keep their compression until their
--    next update.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_settings
              WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
    EXECUTE 'ALTER TABLE games ALTER COLUMN state SET COMPRESSION lz4';
  END IF;
END;
$$;
--> statement-breakpoint
-- 2. Group commit: the moves of many games, computed by one node from its copies (decision 008),
--    written by one call in one transaction, each still checked against its game's version and
--    its seats' presence under its row lock, exactly as game_commit_move does for one move.
--    p_items: a JSON array of {g: game id, v: expected version, p: presence ('0'/'1' per seat,
--    '1' = away), d: due only (the sweeper), st: new state, or sd: the top-level keys of the
--    state that the move changed (merged into the stored state with ||: most moves change only
--    `hand` and `seq`, ~1 KB of the ~3.5 KB; `history` changes once per hand), s: seat, m: move,
--    a: actor,
--    due: due time or null, dl: turn deadline or null, ap: the mover's new count of bot-played
--    turns or null}. Returns an array of the same length and order: {outcome, version, players}
--    as game_commit_move returns it ('ok' | 'stale' | 'busy' | 'not_found'; the seats only
--    with 'ok'). game_commit_move (migration 0011) stays for nodes of the previous release
--    during a rolling upgrade.
--    Every row lock is taken with SKIP LOCKED: a game locked by another transaction (a
--    settlement, a locked move) answers 'busy' at once and its caller takes the locked path, so
--    one slow transaction never holds the other moves of a batch, and two batches never wait on
--    each other (no deadlock whatever the order). Two moves of one game in a batch: the second
--    was computed from the same version as the first, so it is 'stale'.
CREATE FUNCTION game_commit_moves(p_items jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  it jsonb;
  v_id text;
  v_version integer;
  v_status text;
  v_due timestamptz;
  v_presence text;
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
             '' ORDER BY seat)
      INTO v_presence FROM game_players WHERE game_id = v_id;
    IF v_version <> (it->>'v')::integer OR v_status <> 'playing'
       OR v_presence IS DISTINCT FROM it->>'p'
       OR ((it->>'d')::boolean AND (v_due IS NULL OR v_due > now())) THEN
      v_outcome := 'stale';
    ELSE
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
      END IF;
      v_version := v_version + 1;
      v_outcome := 'ok';
    END IF;
    IF v_outcome <> 'ok' THEN
      v_out := v_out || jsonb_build_array(
        jsonb_build_object('outcome', v_outcome, 'version', v_version));
      CONTINUE;
    END IF;
    v_out := v_out || jsonb_build_array(jsonb_build_object(
      'outcome', 'ok',
      'version', v_version,
      'players', (
        SELECT jsonb_agg(jsonb_build_object(
                 'gameId', p.game_id, 'seat', p.seat, 'userId', p.user_id,
                 'botLevel', p.bot_level, 'clientSeed', p.client_seed,
                 'autoplayedTurns', p.autoplayed_turns, 'disconnectedAt', p.disconnected_at,
                 'result', p.result, 'payoutCents', p.payout_cents, 'name', u.name)
               ORDER BY p.seat)
          FROM game_players p LEFT JOIN users u ON u.id = p.user_id
         WHERE p.game_id = v_id)));
  END LOOP;
  RETURN v_out;
END;
$$;
