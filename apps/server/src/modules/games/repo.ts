import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { gameMoves, gamePlayers, games, users } from '../../db/schema';

/** Queries on games, their seats and the move log (DESIGN §5). */
export type GameRow = typeof games.$inferSelect;
export type PlayerRow = typeof gamePlayers.$inferSelect & { name: string | null };

/** Locks a game row for the rest of the transaction (`SELECT ... FOR UPDATE`). */
export async function lockGame(tx: Executor, gameId: string): Promise<GameRow | undefined> {
  const [row] = await tx.select().from(games).where(eq(games.id, gameId)).for('update');
  return row;
}

export async function findGame(db: Executor, gameId: string): Promise<GameRow | undefined> {
  const [row] = await db.select().from(games).where(eq(games.id, gameId));
  return row;
}

/** The seats of a game with the seated users' names, in seat order. */
export async function gamePlayersOf(db: Executor, gameId: string): Promise<PlayerRow[]> {
  const rows = await db
    .select({ player: gamePlayers, name: users.name })
    .from(gamePlayers)
    .leftJoin(users, eq(users.id, gamePlayers.userId))
    .where(eq(gamePlayers.gameId, gameId))
    .orderBy(asc(gamePlayers.seat));
  return rows.map((r) => ({ ...r.player, name: r.name }));
}

/**
 * Claims one playing game whose due time has passed, skipping games locked by another node or
 * transaction (`FOR UPDATE SKIP LOCKED`): each due action fires exactly once across nodes.
 */
export async function claimDueGame(tx: Executor): Promise<GameRow | undefined> {
  const [row] = await tx
    .select()
    .from(games)
    .where(and(eq(games.status, 'playing'), sql`${games.dueAt} <= now()`))
    .orderBy(asc(games.dueAt))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
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
