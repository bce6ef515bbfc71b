import { SERVER_EVENTS } from '@domino/contracts';
import type { SpectatorCountEvent, SpectatorView } from '@domino/contracts';
import type { RealtimeHub } from '../realtime/hub';
import { ROOMS } from '../realtime/rooms';
import type { Committed, GamesContext } from './context';
import { pushTarget, spectatedState, spectatorViewJson } from './spectate';
import type { WatchTarget } from './spectate';

/**
 * How many watch a match, and the pushes to its spectators (docs/decisions/022-spectators.md).
 *
 * The count is the number of distinct users with a socket in the match's spectators' room
 * (`game:<id>:watch`), asked of every node through the Socket.IO adapter (`fetchSockets`), so it
 * is right across nodes without a counter that a crashed node could leave wrong. Each node keeps
 * the last count it learnt per match, to put in the player views it pushes without waiting; when
 * a node learns a count that differs from what it last knew, it pushes `game:spectators` to the
 * players' and the spectators' rooms, so a view pushed with a stale count is corrected at once.
 */

const known = new WeakMap<RealtimeHub, Map<string, number>>();

function countsOf(hub: RealtimeHub): Map<string, number> {
  let m = known.get(hub);
  if (!m) {
    m = new Map();
    known.set(hub, m);
  }
  return m;
}

/** The last spectator count this node learnt for `gameId` (0 when it learnt none). */
export function spectatorCount(hub: RealtimeHub, gameId: string): number {
  return countsOf(hub).get(gameId) ?? 0;
}

/**
 * Counts the spectators of `gameId` on every node and remembers it; when it differs from the
 * count this node knew (or `announce` is set), pushes `game:spectators {game_id, count}` to the
 * players' room and the spectators' room. Returns the count.
 */
export async function refreshSpectatorCount(
  hub: RealtimeHub,
  gameId: string,
  announce = false,
): Promise<number> {
  const count = (await hub.usersIn(ROOMS.watch(gameId))).length;
  const counts = countsOf(hub);
  const before = counts.get(gameId) ?? 0;
  if (count === 0) counts.delete(gameId);
  else counts.set(gameId, count);
  if (announce || count !== before) {
    const event: SpectatorCountEvent = { game_id: gameId, count };
    hub.toRoom(ROOMS.game(gameId), SERVER_EVENTS.gameSpectators, event);
    hub.toRoom(ROOMS.watch(gameId), SERVER_EVENTS.gameSpectators, event);
  }
  return count;
}

/** The spectator view of a watch target as of now, with the node's known count. */
export async function currentSpectatorView(
  ctx: Pick<GamesContext, 'db' | 'hub'>,
  target: WatchTarget,
  spectators: number,
): Promise<SpectatorView> {
  return spectatorViewJson(target, await spectatedState(ctx.db, target.game), spectators);
}

/**
 * After a commit (context.ts `broadcast`): refreshes the count and, when anyone watches, pushes
 * the spectator view (`game:spectate`, two moves behind at a paid table) to the spectators'
 * room. Runs after the players' views have gone; never throws (errors go to `ctx.onError`).
 */
export async function pushToSpectators(ctx: GamesContext, committed: Committed): Promise<void> {
  try {
    const gameId = committed.game.id;
    if (committed.game.kind !== 'table') return;
    const count = await refreshSpectatorCount(ctx.hub, gameId);
    if (count === 0) return;
    const target = await pushTarget(ctx.db, committed.game, committed.players);
    if (!target) return;
    const view = await currentSpectatorView(ctx, target, count);
    ctx.hub.toRoom(ROOMS.watch(gameId), SERVER_EVENTS.gameSpectate, view);
  } catch (err) {
    ctx.onError?.(err);
  }
}
