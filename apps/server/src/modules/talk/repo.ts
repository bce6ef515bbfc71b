import { and, asc, desc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import type { MatchState } from '@domino/domino';
import type { TalkMessage, TalkMoment } from '@domino/contracts';
import { TALK_AFTER_MATCH_MS, publicName } from '@domino/contracts';
import type { Executor } from '../../db/client';
import { readTogether } from '../../db/client';
import {
  gamePlayers,
  gameTables,
  games,
  rowState,
  tableMessages,
  tableSeats,
  talkBans,
  talkMutes,
  users,
} from '../../db/schema';

/**
 * Queries of table talk (docs/decisions/023-table-talk.md). The talk module reads the tables and
 * games it needs directly (it sits below `tables` in the module order and never changes them).
 */

/** How the last finished hand ended, for the phrases that name it. */
export interface LastHand {
  capicua: boolean;
  tranque: boolean;
}

/** Where a table's talk stands and who may take part in it. */
export interface TalkContext {
  tableId: number;
  tableName: string;
  visibility: 'public' | 'private' | 'tournament' | 'quick';
  /** The host of a private table (null for the others). */
  hostUserId: number | null;
  round: number;
  /** The match running at the table, if any. */
  gameId: string | null;
  moment: TalkMoment;
  lastHand: LastHand | null;
  /**
   * Who takes part, with their seat: the players seated at the table, the players of its running
   * match, and, while no match runs, the players of the match that finished there in the last
   * TALK_AFTER_MATCH_MS (so "Buena partida" and "¿Revancha?" can be said on the result screen).
   */
  members: Map<number, number | null>;
}

function lastHandOf(state: MatchState): LastHand | null {
  const last = state.history[state.history.length - 1];
  if (!last) return null;
  return {
    capicua: last.bonuses.some((b) => b.kind === 'capicua'),
    tranque: last.ending === 'tranque',
  };
}

/**
 * The talk context of a table, or null when it does not exist. The moment comes from the engine
 * state of the running match: the engine deals the next hand as soon as one ends, so "between
 * hands" is the time before the first tile of the next hand, after at least one finished hand.
 */
export async function talkContext(db: Executor, tableId: number): Promise<TalkContext | null> {
  const [table] = await db
    .select({
      id: gameTables.id,
      name: gameTables.name,
      visibility: gameTables.visibility,
      round: gameTables.round,
      hostUserId: gameTables.hostUserId,
    })
    .from(gameTables)
    .where(eq(gameTables.id, tableId));
  if (!table) return null;
  const members = new Map<number, number | null>();
  const seats = await db
    .select({ userId: tableSeats.userId, seat: tableSeats.seat })
    .from(tableSeats)
    .where(eq(tableSeats.tableId, tableId));
  for (const s of seats) members.set(s.userId, s.seat);

  const [live] = await db
    .select({ id: games.id, storedState: games.storedState, history: games.history })
    .from(games)
    .where(and(eq(games.tableId, tableId), eq(games.kind, 'table'), eq(games.status, 'playing')));
  let moment: TalkMoment = 'waiting';
  let lastHand: LastHand | null = null;
  let gameForMembers: string | null = null;
  if (live) {
    const state = rowState(live.storedState, live.history) as MatchState;
    lastHand = lastHandOf(state);
    moment = state.hand.line.length === 0 && state.history.length > 0 ? 'between_hands' : 'hand';
    gameForMembers = live.id;
  } else {
    const [recent] = await db
      .select({ id: games.id, storedState: games.storedState, history: games.history })
      .from(games)
      .where(
        and(
          eq(games.tableId, tableId),
          eq(games.kind, 'table'),
          eq(games.status, 'finished'),
          gt(games.finishedAt, sql`now() - make_interval(secs => ${TALK_AFTER_MATCH_MS / 1000})`),
        ),
      )
      .orderBy(desc(games.finishedAt))
      .limit(1);
    if (recent) {
      lastHand = lastHandOf(rowState(recent.storedState, recent.history) as MatchState);
      gameForMembers = recent.id;
    }
  }
  if (gameForMembers) {
    const players = await db
      .select({ userId: gamePlayers.userId, seat: gamePlayers.seat })
      .from(gamePlayers)
      .where(eq(gamePlayers.gameId, gameForMembers));
    for (const p of players) {
      if (p.userId !== null && !members.has(p.userId)) members.set(p.userId, p.seat);
    }
  }
  return {
    tableId: table.id,
    tableName: table.name,
    visibility: table.visibility,
    hostUserId: table.hostUserId,
    round: table.round,
    gameId: live?.id ?? null,
    moment,
    lastHand,
    members,
  };
}

/** Until when `userId` may not talk, or null (an expired ban counts as none). */
export async function activeBan(db: Executor, userId: number): Promise<Date | null> {
  const [ban] = await db
    .select({ until: talkBans.bannedUntil })
    .from(talkBans)
    .where(and(eq(talkBans.userId, userId), gt(talkBans.bannedUntil, sql`now()`)));
  return ban?.until ?? null;
}

/** Of `userIds`, those who muted `senderId`. */
export async function mutersOf(
  db: Executor,
  senderId: number,
  userIds: number[],
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: talkMutes.userId })
    .from(talkMutes)
    .where(and(eq(talkMutes.mutedUserId, senderId), inArray(talkMutes.userId, userIds)));
  return new Set(rows.map((r) => r.userId));
}

