import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Difficulty, GameView, MoveRequest } from '@domino/contracts';
import { MSG_FAIRNESS, gameMessage } from '@domino/contracts';
import type { GameEvent, MatchState, Move, Seat } from '@domino/domino';
import type { TableConfig } from '@domino/domino';
import { configToRules } from '@domino/contracts';
import { DEFAULT_CONFIG, applyMove, legalMoves, playerView, startMatch } from '@domino/domino';
import { centsToBolivares } from '@domino/contracts';
import type { Db, Executor, Tx } from '../../db/client';
import { gamePlayers, games } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { RealtimeHub } from '../realtime/hub';
import { settleTableMatch } from '../tables/settlement';
import { publishTable } from '../tables/publish';
import type { BotPolicy } from './bots';
import { gameCacheFor } from './cache';
import type { CachedGame } from './cache';
import type { GameRow, PlayerRow } from './repo';
import {
  appendMove,
  claimDueGame,
  commitMoveRow,
  dueGames,
  findGame,
  gamePlayersOf,
  lockGame,
  presenceOf,
} from './repo';
import { gameViewJson } from './view';
import type { RecordViewer } from './record-access';
import { finishedMatchFor } from './record-access';

/**
 * Games on the server (DESIGN §5): the engine is authoritative, state lives in PostgreSQL, a move
 * is one transaction with a version check, CPU turns and turn timeouts are due times claimed by
 * the sweeper. A move computed from this node's copy of the game (cache.ts) is written with one
 * round trip (`game_commit_move`, decision 008); a stale copy is refused there and the move falls
 * back to the locked transaction below, as does every final move (settlement). Errors: AppError 404 game/not_found, 403 game/not_a_player, 409
 * game/stale_version, 422 with the engine's code (Spanish message from contracts).
 */

export interface Timing {
  botMinDelayMs: number;
  botMaxDelayMs: number;
  handPauseMs: number;
}

export interface GamesContext {
  db: Db;
  hub: RealtimeHub;
  bots: BotPolicy;
  timing: Timing;
}

type Actor = 'player' | 'bot' | 'autoplay' | 'forced';

/** What to broadcast after the transaction commits. */
interface Committed {
  game: GameRow;
  players: PlayerRow[];
  /** Wallet balances changed by a settlement (user id -> céntimos). */
  balances?: Map<number, number> | undefined;
  /** For after-commit reads (table snapshots). */
  db: Db;
}

/** A forced move (the only legal one) is played for the player after this delay (ms). */
const FORCED_MOVE_DELAY_MS = 1200;
/** While a player is away (timed out, not back yet) the bot plays their turns after this delay (ms). */
const AWAY_MOVE_DELAY_MS = 2000;

/** Creates a practice match: the player at seat 0, CPU partner at 2, CPU opponents at 1 and 3. */
export async function createPracticeGame(
  ctx: GamesContext,
  userId: number,
  difficulty: Difficulty,
  practiceTurnSeconds: number,
  clientSeed?: string,
): Promise<string> {
  const id = randomUUID();
  const serverSeed = randomBytes(32).toString('hex');
  const clientSeeds = [
    clientSeed ?? randomBytes(8).toString('hex'),
    ...[1, 2, 3].map(() => randomBytes(8).toString('hex')),
  ];
  const config = { ...DEFAULT_CONFIG, turnSeconds: practiceTurnSeconds };
  const state = startMatch(config, { serverSeed, clientSeeds });
  const players = clientSeeds.map((seed, seat) => ({
    gameId: id,
    seat,
    userId: seat === 0 ? userId : null,
    botLevel: seat === 0 ? null : difficulty,
    clientSeed: seed,
  }));
  const timing = schedule(state, players, ctx.timing, false);
  await ctx.db.transaction(async (tx) => {
    await tx.insert(games).values({
      id,
      kind: 'practice',
      state,
      rules: configToRules(config),
      commitment: state.fairness.commitment,
      turnDeadline: timing.turnDeadline,
      dueAt: timing.dueAt,
    });
    await tx.insert(gamePlayers).values(players);
  });
  return id;
}

