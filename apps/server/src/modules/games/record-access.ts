import { eq } from 'drizzle-orm';
import { MSG_FAIRNESS, gameMessage } from '@domino/contracts';
import type { MatchState } from '@domino/domino';
import type { Executor } from '../../db/client';
import { gameTables } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { GameRow, PlayerRow } from './repo';
import { findGame, gamePlayersOf } from './repo';

/**
 * Who may read a finished match's record (decision 015): its fairness record (revealed seeds and
 * every deal, GET /api/games/{id}/fairness) and its replay (every move, GET
 * /api/games/{id}/replay) follow one rule — the match's own players and staff. The seeds re-derive
 * every hand, so the fairness record reveals every player's tiles just as the replay does; and
 * only someone who saw a hand dealt can learn anything from re-deriving it.
 *
 * Spectators (docs/decisions/022-spectators.md): the replay of a finished match of a PUBLIC
 * table is open to every logged-in user (`publicReplay`), because anyone could have watched that
 * match; a private table's match and a practice match stay with their players and staff.
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
  /** The viewer's seat, or null for staff who did not play the match (and spectators). */
  viewerSeat: number | null;
  /** Read as a public replay by someone who neither played nor is staff: show public names. */
  asSpectator: boolean;
}

/** Whether `game` is a match of a public or tournament table (its replay is open to spectators once finished). */
async function isPublicTableMatch(db: Executor, game: GameRow): Promise<boolean> {
  if (game.kind !== 'table' || game.tableId === null) return false;
  const [table] = await db
    .select({ visibility: gameTables.visibility })
    .from(gameTables)
    .where(eq(gameTables.id, game.tableId));
  // A tournament match is watched like a public one, so its replay is open too (decision 028).
  return table?.visibility === 'public' || table?.visibility === 'tournament';
}

/**
 * Loads a finished match for `viewer`. With `publicReplay` (the replay, not the fairness record),
 * a finished match of a public table is open to any viewer. Errors (in this order): 404
 * `game/not_found`; 403 `game/not_a_player` (MSG_FAIRNESS.notAParticipant) when the viewer
 * neither played it nor is staff (nor may read it as a public replay); 409 `game/not_finished`
 * with `notFinishedMessage` while it is still being played — a running public match's replay is
 * refused as not a participant's, so it never hands the move log to a spectator mid-match.
 */
export async function finishedMatchFor(
  db: Executor,
  gameId: string,
  viewer: RecordViewer,
  notFinishedMessage: string,
  opts: { publicReplay?: boolean } = {},
): Promise<FinishedMatch> {
  const game = await findGame(db, gameId);
  if (!game) throw new AppError('game/not_found', 404, gameMessage('game/not_found'));
  const players = await gamePlayersOf(db, gameId);
  const mine = players.find((p) => p.userId === viewer.userId);
  const state = game.state as MatchState;
  const asSpectator =
    !mine &&
    !viewer.staff &&
    opts.publicReplay === true &&
    state.status === 'finished' &&
    (await isPublicTableMatch(db, game));
  if (!mine && !viewer.staff && !asSpectator)
    throw new AppError('game/not_a_player', 403, MSG_FAIRNESS.notAParticipant);
  if (state.status !== 'finished') throw new AppError('game/not_finished', 409, notFinishedMessage);
  return { game, players, state, viewerSeat: mine?.seat ?? null, asSpectator };
}
