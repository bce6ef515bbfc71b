import type { FastifyInstance } from 'fastify';
import { endSessions } from '../auth/sessions';
import { publishTable } from '../tables/publish';
import { suspendUser } from './users';
import type { SuspensionResult } from './users';

/**
 * suspendUser (admin/users.ts) and its after-commit effects: every open browser of the account
 * logs out at once (decision 012) and a table it left is republished. Also the risk queue's
 * "Suspender" (bound in modules/index.ts, docs/decisions/032-risk-signals.md).
 */
export async function suspendAndDisconnect(
  app: FastifyInstance,
  staffId: number,
  userId: number,
  reason: string,
): Promise<SuspensionResult> {
  const out = await suspendUser(app.deps.database.db, staffId, userId, reason);
  endSessions(app.deps.hub, { userId }, 'suspended');
  if (out.leftTable) await publishTable(app.deps.database.db, app.deps.hub, out.leftTable.tableId);
  return out;
}