/**
 * When the sweeper must act next, and the deadline shown to players. CPU seats move after a
 * short human-like delay; a player has `turnSeconds`, except when their only legal move is
 * forced, which is played for them after FORCED_MOVE_DELAY_MS (issue 5: auto-play when only one
 * legal move; the engine itself passes for seats with none). `notBefore` delays the first turn of
 * a table match until its countdown ends; a finished hand adds the summary pause.
 */
export function schedule(
  state: MatchState,
  players: {
    seat: number;
    userId: number | null;
    autoplayedTurns?: number;
    disconnectedAt?: Date | null;
  }[],
  timing: Timing,
  handEnded: boolean,
  notBefore: Date | null = null,
): { dueAt: Date | null; turnDeadline: Date | null } {
  const turn = state.hand.turn;
  if (state.status !== 'playing' || turn === null) return { dueAt: null, turnDeadline: null };
  const base = Math.max(
    Date.now() + (handEnded ? timing.handPauseMs : 0),
    notBefore?.getTime() ?? 0,
  );
  const occupant = players.find((p) => p.seat === turn);
  if (!occupant || occupant.userId === null) {
    const delay =
      timing.botMaxDelayMs > timing.botMinDelayMs
        ? randomInt(timing.botMinDelayMs, timing.botMaxDelayMs + 1)
        : timing.botMinDelayMs;
    return { dueAt: new Date(base + delay), turnDeadline: null };
  }
  const forced = legalMoves(state, turn).length === 1;
  // A player who timed out is away: the bot plays their turns at bot pace until they return.
  const away = (occupant.autoplayedTurns ?? 0) > 0 || Boolean(occupant.disconnectedAt);
  const turnMs = state.config.turnSeconds * 1000;
  const wait = forced
    ? Math.min(FORCED_MOVE_DELAY_MS, turnMs)
    : away
      ? Math.min(AWAY_MOVE_DELAY_MS, turnMs)
      : turnMs;
  const deadline = new Date(base + wait);
  return { dueAt: deadline, turnDeadline: deadline };
}

/** A seat the bot plays at bot pace: its player timed out (and has not moved since) or left. */
function isAway(p: { autoplayedTurns: number; disconnectedAt: Date | null }): boolean {
  return p.autoplayedTurns > 0 || p.disconnectedAt !== null;
}

/**
 * A player who was away comes back: the seat is theirs again (count of bot-played turns 0, not
 * disconnected), and if it is their turn they get a full turn time. Called when the socket
 * `game:join`s (the game screen opened or reconnected), before the player's own move over HTTP
 * or socket, and by GET /view for a seat shown as disconnected (decision 010). Returns true
 * when something changed (then every seat has been sent its new view).
 */
export async function reclaimSeat(
  ctx: GamesContext,
  gameId: string,
  userId: number,
): Promise<boolean> {
  const committed = await ctx.db.transaction(async (tx) => {
    const game = await lockGame(tx, gameId);
    if (!game || game.status !== 'playing') return null;
    const players = await gamePlayersOf(tx, gameId);
    const me = players.find((p) => p.userId === userId);
    if (!me || (me.autoplayedTurns === 0 && me.disconnectedAt === null)) return null;
    await tx
      .update(gamePlayers)
      .set({ autoplayedTurns: 0, disconnectedAt: null })
      .where(and(eq(gamePlayers.gameId, gameId), eq(gamePlayers.seat, me.seat)));
    me.autoplayedTurns = 0;
    me.disconnectedAt = null;
    const state = game.state as MatchState;
    let row = game;
    if (state.hand.turn === me.seat) {
      const when = schedule(state, players, ctx.timing, false);
      const [updated] = await tx
        .update(games)
        .set({ dueAt: when.dueAt, turnDeadline: when.turnDeadline, updatedAt: sql`now()` })
        .where(eq(games.id, gameId))
        .returning();
      row = updated ?? game;
    }
    return { game: row, players, db: ctx.db };
  });
  if (!committed) return false;
  remember(ctx, committed);
  broadcast(ctx.hub, committed);
  return true;
}

