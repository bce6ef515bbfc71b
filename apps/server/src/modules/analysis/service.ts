import type { AnalysisDecision, AnalysisResponse, AnalysisStatus } from '@domino/contracts';
import { MSG_ANALYSIS, gameMessage } from '@domino/contracts';
import type { DecisionReview, MatchReview, MatchState, Move } from '@domino/domino';
import { summarize } from '@domino/domino';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { findGame, gamePlayersOf } from '../games/repo';
import { enqueueAnalysis, findAnalysis, type AnalysisRow } from './repo';

/**
 * "Análisis" of a finished match (docs/decisions/029-post-game-analysis.md): who may ask for it,
 * queueing it, and its wire shape. Only the human who played a seat sees that seat's analysis —
 * not the other players of the match, not spectators, not staff: it is a private coaching record
 * of one player's decisions.
 */

/**
 * The caller's seat in finished match `gameId`. `seat`, when given, must be that seat. Errors, in
 * this order: 404 `game/not_found`; 403 `analysis/not_yours` (MSG_ANALYSIS.notYours) when the
 * caller did not play the match or asked for another seat; 409 `analysis/not_finished` while the
 * match is being played.
 */
export async function analysisSeat(
  db: Executor,
  gameId: string,
  userId: number,
  seat?: number,
): Promise<number> {
  const game = await findGame(db, gameId);
  if (!game) throw new AppError('game/not_found', 404, gameMessage('game/not_found'));
  const players = await gamePlayersOf(db, gameId);
  const mine = players.find((p) => p.userId === userId);
  if (!mine || (seat !== undefined && seat !== mine.seat))
    throw new AppError('analysis/not_yours', 403, MSG_ANALYSIS.notYours);
  if (game.status !== 'finished' || (game.state as MatchState).status !== 'finished')
    throw new AppError('analysis/not_finished', 409, MSG_ANALYSIS.notFinished);
  return mine.seat;
}

/**
 * POST /api/games/{id}/analysis: queues the analysis of the caller's seat (idempotent: a second
 * or concurrent request finds the same row; a failed one is queued again) and returns it as it
 * stands — `done` at once when it was computed before. Errors: those of `analysisSeat`.
 */
export async function requestAnalysis(
  db: Executor,
  gameId: string,
  userId: number,
  seat?: number,
): Promise<AnalysisResponse> {
  const mySeat = await analysisSeat(db, gameId, userId, seat);
  return analysisJson(await enqueueAnalysis(db, gameId, mySeat, userId));
}

/**
 * GET /api/games/{id}/analysis: the caller's analysis as it stands. Errors: those of
 * `analysisSeat`; 404 `analysis/not_requested` when it was never asked for.
 */
export async function readAnalysis(
  db: Executor,
  gameId: string,
  userId: number,
  seat?: number,
): Promise<AnalysisResponse> {
  const mySeat = await analysisSeat(db, gameId, userId, seat);
  const row = await findAnalysis(db, gameId, mySeat);
  if (!row) throw new AppError('analysis/not_requested', 404, MSG_ANALYSIS.notRequested);
  return analysisJson(row);
}

function moveJson(m: Move): AnalysisDecision['played'] {
  if (m.kind === 'play') return { tile: [m.tile[0], m.tile[1]], end: m.end };
  return m.kind === 'pass' ? { pass: true } : { draw: true };
}

/** A decision on the wire: built field by field from the seat's own review, nothing copied. */
function decisionJson(d: DecisionReview): AnalysisDecision {
  return {
    index: d.index,
    hand_number: d.handNumber,
    hand: d.hand.map((t) => [t[0], t[1]]),
    line: d.line.map((p) => ({
      tile: [p.tile[0], p.tile[1]],
      seat: p.seat,
      left: p.left,
      right: p.right,
    })),
    anchor: d.anchor,
    ends: d.ends ? { left: d.ends.left, right: d.ends.right } : null,
    scores: [...d.scores],
    forced: d.forced,
    autoplayed: d.autoplayed,
    played: moveJson(d.played),
    best: moveJson(d.best),
    options: d.values.map((v) => ({ move: moveJson(v.move), value: v.value })),
    loss: d.loss,
    notable: d.notable,
  };
}

/** The wire shape of an analysis row (its message in Spanish; the review when done). */
export function analysisJson(row: AnalysisRow): AnalysisResponse {
  const status = row.status as AnalysisStatus;
  const stored = status === 'done' ? (row.result as MatchReview) : null;
  // The figures are recomputed from the stored decisions, so an analysis cached before the
  // figures changed reads like a new one (docs/decisions/050-one-vocabulary.md).
  const review = stored ? summarize(stored.seat, stored.decisions, stored.notableLoss) : null;
  return {
    game_id: row.gameId,
    seat: row.seat,
    status,
    message:
      status === 'done' ? null : status === 'failed' ? MSG_ANALYSIS.failed : MSG_ANALYSIS.pending,
    summary: review
      ? {
          accuracy: review.accuracy,
          average_loss: review.averageLoss,
          decisions: review.decisions.length,
          counted: review.counted,
          best: review.best,
          inexact: review.inexact,
          notable: review.notable,
          forced: review.forced,
          autoplayed: review.autoplayed,
          notable_loss: review.notableLoss,
        }
      : null,
    decisions: review ? review.decisions.map(decisionJson) : [],
  };
}
