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

  /** Sends `event` to every socket of a user, on any node (Redis adapter). */
  toUser(userId: number, event: ServerEventName, payload: unknown): void {
    this.io?.to(ROOMS.user(userId)).emit(event, payload);
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

  /** Sends `event` to the public `tables` channel. */
  toTables(event: ServerEventName, payload: unknown): void {
    this.io?.to(ROOMS.tables).emit(event, payload);
  }
}