/**
 * Creates a real-money match inside the caller's transaction (the one that seats the last
 * player): seats in order, the table's rules, and the table round's committed server seed.
 */
export async function createTableMatch(
  tx: Tx,
  input: {
    tableId: number;
    tableName: string;
    round: number;
    config: TableConfig;
    serverSeed: string;
    seats: { seat: number; userId: number; clientSeed: string }[];
    entryCents: number;
    houseFeeBps: number;
    potShareBps: number;
    startsAt: Date;
    timing: Timing;
  },
): Promise<string> {
  const id = randomUUID();
  const ordered = [...input.seats].sort((a, b) => a.seat - b.seat);
  const state = startMatch(input.config, {
    serverSeed: input.serverSeed,
    clientSeeds: ordered.map((s) => s.clientSeed),
  });
  const players = ordered.map((s) => ({
    gameId: id,
    seat: s.seat,
    userId: s.userId,
    botLevel: null,
    clientSeed: s.clientSeed,
  }));
  const when = schedule(state, players, input.timing, false, input.startsAt);
  await tx.insert(games).values({
    id,
    kind: 'table',
    tableId: input.tableId,
    state,
    rules: configToRules(input.config),
    commitment: state.fairness.commitment,
    turnDeadline: when.turnDeadline,
    dueAt: when.dueAt,
    round: input.round,
    startsAt: input.startsAt,
    entryCents: input.entryCents,
    meta: {
      tableName: input.tableName,
      houseFeeBps: input.houseFeeBps,
      potShareBps: input.potShareBps,
    },
  });
  await tx.insert(gamePlayers).values(players);
  return id;
}

function toEngineMove(req: MoveRequest): Move {
  if ('tile' in req) {
    const [a, b] = req.tile;
    return { kind: 'play', tile: a <= b ? [a, b] : [b, a], end: req.end };
  }
  if ('draw' in req) return { kind: 'draw' };
  return { kind: 'pass' };
}

/**
 * Applies an accepted engine result inside the caller's transaction: appends the move, stores
 * the new state with version + 1, and schedules the next due time.
 */
async function persistMove(
  tx: Tx,
  game: GameRow,
  players: PlayerRow[],
  seat: Seat,
  move: Move,
  next: MatchState,
  events: GameEvent[],
  actor: Actor,
  timing: Timing,
): Promise<{ row: GameRow; balances?: Map<number, number> }> {
  const version = game.version + 1;
  await appendMove(tx, { gameId: game.id, seq: version, seat, move, actor });
  const handEnded = events.some((e) => e.type === 'hand_end');
  const when = schedule(next, players, timing, handEnded);
  const finished = next.status === 'finished';
  const [row] = await tx
    .update(games)
    .set({
      state: next,
      version,
      status: finished ? 'finished' : 'playing',
      dueAt: when.dueAt,
      turnDeadline: when.turnDeadline,
      updatedAt: sql`now()`,
      finishedAt: finished ? sql`now()` : null,
    })
    .where(eq(games.id, game.id))
    .returning();
  if (!row) throw new Error('game update returned no row');
  const occupant = players.find((p) => p.seat === seat);
  if (occupant && occupant.userId !== null && actor !== 'forced') {
    const autoplayed = actor === 'autoplay' ? occupant.autoplayedTurns + 1 : 0;
    if (autoplayed !== occupant.autoplayedTurns) {
      await tx
        .update(gamePlayers)
        .set({ autoplayedTurns: autoplayed })
        .where(and(eq(gamePlayers.gameId, game.id), eq(gamePlayers.seat, seat)));
      occupant.autoplayedTurns = autoplayed;
    }
  }
  if (finished && row.kind === 'table') {
    // Settlement happens in the transaction of the final move (issue 5, DESIGN §3).
    const settled = await settleTableMatch(tx, row, players, next);
    const [withSettlement] = await tx.select().from(games).where(eq(games.id, game.id));
    const refreshed = await gamePlayersOf(tx, game.id);
    players.splice(0, players.length, ...refreshed);
    return { row: withSettlement ?? row, balances: settled.balances };
  }
  return { row };
}

