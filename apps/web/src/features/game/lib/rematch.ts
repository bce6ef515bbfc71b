import type { TableDetail } from '@domino/contracts';

/**
 * What the result screen shows about "Revancha" (docs/decisions/021-private-tables.md): after a
 * table match the table keeps a rematch window; while it is open every player of the match may
 * accept (paying their own entry again, at their own seat), and when all have accepted the new
 * match starts.
 *
 * - `none`: the table has no window for this player (it ran out, or the player was not seated).
 * - `open`: the window is open; `accepted` of `total` players accepted, `mine` says whether this
 *   player did, `secondsLeft` until it closes (whole seconds, never negative).
 * - `started`: everybody accepted: the new match is `gameId`.
 */
export type RematchState =
  | { kind: 'none' }
  | { kind: 'open'; accepted: number; total: number; mine: boolean; secondsLeft: number }
  | { kind: 'started'; gameId: string };

/**
 * The rematch state of `table` for user `userId`, seen from the finished match `finishedGameId`
 * at `nowMs` (epoch milliseconds).
 */
export function rematchState(
  table: Pick<TableDetail, 'rematch' | 'game_id' | 'seats'> | null,
  userId: number,
  finishedGameId: string,
  nowMs: number,
): RematchState {
  if (!table) return { kind: 'none' };
  if (
    table.game_id &&
    table.game_id !== finishedGameId &&
    table.seats.some((s) => s.user?.id === userId)
  )
    return { kind: 'started', gameId: table.game_id };
  const window = table.rematch;
  if (!window) return { kind: 'none' };
  const me = window.seats.find((s) => s.user_id === userId);
  if (!me) return { kind: 'none' };
  const secondsLeft = Math.max(0, Math.ceil((Date.parse(window.until) - nowMs) / 1000));
  if (secondsLeft === 0) return { kind: 'none' };
  return {
    kind: 'open',
    accepted: window.seats.filter((s) => s.accepted).length,
    total: window.seats.length,
    mine: me.accepted,
    secondsLeft,
  };
}
