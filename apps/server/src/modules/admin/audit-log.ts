import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AuditResponse } from '@domino/contracts';
import { ADMIN_AUDIT_PAGE_SIZE } from '@domino/contracts';
import type { Executor } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import { caracasMidnight } from '../../lib/time';

/**
 * The staff audit log (decision 009, /admin/auditoria): every staff action, newest first, filtered by
 * actor (user id), action, target type and id, and a range of Caracas days (both inclusive).
 * Before and after are returned as stored (JSON) for the web app to diff.
 */

export interface AuditFilters {
  actor?: number | undefined;
  action?: string | undefined;
  target_type?: string | undefined;
  target_id?: string | undefined;
  /** Caracas calendar days 'YYYY-MM-DD', inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  page: number;
}

function dayStart(day: string, plusDays = 0): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return caracasMidnight(y, m, d + plusDays);
}

/** GET /api/admin/audit: one page of ADMIN_AUDIT_PAGE_SIZE rows plus the filter choices. */
export async function listAudit(db: Executor, f: AuditFilters): Promise<AuditResponse> {
  const perPage = ADMIN_AUDIT_PAGE_SIZE;
  const conditions: SQL[] = [];
  if (f.actor !== undefined) conditions.push(eq(auditLog.actorUserId, f.actor));
  if (f.action) conditions.push(eq(auditLog.action, f.action));
  if (f.target_type) conditions.push(eq(auditLog.targetType, f.target_type));
  if (f.target_id) conditions.push(eq(auditLog.targetId, f.target_id));
  if (f.from) conditions.push(gte(auditLog.createdAt, dayStart(f.from)));
  if (f.to) conditions.push(lt(auditLog.createdAt, dayStart(f.to, 1)));

  const rows = await db
    .select({
      entry: auditLog,
      actorName: users.name,
      actorEmail: users.email,
      total: sql<number>`count(*) over ()`,
    })
    .from(auditLog)
    // No actor: rows the system recorded by itself (docs/decisions/013).
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(conditions.length > 0 ? and(...conditions) : sql`true`)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(perPage)
    .offset((f.page - 1) * perPage);

  const actors = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.rol, 'admin'))
    .orderBy(asc(users.name));
  const actions = await db
    .selectDistinct({ action: auditLog.action })
    .from(auditLog)
    .orderBy(asc(auditLog.action));

  return {
    entries: rows.map(({ entry, actorName, actorEmail }) => ({
      id: entry.id,
      actor:
        entry.actorUserId === null
          ? null
          : { id: entry.actorUserId, name: actorName ?? '', email: actorEmail ?? '' },
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      before: entry.before ?? null,
      after: entry.after ?? null,
      reason: entry.reason,
      created_at: entry.createdAt.toISOString(),
    })),
    total: Number(rows[0]?.total ?? 0),
    page: f.page,
    per_page: perPage,
    actors,
    actions: actions.map((a) => a.action),
  };
}
