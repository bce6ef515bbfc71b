import { eq, sql } from 'drizzle-orm';
import type { MatchResult, MatchState, Seat } from '@domino/domino';
import { sideOf } from '@domino/domino';
import { games } from '../../db/schema';
import type { GamesContext } from './context';
import { afterCommit } from './context';
import { finishTableMatch } from './finish';
import { gamePlayersOf, lockGame, toGameRow } from './repo';

/**
 * Ends a playing match by forfeit (docs/decisions/028-tournaments.md "No-show"): the match stops
 * where it is, with `winnerSide` as the winning side (null: nobody wins, both sides forfeited),
 * the scores as they stand, and is settled (a tournament match moves no money and gives no
 * points: finish.ts). The version advances, so a node's cached copy is refused and dropped.
 * Returns false (nothing changed) when the game is missing or already finished. Every seat gets
 * its final view after the commit.
 */
export async function forfeitMatch(
  ctx: GamesContext,
  gameId: string,
  winnerSide: number | null,
): Promise<boolean> {
  const committed = await ctx.db.transaction(async (tx) => {
    const game = await lockGame(tx, gameId);
    if (!game || game.status !== 'playing') return null;
    const players = await gamePlayersOf(tx, gameId);
    const state = game.state as MatchState;
    const winnerSeats =
      winnerSide === null
        ? []
        : players
            .map((p) => p.seat as Seat)
            .filter((seat) => sideOf(state.config, seat) === winnerSide);
    const result: MatchResult = {
      winnerSide: winnerSide ?? -1,
      winnerSeats,
      scores: [...state.scores],
      hands: state.history.length,
      forfeit: true,
    };
    const next = { ...state, status: 'finished', result } as MatchState;
    const [row] = await tx
      .update(games)
      .set({
        storedState: next,
        version: game.version + 1,
        status: 'finished',
        dueAt: null,
        turnDeadline: null,
        updatedAt: sql`now()`,
        finishedAt: sql`now()`,
      })
      .where(eq(games.id, gameId))
      .returning();
    if (!row) throw new Error('game update returned no row');
    const out = await finishTableMatch(tx, toGameRow(row), players, next);
    return { game: out.row, players, balances: out.balances };
  });
  if (!committed) return false;
  afterCommit(ctx, committed);
  return true;
}
