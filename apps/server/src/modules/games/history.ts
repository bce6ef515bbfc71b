import { and, desc, eq, sql } from 'drizzle-orm';
import type { HistoryItem } from '@domino/contracts';
import { LIMITS, MSG, centsToBolivares, gameMessage } from '@domino/contracts';
import type { MatchState } from '@domino/domino';
import type { Executor } from '../../db/client';
import { gamePlayers, games } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { findGame, gamePlayersOf, movesOf } from './repo';
import { seatName } from './view';

/**
 * "Mis Partidas" (spec route /history; issue 5): the caller's finished real-money matches with
 * partners, opponents, score, result and net amount; and the replay data of any finished match
 * they played.
 */
export async function listHistory(db: Executor, userId: number, page: number) {
  const perPage = LIMITS.transactionsPageSize;
  const mine = await db
    .select({
      game: games,
      seat: gamePlayers.seat,
      payout: gamePlayers.payoutCents,
      total: sql<number>`count(*) over ()`,
    })
    .from(gamePlayers)
    .innerJoin(games, eq(games.id, gamePlayers.gameId))
    .where(
      and(eq(gamePlayers.userId, userId), eq(games.kind, 'table'), eq(games.status, 'finished')),
    )
    .orderBy(desc(games.finishedAt))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const matches: HistoryItem[] = [];
  for (const m of mine) {
    const state = m.game.state as MatchState;
    const players = await gamePlayersOf(db, m.game.id);
    const parejas = state.config.mode === 'parejas';
    const mySide = parejas ? m.seat % 2 : m.seat;
    const sideOf = (seat: number) => (parejas ? seat % 2 : seat);
    const others = players.filter((p) => p.seat !== m.seat);
    const won = state.result?.winnerSeats.includes(m.seat as 0 | 1 | 2 | 3) ?? false;
    const theirs = Math.max(...state.scores.filter((_, i) => i !== mySide), 0);
    matches.push({
      game_id: m.game.id,
      finished_at: (m.game.finishedAt ?? m.game.updatedAt).toISOString(),
      table: {
        id: m.game.tableId ?? 0,
        name: (m.game.meta as { tableName?: string } | null)?.tableName ?? 'Mesa',
      },
      mode: state.config.mode,
      partners: others.filter((p) => sideOf(p.seat) === mySide).map((p) => seatName(p, m.seat)),
      opponents: others.filter((p) => sideOf(p.seat) !== mySide).map((p) => seatName(p, m.seat)),
      scores: { mine: state.scores[mySide] ?? 0, theirs },
      result: won ? 'victoria' : 'derrota',
      entry: centsToBolivares(m.game.entryCents ?? 0),
      amount: centsToBolivares((m.payout ?? 0) - (m.game.entryCents ?? 0)),
    });
  }
  return { matches, total: Number(mine[0]?.total ?? 0), page, per_page: perPage };
}

/** The move log and revealed seeds of a finished match the caller played (for the replay view). */
export async function replayData(db: Executor, gameId: string, userId: number) {
  const game = await findGame(db, gameId);
  if (!game) throw new AppError('game/not_found', 404, gameMessage('game/not_found'));
  const players = await gamePlayersOf(db, gameId);
  const me = players.find((p) => p.userId === userId);
  if (!me) throw new AppError('game/not_a_player', 403, gameMessage('game/not_a_player'));
  const state = game.state as MatchState;
  if (state.status !== 'finished') throw new AppError('game/not_finished', 409, MSG.notFound);
  const moves = await movesOf(db, gameId);
  return {
    game_id: gameId,
    config: state.config as unknown as Record<string, unknown>,
    fairness: {
      commitment: state.fairness.commitment,
      server_seed: state.fairness.serverSeed,
      client_seeds: [...state.fairness.clientSeeds],
    },
    seats: players.map((p) => ({ seat: p.seat, name: seatName(p, me.seat) })),
    my_seat: me.seat,
    moves: moves.map((m) => ({
      seq: m.seq,
      seat: m.seat,
      move: m.move as Record<string, unknown>,
      actor: m.actor,
    })),
  };
}
