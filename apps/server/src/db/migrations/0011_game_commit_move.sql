-- One round trip per game move (docs/architecture.md#how-a-move-flows; decision 008): the server
-- node applies the engine to the state it holds for `p_expected_version`, then this function
-- locks the game row, checks that the version and the seats' presence are still the ones the
-- move was computed from, appends the move to the log, stores the new state with version + 1
-- and its due times, and updates the mover's count of bot-played turns. The row lock and the
-- version check are the authority: a node whose copy of the game is stale gets 'stale' and
-- nothing changes.
-- p_presence: one character per seat in seat order, '1' when the seat is away (bot-played turns
-- or disconnected), else '0' (the schedule of the next turn depends on it).
-- p_due_only (the sweeper): skip a row locked by someone else ('busy') and refuse unless the
-- game is due now, so each due action fires once across nodes.
-- p_autoplayed: the mover's new count of bot-played turns, or NULL to leave it.
-- Returns {outcome: 'ok'|'stale'|'busy'|'not_found', version, players: [...seats with names]}.
-- A final move (settlement) does not come here: it runs in one transaction with the payout.
CREATE FUNCTION game_commit_move(
  p_game_id text,
  p_expected_version integer,
  p_presence text,
  p_due_only boolean,
  p_state jsonb,
  p_seat smallint,
  p_move jsonb,
  p_actor text,
  p_due_at timestamptz,
  p_turn_deadline timestamptz,
  p_autoplayed integer
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_version integer;
  v_status text;
  v_due timestamptz;
  v_presence text;
  v_outcome text := 'ok';
BEGIN
  IF p_due_only THEN
    SELECT version, status, due_at INTO v_version, v_status, v_due
      FROM games WHERE id = p_game_id FOR UPDATE SKIP LOCKED;
    IF NOT FOUND THEN
      RETURN jsonb_build_object('outcome', 'busy');
    END IF;
  ELSE
    SELECT version, status, due_at INTO v_version, v_status, v_due
      FROM games WHERE id = p_game_id FOR UPDATE;
    IF NOT FOUND THEN
      RETURN jsonb_build_object('outcome', 'not_found');
    END IF;
  END IF;
  SELECT string_agg(
           CASE WHEN autoplayed_turns > 0 OR disconnected_at IS NOT NULL THEN '1' ELSE '0' END,
           '' ORDER BY seat)
    INTO v_presence FROM game_players WHERE game_id = p_game_id;
  IF v_version <> p_expected_version OR v_status <> 'playing'
     OR v_presence IS DISTINCT FROM p_presence
     OR (p_due_only AND (v_due IS NULL OR v_due > now())) THEN
    v_outcome := 'stale';
  ELSE
    INSERT INTO game_moves (game_id, seq, seat, move, actor)
      VALUES (p_game_id, v_version + 1, p_seat, p_move, p_actor);
    UPDATE games SET state = p_state, version = v_version + 1, due_at = p_due_at,
        turn_deadline = p_turn_deadline, updated_at = now()
      WHERE id = p_game_id;
    IF p_autoplayed IS NOT NULL THEN
      UPDATE game_players SET autoplayed_turns = p_autoplayed
        WHERE game_id = p_game_id AND seat = p_seat;
    END IF;
    v_version := v_version + 1;
  END IF;
  RETURN jsonb_build_object(
    'outcome', v_outcome,
    'version', v_version,
    'players', (
      SELECT jsonb_agg(jsonb_build_object(
               'gameId', p.game_id, 'seat', p.seat, 'userId', p.user_id,
               'botLevel', p.bot_level, 'clientSeed', p.client_seed,
               'autoplayedTurns', p.autoplayed_turns, 'disconnectedAt', p.disconnected_at,
               'result', p.result, 'payoutCents', p.payout_cents, 'name', u.name)
             ORDER BY p.seat)
        FROM game_players p LEFT JOIN users u ON u.id = p.user_id
       WHERE p.game_id = p_game_id));
END;
$$;