/** Pushes each seated user their own view of the game (after commit). */
export function broadcast(hub: RealtimeHub, committed: Committed): void {
  for (const [userId, cents] of committed.balances ?? []) {
    hub.toUser(userId, 'balance:updated', { balance: centsToBolivares(cents) });
  }
  if (
    committed.game.kind === 'table' &&
    committed.game.status === 'finished' &&
    committed.game.tableId !== null
  ) {
    void publishTable(committed.db, hub, committed.game.tableId);
  }
  for (const p of committed.players) {
    if (p.userId === null) continue;
    hub.toUser(
      p.userId,
      'game:view',
      gameViewJson(committed.game, committed.players, p.seat as Seat),
    );
  }
}

/** The caller's seat in a game, or 403/404. */
function seatOf(game: GameRow | undefined, players: PlayerRow[], userId: number): Seat {
  if (!game) throw new AppError('game/not_found', 404, gameMessage('game/not_found'));
  const p = players.find((x) => x.userId === userId);
  if (!p) throw new AppError('game/not_a_player', 403, gameMessage('game/not_a_player'));
  return p.seat as Seat;
}

/**
 * The audit record of a finished game for /verificar (DESIGN §4): the commitment, both seeds and
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

/** The caller's JSON player view of a game (a read; it changes nothing). Errors: 403, 404. */
export async function getGameView(db: Executor, gameId: string, userId: number): Promise<GameView> {
  const game = await findGame(db, gameId);
  const players = game ? await gamePlayersOf(db, gameId) : [];
  const seat = seatOf(game, players, userId);
  return gameViewJson(game as GameRow, players, seat);
}

/**
 * GET /api/games/{id}/view: the caller's view. A player whose seat shows disconnected (their
 * sockets left the game) and who reads the game over HTTP is back, and takes the seat back as
 * `game:join` does (reclaimSeat). A seat that only timed out while its player stayed connected
 * is not reclaimed by a read — the web polls this every few seconds, and an idle open screen
 * must not win every later turn a full turn time; the player's own move takes it back
 * (decisions 004, 010). Errors: 403, 404.
 */
export async function openGameView(
  ctx: GamesContext,
  gameId: string,
  userId: number,
): Promise<GameView> {
  const game = await findGame(ctx.db, gameId);
  const players = game ? await gamePlayersOf(ctx.db, gameId) : [];
  const seat = seatOf(game, players, userId);
  const me = players.find((p) => p.seat === seat);
  if (game?.status === 'playing' && me?.disconnectedAt && (await reclaimSeat(ctx, gameId, userId)))
    return getGameView(ctx.db, gameId, userId);
  return gameViewJson(game as GameRow, players, seat);
}

/** Keeps this node's copy of a game after a transaction that wrote it (dropped once finished). */
function remember(ctx: GamesContext, committed: Committed): void {
  gameCacheFor(ctx.db).set({ row: committed.game, players: committed.players });
}

/**
 * Writes a move computed from this node's copy of the game with one round trip
 * (`game_commit_move`): schedules the next turn, counts bot-played turns, and on success updates
 * the copy. Returns what to broadcast, or 'stale'/'busy' when the database refused (nothing
 * changed; a stale copy is dropped). Never used for a final move (settlement needs its
 * transaction).
 */
