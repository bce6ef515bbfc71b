import { alias } from 'drizzle-orm/pg-core';
import { desc, eq, sql } from 'drizzle-orm';
import type { TalkReport } from '@domino/contracts';
import { MSG_TALK, TALK_REPORT_REASONS } from '@domino/contracts';
import type { Db, Executor } from '../../db/client';
import { gameTables, talkBans, talkReports, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { audit } from '../audit/audit';

/**
 * Staff side of table talk (docs/decisions/023-table-talk.md; /admin/reportes): the reports with
 * their kept transcripts, and the two decisions on an open report, each in one transaction with
 * its audit row: "Descartar" (nothing happens to the player) and "Silenciar" (a chat ban of 1 or 7
 * days: sendMessage refuses the player until then).
 */

const reporter = alias(users, 'reporter');
const reported = alias(users, 'reported');

async function reportsWhere(db: Executor, where: ReturnType<typeof eq>): Promise<TalkReport[]> {
  const rows = await db
    .select({
      r: talkReports,
      tableName: gameTables.name,
      reporterName: reporter.name,
      reportedName: reported.name,
      reportedEmail: reported.email,
    })
    .from(talkReports)
    .innerJoin(gameTables, eq(gameTables.id, talkReports.tableId))
    .innerJoin(reporter, eq(reporter.id, talkReports.reporterUserId))
    .innerJoin(reported, eq(reported.id, talkReports.reportedUserId))
    .where(where)
    .orderBy(desc(talkReports.id))
    .limit(100);
  return rows.map(({ r, tableName, reporterName, reportedName, reportedEmail }) => ({
    id: r.id,
    status: r.status,
    reason: r.reason,
    reason_label: TALK_REPORT_REASONS[r.reason as keyof typeof TALK_REPORT_REASONS] ?? r.reason,
    created_at: r.createdAt.toISOString(),
    table: { id: r.tableId, name: tableName, round: r.round },
    reporter: { id: r.reporterUserId, name: reporterName },
    reported: { id: r.reportedUserId, name: reportedName, email: reportedEmail },
    transcript: r.transcript,
    resolved_at: r.resolvedAt?.toISOString() ?? null,
    resolution: r.resolution,
  }));
}

/** The latest 100 reports with `status` ('open' by default), newest first, full names. */
export async function listReports(
  db: Db,
  status: 'open' | 'dismissed' | 'banned' = 'open',
): Promise<TalkReport[]> {
  return reportsWhere(db, eq(talkReports.status, status));
}

/** One report, or AppError 404 `talk/report_not_found`. */
export async function oneReport(db: Executor, id: number): Promise<TalkReport> {
  const [r] = await reportsWhere(db, eq(talkReports.id, id));
  if (!r) throw new AppError('talk/report_not_found', 404, MSG_TALK.reportNotFound);
  return r;
}

async function lockOpen(tx: Executor, id: number) {
  const [r] = await tx.select().from(talkReports).where(eq(talkReports.id, id)).for('update');
  if (!r) throw new AppError('talk/report_not_found', 404, MSG_TALK.reportNotFound);
  if (r.status !== 'open') throw new AppError('talk/report_closed', 409, MSG_TALK.reportClosed);
  return r;
}

/**
 * "Descartar": closes an open report without action; audited (`talk.report_dismissed`). Errors:
 * 404 `talk/report_not_found`, 409 `talk/report_closed`.
 */
export async function dismissReport(db: Db, staffId: number, id: number): Promise<TalkReport> {
  return db.transaction(async (tx) => {
    const r = await lockOpen(tx, id);
    await tx
      .update(talkReports)
      .set({
        status: 'dismissed',
        resolvedBy: staffId,
        resolvedAt: sql`now()`,
        resolution: 'Descartado',
      })
      .where(eq(talkReports.id, id));
    await audit(tx, {
      actorUserId: staffId,
      action: 'talk.report_dismissed',
      targetType: 'talk_report',
      targetId: id,
      before: { status: r.status },
      after: { status: 'dismissed', reported_user_id: r.reportedUserId },
    });
    return oneReport(tx, id);
  });
}

/**
 * "Silenciar": a chat ban of `days` (1 or 7) for the reported player, from now, replacing any
 * earlier ban; closes the report as `banned`. Audited as `talk.chat_ban` on the user (before and
 * after: the ban's end) in the same transaction. Errors: 404 `talk/report_not_found`, 409
 * `talk/report_closed`.
 */
export async function banFromReport(
  db: Db,
  staffId: number,
  id: number,
  days: 1 | 7,
): Promise<TalkReport> {
  return db.transaction(async (tx) => {
    const r = await lockOpen(tx, id);
    const [before] = await tx
      .select({ until: talkBans.bannedUntil })
      .from(talkBans)
      .where(eq(talkBans.userId, r.reportedUserId))
      .for('update');
    const until = new Date(Date.now() + days * 24 * 3600_000);
    await tx
      .insert(talkBans)
      .values({ userId: r.reportedUserId, bannedUntil: until, reportId: id, createdBy: staffId })
      .onConflictDoUpdate({
        target: talkBans.userId,
        set: { bannedUntil: until, reportId: id, createdBy: staffId, updatedAt: sql`now()` },
      });
    const label = days === 1 ? 'Silenciado 24 horas' : 'Silenciado 7 días';
    await tx
      .update(talkReports)
      .set({ status: 'banned', resolvedBy: staffId, resolvedAt: sql`now()`, resolution: label })
      .where(eq(talkReports.id, id));
    await audit(tx, {
      actorUserId: staffId,
      action: 'talk.chat_ban',
      targetType: 'user',
      targetId: r.reportedUserId,
      before: { banned_until: before?.until.toISOString() ?? null },
      after: { banned_until: until.toISOString(), days, report_id: id },
    });
    return oneReport(tx, id);
  });
}
