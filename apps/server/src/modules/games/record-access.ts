import { MSG_FAIRNESS, gameMessage } from '@domino/contracts';
import type { MatchState } from '@domino/domino';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { GameRow, PlayerRow } from './repo';
import { findGame, gamePlayersOf } from './repo';

/**
 * Who may read a finished match's record (decision 015): its fairness record (revealed seeds and
 * every deal, GET /api/games/{id}/fairness) and its replay (every move, GET
 * /api/games/{id}/replay) follow one rule — the match's own players and staff. The seeds re-derive
 * every hand, so the fairness record reveals every player's tiles just as the replay does; and
 * only someone who saw a hand dealt can learn anything from re-deriving it.
 */

/** The reader of a record: a user id and whether they are staff (role `admin`). */
export interface RecordViewer {
  userId: number;
  staff: boolean;
}

/** A finished match as its record's reader may see it. */
export interface FinishedMatch {
  game: GameRow;
  players: PlayerRow[];
  state: MatchState;
  /** The viewer's seat, or null for staff who did not play the match. */
  viewerSeat: number | null;
}

/**
 * Loads a finished match for `viewer`. Errors (in this order): 404 `game/not_found`; 403
 * `game/not_a_player` (MSG_FAIRNESS.notAParticipant) when the viewer neither played it nor is
 * staff; 409 `game/not_finished` with `notFinishedMessage` while it is still being played.
 */
export async function finishedMatchFor(
  db: Executor,
  gameId: string,
  viewer: RecordViewer,
  notFinishedMessage: string,
): Promise<FinishedMatch> {
  const game = await findGame(db, gameId);
  if (!game) throw new AppError('game/not_found', 404, gameMessage('game/not_found'));
  const players = await gamePlayersOf(db, gameId);
  const mine = players.find((p) => p.userId === viewer.userId);
  if (!mine && !viewer.staff)
    throw new AppError('game/not_a_player', 403, MSG_FAIRNESS.notAParticipant);
  const state = game.state as MatchState;
  if (state.status !== 'finished') throw new AppError('game/not_finished', 409, notFinishedMessage);
  return { game, players, state, viewerSeat: mine?.seat ?? null };
}
