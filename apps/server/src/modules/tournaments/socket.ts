import { and, eq, gt, sql } from 'drizzle-orm';
import type { Socket } from 'socket.io';
import {
  CLIENT_EVENTS,
  MSG,
  MSG_TOURNAMENTS,
  SERVER_EVENTS,
  TOURNAMENT_NO_SHOW_MS,
  idParam,
  tournamentGamePath,
  tournamentRoom,
  type TournamentMatchReadyEvent,
} from '@domino/contracts';
import type { Db } from '../../db/client';
import { gamePlayers } from '../games/schema';
import { AppError } from '../../lib/errors';
import { tournamentMatches, tournaments } from './schema';
import { tournamentDetail } from './service';

/**
 * The calls still open for `userId` at `now`: one `tournament:match_ready` payload for each
 * playing tournament match of theirs whose game they have not opened yet (`disconnected_at` still
 * equals the match's `ready_at`, as the director's no-show rule reads it) and whose no-show window
 * (TOURNAMENT_NO_SHOW_MS after `ready_at`) has not passed. `show_by` is the same instant the
 * director announced. One indexed query; the director's push is the first delivery, this is the
 * catch-up after a blip (docs/decisions/064-blip-resync.md).
 */
export async function openCalls(
  db: Db,
  userId: number,
  now: Date = new Date(),
): Promise<TournamentMatchReadyEvent[]> {
  const rows = await db
    .select({
      tournamentId: tournaments.id,
      name: tournaments.name,
      format: tournaments.format,
      round: tournamentMatches.round,
      matchId: tournamentMatches.id,
      gameId: tournamentMatches.gameId,
      readyAt: tournamentMatches.readyAt,
    })
    .from(gamePlayers)
    .innerJoin(tournamentMatches, eq(tournamentMatches.gameId, gamePlayers.gameId))
    .innerJoin(tournaments, eq(tournaments.id, tournamentMatches.tournamentId))
    .where(
      and(
        eq(gamePlayers.userId, userId),
        eq(tournamentMatches.status, 'playing'),
        eq(gamePlayers.disconnectedAt, tournamentMatches.readyAt),
        gt(
          tournamentMatches.readyAt,
          sql`${new Date(now.getTime() - TOURNAMENT_NO_SHOW_MS).toISOString()}::timestamptz`,
        ),
      ),
    );
  return rows.flatMap((r) =>
    r.gameId && r.readyAt
      ? [
          {
            tournament_id: r.tournamentId,
            tournament_name: r.name,
            round: r.round,
            match_id: r.matchId,
            game_id: r.gameId,
            game_path: tournamentGamePath(r.gameId),
            show_by: new Date(r.readyAt.getTime() + TOURNAMENT_NO_SHOW_MS).toISOString(),
            message:
              r.format === 'duplicate'
                ? MSG_TOURNAMENTS.duplicateReady(r.name)
                : MSG_TOURNAMENTS.matchReady(r.name, r.round),
          },
        ]
      : [],
  );
}

/**
 * The tournament page's socket messages, for every socket (anonymous too; a tournament is public):
 * `tournament:watch {tournament_id}` joins the room `tournament:<id>` and acknowledges
 * `{ok: true, tournament}` (the detail as this socket's user sees it); `tournament:updated`
 * follows. `tournament:unwatch` leaves it. A malformed or unknown id is
 * `{ok: false, code: 'tournaments/not_found'}` with the Spanish message. A signed-in socket is
 * sent, as it connects, every call still open for its player ({@link openCalls}), so a call pushed
 * while the player's connection was down is not lost (the web keeps one call per game, so a
 * repeat replaces the first). Registered through attachRealtime's `onConnection`
 * (tournaments/module.ts, attached by server.ts).
 */
export function registerTournamentSocket(socket: Socket, db: Db): void {
  const userId = (socket.data as { userId?: number | null }).userId ?? null;
  if (userId !== null)
    void openCalls(db, userId)
      .then((calls) => {
        for (const call of calls) socket.emit(SERVER_EVENTS.tournamentMatchReady, call);
      })
      .catch(() => {
        // Best effort: the tournament page's own read shows the game to open.
      });
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
