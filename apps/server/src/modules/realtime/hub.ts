import type { Server } from 'socket.io';
import type { ServerEventName } from '@domino/contracts';
import { ROOMS } from './rooms';
import type { SocketData } from './session-guard';

/**
 * The services' way to push to clients (docs/architecture.md#how-a-move-flows: broadcast after commit). Holds the Socket.IO
 * server once it is attached; before that (and in route tests) emits go nowhere. Event names are
 * those of SERVER_EVENTS (@domino/contracts events.ts).
 */
export class RealtimeHub {
  io: Server | null = null;
  /** Whether the node shares its rooms with others through the Redis adapter (set by `attach`). */
  clustered = false;
  private readonly nodeListeners: [string, (payload: unknown) => void][] = [];

  /**
   * Holds the node's Socket.IO server from now on; `clustered` when it runs the Redis adapter
   * (the only adapter here that carries `serverSideEmit`). Listeners given to `onNodes` before
   * are attached now.
   */
  attach(io: Server, options: { clustered: boolean }): void {
    this.io = io;
    this.clustered = options.clustered;
    for (const [event, handler] of this.nodeListeners) this.listen(event, handler);
  }

  /**
   * Tells every other node `event` with `payload` (Socket.IO's `serverSideEmit` through the Redis
   * adapter; fire and forget: a node that misses it, during a Redis outage or while it starts,
   * must not depend on it). Nothing on a single node, where no other node exists.
   */
  toNodes(event: string, payload: unknown): void {
    if (!this.io || !this.clustered) return;
    this.io.serverSideEmit(event, payload);
  }

  /**
   * Calls `handler` with the payload of every `event` another node sends with `toNodes` (never
   * this node's own). May be called before `attach`; the payload comes from another node of the
   * deployment but is still checked by the handler.
   */
  onNodes(event: string, handler: (payload: unknown) => void): void {
    this.nodeListeners.push([event, handler]);
    if (this.io) this.listen(event, handler);
  }

  private listen(event: string, handler: (payload: unknown) => void): void {
    if (!this.clustered) return;
    (this.io as unknown as { on(e: string, h: (payload: unknown) => void): void }).on(
      event,
      handler,
    );
  }

  /**
   * Sends `event` to every socket of a user, on any node (Redis adapter), except the socket whose
   * id is `exceptSocket` when given (a socket that got the same news in its own acknowledgement:
   * docs/decisions/068-move-view-in-the-ack.md).
   */
  toUser(userId: number, event: ServerEventName, payload: unknown, exceptSocket?: string): void {
    if (!this.io) return;
    const room = this.io.to(ROOMS.user(userId));
    (exceptSocket === undefined ? room : room.except(exceptSocket)).emit(event, payload);
  }

  /** Sends `event` to the sockets watching one table (waiting room). */
  toTable(tableId: number, event: ServerEventName, payload: unknown): void {
    this.io?.to(ROOMS.table(tableId)).emit(event, payload);
  }

  /**
   * Sends `event` to every socket in `room` except those also in `except`, on every node, and then
   * disconnects them (server-side, so the client does not reconnect on its own). Packets to one
   * socket keep their order, so the event arrives before the disconnect (docs/decisions/012).
   */
  closeRoom(room: string, event: ServerEventName, payload: unknown, except?: string): void {
    if (!this.io) return;
    const target = except ? this.io.to(room).except(except) : this.io.to(room);
    target.emit(event, payload);
    target.disconnectSockets(true);
  }

  /** Sends `event` to every socket in `room`, on every node. */
  toRoom(room: string, event: ServerEventName, payload: unknown): void {
    this.io?.to(room).emit(event, payload);
  }
  /**
   * The distinct user ids of the authenticated sockets in `room` across every node (the Redis
   * adapter asks the other nodes and waits for their answers, at most its request timeout).
   * Empty before Socket.IO is attached.
   */
  async usersIn(room: string): Promise<number[]> {
    if (!this.io) return [];
    const sockets = await this.io.in(room).fetchSockets();
    const ids = new Set<number>();
    for (const s of sockets) {
      const id = (s.data as { userId?: unknown } | undefined)?.userId;
      if (typeof id === 'number') ids.add(id);
    }
    return [...ids];
  }

  /**
   * Which of `userIds` have at least one authenticated socket connected, on any node: one
   * `fetchSockets` over their user rooms, which the Redis adapter asks of every node (each
   * socket's `data.userId` travels with it). When another node does not answer in time (the
   * adapter's request timeout, 5 s), this node's own sockets are the answer rather than an error:
   * presence is a hint, never a permission (docs/decisions/024-friends-presence-invitations.md).
   * Without a Socket.IO server (route tests) nobody is online.
   */
  async onlineUsers(userIds: readonly number[]): Promise<Set<number>> {
    const online = new Set<number>();
    if (!this.io || userIds.length === 0) return online;
    const rooms = [...new Set(userIds)].map(ROOMS.user);
    let sockets: { data: unknown }[];
    try {
      sockets = await this.io.in(rooms).fetchSockets();
    } catch {
      sockets = await this.io.local.in(rooms).fetchSockets();
    }
    for (const s of sockets) {
      const id = (s.data as { userId?: unknown } | undefined)?.userId;
      if (typeof id === 'number') online.add(id);
    }
    return online;
  }

  /**
   * Whether any socket of the user, on any node (the adapter asks every node), belongs to a tab
   * that is on screen. A socket that has not reported its visibility yet counts as visible, so
   * a player looking at the game is never sent a "your turn" push; no socket at all is false.
   * Used by the push notifier for turns and table starts (docs/decisions/025).
   */
  async anySocketVisible(userId: number): Promise<boolean> {
    if (!this.io) return false;
    const sockets = await this.io.in(ROOMS.user(userId)).fetchSockets();
    return sockets.some((s) => (s.data as Partial<SocketData>).visible !== false);
  }

  /**
   * Whether a socket of the user **on this node** belongs to a tab that is on screen (or has not
   * reported yet), by the same rule as {@link anySocketVisible}, without asking other nodes or
   * waiting: true here implies `anySocketVisible` is true. The push notifier asks it first, so a
   * turn notice for a player looking at the game costs neither a database read nor a question to
   * every node (docs/decisions/065-cheaper-turn-notices.md). False without Socket.IO.
   */
  anyLocalSocketVisible(userId: number): boolean {
    const ns = this.io?.sockets;
    const ids = ns?.adapter.rooms.get(ROOMS.user(userId));
    if (!ns || !ids) return false;
    for (const id of ids) {
      const data = ns.sockets.get(id)?.data as Partial<SocketData> | undefined;
      if (data && data.visible !== false) return true;
    }
    return false;
  }

  /** Sends `event` to the public `tables` channel. */
  toTables(event: ServerEventName, payload: unknown): void {
    this.io?.to(ROOMS.tables).emit(event, payload);
  }
}