async function commitFromCopy(
  ctx: GamesContext,
  entry: CachedGame,
  seat: Seat,
  move: Move,
  next: MatchState,
  events: GameEvent[],
  actor: Actor,
  dueOnly: boolean,
): Promise<Committed | 'stale' | 'busy'> {
  const { row, players } = entry;
  const when = schedule(
    next,
    players,
    ctx.timing,
    events.some((e) => e.type === 'hand_end'),
  );
  const occupant = players.find((p) => p.seat === seat);
  let autoplayed: number | null = null;
  if (occupant && occupant.userId !== null && actor !== 'forced') {
    const count = actor === 'autoplay' ? occupant.autoplayedTurns + 1 : 0;
    if (count !== occupant.autoplayedTurns) autoplayed = count;
  }
  const out = await commitMoveRow(ctx.db, {
    gameId: row.id,
    expectedVersion: row.version,
    presence: presenceOf(players),
    dueOnly,
    state: next,
    seat,
    move,
    actor,
    dueAt: when.dueAt,
    turnDeadline: when.turnDeadline,
    autoplayed,
  });
  const cache = gameCacheFor(ctx.db);
  if (out.outcome === 'busy') return 'busy';
  if (out.outcome !== 'ok') {
    cache.delete(row.id);
    return 'stale';
  }
  const game: GameRow = {
    ...row,
    state: next,
    version: out.version,
    dueAt: when.dueAt,
    turnDeadline: when.turnDeadline,
    updatedAt: new Date(),
  };
  cache.set({ row: game, players: out.players });
  return { game, players: out.players, db: ctx.db };
}

/**
 * Plays the caller's move and broadcasts every seat's view; returns the caller's new view. The
 * usual path: the engine runs on this node's copy of the game at the caller's version and one
 * round trip writes it (the database checks the version under the row lock). When the copy is
 * stale, the engine refuses the move, or the move ends the match, the move runs in one locked
 * transaction instead, which gives the authoritative answer (409 stale version, 422 engine code).
 *
 * A player's own move (HTTP or socket) takes their seat back first if it was away, exactly as
 * `game:join` does, and in its own transaction: a move that arrives just after the bot played
 * the turn (409) still brings the player back, so the next turn is theirs at full time.
 */
export async function submitMove(
  ctx: GamesContext,
  gameId: string,
  userId: number,
  req: MoveRequest,
): Promise<GameView> {
  const cache = gameCacheFor(ctx.db);
  let entry = await cache.load(ctx.db, gameId, { atLeastVersion: req.version });
  let mine = entry?.players.find((p) => p.userId === userId);
  if (entry && mine && isAway(mine) && entry.row.status === 'playing') {
    await reclaimSeat(ctx, gameId, userId);
    entry = await cache.load(ctx.db, gameId, { atLeastVersion: req.version });
    mine = entry?.players.find((p) => p.userId === userId);
  }
  if (
    entry &&
    mine &&
    !isAway(mine) &&
    entry.row.version === req.version &&
    entry.row.status === 'playing'
  ) {
    const seat = mine.seat as Seat;
    const move = toEngineMove(req);
    const result = applyMove(entry.row.state as MatchState, seat, move);
    if (result.ok && result.state.status === 'playing') {
      const committed = await commitFromCopy(
        ctx,
        entry,
        seat,
        move,
        result.state,
        result.events,
        'player',
        false,
      );
      if (committed !== 'stale' && committed !== 'busy') {
        broadcast(ctx.hub, committed);
        return gameViewJson(committed.game, committed.players, seat);
      }
    }
  }
  return submitMoveLocked(ctx, gameId, userId, req);
}

/**
 * The caller's move in one transaction that locks the game, checks the expected version,
 * applies the engine, appends the move and (final move) settles; then broadcasts.
 */
async function submitMoveLocked(
  ctx: GamesContext,
  gameId: string,
  userId: number,
  req: MoveRequest,
): Promise<GameView> {
  const committed = await ctx.db.transaction(async (tx) => {
    const game = await lockGame(tx, gameId);
    const players = game ? await gamePlayersOf(tx, gameId) : [];
    const seat = seatOf(game, players, userId);
    const current = game as GameRow;
    if (current.version !== req.version) {
      throw new AppError('game/stale_version', 409, gameMessage('game/stale_version'));
    }
    const move = toEngineMove(req);
    const result = applyMove(current.state as MatchState, seat, move);
    if (!result.ok) throw new AppError(result.code, 422, gameMessage(result.code));
    // This node's copy did not know the seat was away (another node marked it): the move
    // brings the player back, and the next turn is scheduled for a present player.
    const me = players.find((p) => p.seat === seat);
    if (me && isAway(me)) {
      await tx
        .update(gamePlayers)
        .set({ autoplayedTurns: 0, disconnectedAt: null })
        .where(and(eq(gamePlayers.gameId, gameId), eq(gamePlayers.seat, seat)));
      me.autoplayedTurns = 0;
      me.disconnectedAt = null;
    }
    const persisted = await persistMove(
      tx,
      current,
      players,
      seat,
      move,
      result.state,
      result.events,
      'player',
      ctx.timing,
    );
    return { game: persisted.row, players, seat, balances: persisted.balances, db: ctx.db };
  });
  remember(ctx, committed);
  broadcast(ctx.hub, committed);
  return gameViewJson(committed.game, committed.players, committed.seat);
}

