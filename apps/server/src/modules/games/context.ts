import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { MatchState, Seat } from '@domino/domino';
import type { GameView } from '@domino/contracts';
import { centsToBolivares, gameMessage } from '@domino/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { RealtimeHub } from '../realtime/hub';
import type { BotPolicy, OffLoopBots } from './bots';
import { gameCacheFor } from './cache';
import type { GameRow, PlayerRow } from './repo';
import { pushToSpectators, spectatorCount } from './spectators';
import { announceTurn } from './turn-notice';
import { seatViewsJson } from './view';

/**
 * What every part of the games module works with, and what it tells the rest of the app after a
 * commit (docs/architecture.md, "Games"). Built once per app instance by `gamesContext` (routes.ts)
 * from the app's dependencies; tests build their own.
 */

/** The delays of the sweeper's due actions, in ms (config BOT_*_DELAY_MS, HAND_PAUSE_MS). */
export interface Timing {
  botMinDelayMs: number;
  botMaxDelayMs: number;
  handPauseMs: number;
  /**
   * Told of every due time `schedule` (clock.ts) hands out on this node, before it is written:
   * the node's sweeper polls at its quick cadence while games move here and sleeps longer while
   * none does (sweeper.ts, `DueAlarm`; docs/decisions/078-jobs-sleep-while-idle.md). Optional:
   * without it the sweeper still finds the game at its idle poll.
   */
  onDue?: ((dueAt: Date) => void) | undefined;
  /**
   * How long a move may wait in the group commit for others, in milliseconds (config
   * GAME_COMMIT_LINGER_MS, commit-batch.ts); 0 when absent.
   */
  commitLingerMs?: number | undefined;
}

export interface GamesContext {
  db: Db;
  hub: RealtimeHub;
  bots: BotPolicy;
  /**
   * The levels whose moves are chosen off the event loop (bot-compute.ts `workerBots`,
   * docs/decisions/082-bot-moves-off-the-event-loop.md); absent or null: every move inline.
   */
  offLoopBots?: OffLoopBots | null | undefined;
  timing: Timing;
  /**
   * Port: a table match ended and settled (its seats are free, its next round open); called after
   * the commit with the table id. Bound at composition (server.ts `createDeps`) to the tables
   * module's publisher, so games never imports tables (docs/decisions/019).
   */
  tableMatchFinished: (tableId: number) => void;
  /**
   * Port: a table match settled; called after the commit with its human players' ids and the
   * game's id. Bound to the risk queue's incremental scan and hand-sharing score
   * (`AppDeps.riskFollowUp`, docs/decisions/049, 059), which run off the request path and never
   * affect the settlement. Optional: test contexts may leave it out.
   */
  matchSettled?: ((userIds: number[], gameId: string) => void) | undefined;
  /** Where failures of work done after a response (the push to spectators) are reported. */
  onError?: ((err: unknown) => void) | undefined;
  /**
   * Port: a player's turn just started in a table match (user id, game id, table name); called
   * after the commit by `announceTurn` (turn-notice.ts). Bound to the push notifier
   * (`AppDeps.push.notifyTurn`, decision 025), which sends "Es tu turno" only when none of the
   * player's tabs is on screen. Optional: contexts built by tests may leave it out.
   */
  notifyTurn?: ((userId: number, gameId: string, tableName: string) => void) | undefined;
  /**
   * Wrong invitation codes to watch a match (spectate.ts `watchTargetCounted`, decision 048):
   * per account (the private tables' invitation-code limit: one allowance for every guess at a
   * code) and per (match, browser). Optional: contexts built by tests may leave it out.
   */
  codeGuesses?:
    { perAccount: RateLimiterAbstract; perMatchClient: RateLimiterAbstract } | undefined;
  /**
   * Port: what operators count (docs/decisions/061-prometheus-metrics.md): every committed move
   * and every settled table match. Bound to the metrics module (`AppDeps.metrics.games`) by
   * `gamesContext`, so games never imports it. Optional: test contexts may leave it out.
   */
  observer?: GamesObserver | undefined;
  /**
   * Port: a move ended hand `board` (1-based) of a duplicate set's table (meta `duplicate`);
   * called after the commit with the game's id. Bound to the duplicate module
   * (`AppDeps.duplicate.handEnded`), which tells the set's players when the board is now
   * compared at both tables (docs/decisions/062-duplicate-domino.md, addendum "A board compared,
   * live"), so games never imports it. Optional: test contexts may leave it out.
   */
  duplicateHandEnded?: ((gameId: string, board: number) => void) | undefined;
}

/**
 * Who a committed move was counted for: `player` (a player's own move over HTTP or the socket),
 * `due` (the sweeper's due action for a human seat: a forced move or the bot for an absent
 * player), `bot` (a CPU seat's move).
 */
export type MoveKind = 'player' | 'due' | 'bot';

