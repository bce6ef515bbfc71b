import { SERVER_EVENTS } from '@domino/contracts';
import type { SpectatorCountEvent, SpectatorView } from '@domino/contracts';
import type { RealtimeHub } from '../realtime/hub';
import { ROOMS } from '../realtime/rooms';
import type { Committed, GamesContext } from './context';
import { pushTarget, spectatedState, spectatorViewJson } from './spectate';
import type { WatchTarget } from './spectate';

/**
 * How many watch a match, and the pushes to its spectators (docs/decisions/022-spectators.md,
 * and 077-spectator-count-learnt.md for when it is counted).
 *
 * The count is the number of distinct users with a socket in the match's spectators' room
 * (`game:<id>:watch`), asked of every node through the Socket.IO adapter (`fetchSockets`), so it
 * is right across nodes without a counter that a crashed node could leave wrong. It is counted
 * when someone starts or stops watching, on the node that holds that socket, which then tells
 * the players' and spectators' rooms (`game:spectators`) and every other node (`toNodes`), so each
 * node knows the count without asking. The move path asks again only when what this node knows
 * is older than SPECTATOR_RECOUNT_MS (a message lost in a Redis outage, a node that crashed with
 * watchers, a node started since), not on every move.
 */

/** How old a learnt count may be before a move counts the watchers again (ms; decision 077). */
export const SPECTATOR_RECOUNT_MS = 10_000;

/** The message a node sends the others when it counted a match's watchers (hub `toNodes`). */
export const SPECTATOR_COUNT_NODE_EVENT = 'games:spectator-count';

interface Learnt {
  count: number;
  /** When this node learnt it (Date.now(), ms). */
  at: number;
}

/** How long a learnt count is kept without news of its match (ms): matches end, nodes forget. */
const FORGET_AFTER_MS = 10 * 60_000;

/** What a node learnt of each match's count (by game id), and when it last forgot old ones. */
interface Known {
  counts: Map<string, Learnt>;
  prunedAt: number;
}

const known = new WeakMap<RealtimeHub, Known>();

function knownOf(hub: RealtimeHub): Known {
  let k = known.get(hub);
  if (!k) {
    k = { counts: new Map(), prunedAt: Date.now() };
    known.set(hub, k);
  }
  return k;
}

/** Remembers a count; at most once a minute drops those not renewed for FORGET_AFTER_MS. */
function learn(k: Known, gameId: string, count: number, at: number): void {
  k.counts.set(gameId, { count, at });
  if (at - k.prunedAt < 60_000) return;
  k.prunedAt = at;
  for (const [id, l] of k.counts) if (at - l.at > FORGET_AFTER_MS) k.counts.delete(id);
}

/** The last spectator count this node learnt for `gameId` (0 when it learnt none). */
export function spectatorCount(hub: RealtimeHub, gameId: string): number {
  return knownOf(hub).counts.get(gameId)?.count ?? 0;
}

/**
 * Counts the spectators of `gameId` on every node and remembers it; when it differs from the
 * count this node knew (or `announce` is set: someone started or stopped watching), pushes
 * `game:spectators {game_id, count}` to the players' room and the spectators' room, and tells
 * every other node the count. When another node's different count arrived while this one asked,
 * the answer is kept as old, so that the next move counts again. Returns the count.
 */
export async function refreshSpectatorCount(
  hub: RealtimeHub,
  gameId: string,
  announce = false,
): Promise<number> {
  const asked = Date.now();
  const count = (await hub.usersIn(ROOMS.watch(gameId))).length;
  const k = knownOf(hub);
  const previous = k.counts.get(gameId);
  // Another node's count that arrived while this node asked may have seen a change this answer
  // missed (or the other way round): keep this answer, marked old, so the next move recounts.
  const doubtful = previous !== undefined && previous.at >= asked && previous.count !== count;
  learn(k, gameId, count, doubtful ? 0 : Date.now());
  if (announce || count !== (previous?.count ?? 0)) {
    const event: SpectatorCountEvent = { game_id: gameId, count };
    hub.toRoom(ROOMS.game(gameId), SERVER_EVENTS.gameSpectators, event);
    hub.toRoom(ROOMS.watch(gameId), SERVER_EVENTS.gameSpectators, event);
    hub.toNodes(SPECTATOR_COUNT_NODE_EVENT, event);
  }
  return count;
}

/**
 * The count a move's spectator push works with: what this node learnt, when it is younger than
 * SPECTATOR_RECOUNT_MS, else a recount (`refreshSpectatorCount`). `now` in ms (Date.now()).
 */
export async function spectatorCountForMove(
  hub: RealtimeHub,
  gameId: string,
  now = Date.now(),
): Promise<number> {
  const learnt = knownOf(hub).counts.get(gameId);
  if (learnt && now - learnt.at < SPECTATOR_RECOUNT_MS) return learnt.count;
  return refreshSpectatorCount(hub, gameId);
}

/**
 * Has this node learn the counts other nodes send (`refreshSpectatorCount`'s `toNodes`). Call
 * once per hub. A malformed message is ignored; the move path's recount corrects any miss.
 */
export function listenForSpectatorCounts(hub: RealtimeHub): void {
  hub.onNodes(SPECTATOR_COUNT_NODE_EVENT, (payload) => {
    const { game_id: gameId, count } = (payload ?? {}) as Partial<SpectatorCountEvent>;
    if (typeof gameId !== 'string' || !Number.isSafeInteger(count) || (count as number) < 0) return;
    learn(knownOf(hub), gameId, count as number, Date.now());
  });
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
 * After a commit (context.ts `broadcast`): takes the count (`spectatorCountForMove`: what this
 * node learnt, recounted when it is old) and, when anyone watches, pushes
 * the spectator view (`game:spectate`, two moves behind at a paid table) to the spectators'
 * room. Runs after the players' views have gone; never throws (errors go to `ctx.onError`).
 */
export async function pushToSpectators(ctx: GamesContext, committed: Committed): Promise<void> {
  try {
    const gameId = committed.game.id;
    if (committed.game.kind !== 'table') return;
    const count = await spectatorCountForMove(ctx.hub, gameId);
    if (count === 0) return;
    const target = await pushTarget(ctx.db, committed.game, committed.players);
    if (!target) return;
    const view = await currentSpectatorView(ctx, target, count);
    ctx.hub.toRoom(ROOMS.watch(gameId), SERVER_EVENTS.gameSpectate, view);
  } catch (err) {
    ctx.onError?.(err);
  }
}