/** The move the server plays for the seat to move: CPU, forced, or the medium bot for an absent player. */
function dueMove(
  ctx: GamesContext,
  game: GameRow,
  players: PlayerRow[],
  state: MatchState,
  seat: Seat,
): { move: Move; actor: Actor } {
  const occupant = players.find((p) => p.seat === seat);
  const isBot = !occupant || occupant.userId === null;
  const level: Difficulty = isBot
    ? ((occupant?.botLevel as Difficulty | null) ?? 'medio')
    : 'medio';
  const view = playerView(state, seat);
  // A player's only legal move is played for them without counting as absence.
  const forced = !isBot && view.legalMoves.length === 1;
  const move = forced
    ? (view.legalMoves[0] as Move)
    : ctx.bots(view, level, `${game.id}:${game.version}`);
  return { move, actor: isBot ? 'bot' : forced ? 'forced' : 'autoplay' };
}

/**
 * Plays the due action of one game found by the sweeper's poll at `version`: computed from this
 * node's copy and written with one round trip that skips a locked row and re-checks, under the
 * lock, that the game is still due at that version (so it fires once across nodes). A final
 * move, or a game in an unexpected state, goes through the locked transaction. Returns true when
 * a move was played.
 */
export async function playDueGame(
  ctx: GamesContext,
  gameId: string,
  version: number,
): Promise<boolean> {
  const cache = gameCacheFor(ctx.db);
  for (let attempt = 0; attempt < 2; attempt++) {
    const entry = await cache.load(ctx.db, gameId, {
      atLeastVersion: version,
      refresh: attempt > 0,
    });
    if (!entry || entry.row.version !== version) return false;
    const state = entry.row.state as MatchState;
    const seat = state.hand.turn;
    if (entry.row.status !== 'playing' || state.status !== 'playing' || seat === null) {
      return runDueGameLocked(ctx, gameId);
    }
    const { move, actor } = dueMove(ctx, entry.row, entry.players, state, seat);
    const result = applyMove(state, seat, move);
    if (!result.ok) {
      throw new Error(`bot chose an illegal move in game ${gameId}: ${result.code}`);
    }
    if (result.state.status !== 'playing') return runDueGameLocked(ctx, gameId);
    const committed = await commitFromCopy(
      ctx,
      entry,
      seat,
      move,
      result.state,
      result.events,
      actor,
      true,
    );
    if (committed === 'busy') return false;
    if (committed === 'stale') continue; // presence changed or another node moved: look again
    broadcast(ctx.hub, committed);
    return true;
  }
  return false;
}

/**
 * One sweeper step: plays the due action of the most overdue game this node can take (CPU move,
 * forced move, or the medium bot for a player whose turn time ran out). Returns false when
 * nothing was played.
 */
export async function runDueGame(ctx: GamesContext): Promise<boolean> {
  for (const due of await dueGames(ctx.db, 8)) {
    if (await playDueGame(ctx, due.id, due.version)) return true;
  }
  return false;
}

/**
 * The due action of one game (or of the most overdue one) in one transaction: claims it with
 * SKIP LOCKED, plays, and settles when the move ends the match. Returns false when nothing was
 * due.
 */
