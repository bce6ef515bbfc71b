import type { Difficulty, GameView, MoveRequest } from '@domino/contracts';
import { gameMessage } from '@domino/contracts';
import type { MatchState, Move, Seat } from '@domino/domino';
import { applyMove, playerView } from '@domino/domino';
import { AppError } from '../../lib/errors';
import { isAway } from './clock';
import type { Actor, GamesContext, MovePublisher } from './context';
import { hubPublisher, seatOf } from './context';
import { reclaimSeat } from './presence';
import type { GameRow, PlayerRow } from './repo';
import type { Decide, Decision, GameStore } from './store';
import { PgGameStore } from './store';
import { spectatorCount } from './spectators';
import { gameViewJson } from './view';

/**
 * The move player (docs/decisions/053-one-move-player.md, docs/architecture.md#how-a-move-flows):
 * the one place where a move is validated, applied with the engine, committed and published,
 * whoever makes it — a player over HTTP or the socket, a CPU seat, the bot for an absent player,
 * a forced move (the sweeper). It reads and writes through a `GameStore` (store.ts: this node's
 * copy, the group commit or the locked transaction behind one `commit`) and publishes through a
 * `MovePublisher` (context.ts: each seat its own view, spectators theirs). The engine is
 * authoritative and a move is one transaction with a version check (decision 008).
 * Errors of a player's move: AppError 404 game/not_found, 403 game/not_a_player, 409
 * game/stale_version, 422 with the engine's code (Spanish message from contracts).
 */
export class MovePlayer {
  constructor(
    private readonly ctx: GamesContext,
    private readonly store: GameStore,
    private readonly publisher: MovePublisher,
  ) {}

  /**
   * Plays the caller's move and publishes every seat's view; returns the caller's new view
   * (with `options.ackSocketId`, that socket is left out of the push: it answers with the view).
   * The engine first runs on this node's copy at the caller's version; when the copy cannot
   * serve (stale, the engine refuses, the final move) the store decides again on the locked row,
   * which gives the authoritative answer.
   *
   * A player's own move takes their seat back first if it was away, exactly as `game:join`
   * does, and in its own transaction (presence.ts): a move that arrives just after the bot
   * played the turn (409) still brings the player back, so the next turn is theirs at full time.
   */
  async playerMove(
    gameId: string,
    userId: number,
    req: MoveRequest,
    options: PlayerMoveOptions = {},
  ): Promise<GameView> {
    const started = performance.now();
    let copy = await this.store.load(gameId, { atLeastVersion: req.version });
    let mine = copy?.players.find((p) => p.userId === userId);
    if (copy && mine && isAway(mine) && copy.row.status === 'playing') {
      await reclaimSeat(this.ctx, gameId, userId);
      copy = await this.store.load(gameId, { atLeastVersion: req.version });
      mine = copy?.players.find((p) => p.userId === userId);
    }
    const move = toEngineMove(req);
    const decide: Decide = (game, players) => {
      const seat = seatOf(game, players, userId);
      if (game!.version !== req.version) {
        throw new AppError('game/stale_version', 409, gameMessage('game/stale_version'));
      }
      const result = applyMove(game!.state as MatchState, seat, move);
      if (!result.ok) throw new AppError(result.code, 422, gameMessage(result.code));
      return { seat, move, actor: 'player', next: result.state, events: result.events };
    };
    // On the copy, a refusal (AppError) only means the locked path must give the answer.
    let onCopy: Decision | null | undefined;
    if (copy && mine && !isAway(mine) && copy.row.status === 'playing') {
      try {
        onCopy = decide(copy.row, copy.players);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
      }
    }
    const played = await this.store.commit({ gameId, copy, decision: onCopy, decide, due: false });
    if (played === null || played === 'stale' || played === 'busy') {
      throw new Error(`a player's move in game ${gameId} was not written`);
    }
    this.ctx.observer?.moved('player', secondsSince(started));
    const viewInAck =
      options.ackSocketId === undefined
        ? undefined
        : { seat: played.seat, socketId: options.ackSocketId };
    const views = this.publisher.publish(played, { viewInAck });
    return (
      views.get(played.seat) ??
      gameViewJson(played.game, played.players, played.seat, spectatorCount(this.ctx.hub, gameId))
    );
  }

