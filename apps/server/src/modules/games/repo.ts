import type { PlayerRating } from '@domino/contracts';
import { ratingsOf } from '../ratings/service';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedRows, readTogether } from '../../db/client';
import { gameMoves, gamePlayers, games, rowState, users } from '../../db/schema';

/** Queries on games, their seats and the move log (docs/architecture.md#how-a-move-flows). */

/** A `games` row as stored: the state may be without its history (`history` holds it). */
export type StoredGameRow = typeof games.$inferSelect;

/** A game as the app uses it: `state` is the whole engine state, history included. */
export type GameRow = Omit<StoredGameRow, 'storedState' | 'history'> & { state: unknown };

/** A stored `games` row as the app uses it (`rowState`). */
export function toGameRow(stored: StoredGameRow): GameRow {
  const { storedState, history, ...rest } = stored;
  return { ...rest, state: rowState(storedState, history) };
}

export type PlayerRow = typeof gamePlayers.$inferSelect & {
  name: string | null;
  /** The player's rating in the match's mode when the seats were read (decision 026). */
  rating?: PlayerRating | null;
};

/** Locks a game row for the rest of the transaction (`SELECT ... FOR UPDATE`). */
export async function lockGame(tx: Executor, gameId: string): Promise<GameRow | undefined> {
  const [row] = await tx.select().from(games).where(eq(games.id, gameId)).for('update');
  return row && toGameRow(row);
}

export async function findGame(db: Executor, gameId: string): Promise<GameRow | undefined> {
  const [row] = await db.select().from(games).where(eq(games.id, gameId));
  return row && toGameRow(row);
}

/**
 * The seats of a game with the seated users' names and their ratings in the game's mode
 * (ratings/ratingsOf: defaults for players without one), in seat order.
 */
export async function gamePlayersOf(db: Executor, gameId: string): Promise<PlayerRow[]> {
  const rows = await db
    .select({ player: gamePlayers, name: users.name, mode: sql<string>`${games.rules}->>'mode'` })
    .from(gamePlayers)
    .innerJoin(games, eq(games.id, gamePlayers.gameId))
    .leftJoin(users, eq(users.id, gamePlayers.userId))
    .where(eq(gamePlayers.gameId, gameId))
    .orderBy(asc(gamePlayers.seat));
  const mode = rows[0]?.mode === 'individual' ? 'individual' : 'parejas';
  const humans = rows.flatMap((r) => (r.player.userId === null ? [] : [r.player.userId]));
  const ratings = await ratingsOf(db, humans, mode);
  return rows.map((r) => ({
    ...r.player,
    name: r.name,
    rating: r.player.userId === null ? null : (ratings.get(r.player.userId) ?? null),
  }));
}

/**
 * Many games with their seats at once: the batched form of `findGame` + `gamePlayersOf` (the
 * coalesced fresh reads of cache.ts, decision 067 addendum "Cheaper connections"), in three
 * queries whatever the number of games (games, seats with names, ratings of each mode present).
 * Each value is what the two single reads would answer; a game not found is absent from the map.
 */
export async function gamesWithPlayers(
  db: Executor,
  gameIds: string[],
): Promise<Map<string, { row: GameRow; players: PlayerRow[] }>> {
  const out = new Map<string, { row: GameRow; players: PlayerRow[] }>();
  if (gameIds.length === 0) return out;
  const [rows, seats] = await readTogether(db, [
    () => db.select().from(games).where(inArray(games.id, gameIds)),
    () =>
      db
        .select({
          player: gamePlayers,
          name: users.name,
          mode: sql<string>`${games.rules}->>'mode'`,
        })
        .from(gamePlayers)
        .innerJoin(games, eq(games.id, gamePlayers.gameId))
        .leftJoin(users, eq(users.id, gamePlayers.userId))
        .where(inArray(gamePlayers.gameId, gameIds))
        .orderBy(asc(gamePlayers.gameId), asc(gamePlayers.seat)),
  ]);
  const humans = { parejas: new Set<number>(), individual: new Set<number>() };
  for (const r of seats)
    if (r.player.userId !== null)
      humans[r.mode === 'individual' ? 'individual' : 'parejas'].add(r.player.userId);
  const [parejas, individual] = await readTogether(db, [
    () => ratingsOf(db, [...humans.parejas], 'parejas'),
    () => ratingsOf(db, [...humans.individual], 'individual'),
  ]);
  for (const row of rows) out.set(row.id, { row: toGameRow(row), players: [] });
  for (const r of seats) {
    const ratings = r.mode === 'individual' ? individual : parejas;
    out.get(r.player.gameId)?.players.push({
      ...r.player,
      name: r.name,
      rating: r.player.userId === null ? null : (ratings.get(r.player.userId) ?? null),
    });
  }
  return out;
}

