import { and, desc, eq, sql } from 'drizzle-orm';
import type { HistoryItem } from '@domino/contracts';
import {
  LIMITS,
  MSG_FAIRNESS,
  centsToBolivares,
  configToRules,
  publicName,
} from '@domino/contracts';
import type { MatchState } from '@domino/domino';
import type { Executor } from '../../db/client';
import { gamePlayers, games, rowState } from '../../db/schema';
import { ratingChangesOf } from '../ratings/service';
import { gamePlayersOf, movesOf } from './repo';
import type { RecordViewer } from './record-access';
import { finishedMatchFor } from './record-access';
import { seatName } from './view';

/**
 * "Mis Partidas" (docs/product.md §2 route /history): the caller's finished real-money matches with
 * partners, opponents, score, result and net amount; and the replay data of any finished match
 * they played (its moves, and its fairness record for /verificar).
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
  // Only the caller's own rating change (decision 026).
  const changes = await ratingChangesOf(
    db,
    userId,
    mine.map((m) => m.game.id),
  );
  for (const m of mine) {
    const state = rowState(m.game.storedState, m.game.history) as MatchState;
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
      rules: m.game.rules,
      entry: centsToBolivares(m.game.entryCents ?? 0),
      amount: centsToBolivares((m.payout ?? 0) - (m.game.entryCents ?? 0)),
      rating: changes.get(m.game.id) ?? null,
      // A tournament match names its tournament and round (meta written at its creation).
      ...tournamentOf(m.game.meta),
    });
  }
  return { matches, total: Number(mine[0]?.total ?? 0), page, per_page: perPage };
}

/**
 * The move log and revealed seeds of a finished match, for its players and staff (decision 015;
 * the same rule as the fairness record), and for anyone once a PUBLIC table's match is finished
 * (spectators, decision 022). Seat names are as the viewer's seat sees them (seat 0's view for
 * staff and spectators). Errors: 404; 403 `game/not_a_player`; 409 before the end.
 */
export async function replayData(db: Executor, gameId: string, viewer: RecordViewer) {
  const { players, state, viewerSeat, asSpectator } = await finishedMatchFor(
    db,
    gameId,
    viewer,
    MSG_FAIRNESS.replayNotFinished,
    { publicReplay: true },
  );
  const moves = await movesOf(db, gameId);
  return {
    game_id: gameId,
    config: state.config as unknown as Record<string, unknown>,
    rules: configToRules(state.config),
    fairness: {
      commitment: state.fairness.commitment,
      server_seed: state.fairness.serverSeed,
      client_seeds: [...state.fairness.clientSeeds],
    },
    seats: players.map((p) => ({
      seat: p.seat,
      name: asSpectator && p.name ? publicName(p.name) : seatName(p, viewerSeat ?? 0),
    })),
    my_seat: viewerSeat,
    moves: moves.map((m) => ({
      seq: m.seq,
      seat: m.seat,
      move: m.move as Record<string, unknown>,
      actor: m.actor,
    })),
  };
}

/**
 * The audit record of a finished game for /verificar (docs/fairness.md): the commitment, both seeds and
 * every hand's deal. For the match's players and staff only, like its replay (decision 015).
 * Errors: 404; 403 `game/not_a_player`; 409 `game/not_finished` before the end.
 */
export async function getFairnessRecord(db: Executor, gameId: string, viewer: RecordViewer) {
  const { game, state } = await finishedMatchFor(db, gameId, viewer, MSG_FAIRNESS.notFinished);
  return {
    game_id: game.id,
    mode: state.config.mode,
    players: state.config.players,
    commitment: state.fairness.commitment,
    server_seed: state.fairness.serverSeed,
    client_seeds: [...state.fairness.clientSeeds],
    deals: state.history.map((h) => ({
      hand_number: h.handNumber,
      hands: h.dealt.hands.map((ts) => ts.map((t) => [t[0], t[1]] as [number, number])),
      stock: h.dealt.stock.map((t) => [t[0], t[1]] as [number, number]),
    })),
  };
}

/** `{tournament}` for a tournament match, from its meta (games/create.ts); `{}` otherwise. */
function tournamentOf(meta: unknown): { tournament?: { id: number; name: string; round: number } } {
  const t = (meta as { tournament?: { id: number; name: string; round: number } } | null)
    ?.tournament;
  return t ? { tournament: { id: t.id, name: t.name, round: t.round } } : {};
}