  /**
   * Plays the due action of one game found by the sweeper's poll at `version` (a CPU seat's
   * move, a forced move, or the medium bot for a player whose turn time ran out): decided on
   * this node's copy and written by the group commit, which skips a locked row and re-checks,
   * under the lock, that the game is still due at that version (so it fires once across nodes,
   * decision 008). A final move, or a game in an unexpected state, goes through the locked
   * path. Returns true when a move was played.
   */
  async dueMove(gameId: string, version: number): Promise<boolean> {
    const started = performance.now();
    // The poll saw a version this node's copy does not have yet because this node is writing
    // the game right now (its commit landed, its answer has not): look again at the next poll
    // rather than read the game back from the database (decision 035).
    const held = this.store.copy(gameId);
    if (held && held.row.version < version && this.store.writing(gameId)) return false;
    for (let attempt = 0; attempt < 2; attempt++) {
      const copy = await this.store.load(gameId, {
        atLeastVersion: version,
        refresh: attempt > 0,
      });
      if (!copy || copy.row.version !== version) return false;
      // A slow level's move is chosen in a worker thread first (docs/decisions/082); the
      // decision, on the copy and again on the locked row, takes it while the game is still at
      // the version and seat it was chosen for.
      const chosen = await this.chosenOffLoop(copy.row, copy.players);
      const decide: Decide = (game, players) => this.decideDue(game, players, chosen);
      const decision = copy.row.status === 'playing' ? decide(copy.row, copy.players) : null;
      const played = await this.store.commit({ gameId, copy, decision, decide, due: true });
      if (played === 'busy' || played === null) return false;
      if (played === 'stale') continue; // presence changed or another node moved: look again
      const mover = played.players.find((p) => p.seat === played.seat);
      this.ctx.observer?.moved(
        !mover || mover.userId === null ? 'bot' : 'due',
        secondsSince(started),
      );
      this.publisher.publish(played);
      return true;
    }
    return false;
  }

  /**
   * One sweeper step: plays the due action of the most overdue game this node can take.
   * Returns false when nothing was played.
   */
  async nextDue(): Promise<boolean> {
    for (const due of await this.store.due(8)) {
      if (await this.dueMove(due.id, due.version)) return true;
    }
    return false;
  }

  /** Games whose due time has passed, most overdue first (the sweeper's poll). */
  dueGames(limit: number): Promise<{ id: string; version: number }[]> {
    return this.store.due(limit);
  }

  /** The due games and the ms until the next due time still ahead (the sweeper's poll). */
  sweepPoll(
    limit: number,
  ): Promise<{ due: { id: string; version: number }[]; nextInMs: number | null }> {
    return this.store.poll(limit);
  }

  /**
   * The move the server plays for the seat to move (CPU, forced, or the medium bot for an
   * absent player), applied with the engine; null when the match has no turn to play. The bots
   * read the seat's player view only (docs/architecture.md#how-a-move-flows). A move `chosen`
   * off the event loop for this version and seat is played as it is; otherwise the bot chooses
   * here. Throws when a bot chooses an illegal move.
   */
  private decideDue(
    game: GameRow | undefined,
    players: PlayerRow[],
    chosen?: ChosenMove,
  ): Decision | null {
    if (!game) return null;
    const state = game.state as MatchState;
    const seat = state.hand.turn;
    if (state.status !== 'playing' || seat === null) return null;
    const { move, actor } = this.dueChoice(game, players, state, seat, chosen);
    const result = applyMove(state, seat, move);
    if (!result.ok) {
      throw new Error(`bot chose an illegal move in game ${game.id}: ${result.code}`);
    }
    return { seat, move, actor, next: result.state, events: result.events };
  }