/**
 * Claims one playing game whose due time has passed (that game when `gameId` is given), skipping
 * games locked by another node or transaction (`FOR UPDATE SKIP LOCKED`): each due action fires
 * exactly once across nodes.
 */
export async function claimDueGame(tx: Executor, gameId?: string): Promise<GameRow | undefined> {
  const due = and(eq(games.status, 'playing'), sql`${games.dueAt} <= now()`);
  const [row] = await tx
    .select()
    .from(games)
    .where(gameId === undefined ? due : and(due, eq(games.id, gameId)))
    .orderBy(asc(games.dueAt))
    .limit(1)
    .for('update', { skipLocked: true });
  return row && toGameRow(row);
}

/**
 * Playing games whose due time has passed, most overdue first (no lock: the sweeper's poll).
 * Every node runs it several times a second, so it is a named prepared statement (parsed and
 * planned once per connection, `preparedRows`; docs/decisions/070-cost-per-move.md).
 */
export async function dueGames(
  db: Executor,
  limit: number,
): Promise<{ id: string; version: number }[]> {
  return preparedRows<{ id: string; version: number }>(
    db,
    'due_games',
    "select id, version from games where status = 'playing' and due_at <= now() order by due_at asc limit $1",
    [limit],
  );
}

/**
 * The sweeper's poll (sweeper.ts): the playing games whose due time has passed, most overdue
 * first (no lock), and how long until the earliest due time still ahead, in ms (null when no
 * playing game has one among the `limit` earliest). One statement, read against the database's
 * clock, the same clock `claimDueGame` judges by; a named prepared statement like `dueGames`.
 */
export async function sweepPoll(
  db: Executor,
  limit: number,
): Promise<{ due: { id: string; version: number }[]; nextInMs: number | null }> {
  const rows = await preparedRows<{ id: string; version: number; wait_ms: number }>(
    db,
    'sweep_poll',
    `select id, version,
            greatest(0, ceil(extract(epoch from (due_at - now())) * 1000))::int as wait_ms
       from games where status = 'playing' and due_at is not null
      order by due_at asc limit $1`,
    [limit],
  );
  const due: { id: string; version: number }[] = [];
  let nextInMs: number | null = null;
  for (const r of rows) {
    const wait = Number(r.wait_ms);
    if (wait <= 0) due.push({ id: r.id, version: Number(r.version) });
    else {
      nextInMs = wait;
      break;
    }
  }
  return { due, nextInMs };
}

/** The seats' presence as `game_commit_move` checks it: '1' per away seat, in seat order. */
export function presenceOf(players: readonly PlayerRow[]): string {
  return [...players]
    .sort((a, b) => a.seat - b.seat)
    .map((p) => (p.autoplayedTurns > 0 || p.disconnectedAt !== null ? '1' : '0'))
    .join('');
}

/**
 * The sum of the seats' revisions (`game_players.rev`, raised by every update of a seat row;
 * migration 0032, docs/decisions/037-hot-moves.md): equal to the database's sum only while no
 * seat row changed since these were read.
 */
export function seatsRevOf(players: readonly PlayerRow[]): number {
  return players.reduce((sum, p) => sum + p.rev, 0);
}

/**
 * Updates one seat row inside the caller's transaction and applies the same change to `player`
 * (the caller's copy), with the revision the trigger gave the row (migration 0032), so that the
 * copy stays exact for the seats' revision check (decision 037).
 */
export async function updateSeat(
  tx: Executor,
  gameId: string,
  player: PlayerRow,
  change: Partial<Pick<PlayerRow, 'autoplayedTurns' | 'disconnectedAt'>>,
): Promise<void> {
  const [row] = await tx
    .update(gamePlayers)
    .set(change)
    .where(and(eq(gamePlayers.gameId, gameId), eq(gamePlayers.seat, player.seat)))
    .returning({ rev: gamePlayers.rev });
  Object.assign(player, change);
  if (row) player.rev = row.rev;
}

/**
 * A user's name changed (profile): raises the revision of their seats in live games, so that
 * every node's copy of those games reads the seats (with the new name) again at the next move,
 * as it did when every move read them (decision 037). Call inside the name's transaction.
 */
export async function refreshLiveSeats(tx: Executor, userId: number): Promise<void> {
  await tx.execute(sql`
    update game_players set rev = rev + 1
     where user_id = ${userId}
       and game_id in (select id from games where status = 'playing')`);
}

export async function appendMove(
  tx: Executor,
  row: {
    gameId: string;
    seq: number;
    seat: number;
    move: unknown;
    actor: 'player' | 'bot' | 'autoplay' | 'forced';
  },
): Promise<void> {
  await tx.insert(gameMoves).values(row);
}

export async function movesOf(db: Executor, gameId: string) {
  return db
    .select()
    .from(gameMoves)
    .where(eq(gameMoves.gameId, gameId))
    .orderBy(asc(gameMoves.seq));
}