/** The games module's counters port (docs/decisions/061-prometheus-metrics.md). */
export interface GamesObserver {
  /**
   * A move committed; `seconds` from the move player's start (`MovePlayer.playerMove` or
   * `dueMove`) to its commit, publishing not included.
   */
  moved(kind: MoveKind, seconds: number): void;
  /** A table match finished and settled (after the commit, once per match). */
  settled(): void;
}

/** Who played a move: the seated player, a CPU seat, the bot for an away player, or a forced move. */
export type Actor = 'player' | 'bot' | 'autoplay' | 'forced';

/** A game as a transaction left it: what to remember and broadcast after the commit. */
export interface Committed {
  game: GameRow;
  players: PlayerRow[];
  /** Wallet balances changed by a settlement (user id -> céntimos). */
  balances?: Map<number, number> | undefined;
  /** The move ended a hand (the engine's `hand_end`): set by the move store, moves only. */
  handEnded?: boolean | undefined;
}

/** The caller's seat in a game, or AppError 404 `game/not_found` / 403 `game/not_a_player`. */
export function seatOf(game: GameRow | undefined, players: PlayerRow[], userId: number): Seat {
  if (!game) throw new AppError('game/not_found', 404, gameMessage('game/not_found'));
  const p = players.find((x) => x.userId === userId);
  if (!p) throw new AppError('game/not_a_player', 403, gameMessage('game/not_a_player'));
  return p.seat as Seat;
}

/**
 * Pushes each seated user their own view of the game (a seat only ever receives its own hand),
 * the new wallet balances of a settlement, and, when a table match finished, tells the table's
 * listeners through the `tableMatchFinished` port; a move that ended a hand of a duplicate
 * set's table goes to the `duplicateHandEnded` port. Then, without holding the caller, the
 * spectators get their view (spectators.ts: no hand, two moves behind at a paid table). Call
 * after commit. Returns the views it pushed, by seat (the mover's answer reuses its own).
 */
export function broadcast(
  ctx: GamesContext,
  committed: Committed,
  options: PublishOptions = {},
): Map<Seat, GameView> {
  const { hub } = ctx;
  for (const [userId, cents] of committed.balances ?? []) {
    hub.toUser(userId, 'balance:updated', { balance: centsToBolivares(cents) });
  }
  if (
    committed.game.kind === 'table' &&
    committed.game.status === 'finished' &&
    committed.game.tableId !== null
  ) {
    ctx.tableMatchFinished(committed.game.tableId);
    ctx.observer?.settled();
    const humans = committed.players.flatMap((p) => (p.userId === null ? [] : [p.userId]));
    if (humans.length > 1) ctx.matchSettled?.(humans, committed.game.id);
  }
  if (committed.handEnded && (committed.game.meta as { duplicate?: unknown } | null)?.duplicate) {
    const board = (committed.game.state as MatchState).history.length;
    ctx.duplicateHandEnded?.(committed.game.id, board);
  }
  const spectators = spectatorCount(hub, committed.game.id);
  const seated = committed.players.filter((p) => p.userId !== null);
  // The part of the views every seat shares is serialised once (decision 035).
  const views = seatViewsJson(
    committed.game,
    committed.players,
    seated.map((p) => p.seat as Seat),
    spectators,
  );
  for (const p of seated) {
    const except = p.seat === options.viewInAck?.seat ? options.viewInAck.socketId : undefined;
    hub.toUser(p.userId!, 'game:view', views.get(p.seat as Seat), except);
  }
  void pushToSpectators(ctx, committed);
  return views;
}

/**
 * The port the move player (moves.ts) publishes a committed move through
 * (docs/decisions/053-one-move-player.md): each seat gets its own view and nothing more, the
 * spectators theirs, the ports their news. Returns the views it sent, by seat.
 */
export interface MovePublisher {
  publish(committed: Committed, options?: PublishOptions): Map<Seat, GameView>;
}

/** How a move's views are published (docs/decisions/068-move-view-in-the-ack.md). */
export interface PublishOptions {
  /**
   * The socket (`socketId`) of the player at `seat` that made the move and takes its new view
   * in the move's acknowledgement: it gets no `game:view` for this move. The player's other
   * sockets (another tab, another device) still do, and no other seat is affected.
   */
  viewInAck?: { seat: Seat; socketId: string } | undefined;
}

/**
 * The publisher of an app instance: `broadcast` (seats, balances, the table and risk ports,
 * spectators) then the turn notice (turn-notice.ts `announceTurn`), after the commit.
 */
export function hubPublisher(ctx: GamesContext): MovePublisher {
  return {
    publish(committed, options) {
      const views = broadcast(ctx, committed, options);
      announceTurn(ctx, committed);
      return views;
    },
  };
}

/**
 * After a locked transaction that wrote a game committed: keeps this node's copy of it (cache.ts;
 * dropped once finished) and broadcasts every seat's view.
 */
export function afterCommit(ctx: GamesContext, committed: Committed): void {
  gameCacheFor(ctx.db).set({ row: committed.game, players: committed.players });
  broadcast(ctx, committed);
}