async function runDueGameLocked(ctx: GamesContext, gameId?: string): Promise<boolean> {
  const committed = await ctx.db.transaction(async (tx) => {
    const game = await claimDueGame(tx, gameId);
    if (!game) return null;
    const players = await gamePlayersOf(tx, game.id);
    const state = game.state as MatchState;
    const seat = state.hand.turn;
    if (state.status !== 'playing' || seat === null) {
      await tx.update(games).set({ dueAt: null }).where(eq(games.id, game.id));
      return null;
    }
    const { move, actor } = dueMove(ctx, game, players, state, seat);
    const result = applyMove(state, seat, move);
    if (!result.ok) throw new Error(`bot chose an illegal move in game ${game.id}: ${result.code}`);
    const persisted = await persistMove(
      tx,
      game,
      players,
      seat,
      move,
      result.state,
      result.events,
      actor,
      ctx.timing,
    );
    return { game: persisted.row, players, balances: persisted.balances, db: ctx.db };
  });
  if (!committed) return false;
  remember(ctx, committed);
  broadcast(ctx.hub, committed);
  return true;
}

/**
 * How long past due a player's turn deadline must be, still unplayed, before a starting node
 * may conclude that no sweeper was running and give the turn again (decision 010). A running
 * sweeper polls every 200 ms (SWEEPER_INTERVAL_MS) and plays a lapsed turn within a poll or
 * two, well under a second even at the 500-match bench load; 10 s is fifty polls of margin,
 * so a deadline that old means the whole cluster was down, while a rolling restart (other
 * nodes sweeping) never hands a live game a fresh turn.
 */
export const RESTART_EXTENSION_MIN_LAPSE_MS = 10_000;

/**
 * After a server (re)start: gives every player whose turn deadline lapsed at least `minLapseMs`
 * ago (and is still unplayed, so no sweeper was running) a fresh full turn, so nobody loses a
 * turn to downtime (issue 5: "games resume after a server restart with their deadlines
 * extended"). Deadlines that lapsed more recently, or are still ahead, are left alone: another
 * node's sweeper may be playing them right now (decision 010). CPU turns have no deadline and
 * are due at once. The game's version is unchanged. Returns how many games were extended.
 */
export async function extendDeadlinesAfterRestart(
  db: Db,
  minLapseMs = RESTART_EXTENSION_MIN_LAPSE_MS,
): Promise<number> {
  const res = await db.execute(sql`
    update games set
      turn_deadline = now() + make_interval(secs => (state->'config'->>'turnSeconds')::numeric),
      due_at = now() + make_interval(secs => (state->'config'->>'turnSeconds')::numeric)
    where status = 'playing' and turn_deadline is not null
      and turn_deadline < now() - make_interval(secs => ${minLapseMs / 1000}::numeric)
    returning id`);
  return (res as unknown as { rows: unknown[] }).rows.length;
}

/**
 * The player's last socket left the game (after a grace period for reloads): the seat shows as
 * disconnected to everyone, and the bot plays its turns at bot pace until the player comes back
 * (DESIGN §5; issue 5). Returns true when the seat changed.
 */
export async function markDisconnected(
  ctx: GamesContext,
  gameId: string,
  userId: number,
): Promise<boolean> {
  const committed = await ctx.db.transaction(async (tx) => {
    const game = await lockGame(tx, gameId);
    if (!game || game.status !== 'playing') return null;
    const players = await gamePlayersOf(tx, gameId);
    const me = players.find((p) => p.userId === userId);
    if (!me || me.disconnectedAt !== null) return null;
    const now = new Date();
    await tx
      .update(gamePlayers)
      .set({ disconnectedAt: now })
      .where(and(eq(gamePlayers.gameId, gameId), eq(gamePlayers.seat, me.seat)));
    me.disconnectedAt = now;
    const state = game.state as MatchState;
    let row = game;
    if (state.hand.turn === me.seat && game.dueAt) {
      const when = schedule(state, players, ctx.timing, false);
      if (when.dueAt && when.dueAt < game.dueAt) {
        const [updated] = await tx
          .update(games)
          .set({ dueAt: when.dueAt, turnDeadline: when.turnDeadline, updatedAt: sql`now()` })
          .where(eq(games.id, gameId))
          .returning();
        row = updated ?? game;
      }
    }
    return { game: row, players, db: ctx.db };
  });
  if (!committed) return false;
  remember(ctx, committed);
  broadcast(ctx.hub, committed);
  return true;
}