  /**
   * The CPU seat's move chosen off the event loop (the context's `offLoopBots`, bots.ts), when
   * the seat to move is a CPU seat whose level is chosen there; undefined otherwise, and when the
   * worker failed (reported to `onError`; the move is then chosen inline, the same move).
   */
  private async chosenOffLoop(
    game: GameRow,
    players: PlayerRow[],
  ): Promise<ChosenMove | undefined> {
    const state = game.state as MatchState;
    const seat = state.hand.turn;
    if (game.status !== 'playing' || state.status !== 'playing' || seat === null) return undefined;
    const level = cpuLevel(players, seat);
    const bots = this.ctx.offLoopBots;
    if (level === null || !bots?.levels.has(level)) return undefined;
    try {
      const view = playerView(state, seat);
      return { version: game.version, seat, move: await bots.choose(view, level, seedOf(game)) };
    } catch (err) {
      this.ctx.onError?.(err);
      return undefined;
    }
  }

  /**
   * A player's only legal move is played for them without counting as absence. A CPU seat plays
   * the move `chosen` for it at this version, if any.
   */
  private dueChoice(
    game: GameRow,
    players: PlayerRow[],
    state: MatchState,
    seat: Seat,
    chosen?: ChosenMove,
  ): { move: Move; actor: Actor } {
    const cpu = cpuLevel(players, seat);
    const isBot = cpu !== null;
    const level: Difficulty = cpu ?? 'medio';
    if (isBot && chosen && chosen.version === game.version && chosen.seat === seat) {
      return { move: chosen.move, actor: 'bot' };
    }
    const view = playerView(state, seat);
    const forced = !isBot && view.legalMoves.length === 1;
    const move = forced ? (view.legalMoves[0] as Move) : this.ctx.bots(view, level, seedOf(game));
    return { move, actor: isBot ? 'bot' : forced ? 'forced' : 'autoplay' };
  }
}

/** The level of the CPU at `seat` (Medio when the seat has none set), or null for a player's seat. */
function cpuLevel(players: PlayerRow[], seat: Seat): Difficulty | null {
  const occupant = players.find((p) => p.seat === seat);
  if (occupant && occupant.userId !== null) return null;
  return (occupant?.botLevel as Difficulty | null) ?? 'medio';
}

/** The seed of a due move's bot: the game and its version, so a choice can be made again. */
function seedOf(game: GameRow): string {
  return `${game.id}:${game.version}`;
}

/** A CPU seat's move chosen off the event loop for the game at `version`. */
interface ChosenMove {
  version: number;
  seat: Seat;
  move: Move;
}

/** Options of a player's move (docs/decisions/068-move-view-in-the-ack.md). */
export interface PlayerMoveOptions {
  /**
   * The id of the socket that sent the move and answers it with the mover's new view in its
   * acknowledgement: that socket is left out of the move's `game:view` push (the player's other
   * sockets still get it). Undefined: every socket of the player gets the push.
   */
  ackSocketId?: string | undefined;
}

/** Seconds elapsed since `started` (a `performance.now()` reading, in milliseconds). */
function secondsSince(started: number): number {
  return (performance.now() - started) / 1000;
}

function toEngineMove(req: MoveRequest): Move {
  if ('tile' in req) {
    const [a, b] = req.tile;
    return { kind: 'play', tile: a <= b ? [a, b] : [b, a], end: req.end };
  }
  if ('draw' in req) return { kind: 'draw' };
  return { kind: 'pass' };
}

/** One move player per games context, on the app's database and hub. */
const movePlayers = new WeakMap<GamesContext, MovePlayer>();

/** The move player of a games context (built on first use: PgGameStore, hubPublisher). */
export function movePlayerFor(ctx: GamesContext): MovePlayer {
  let player = movePlayers.get(ctx);
  if (!player) {
    player = new MovePlayer(ctx, new PgGameStore(ctx.db, ctx.timing), hubPublisher(ctx));
    movePlayers.set(ctx, player);
  }
  return player;
}

/** A player's move over HTTP or the socket: `MovePlayer.playerMove` of the context's player. */
export function submitMove(
  ctx: GamesContext,
  gameId: string,
  userId: number,
  req: MoveRequest,
  options: PlayerMoveOptions = {},
): Promise<GameView> {
  return movePlayerFor(ctx).playerMove(gameId, userId, req, options);
}
