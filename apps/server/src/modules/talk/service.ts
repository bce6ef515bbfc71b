import { and, eq } from 'drizzle-orm';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { TalkMessage, TalkReportReason, TalkSend, TalkState } from '@domino/contracts';
import {
  MSG_TALK,
  SERVER_EVENTS,
  TALK_CATCH_UP_OVERLAP_MS,
  TALK_CATCH_UP_PAGE,
  TALK_PHRASES,
  TALK_REACTIONS,
  phraseAllowed,
} from '@domino/contracts';
import type { Db } from '../../db/client';
import { pgConstraint, pgErrorCode } from '../../db/client';
import { tableMessages, talkMutes, talkReports, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { consume, rateLimited } from '../../lib/rate-limit';
import type { RealtimeHub } from '../realtime/hub';
import { cleanText } from './filter';
import type { TalkContext } from './repo';
import {
  activeBan,
  messageJson,
  messagesSince,
  mutedBy,
  mutersOf,
  recentMessages,
  talkContext,
} from './repo';

/**
 * Table talk (docs/decisions/023-table-talk.md): what a player may say at a table and when, its
 * delivery to the table's players (minus those who muted the sender), mutes, and reports.
 *
 * Who: only the table's players (`TalkContext.members`: seated, playing its match, or having just
 * finished one there); spectators and everyone else neither send nor receive. What: during a
 * match only reactions and quick phrases by id, each phrase at the moments its definition allows
 * (packages/contracts talk.ts); free text only at private tables while no match runs, checked and
 * filtered by `cleanText`. Limits: a chat ban given by staff, and TALK_RATE_LIMIT per user.
 */

const refuse = (code: string, status: number, message: string) =>
  new AppError(code, status, message);

/** Dependencies of the talk services. */
export interface TalkDeps {
  db: Db;
  hub: RealtimeHub;
  /** TALK_RATE_LIMIT per user id (lib/rate-limit, shared through Redis when configured). */
  limiter: RateLimiterAbstract;
}

const BAN_FORMAT = new Intl.DateTimeFormat('es-VE', {
  timeZone: 'America/Caracas',
  day: 'numeric',
  month: 'long',
  hour: 'numeric',
  minute: '2-digit',
});

/** The Spanish refusal of a banned user (the end of the ban in Caracas time). */
export function bannedError(until: Date): AppError {
  return refuse('talk/banned', 403, MSG_TALK.banned(BAN_FORMAT.format(until)));
}

async function contextFor(db: Db, tableId: number, userId: number): Promise<TalkContext> {
  const ctx = await talkContext(db, tableId);
  if (!ctx) throw refuse('talk/not_found', 404, MSG_TALK.notFound);
  if (!ctx.members.has(userId)) {
    // A table a stranger may not see by id (private, quick) answers like a missing one
    // (docs/decisions/048); a public table's talk is refused with the reason.
    const hidden =
      (ctx.visibility === 'private' && ctx.hostUserId !== userId) || ctx.visibility === 'quick';
    if (hidden) throw refuse('talk/not_found', 404, MSG_TALK.notFound);
    throw refuse('talk/not_seated', 403, MSG_TALK.notSeated);
  }
  return ctx;
}

/** What a message becomes once checked: kind, the id it was sent by, its body. */
function resolve(
  ctx: TalkContext,
  msg: TalkSend,
): { kind: TalkSend['kind']; ref: string | null; body: string; flagged: boolean } {
  if (msg.kind === 'reaction') {
    const r = TALK_REACTIONS.find((x) => x.id === msg.id);
    if (!r) throw refuse('talk/unknown', 422, MSG_TALK.unknownPhrase);
    return { kind: 'reaction', ref: r.id, body: r.emoji, flagged: false };
  }
  if (msg.kind === 'phrase') {
    const p = TALK_PHRASES.find((x) => x.id === msg.id);
    if (!p) throw refuse('talk/unknown', 422, MSG_TALK.unknownPhrase);
    if (!phraseAllowed(p, ctx.moment, ctx.lastHand))
      throw refuse('talk/not_now', 409, MSG_TALK.phraseNotNow);
    return { kind: 'phrase', ref: p.id, body: p.text, flagged: false };
  }
  if (ctx.moment !== 'waiting')
    throw refuse('talk/text_during_match', 409, MSG_TALK.textDuringMatch);
  if (ctx.visibility !== 'private') throw refuse('talk/text_public', 409, MSG_TALK.textPublicTable);
  const clean = cleanText(msg.text);
  if (!clean.ok) {
    const [code, message] =
      clean.reason === 'empty'
        ? ['talk/text_empty', MSG_TALK.textEmpty]
        : clean.reason === 'too_long'
          ? ['talk/text_too_long', MSG_TALK.textTooLong]
          : ['talk/text_control', MSG_TALK.textControl];
    throw refuse(code, 422, message);
  }
  return { kind: 'text', ref: null, body: clean.body, flagged: clean.flagged };
}

/**
 * Says `msg` at its table as `userId` and delivers it: `talk:message` to the user room of every
 * member of the table who has not muted the sender (the sender's own other tabs included).
 * Returns the message as delivered. Errors (AppError, Spanish message): `talk/banned` 403 (a chat
 * ban), `rate/limited` 429, `talk/not_found` 404, `talk/not_seated` 403, `talk/unknown` 422,
 * `talk/not_now` 409 (a phrase outside its moments), `talk/text_during_match` and
 * `talk/text_public` 409, `talk/text_empty`, `talk/text_too_long`, `talk/text_control` 422.
 * A refused message is neither stored nor delivered.
 */
export async function sendMessage(
  deps: TalkDeps,
  userId: number,
  msg: TalkSend,
): Promise<TalkMessage> {
  const { db, hub } = deps;
  const until = await activeBan(db, userId);
  if (until) throw bannedError(until);
  const wait = await consume(deps.limiter, String(userId));
  if (wait !== null) throw rateLimited(wait, MSG_TALK.rateLimited);
  const ctx = await contextFor(db, msg.table_id, userId);
  const resolved = resolve(ctx, msg);
  const [row] = await db
    .insert(tableMessages)
    .values({
      tableId: ctx.tableId,
      round: ctx.round,
      gameId: ctx.gameId,
      userId,
      kind: resolved.kind,
      ref: resolved.ref,
      body: resolved.body,
      flagged: resolved.flagged,
    })
    .returning();
  const [sender] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  const message = messageJson(row!, {
    name: sender?.name ?? '',
    seat: ctx.members.get(userId) ?? null,
  });
  const members = [...ctx.members.keys()];
  const muters = await mutersOf(db, userId, members);
  for (const member of members) {
    if (!muters.has(member)) hub.toUser(member, SERVER_EVENTS.talkMessage, message);
  }
  return message;
}

/** How many recent messages the panel shows when it opens. */
const PANEL_MESSAGES = 30;

/**
 * What `userId` may do at a table now and its messages without those of users they muted
 * (GET /api/talk/tables/{id}): the recent PANEL_MESSAGES, or, with `since` (a message id), the
 * messages after it in pages of TALK_CATCH_UP_PAGE, oldest first, `more` when another page
 * follows: the catch-up of a client that reconnected (docs/decisions/064-blip-resync.md).
 * Errors: `talk/not_found` 404, `talk/not_seated` 403.
 */
export async function talkState(
  db: Db,
  userId: number,
  tableId: number,
  since?: number,
): Promise<TalkState> {
  const ctx = await contextFor(db, tableId, userId);
  const [until, muted, page] = await Promise.all([
    activeBan(db, userId),
    mutedBy(db, userId),
    since === undefined
      ? recentMessages(db, tableId, ctx.round, PANEL_MESSAGES).then((rows) => ({
          rows,
          more: false,
        }))
      : messagesSince(db, tableId, ctx.round, since, TALK_CATCH_UP_PAGE, TALK_CATCH_UP_OVERLAP_MS),
  ]);
  const recent = page.rows;
  const mutedSet = new Set(muted);
  return {
    table_id: tableId,
    moment: ctx.moment,
    can_talk: until === null,
    free_text: until === null && ctx.moment === 'waiting' && ctx.visibility === 'private',
    phrases:
      until === null
        ? TALK_PHRASES.filter((p) => phraseAllowed(p, ctx.moment, ctx.lastHand)).map((p) => p.id)
        : [],
    banned_until: until?.toISOString() ?? null,
    messages: recent
      .filter((m) => !mutedSet.has(m.row.userId))
      .map((m) =>
        messageJson(m.row, { name: m.name, seat: ctx.members.get(m.row.userId) ?? null }),
      ),
    muted,
    more: page.more,
  };
}

/**
 * Mutes `mutedUserId` for `userId` everywhere (idempotent). Errors: `talk/mute_self` 422,
 * `talk/user_not_found` 404. Returns the caller's mutes.
 */
export async function mute(db: Db, userId: number, mutedUserId: number): Promise<number[]> {
  if (userId === mutedUserId) throw refuse('talk/mute_self', 422, MSG_TALK.muteSelf);
  const [target] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, mutedUserId), eq(users.rol, 'jugador')));
  // Only players talk; a staff account is "not found" like a missing one (decision 048).
  if (!target) throw refuse('talk/user_not_found', 404, MSG_TALK.userNotFound);
  await db.insert(talkMutes).values({ userId, mutedUserId }).onConflictDoNothing();
  return mutedBy(db, userId);
}

