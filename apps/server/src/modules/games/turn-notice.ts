import type { MatchState, Seat } from '@domino/domino';
import { legalMoves } from '@domino/domino';
import { longAbsent } from './clock';
import type { Committed, GamesContext } from './context';

/**
 * After a move committed, tells the `notifyTurn` port whose turn started, when that turn is
 * worth a notification (docs/decisions/025): a table match still playing, a seat with a player
 * (not a CPU seat) who has the whole turn time (a slow player, or one without connection for less
 * than ABSENCE_PATIENCE_MS, decision 042: a phone that lost the game screen may still get the
 * push; after that the CPU plays their turns at once), and a real choice to make (a forced move is played for them after a moment, decision 004). Practice games never
 * notify: nobody waits for a player alone against the CPU. The port decides the rest (the
 * player's switch, no tab on screen). Carries ids and the table name only, never a hand.
 */
export function announceTurn(ctx: GamesContext, committed: Committed): void {
  if (!ctx.notifyTurn) return;
  const { game, players } = committed;
  if (game.kind !== 'table' || game.status !== 'playing') return;
  const state = game.state as MatchState;
  const seat = state.hand.turn;
  if (state.status !== 'playing' || seat === null) return;
  const occupant = players.find((p) => p.seat === seat);
  if (!occupant || occupant.userId === null) return;
  if (longAbsent(occupant.disconnectedAt, Date.now())) return;
  if (legalMoves(state, seat as Seat).length < 2) return;
  const tableName =
    (game.meta as { tableName?: string } | null)?.tableName ?? `Mesa ${game.tableId ?? ''}`.trim();
  ctx.notifyTurn(occupant.userId, game.id, tableName);
}
