import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Difficulty, GameView, MoveRequest } from '@domino/contracts';
import { gameMessage } from '@domino/contracts';
import type { GameEvent, MatchState, Move, Seat } from '@domino/domino';
import type { TableConfig } from '@domino/domino';
import { DEFAULT_CONFIG, applyMove, legalMoves, playerView, startMatch } from '@domino/domino';
import { centsToBolivares } from '@domino/contracts';
import type { Db, Executor, Tx } from '../../db/client';
import { gamePlayers, games } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { RealtimeHub } from '../realtime/hub';
import { settleTableMatch } from '../tables/settlement';
import { publishTable } from '../tables/publish';
import type { BotPolicy } from './bots';
import type { GameRow, PlayerRow } from './repo';
import { appendMove, claimDueGame, findGame, gamePlayersOf, lockGame } from './repo';
import { gameViewJson } from './view';

/**
 * Games on the server (DESIGN §5): the engine is authoritative, state lives in PostgreSQL, a move
 * is one transaction with a version check, CPU turns and turn timeouts are due times claimed by
 * the sweeper. Errors: AppError 404 game/not_found, 403 game/not_a_player, 409
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

/**
 * A player who was away comes back (socket `game:join`, i.e. the game screen opened or
 * reconnected): the seat is theirs again, and if it is their turn they get a full turn time.
 * Returns true when something changed (then every seat has been sent its new view).
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
  actor: 'player' | 'bot' | 'autoplay' | 'forced',
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
 * every hand's deal. Public once the match is over (nothing is hidden any more); 409 before.
 */
export async function getFairnessRecord(db: Executor, gameId: string) {
  const game = await findGame(db, gameId);
  if (!game) throw new AppError('game/not_found', 404, gameMessage('game/not_found'));
  const state = game.state as MatchState;
  if (state.status !== 'finished') {
    throw new AppError(
      'game/not_finished',
      409,
      'La semilla del servidor se revela cuando termina la partida.',
    );
  }
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

/** The caller's JSON player view of a game. */
export async function getGameView(db: Executor, gameId: string, userId: number): Promise<GameView> {
  const game = await findGame(db, gameId);
  const players = game ? await gamePlayersOf(db, gameId) : [];
  const seat = seatOf(game, players, userId);
  return gameViewJson(game as GameRow, players, seat);
}

/**
 * Plays the caller's move: one transaction that locks the game, checks the expected version,
 * applies the engine and appends the move; then broadcasts every seat's view. Returns the
 * caller's new view.
 */
export async function submitMove(
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
  broadcast(ctx.hub, committed);
  return gameViewJson(committed.game, committed.players, committed.seat);
}

/**
 * One sweeper step: claims one due game (SKIP LOCKED), plays the CPU's move for a bot seat or,
 * when a player's turn deadline has passed, the medium bot's move for them. Returns false when
 * nothing was due.
 */
export async function runDueGame(ctx: GamesContext): Promise<boolean> {
  const committed = await ctx.db.transaction(async (tx) => {
    const game = await claimDueGame(tx);
    if (!game) return null;
    const players = await gamePlayersOf(tx, game.id);
    const state = game.state as MatchState;
    const seat = state.hand.turn;
    if (state.status !== 'playing' || seat === null) {
      await tx.update(games).set({ dueAt: null }).where(eq(games.id, game.id));
      return null;
    }
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
      isBot ? 'bot' : forced ? 'forced' : 'autoplay',
      ctx.timing,
    );
    return { game: persisted.row, players, balances: persisted.balances, db: ctx.db };
  });
  if (!committed) return false;
  broadcast(ctx.hub, committed);
  return true;
}

/**
 * After a server (re)start: gives every player whose turn deadline passed or is about to pass
 * while no server was running a fresh turn, so nobody loses a turn to downtime (issue 5: "games
 * resume after a server restart with their deadlines extended"). CPU turns are due at once.
 * Returns how many games were extended.
 */
export async function extendDeadlinesAfterRestart(db: Db, graceMs = 5_000): Promise<number> {
  const res = await db.execute(sql`
    update games set
      turn_deadline = now() + make_interval(secs => (state->'config'->>'turnSeconds')::numeric),
      due_at = now() + make_interval(secs => (state->'config'->>'turnSeconds')::numeric)
    where status = 'playing' and turn_deadline is not null
      and turn_deadline < now() + make_interval(secs => ${graceMs / 1000}::numeric)
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
  broadcast(ctx.hub, committed);
  return true;
}