/** The users `userId` muted, ascending. */
export async function mutedBy(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: talkMutes.mutedUserId })
    .from(talkMutes)
    .where(eq(talkMutes.userId, userId))
    .orderBy(asc(talkMutes.mutedUserId));
  return rows.map((r) => r.id);
}

/** A stored message as players receive it (public names). */
export function messageJson(
  row: typeof tableMessages.$inferSelect,
  sender: { name: string; seat: number | null },
): TalkMessage {
  return {
    id: row.id,
    table_id: row.tableId,
    kind: row.kind,
    ref: row.ref,
    body: row.body,
    from: { user_id: row.userId, name: publicName(sender.name), seat: sender.seat },
    at: row.createdAt.toISOString(),
  };
}

/**
 * The recent messages of a table, oldest first (the last `limit`), with their senders' full
 * names: those of the current round and of the one before it (a match ends by opening the next
 * round, so its conversation stays in view on the result screen and in a report).
 */
export async function recentMessages(
  db: Executor,
  tableId: number,
  round: number,
  limit: number,
): Promise<{ row: typeof tableMessages.$inferSelect; name: string }[]> {
  const rows = await db
    .select({ row: tableMessages, name: users.name })
    .from(tableMessages)
    .innerJoin(users, eq(users.id, tableMessages.userId))
    .where(and(eq(tableMessages.tableId, tableId), gte(tableMessages.round, round - 1)))
    .orderBy(desc(tableMessages.id))
    .limit(limit);
  return rows.reverse();
}

/**
 * A catch-up page (docs/decisions/064-blip-resync.md): the messages of a table after message
 * `since`, oldest first, at most `limit`, of the current round and the one before it (the same
 * rows {@link recentMessages} may show), with their senders' full names; `more` when further
 * messages follow the page's last. Before them come the messages with an id below `since` written
 * within `overlapMs` before message `since` (at most `limit`): an id is taken when the row is
 * written, so a lower id can become visible a moment after a higher one a client already got.
 * The caller drops what it already holds by id; the next page's cursor is the last message, whose
 * id is always above `since`, so paging ends.
 */
export async function messagesSince(
  db: Executor,
  tableId: number,
  round: number,
  since: number,
  limit: number,
  overlapMs: number,
): Promise<{ rows: { row: typeof tableMessages.$inferSelect; name: string }[]; more: boolean }> {
  const read = () =>
    db
      .select({ row: tableMessages, name: users.name })
      .from(tableMessages)
      .innerJoin(users, eq(users.id, tableMessages.userId));
  const ofTable = and(eq(tableMessages.tableId, tableId), gte(tableMessages.round, round - 1));
  // The cursor's own time, read in the same statement (null when it is not this table's
  // message: then nothing overlaps).
  const cursorTime = sql`(select m.created_at from ${tableMessages} m where m.id = ${since} and m.table_id = ${tableId})`;
  const [overlap, after] = await readTogether(db, [
    () =>
      read()
        .where(
          and(
            ofTable,
            lt(tableMessages.id, since),
            sql`${tableMessages.createdAt} >= ${cursorTime} - make_interval(secs => ${overlapMs / 1000})`,
          ),
        )
        .orderBy(asc(tableMessages.id))
        .limit(limit),
    () =>
      read()
        .where(and(ofTable, gt(tableMessages.id, since)))
        .orderBy(asc(tableMessages.id))
        .limit(limit + 1),
  ]);
  return { rows: [...overlap, ...after.slice(0, limit)], more: after.length > limit };
}