/** Undoes a mute (idempotent). Returns the caller's mutes. */
export async function unmute(db: Db, userId: number, mutedUserId: number): Promise<number[]> {
  await db
    .delete(talkMutes)
    .where(and(eq(talkMutes.userId, userId), eq(talkMutes.mutedUserId, mutedUserId)));
  return mutedBy(db, userId);
}

/** How many recent messages a report keeps. */
const TRANSCRIPT_MESSAGES = 100;

/**
 * "Reportar": `reporterId`, a member of the table, reports what `reportedId` said there. Copies
 * the table's recent conversation (this round and the one before, up to TRANSCRIPT_MESSAGES, full
 * names) into the report, so staff see it as it was. Errors: `talk/not_found` 404,
 * `talk/not_seated` 403, `talk/report_self` 422, `talk/report_no_messages` 422 (the reported
 * player said nothing in that conversation), `talk/report_duplicate` 409 (an open report of the
 * same pair, table and round exists). Returns the report id.
 */
export async function reportPlayer(
  db: Db,
  reporterId: number,
  input: { table_id: number; user_id: number; reason: TalkReportReason },
): Promise<number> {
  if (reporterId === input.user_id) throw refuse('talk/report_self', 422, MSG_TALK.reportSelf);
  const ctx = await contextFor(db, input.table_id, reporterId);
  const recent = await recentMessages(db, ctx.tableId, ctx.round, TRANSCRIPT_MESSAGES);
  if (!recent.some((m) => m.row.userId === input.user_id))
    throw refuse('talk/report_no_messages', 422, MSG_TALK.reportNoMessages);
  const transcript = recent.map((m) => ({
    id: m.row.id,
    at: m.row.createdAt.toISOString(),
    user_id: m.row.userId,
    name: m.name,
    kind: m.row.kind,
    body: m.row.body,
    flagged: m.row.flagged,
  }));
  try {
    const [report] = await db
      .insert(talkReports)
      .values({
        tableId: ctx.tableId,
        round: ctx.round,
        reporterUserId: reporterId,
        reportedUserId: input.user_id,
        reason: input.reason,
        transcript,
      })
      .returning({ id: talkReports.id });
    return report!.id;
  } catch (err) {
    if (pgErrorCode(err) === '23505' && pgConstraint(err) === 'talk_reports_open_once')
      throw refuse('talk/report_duplicate', 409, MSG_TALK.reportDuplicate);
    throw err;
  }
}
