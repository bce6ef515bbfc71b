import type { Server } from 'socket.io';
import { ROOMS } from './rooms';

/**
 * The services' way to push to clients (DESIGN §5: broadcast after commit). Holds the Socket.IO
 * server once it is attached; before that (and in route tests) emits go nowhere.
 */
export class RealtimeHub {
  io: Server | null = null;

  /** Sends `event` to every socket of a user, on any node (Redis adapter). */
  toUser(userId: number, event: string, payload: unknown): void {
    this.io?.to(ROOMS.user(userId)).emit(event, payload);
  }

  /** Sends `event` to the sockets watching one table (waiting room). */
  toTable(tableId: number, event: string, payload: unknown): void {
    this.io?.to(ROOMS.table(tableId)).emit(event, payload);
  }

  /** Sends `event` to the public `tables` channel. */
  toTables(event: string, payload: unknown): void {
    this.io?.to(ROOMS.tables).emit(event, payload);
  }
}
