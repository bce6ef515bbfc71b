import type { Socket } from 'socket.io';
import { CLIENT_EVENTS, MSG, MSG_TOURNAMENTS, idParam, tournamentRoom } from '@domino/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { tournamentDetail } from './service';

/**
 * The tournament page's socket messages, for every socket (anonymous too; a tournament is public):
 * `tournament:watch {tournament_id}` joins the room `tournament:<id>` and acknowledges
 * `{ok: true, tournament}` (the detail as this socket's user sees it); `tournament:updated`
 * follows. `tournament:unwatch` leaves it. A malformed or unknown id is
 * `{ok: false, code: 'tournaments/not_found'}` with the Spanish message. Registered through
 * attachRealtime's `onConnection` (tournaments/module.ts, attached by server.ts).
 */
export function registerTournamentSocket(socket: Socket, db: Db): void {
  const notFound = { ok: false, code: 'tournaments/not_found', message: MSG_TOURNAMENTS.notFound };
  const idOf = (payload: unknown): number | null => {
    const raw = (payload as { tournament_id?: unknown } | null)?.tournament_id;
    const parsed = idParam.safeParse(typeof raw === 'number' ? String(raw) : raw);
    return parsed.success ? parsed.data : null;
  };
  socket.on(CLIENT_EVENTS.watchTournament, async (payload: unknown, ack?: (r: unknown) => void) => {
    if (typeof ack !== 'function') return;
    const id = idOf(payload);
    if (id === null) return ack(notFound);
    try {
      const userId = (socket.data as { userId?: number | null }).userId ?? null;
      const tournament = await tournamentDetail(db, id, userId);
      await socket.join(tournamentRoom(id));
      ack({ ok: true, tournament });
    } catch (err) {
      if (err instanceof AppError && err.status === 404) return ack(notFound);
      ack({ ok: false, code: 'server/internal', message: MSG.unexpected });
    }
  });
  socket.on(
    CLIENT_EVENTS.unwatchTournament,
    async (payload: unknown, ack?: (r: unknown) => void) => {
      const id = idOf(payload);
      if (id !== null) await socket.leave(tournamentRoom(id));
      if (typeof ack === 'function') ack(id === null ? notFound : { ok: true });
    },
  );
}
