import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema';

/**
 * Writes one staff action to the append-only audit log, inside the caller's transaction so the
 * record exists exactly when the action took effect (who, what, when, before, after).
 */
export async function audit(
  tx: Executor,
  entry: {
    /** Null for what the system records by itself (docs/decisions/013). */
    actorUserId: number | null;
    action: string;
    targetType: string;
    targetId: string | number;
    before: unknown;
    after: unknown;
    reason?: string | null;
  },
): Promise<void> {
  await tx.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
  });
}
