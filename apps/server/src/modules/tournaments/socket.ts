import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
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
  type TournamentCallsAck,
  type TournamentMatchReadyEvent,
} from '@domino/contracts';
import type { Db } from '../../db/client';
import { gamePlayers } from '../games/schema';
import { CoalescedLookup } from '../../lib/coalesce';
import { AppError } from '../../lib/errors';
import { tournamentMatches, tournaments } from './schema';
import { tournamentDetail } from './service';

/**
 * The calls still open at `now` for each of `userIds`: one `tournament:match_ready` payload for
 * each playing tournament match of theirs whose game they have not opened yet (`disconnected_at`
 * still equals the match's `ready_at`, as the director's no-show rule reads it) and whose no-show
 * window (TOURNAMENT_NO_SHOW_MS after `ready_at`) has not passed. `show_by` is the same instant
 * the director announced. One indexed query for all of them; a user without calls maps to an
 * empty list. The director's push is the first delivery, this is the catch-up after a blip
 * (docs/decisions/064-blip-resync.md).
 */
export async function openCallsOf(
  db: Db,
  userIds: readonly number[],
  now: Date = new Date(),
): Promise<Map<number, TournamentMatchReadyEvent[]>> {
  const ids = [...new Set(userIds)];
  const out = new Map<number, TournamentMatchReadyEvent[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = await db
    .select({
      userId: gamePlayers.userId,
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
        inArray(gamePlayers.userId, ids),
        eq(tournamentMatches.status, 'playing'),
        eq(gamePlayers.disconnectedAt, tournamentMatches.readyAt),
        gt(
          tournamentMatches.readyAt,
          sql`${new Date(now.getTime() - TOURNAMENT_NO_SHOW_MS).toISOString()}::timestamptz`,
        ),
      ),
    );
  for (const r of rows) {
    if (r.userId === null || !r.gameId || !r.readyAt) continue;
    out.get(r.userId)?.push({
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
    });
  }
  return out;
}

/** Reads the calls still open for one user now (a fresh read each call). */
export type OpenCallsReader = (userId: number) => Promise<TournamentMatchReadyEvent[]>;

/**
 * One node's open-calls reader for the sockets that ask (`tournament:calls`, which the web sends
 * on every connection): the reads of every socket that asks meanwhile are coalesced
 * (lib/coalesce.ts) into one query at a time, each answered by a read that started after its
 * socket asked (decision 067 addendum "Cheaper connections").
 */
export function openCallsReader(db: Db): OpenCallsReader {
  const lookup = new CoalescedLookup<number, TournamentMatchReadyEvent[]>(
    (ids) => openCallsOf(db, ids),
    [],
  );
  return (userId) => lookup.get(userId);
}

/**
 * After a commit that changed tournament `id`: reads its status and round and pushes
 * `tournament:updated {tournament_id, status, current_round, message}` to its room, whose pages
 * refetch the detail (decision 028). Best effort: a failed read is logged, nothing is thrown.
 */
export function announceTournament(
  app: FastifyInstance,
  id: number,
  message: string | null = null,
): void {
  void app.deps.database.db
    .select({ status: tournaments.status, currentRound: tournaments.currentRound })
    .from(tournaments)
    .where(eq(tournaments.id, id))
    .then(([t]) => {
      if (t)
        app.deps.hub.toRoom(tournamentRoom(id), SERVER_EVENTS.tournamentUpdated, {
          tournament_id: id,
          status: t.status,
          current_round: t.currentRound,
          message,
        });
    })
    .catch((err: unknown) => app.log.error({ err, id }, 'tournament push failed'));
}

/**
 * The tournament socket messages, for every socket (anonymous too; a tournament is public):
 * `tournament:watch {tournament_id}` joins the room `tournament:<id>` and acknowledges
 * `{ok: true, tournament}` (the detail as this socket's user sees it); `tournament:updated`
 * follows. `tournament:unwatch` leaves it. A malformed or unknown id is
 * `{ok: false, code: 'tournaments/not_found'}` with the Spanish message.
 *
 * `tournament:calls` acknowledges `{ok: true, calls}`: every call still open for the socket's
 * player ({@link openCallsOf} through `openCalls`; none for an anonymous socket). The web asks on
 * every connection once its listener is in place, so a call pushed while the player's connection
 * was down, or before the screen that shows calls had loaded, is not lost
 * (docs/decisions/079-tournament-calls-asked-for.md). A read that fails is logged to `log` as one
 * warning line, with no stack (decision 048), and answered `{ok: false, code: 'server/internal'}`
 * with the Spanish message. Registered through attachRealtime's `onConnection`
 * (tournaments/module.ts, attached by server.ts).
 */
export function registerTournamentSocket(
  socket: Socket,
  db: Db,
  openCalls: OpenCallsReader,
  log: Pick<FastifyBaseLogger, 'warn'>,
): void {
  socket.on(
    CLIENT_EVENTS.tournamentCalls,
    async (_payload: unknown, ack?: (r: unknown) => void) => {
      if (typeof ack !== 'function') return;
      const userId = (socket.data as { userId?: number | null }).userId ?? null;
      if (userId === null) return ack({ ok: true, calls: [] } satisfies TournamentCallsAck);
      try {
        ack({ ok: true, calls: await openCalls(userId) } satisfies TournamentCallsAck);
      } catch (err) {
        log.warn(
          { userId, reason: err instanceof Error ? err.message : String(err) },
          'tournament calls not read for a socket',
        );
        ack({
          ok: false,
          code: 'server/internal',
          message: MSG.unexpected,
        } satisfies TournamentCallsAck);
      }
    },
  );
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
