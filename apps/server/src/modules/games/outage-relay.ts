import { inArray } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Seat } from '@domino/domino';
import { games } from '../../db/schema';
import { PLAYERS_ROOM, ROOMS } from '../realtime/rooms';
import type { Worker } from '../realtime/server-module';
import { gameCacheFor } from './cache';
import type { GamesContext } from './context';
import { spectatorCount } from './spectators';
import { gameViewJson } from './view';

/**
 * The outage relay (docs/decisions/071-moves-reach-every-seat-without-redis.md): while this node
 * cannot reach Redis, a move made on another node never reaches this node's sockets through the
 * Socket.IO adapter (decision 066), so a player here would look at a table that stands still.
 * Every `intervalMs` (default 1,000 ms) while Redis is away, and for `graceMs` after it is back
 * (the adapter's subscriptions are renewed meanwhile), the relay reads the version of every game
 * that has players' sockets on this node (one indexed read for all of them) and, for each game
 * whose version moved past the last one it pushed, reads the game once and pushes each of this
 * node's player sockets in the game's room its own seat's view (`game:view`, built by
 * `gameViewJson` as `game:join` builds it: nothing beyond what the seat may know). Clients keep
 * the newest version they hold, so a view they already had is ignored.
 *
 * With Redis up the relay does nothing but look at the client's status each interval. Spectators
 * are not relayed (their views lag on purpose and catch up when Redis returns).
 */
export class OutageRelay implements Worker {
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;
  private running: Promise<void> = Promise.resolve();
  /** When Redis was last seen away (ms since the epoch; -Infinity: not since start). */
  private lastAwayAt = -Infinity;
  /** The version last pushed to this node's sockets, by game id, during the current outage. */
  private readonly pushed = new Map<string, number>();
  /** Views pushed since start (tests and logs read it). */
  readonly stats = { ticks: 0, games: 0, views: 0 };

  /**
   * @param ctx the node's games context (its hub holds the Socket.IO server)
   * @param redis the node's Redis client (the adapter's publisher); undefined: a single node, the
   *   relay never runs
   * @param onError where a failed tick is reported (the next tick tries again)
   * @param intervalMs how often to look, in milliseconds
   * @param graceMs how long to keep relaying after Redis is back, in milliseconds
   */
  constructor(
    private readonly ctx: GamesContext,
    private readonly redis: Pick<Redis, 'status'> | undefined,
    private readonly onError: (err: unknown) => void,
    private readonly intervalMs = 1_000,
    private readonly graceMs = 5_000,
  ) {}

  start(): void {
    if (!this.redis) return;
    this.stopped = false;
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick()
        .catch(this.onError)
        .finally(() => this.schedule());
    }, this.intervalMs);
    this.timer.unref();
  }

  /** One look: relays what changed if Redis is away or came back less than `graceMs` ago. */
  async tick(now = Date.now()): Promise<void> {
    this.stats.ticks += 1;
    if (this.redis?.status !== 'ready') this.lastAwayAt = now;
    if (now - this.lastAwayAt > this.graceMs) {
      this.pushed.clear();
      return;
    }
    const io = this.ctx.hub.io;
    if (!io) return;
    const nsp = io.of('/');
    // This node's rooms only: the adapter keeps the local ones (a cross-node query would need
    // Redis).
    const rooms = nsp.adapter.rooms;
    const ids: string[] = [];
    for (const room of rooms.keys()) {
      const id = PLAYERS_ROOM.exec(room)?.[1];
      if (id) ids.push(id);
    }
    for (const id of this.pushed.keys()) if (!rooms.has(ROOMS.game(id))) this.pushed.delete(id);
    if (ids.length === 0) return;
    const versions = await this.ctx.db
      .select({ id: games.id, version: games.version })
      .from(games)
      .where(inArray(games.id, ids));
    const cache = gameCacheFor(this.ctx.db);
    for (const { id, version } of versions) {
      if (version <= (this.pushed.get(id) ?? -1)) continue;
      const entry = await cache.load(this.ctx.db, id, { atLeastVersion: version });
      if (!entry) continue;
      const spectators = spectatorCount(this.ctx.hub, id);
      for (const socketId of rooms.get(ROOMS.game(id)) ?? []) {
        const socket = nsp.sockets.get(socketId);
        const userId = socket?.data?.userId as number | null | undefined;
        if (!socket || userId === null || userId === undefined) continue;
        const seat = entry.players.find((p) => p.userId === userId)?.seat as Seat | undefined;
        if (seat === undefined) continue;
        socket.emit('game:view', gameViewJson(entry.row, entry.players, seat, spectators));
        this.stats.views += 1;
      }
      this.pushed.set(id, entry.row.version);
      this.stats.games += 1;
    }
  }
}
